package ruleset

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// estimateNodes bounds, from the text alone, the nodes yaml.v3 makes of
// it: it must never count fewer (a file could then be parsed whole before
// the limit is seen), and for real rulesets not many more (a real ruleset
// near the limit would be refused).
func TestTrustEstimateNodesBounds(t *testing.T) {
	texts := map[string]string{
		"block scalar":        "notes: |\n  - a: [1, 2]\n  - b\nx: [1, 2, 3]\n",
		"block under an item": "- |\n a: b\n- [1, 2]\n",
		"folded, indicators":  "a: >-\n  x: y\n\n  z\nb: {c: 1, d: [2, 3]}\n",
		"quotes":              "a: \"x, [y], #z\"\nb: 'it''s: [1,2]'\nc: [\"a,b\", 'c']\n",
		"multi-line quote":    "a: \"one\n  two, [1, 2]\"\nb: [1, 2]\n",
		"plain with brackets": "x: a[\ny:\n- 1\n- 2\n",
		"plain with quote":    "a: b \"c\nd: [1, 2, 3]\n",
		"continuation quote":  "a: b\n \"c\nd: [1, 2, 3]\n",
		"comments":            "a: 1 # [1, 2, 3]\n# - x\nb: [1, 2] # ,,,\n",
		"anchors and aliases": "a: &x [1, 2]\nb: *x\nc: !!str 3\nd: [&y 1, *y]\n",
		"nested flow":         "a: [[1, 2], {b: [3, 4], c: d}]\n",
		"explicit keys":       "? a\n: 1\n? [b, c]\n: 2\n",
		"empty values":        "a:\nb:\n- \n-\nc: []\nd: {}\n",
		"flow over lines":     "a: [1,\n  2,\n  3]\n",
		"block with comment":  "a: | # note\n  text, [1, 2]\nb: 1\n",
		"tabs":                "a:\t1\nb: [1,\t2]\n",
	}
	entries, err := os.ReadDir("../../rulesets")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if filepath.Ext(e.Name()) == ".yaml" {
			data, err := os.ReadFile(filepath.Join("../../rulesets", e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			texts[e.Name()] = string(data)
		}
	}
	for name, text := range texts {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		exact, est := countNodes(&doc, 1<<30), estimateNodes([]byte(text))
		if est < exact {
			t.Errorf("%s: estimated %d nodes, has %d", name, est, exact)
		}
		if filepath.Ext(name) == ".yaml" && est > 2*exact {
			t.Errorf("%s: estimated %d nodes, has %d: more than twice", name, est, exact)
		}
	}
}

// The same on random token soup: whatever yaml.v3 reads, estimateNodes
// counts at least as many nodes (the texts it cannot read do not matter:
// they are refused whatever their size).
func TestTrustEstimateNodesRandom(t *testing.T) {
	toks := []string{"a", ": ", "- ", "[", "]", "{", "}", ", ", "\n", "\n  ", "\n    ", "\"", "'", "|", ">", "#", " ", "x y", "&a ", "*a", "!!str ", "? ", "\t", "b:", "-1", "\\"}
	rng := rand.New(rand.NewPCG(24, 1))
	for it := 0; it < 40000; it++ {
		var b strings.Builder
		for i := rng.IntN(40) + 1; i > 0; i-- {
			b.WriteString(toks[rng.IntN(len(toks))])
		}
		text := b.String()
		var doc yaml.Node
		if yaml.Unmarshal([]byte(text), &doc) != nil {
			continue
		}
		if exact, est := countNodes(&doc, 1<<30), estimateNodes([]byte(text)); est < exact {
			t.Fatalf("%q: estimated %d nodes, has %d", text, est, exact)
		}
	}
}
