package table_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// doubleRounds: a double round (a second kind of marker) earned by each
// player in a deal passed out, spent by a declarer who makes his game.
const doubleRounds = `name: double-rounds
extends: sochi
markings:
  - {kind: double, one: double round}
settlement:
  - rule: all passed, each player earns a double round
    when: passed
    mark:
      - {who: players, add: 1, kind: double}
  - rule: a declarer holding a double round writes his game again and spends it
    when: played && made && marks_of(declarer, "double") > 0
    pay:
      - {to: declarer, account: pool, amount: game}
    mark:
      - {who: declarer, add: -1, kind: double}
`

// A table keeps the markers of a named kind from deal to deal apart from
// the default kind's: each deal's outcome carries what each seat holds,
// the ledger's changes of the kind are booked to it alone, and a session
// both earns and spends them.
func TestTableKeepsMarkKindsApart(t *testing.T) {
	r, err := ruleset.LoadWith("double-rounds.yaml", []byte(doubleRounds), func(from, base string) (string, []byte, error) {
		data, _ := rulesets.Source(base)
		return "rulesets/" + base + ".yaml", data, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Anton", "Brigitte", "Charlotte"}
	tb, _ := table.New(r, names)
	g := simpleGame(r)
	rng := rand.New(rand.NewPCG(3, 29))
	var reused table.Deal
	earned, spent := 0, 0
	for d := 0; d < 60; d++ {
		before := append([]int(nil), tb.KindMarks[0]...)
		if _, err := tb.PlayDeal(&reused, g, rng, nil); err != nil {
			t.Fatal(err)
		}
		o, l := reused.Outcome, reused.Ledger
		for i, seat := range reused.Seats {
			k := indexOf(names, seat)
			if i < len(o.KindMarks[0]) && o.KindMarks[0][i] != before[k] {
				t.Fatalf("deal %d: the outcome says %s holds %d double rounds, the table %d", d+1, seat, o.KindMarks[0][i], before[k])
			}
		}
		net := map[string]int{}
		for _, m := range l.KindMarks {
			net[reused.Seats[m.Seat]] += m.Delta
			if m.Delta > 0 {
				earned += m.Delta
			} else {
				spent -= m.Delta
			}
		}
		if len(l.Marks) != 0 {
			t.Fatalf("deal %d: default markings changed: %+v", d+1, l.Marks)
		}
		for k, name := range names {
			if tb.KindMarks[0][k] != before[k]+net[name] || tb.KindMarks[0][k] < 0 || tb.Marks[k] != 0 {
				t.Fatalf("deal %d: %s holds %d double rounds (%d before, %+d) and %d markings", d+1, name, tb.KindMarks[0][k], before[k], net[name], tb.Marks[k])
			}
		}
	}
	if earned == 0 || spent == 0 {
		t.Fatalf("the session neither earned nor spent both: %d earned, %d spent", earned, spent)
	}
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
