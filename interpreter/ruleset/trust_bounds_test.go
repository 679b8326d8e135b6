package ruleset

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/internal/yamlmut"
	"gopkg.in/yaml.v3"
)

// TestStructuredMutationsMostlyLoad: the edits FuzzLoad and
// FuzzAnyValidRulesetPlays make to the shipped rulesets give, in most
// cases, a ruleset the loader accepts (so the fuzzers reach play and
// settlement, not the loader's first refusal), and they never change the
// document they start from.
func TestStructuredMutationsMostlyLoad(t *testing.T) {
	bases := testBases(t)
	dict := yamlmut.Learn(bases...)
	before := make([][]byte, len(bases))
	for i, b := range bases {
		before[i], _ = yaml.Marshal(b)
	}
	loader := NewLoader()
	loader.CheckOptions = false
	rng := rand.New(rand.NewPCG(24, 1))
	loaded, n := 0, 300
	for range n {
		edits := make([]byte, 4)
		for k := range edits {
			edits[k] = byte(rng.IntN(256))
		}
		r, err := loader.Load("mutated.yaml", yamlmut.Mutate(bases[rng.IntN(len(bases))], dict, edits))
		if err == nil && r != nil {
			loaded++
		}
	}
	if loaded < n/2 {
		t.Errorf("%d of %d single edits loaded: the fuzzers would mostly test refusals", loaded, n)
	}
	for i, b := range bases {
		if after, _ := yaml.Marshal(b); string(after) != string(before[i]) {
			t.Errorf("base %d changed by the mutations", i)
		}
	}
	// The Loader answers as Load does: each shipped ruleset loads.
	for _, b := range bases {
		if _, err := NewLoader().Load("base.yaml", yamlmut.Copy(b)); err != nil {
			t.Errorf("unmutated: %v", err)
		}
	}
}
