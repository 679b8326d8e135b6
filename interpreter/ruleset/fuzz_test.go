package ruleset

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/internal/yamlmut"
	"gopkg.in/yaml.v3"
)

// testBases are the documents the structured fuzz targets mutate: the
// shipped rulesets, the test ruleset and the house variants of the
// conformance suite merged (testdata/house: the rules of the lead and
// markers of named kinds, which no shipped ruleset uses; merged, as this
// package cannot resolve extends, and kept equal to pref show's text by
// TestHouseSeedsAreTheMergedVariants), parsed once. New bases come last,
// the house variants in the order of testdata/house/seeds.txt: a fuzz
// input names its base by index.
func testBases(f testing.TB) []*yaml.Node {
	files, _ := filepath.Glob("../../rulesets/*.yaml")
	files = append(files, "testdata/minimal.yaml")
	files = append(files, houseSeedFiles(f, "testdata/house")...)
	var docs []*yaml.Node
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		doc, err := parse(p, data, &budget{bytes: MaxChainBytes, nodes: MaxNodes}, &sources{files: []string{p}, texts: map[string][]byte{}})
		if err != nil {
			f.Fatal(err)
		}
		docs = append(docs, doc)
	}
	return docs
}

// FuzzLoad: whatever the edits to a valid ruleset, Load returns a ruleset
// or an error; it never panics or hangs. The input is not a ruleset's text
// but a few bytes choosing a shipped ruleset and structural edits to it
// (internal/yamlmut: a scalar becomes another value, number or expression,
// a list item goes, is doubled or moves, an option's default changes), so
// that most inputs are rulesets the loader accepts or refuses late, in its
// checks of meaning and expressions, not at its first line; and the load
// makes every check a user's file gets (the schema, the expressions, the
// options' work bound), but that of the options' fields for one value of
// one option that sets fields, chosen by option, instead of all of them
// (LoadWith compiles the ruleset again for each: on the shipped rulesets,
// five to ten compilations a load, three fifths of FuzzLoad's time; the
// fuzzer reaches every value through option). FuzzLoadText fuzzes the
// text itself.
func FuzzLoad(f *testing.F) {
	bases := testBases(f)
	loader := NewLoader()
	loader.CheckOptions = false // one value a load: checkOneOption
	dict := yamlmut.Learn(bases...)
	for i := range bases {
		// each ruleset as it is and with one edit, each kind of edit on
		// two rulesets (a seed for each ruleset and kind spent a third of
		// a twenty-second run on the fuzzer's baseline)
		op := byte(i % yamlmut.Ops)
		f.Add(uint8(i), []byte{}, uint8(i))
		f.Add(uint8(i), []byte{op, byte(i), byte(op * 37), op * 11}, op)
	}
	f.Fuzz(func(t *testing.T, base uint8, edits []byte, option uint8) {
		if len(edits) > 64 {
			return // sixteen edits: more only makes the ruleset further from valid
		}
		doc := yamlmut.Mutate(bases[int(base)%len(bases)], dict, edits)
		r, err := loader.Load("fuzz.yaml", doc)
		if err == nil && r == nil {
			t.Fatal("no ruleset and no error")
		}
		if err == nil {
			_ = checkOneOption("fuzz.yaml", r, option) // an error is LoadWith's refusal: never a panic
		}
	})
}

// checkOneOption makes the check of the options' fields that loadDoc makes
// with checkOptions (the bound on its work, then the ruleset compiled with
// each value of each option that sets fields) for the one value pick
// chooses.
func checkOneOption(file string, r *Ruleset, pick uint8) error {
	if err := checkOptionWork(file, r); err != nil {
		return err
	}
	var values []map[string]any
	for _, o := range r.Options {
		for _, v := range otherValues(o) {
			values = append(values, map[string]any{o.Name: v})
		}
	}
	if len(values) == 0 {
		return nil
	}
	_, err := r.With(values[int(pick)%len(values)])
	return err
}

// FuzzLoadText: whatever the bytes, Load returns a ruleset or an error; it
// never panics or hangs. Seeded with small texts at YAML's edges (a whole
// ruleset as a seed makes each of the fuzzer's minimisations run for a
// minute; FuzzLoad mutates whole rulesets structurally).
func FuzzLoadText(f *testing.F) {
	f.Add([]byte("a: &x [*x]"))
	f.Add([]byte("settlement: [{rule: r, when: '1 /', pay: []}]"))
	f.Add([]byte("name: x\nextends: austrian-1829\ncontracts: [{name: spades, tricks: 7}]\n"))
	f.Add([]byte("{name: x, players: {hands: 3}, options: {a: {default: 1}}, define: {d: 'a * 2'}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Load("fuzz.yaml", data)
		if err == nil && r == nil {
			t.Fatal("no ruleset and no error")
		}
	})
}

// houseSeedFiles are the merged house variants in dir in the order
// dir/seeds.txt lists them (a kept fuzz input names its base by index, so
// a new variant is listed last, wherever its name sorts).
func houseSeedFiles(f testing.TB, dir string) []string {
	data, err := os.ReadFile(filepath.Join(dir, "seeds.txt"))
	if err != nil {
		f.Fatal(err)
	}
	var files []string
	for _, name := range strings.Fields(string(data)) {
		files = append(files, filepath.Join(dir, name))
	}
	return files
}
