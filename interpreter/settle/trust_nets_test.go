package settle

import (
	"fmt"

	"github.com/preference-rules/pref/interpreter/money"
)

// netsAgree checks each party's net result (Net, which pref prints as each
// player's result) against the net payments between pairs of parties that
// TestSettle compares with the amounts its cases state: what a party
// receives less what it pays, over every pair, added up here from the
// printed pair lines. It replaces Ledger.Balanced, which holds by
// construction (docs/reliability.md).
func netsAgree(l *Ledger) error {
	want := map[string]money.Amount{}
	for k, v := range l.PairNet() {
		want[k.From] = want[k.From].Sub(v)
		want[k.To] = want[k.To].Add(v)
	}
	for i, v := range l.Net() {
		who := "pot"
		if i < len(l.Seats) {
			who = l.Seats[i]
		}
		if !v.Equal(want[who]) {
			return fmt.Errorf("Net gives %s %v; the pair payments add up to %v", who, v, want[who])
		}
	}
	return nil
}
