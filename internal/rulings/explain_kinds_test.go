package rulings

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/verify"
)

// houseMarkersCase reads one case of conformance/house-markers, the house
// variant with a named kind of marker (markings: double rounds).
func houseMarkersCase(t *testing.T, name string) (string, []byte) {
	t.Helper()
	path := "../../conformance/house-markers/" + name
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestExplainLedgerNamedKind: a rule that changes only a named kind of
// marker shows its change in the settlement, in the kind's words, and is
// kept without --all (it once showed nothing and was dropped).
func TestExplainLedgerNamedKind(t *testing.T) {
	for _, c := range []struct{ file, rule, payment string }{
		{"double-round-earned.yaml", "", "Anton +1 double round"},
		{"double-round-spent.yaml", "a declarer holding a double round writes his game again and spends it", "Anton -1 double round"},
	} {
		path, data := houseMarkersCase(t, c.file)
		deals, err := Explain(path, data, false)
		if err != nil || len(deals) != 1 {
			t.Fatalf("%s: %v (%d deals)", c.file, err, len(deals))
		}
		var all []string
		for _, rr := range deals[0].Settlement {
			if c.rule == "" || rr.Rule == c.rule {
				all = append(all, rr.Payments...)
			}
		}
		if !slices.Contains(all, c.payment) {
			t.Errorf("%s: the settlement's lines %q lack %q", c.file, all, c.payment)
		}
	}
}

// TestMarkArithmeticNamedKind: the arithmetic of a change of a named kind
// of marker names the kind in its words ("Anton double rounds"), not the
// default kind's "markings".
func TestMarkArithmeticNamedKind(t *testing.T) {
	path, data := houseMarkersCase(t, "double-round-spent.yaml")
	res, err := verify.RunBytes(path, data)
	if err != nil || res.Ledger == nil {
		t.Fatalf("%v", err)
	}
	told, err := Tell(res.Ledger, money.Amount{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var places []string
	for _, s := range told.Sheet {
		if !strings.Contains(s.Sentence, "double round") {
			continue
		}
		for _, a := range s.Arithmetic {
			places = append(places, a.Place)
		}
	}
	if !slices.Equal(places, []string{"Anton double rounds"}) {
		t.Errorf("the double round's arithmetic places: %q, want [\"Anton double rounds\"]", places)
	}
}
