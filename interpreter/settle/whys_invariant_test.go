package settle_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/verify"
)

// TestWhysMatchTheLedger: over every outcome case of the conformance
// suite that settles, an explained ledger's Told has one Why per
// transfer and at most one per score-sheet entry (the bookkeeping's
// entries come after the rules' and have none), the first deal a Settler
// settles and the next alike; and the first deal's Whys stay as they
// were when the Settler settles the next. tell states this as an
// invariant instead of guarding against it.
func TestWhysMatchTheLedger(t *testing.T) {
	files, err := filepath.Glob("../../conformance/*/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, o, _, err := verify.CaseOutcome(f, data)
		if err != nil || o == nil {
			continue
		}
		s := settle.New(r)
		first, err := s.Settle(o, true)
		if err != nil {
			continue // a case refused on purpose
		}
		firstWhys := slices.Clone(first.Told.Whys)
		next, err := s.Settle(o, true)
		if err != nil {
			t.Fatalf("%s: settled once, then: %v", f, err)
		}
		for _, l := range []*settle.Ledger{first, next} {
			if l.Told == nil || len(l.Told.Whys) != len(l.Transfers) || len(l.Told.SheetWhys) > len(l.Sheet) {
				t.Errorf("%s: %d transfers, %d sheet entries, told %+v", f, len(l.Transfers), len(l.Sheet), l.Told)
			}
		}
		if !slices.Equal(first.Told.Whys, firstWhys) || !slices.Equal(next.Told.Whys, firstWhys) {
			t.Errorf("%s: the first deal's Whys %+v, the next's %+v, were %+v", f, first.Told.Whys, next.Told.Whys, firstWhys)
		}
		checked++
	}
	if checked < 250 {
		t.Errorf("%d settlements checked; the suite settles over 300", checked)
	}
}
