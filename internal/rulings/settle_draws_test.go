package rulings

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/settle"
)

// TestTwoDrawsOfTheSameKindSaidOnce: a player who draws the same amount
// from the pot twice for the same reason (two rules each paying the
// game's value) hears it once, with how often and the total; the
// sentence was "draws 10 from the pot (the game's value) and 10 from the
// pot (the game's value)" (seen failing before drawn).
func TestTwoDrawsOfTheSameKindSaidOnce(t *testing.T) {
	ten, six := money.Int(10), money.Int(6)
	named := settle.Why{Of: -1, Named: "the game's value"}
	counted := settle.Why{Of: 1, Count: 2, Noun: "trick", Rate: money.Int(3)}
	for _, c := range []struct {
		transfers []settle.Transfer
		whys      []settle.Why
		want      string
	}{
		{[]settle.Transfer{{From: settle.Pot, To: 0, Amount: ten}, {From: settle.Pot, To: 0, Amount: ten}},
			[]settle.Why{named, named},
			"Anton draws the game's value, 10, twice from the pot (20 in all)."},
		{[]settle.Transfer{{From: settle.Pot, To: 0, Amount: ten}, {From: settle.Pot, To: 0, Amount: ten}, {From: settle.Pot, To: 0, Amount: ten}, {From: 0, To: 1, Amount: six}},
			[]settle.Why{named, named, named, counted},
			"Anton draws the game's value, 10, 3 times from the pot (30 in all) and pays Brigitte 6 for 2 tricks at 3."},
		{[]settle.Transfer{{From: settle.Pot, To: 0, Amount: six}, {From: settle.Pot, To: 0, Amount: six}},
			[]settle.Why{{Of: 2, Count: 2, Noun: "trick", Rate: money.Int(3)}, {Of: 2, Count: 2, Noun: "trick", Rate: money.Int(3)}},
			"Anton draws 6 twice from the pot for Charlotte's 2 tricks at 3 (12 in all)."},
		{[]settle.Transfer{{From: settle.Pot, To: 0, Amount: ten}, {From: settle.Pot, To: 0, Amount: six}},
			[]settle.Why{named, {Of: -1, Named: "the bonus"}},
			"Anton draws 10 from the pot (the game's value) and 6 from the pot (the bonus)."},
	} {
		l := &settle.Ledger{Seats: []string{"Anton", "Brigitte", "Charlotte"}, Transfers: c.transfers,
			Told: &settle.Told{Whys: c.whys}}
		said := paymentSentences(l, l.Told)
		if len(said) != 1 || said[0].Sentence != c.want {
			var got []string
			for _, s := range said {
				got = append(got, s.Sentence)
			}
			t.Errorf("said %q, want %q", got, c.want)
		}
	}
}
