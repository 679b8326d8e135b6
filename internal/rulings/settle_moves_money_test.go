package rulings

import (
	"os"
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/verify"
)

// TestNothingPaidToldHoweverSettled: a deal of a ruleset that moves money
// (american-1909) that pays nothing is told "Nobody pays anything." with
// each player's result, whether or not it was settled with explain (the
// ledger carries the fact, settle.Ledger.MovesMoney). Before, a ledger
// settled without explain was told as a deal kept on a sheet: no payment
// sentence, no results.
func TestNothingPaidToldHoweverSettled(t *testing.T) {
	path := "../../conformance/american-1909/failed-no-penalty.yaml"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, o, _, err := verify.CaseOutcome(path, data)
	if err != nil {
		t.Fatal(err)
	}
	for _, explain := range []bool{true, false} {
		l, err := settle.New(r).Settle(o, explain)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Transfers) > 0 || !l.MovesMoney {
			t.Fatalf("explain %v: %d transfers, MovesMoney %v: want a deal of a money ruleset that pays nothing", explain, len(l.Transfers), l.MovesMoney)
		}
		told, err := Tell(l, money.Amount{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(told.Payments) != 1 || told.Payments[0].Sentence != "Nobody pays anything." {
			t.Errorf("explain %v: payments %+v, want \"Nobody pays anything.\"", explain, told.Payments)
		}
		if len(told.Results) != len(l.Seats) {
			t.Errorf("explain %v: %d results for %d players", explain, len(told.Results), len(l.Seats))
		}
	}
}
