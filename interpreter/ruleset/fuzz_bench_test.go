package ruleset

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/internal/yamlmut"
)

// fuzzEdits are n seeded inputs of FuzzLoad: a base and one to three
// edits.
func fuzzEdits(n, bases int, seed uint64) (which []int, edits [][]byte) {
	rng := rand.New(rand.NewPCG(seed, seed))
	for range n {
		e := make([]byte, 4*(1+rng.IntN(3)))
		for j := range e {
			e[j] = byte(rng.IntN(256))
		}
		which = append(which, rng.IntN(bases))
		edits = append(edits, e)
	}
	return which, edits
}

// BenchmarkFuzzLoad runs FuzzLoad's body over a fixed set of edits, for
// its cost per execution and a profile (go test -fuzz writes none):
// go test -run XXX -bench FuzzLoad -cpuprofile cpu.out.
func BenchmarkFuzzLoad(b *testing.B) {
	bases := testBases(b)
	loader := NewLoader()
	loader.CheckOptions = false
	dict := yamlmut.Learn(bases...)
	which, edits := fuzzEdits(500, len(bases), 24)
	i := 0
	for b.Loop() {
		k := i % len(edits)
		if r, err := loader.Load("fuzz.yaml", yamlmut.Mutate(bases[which[k]], dict, edits[k])); err == nil {
			_ = checkOneOption("fuzz.yaml", r, uint8(i))
		}
		i++
	}
}
