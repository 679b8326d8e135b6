package app

import (
	"slices"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// doubleRoundsTable is a table of the house variant with a named kind of
// marker (conformance/house-markers: double rounds), Anton holding 2.
func doubleRoundsTable(t *testing.T) *table.Table {
	t.Helper()
	r, err := ruleset.LoadFile("../../conformance/house-markers/testdata/double-rounds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
	if err != nil {
		t.Fatal(err)
	}
	tb.KindMarks[0][0] = 2
	return tb
}

// TestSheetNamedKinds: the drawn sheet has a column for each named kind of
// marker, in the kind's words, with what each player holds of it (it once
// had none: a double round held was nowhere on the sheet).
func TestSheetNamedKinds(t *testing.T) {
	f, err := SheetOf(doubleRoundsTable(t))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.KindNames, []string{"double"}) || !slices.Equal(f.KindWords, []string{"double rounds"}) {
		t.Fatalf("the sheet's named kinds: %q in the words %q, want [double] [double rounds]", f.KindNames, f.KindWords)
	}
	var held []int
	for _, p := range f.Players {
		held = append(held, p.Kinds...)
	}
	if !slices.Equal(held, []int{2, 0, 0}) {
		t.Errorf("the double rounds held: %v, want [2 0 0]", held)
	}
}

// TestStandingsNamedKinds: the terminal's standings print a line for each
// named kind anybody holds, in its words.
func TestStandingsNamedKinds(t *testing.T) {
	var b strings.Builder
	p := &Printer{Out: &b}
	p.balances(doubleRoundsTable(t))
	if !strings.Contains(b.String(), "Double rounds: Anton 2, Brigitte 0, Charlotte 0\n") {
		t.Errorf("the standings:\n%s\nlack the double rounds held", b.String())
	}
}

// TestSheetAccountWords: with terms=russian the sheet's headers say the
// table's words (gora, visty) while the cells stay keyed by the canonical
// names (mountain, whists).
func TestSheetAccountWords(t *testing.T) {
	r, err := rulesets.Open("leningrad")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := r.ParseOptions([]string{"terms=russian"})
	if err != nil {
		t.Fatal(err)
	}
	if r, err = r.With(opts); err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(r, []string{"Anton", "Brigitte", "Charlotte"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := SheetOf(tb)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(f.AccountWords, "gora") || !slices.Contains(f.PairAccountWords, "visty") {
		t.Errorf("the headers %q and %q lack gora and visty", f.AccountWords, f.PairAccountWords)
	}
	if !slices.Contains(f.Accounts, "mountain") || !slices.Contains(f.PairAccounts, "whists") {
		t.Errorf("the keys %q and %q lost the canonical names", f.Accounts, f.PairAccounts)
	}
}
