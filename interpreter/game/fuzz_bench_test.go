package game_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/preference-rules/pref/internal/yamlmut"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"gopkg.in/yaml.v3"
)

// BenchmarkFuzzAnyValidRulesetPlays runs the fuzz target's body over a
// fixed set of edits, for its cost per execution and a profile (go test
// -fuzz writes none): go test -run XXX -bench FuzzAny -cpuprofile cpu.out.
func BenchmarkFuzzAnyValidRulesetPlays(b *testing.B) {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	var bases []*yaml.Node
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			b.Fatal(err)
		}
		bases = append(bases, &doc)
	}
	dict := yamlmut.Learn(bases...)
	loader := ruleset.NewLoader()
	loader.CheckOptions = false
	fast := ruleset.NewLoader()
	fast.CheckOptions, fast.SkipSchema = false, true
	rng := rand.New(rand.NewPCG(24, 24))
	type input struct {
		base  int
		edits []byte
		seed  uint64
	}
	inputs := make([]input, 500)
	for i := range inputs {
		e := make([]byte, 4*(1+rng.IntN(3)))
		for j := range e {
			e[j] = byte(rng.IntN(256))
		}
		inputs[i] = input{rng.IntN(len(bases)), e, rng.Uint64()}
	}
	i, slow := 0, 0
	for b.Loop() {
		in := inputs[i%len(inputs)]
		i++
		if playsWithoutSchema(fast, yamlmut.Mutate(bases[in.base], dict, in.edits), in.seed) == "" {
			continue
		}
		slow++ // the fuzz target loads it again with the schema
		if r, err := loader.Load("fuzz.yaml", yamlmut.Mutate(bases[in.base], dict, in.edits)); err == nil {
			playAndSettle(b, r, rand.New(rand.NewPCG(in.seed, 1)), 2)
		}
	}
	b.ReportMetric(float64(slow)/float64(i), "full-loads/op")
}
