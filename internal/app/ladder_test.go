package app

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// A deal is won by making one's game or beating the declarer's in
// defence; a deal dropped out of counts neither way; three wins against
// the simple players bring the strong ones, and the strong rung is the
// top: nothing moves it (issue 27).
func TestLadderRecord(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	var l Ladder
	counted := 0
	for seed := uint64(1); seed <= 40 && !l.Top(); seed++ {
		g, _, err := playOutQuietly(r, coachNames[:r.Hands], seed)
		if err != nil {
			t.Fatal(err)
		}
		for you := 0; you < g.Seats() && !l.Top(); you++ {
			if checkLadderStep(t, &l, g, you, seed) {
				counted++
			}
		}
	}
	if !l.Top() || l.Bots() != "strong" || counted < 3 {
		t.Fatalf("the ladder: %+v after %d counted", l, counted)
	}
	if said := l.Record(nil, 0); said != "" {
		// a nil game must not be read at the top: nothing counts there
		t.Fatalf("at the top: %q", said)
	}
	if ParseLadder(l.String()) != l {
		t.Fatalf("kept %q read back as %+v", l.String(), ParseLadder(l.String()))
	}
}

// checkLadderStep records deal g for seat you on the ladder and checks the
// step: a deal that does not count moves nothing, a win moves it one, a
// loss nothing, and the declarer's deal is won as his game is made; true
// when the deal counts.
func checkLadderStep(t *testing.T, l *Ladder, g *game.Game, you int, seed uint64) bool {
	t.Helper()
	won, counts := DealWon(g, you)
	before := *l
	said := l.Record(g, you)
	switch {
	case !counts && (said != "" || *l != before):
		t.Fatalf("seed %d seat %d: a deal that does not count moved the ladder: %q", seed, you, said)
	case counts && won && l.Wins != before.Wins+1 && l.Rung != before.Rung+1:
		t.Fatalf("seed %d seat %d: a win not counted: %+v -> %+v", seed, you, before, *l)
	case counts && !won && *l != before:
		t.Fatalf("seed %d seat %d: a loss moved the ladder", seed, you)
	}
	if d := g.Declarer; you == d && counts && won != (g.Taken[d] >= g.R.Contracts[g.Contract].Tricks) {
		t.Fatalf("seed %d: the declarer's game made %v, counted won %v", seed, !won, won)
	}
	return counts
}
