package ruleset_test

import (
	"bytes"
	"maps"
	"slices"
	"sort"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
	"gopkg.in/yaml.v3"
)

// writtenSet is one ruleset's set of words of a name (words.sets).
type writtenSet struct {
	ruleset string
	set     ruleset.TermSetSpec
}

// TestTermSetsOfANameAgree: a set of a table's words written by several
// shipped rulesets (each writes its own copy: the Russian words of sochi,
// leningrad and rostov) says the same in each: the suits, the accounts and
// the glossary alike, a contract both rulesets have by the same label, and
// the amounts' words alike where both write them. A word mended in one
// copy and not the others fails here.
func TestTermSetsOfANameAgree(t *testing.T) {
	byName := map[string][]writtenSet{}
	for _, name := range rulesets.Names() {
		src, ok := rulesets.Source(name)
		if !ok {
			t.Fatalf("%s: no source", name)
		}
		var doc struct {
			Words *ruleset.TermsSpec `yaml:"words"`
		}
		if err := yaml.Unmarshal(src, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if doc.Words == nil {
			continue
		}
		for setName, set := range doc.Words.Sets {
			byName[setName] = append(byName[setName], writtenSet{name, set})
		}
	}
	shared := 0
	for _, setName := range slices.Sorted(maps.Keys(byName)) {
		copies := byName[setName]
		if len(copies) < 2 {
			continue
		}
		shared++
		first := copies[0]
		for _, other := range copies[1:] {
			t.Run(setName+"/"+first.ruleset+"-"+other.ruleset, func(t *testing.T) {
				compareSets(t, first, other)
			})
		}
	}
	if shared == 0 {
		t.Fatal("no set of words is written by two rulesets: the test compares nothing")
	}
}

// compareSets says each word in which two copies of a set differ.
func compareSets(t *testing.T, a, b writtenSet) {
	if !maps.Equal(a.set.Suits, b.set.Suits) {
		t.Errorf("suits: %s %v, %s %v", a.ruleset, a.set.Suits, b.ruleset, b.set.Suits)
	}
	if !maps.Equal(a.set.Accounts, b.set.Accounts) {
		t.Errorf("accounts: %s %v, %s %v", a.ruleset, a.set.Accounts, b.ruleset, b.set.Accounts)
	}
	if !slices.Equal(a.set.Glossary, b.set.Glossary) {
		t.Errorf("glossary: %s %v,\n%s %v", a.ruleset, a.set.Glossary, b.ruleset, b.set.Glossary)
	}
	labels(t, a, b)
	labels(t, b, a)
	if a.set.Amounts.Kind != 0 && b.set.Amounts.Kind != 0 {
		if ya, yb := encoded(t, &a.set.Amounts), encoded(t, &b.set.Amounts); !bytes.Equal(ya, yb) {
			t.Errorf("amounts: %s\n%s%s\n%s", a.ruleset, ya, b.ruleset, yb)
		}
	}
}

// labels says each contract a labels that b's ruleset has too but b
// labels otherwise, or not at all.
func labels(t *testing.T, a, b writtenSet) {
	rb, err := rulesets.Open(b.ruleset)
	if err != nil {
		t.Fatal(err)
	}
	var contracts []string
	for c := range a.set.Contracts {
		contracts = append(contracts, c)
	}
	sort.Strings(contracts)
	for _, c := range contracts {
		if _, has := rb.ContractByName(c); !has {
			continue
		}
		if lb := b.set.Contracts[c]; lb != a.set.Contracts[c] {
			t.Errorf("contract %s: %s %q, %s %q", c, a.ruleset, a.set.Contracts[c], b.ruleset, lb)
		}
	}
}

// encoded is a node written again, its place in the file forgotten.
func encoded(t *testing.T, n *yaml.Node) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := yaml.NewEncoder(&buf).Encode(n); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
