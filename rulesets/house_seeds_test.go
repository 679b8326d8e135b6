package rulesets

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// houseSeeds is where the fuzzers of the loader and of the game find the
// house variants merged (FuzzLoad, FuzzAnyValidRulesetPlays): package
// ruleset, below this one, cannot resolve extends, so a house variant that
// extends an embedded ruleset is given to them as one document.
const houseSeeds = "../interpreter/ruleset/testdata/house"

// TestHouseSeedsAreTheMergedVariants: each house variant of the
// conformance suite (conformance/house-*/testdata) has its merged copy
// among the fuzzers' seeds, equal to what pref show prints for it (extends
// merged, every default explicit), and no seed is left of a variant that
// is gone. The test writes nothing: when a variant or its base changes,
// write the copy again with
//
//	go run ./cmd/pref show conformance/house-X/testdata/F.yaml > interpreter/ruleset/testdata/house/F.yaml
func TestHouseSeedsAreTheMergedVariants(t *testing.T) {
	variants, _ := filepath.Glob("../conformance/house-*/testdata/*.yaml")
	if len(variants) == 0 {
		t.Fatal("no house variants found")
	}
	var names []string
	for _, v := range variants {
		name := filepath.Base(v)
		names = append(names, name)
		r, err := Open(v)
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		want, err := r.YAML()
		if err != nil {
			t.Fatal(err)
		}
		seed := filepath.Join(houseSeeds, name)
		got, err := os.ReadFile(seed)
		if err != nil {
			t.Errorf("%s has no merged copy among the fuzz seeds: %v", v, err)
			continue
		}
		if string(got) != want {
			fromRoot := func(p string) string { return strings.TrimPrefix(p, "../") }
			t.Errorf("%s is not what pref show prints for %s: write it again, from the module's root: go run ./cmd/pref show %s > %s", seed, v, fromRoot(v), fromRoot(seed))
		}
	}
	seeds, _ := filepath.Glob(filepath.Join(houseSeeds, "*.yaml"))
	for _, s := range seeds {
		if !slices.Contains(names, filepath.Base(s)) {
			t.Errorf("%s is the copy of no house variant of the conformance suite", s)
		}
	}
}

// TestHouseSeedsListedOnceInOrder: seeds.txt, the order the fuzzers take
// the merged house variants in, names each copy exactly once (a fuzz input
// kept in testdata/fuzz names its base by index, so the order is fixed and
// a new variant is added at its end, wherever its name sorts).
func TestHouseSeedsListedOnceInOrder(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(houseSeeds, "seeds.txt"))
	if err != nil {
		t.Fatal(err)
	}
	listed := strings.Fields(string(data))
	seeds, _ := filepath.Glob(filepath.Join(houseSeeds, "*.yaml"))
	for _, s := range seeds {
		if n := slices.Index(listed, filepath.Base(s)); n < 0 || slices.Index(listed[n+1:], filepath.Base(s)) >= 0 {
			t.Errorf("seeds.txt must name %s once: add it at the end", filepath.Base(s))
		}
	}
	for _, name := range listed {
		if _, err := os.Stat(filepath.Join(houseSeeds, name)); err != nil {
			t.Errorf("seeds.txt names %s, which is not there", name)
		}
	}
}
