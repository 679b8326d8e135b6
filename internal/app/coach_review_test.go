package app

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// The review names the better card and the line it wins: in sochi's
// seed 3 the declarer's ace of diamonds cost two tricks, the king of
// hearts keeps them, and the line shows who wins the next tricks
// (issue 27).
func TestBetterCardsSaysTheLine(t *testing.T) {
	r, _ := rulesets.Open("sochi")
	g, names, err := playOutQuietly(r, coachNames[:r.Hands], 3)
	if err != nil {
		t.Fatal(err)
	}
	text := BetterCards(g, names, func(c cards.Card) string { return r.Deck.Name(c) })
	for _, want := range []string{
		"Better was Charlotte's KH instead of AD (trick 2): then Anton AH, Brigitte 8H, Anton wins the trick; then",
		"best play then gives Charlotte 7 tricks, not 5.",
		"Better was Brigitte's KD instead of JD (trick 4)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in %q", want, text)
		}
	}
}

// The position rebuilt before each costly card is the deal as it stood
// then: the solver's value there, with the tricks already taken, is the
// replay's value before the card, in every ruleset's first deals (talon
// cards turned into tricks, dropped hands and the all-pass game
// included), and the better card is one the player held and could play.
func TestBetterCardsPositionIsTheDeal(t *testing.T) {
	checked := 0
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		for seed := uint64(1); seed <= 2; seed++ {
			g, _, err := playOutQuietly(r, coachNames[:r.Hands], seed)
			if err != nil {
				t.Fatal(err)
			}
			if g.Contract < 0 || g.NTricks == 0 {
				continue
			}
			steps, err := solve.Replay(&g.State)
			if err != nil {
				continue // the solver does not reach this deal
			}
			for _, st := range costlySteps(g, steps, solve.Misere(g.R, g.Contract)) {
				pos, ok := positionBefore(g, st)
				if !ok {
					t.Fatalf("%s seed %d: no position before trick %d", name, seed, st.Trick)
				}
				v, _, err := solve.Tricks(pos)
				if err != nil {
					t.Fatalf("%s seed %d: %v", name, seed, err)
				}
				taken := 0
				for i := 0; i < st.Trick-1; i++ {
					if g.Record[i].Winner == st.Counted {
						taken++
					}
				}
				if v+taken != st.Before {
					t.Errorf("%s seed %d trick %d: rebuilt position worth %d+%d, the replay says %d", name, seed, st.Trick, v, taken, st.Before)
				}
				line, _, err := solve.PlayedLine(pos)
				if err != nil || len(line) == 0 || line[0].Seat != st.Seat || !pos.Hands[st.Seat].Has(line[0].Card) {
					t.Errorf("%s seed %d: the better line %v does not start with %s's card", name, seed, line, coachNames[st.Seat])
				}
				checked++
			}
		}
	}
	if checked < 8 {
		t.Fatalf("only %d costly cards checked", checked)
	}
}
