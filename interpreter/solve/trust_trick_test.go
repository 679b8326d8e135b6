package solve_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// TestTrickUnderWayNotComplete: a trick under way that already holds a
// card from every seat in play, or two cards from one seat, is not a
// position; the solver used to accept the first and then index past the
// trick (a panic) when asked directly, as a front end other than pref
// analyse may.
func TestTrickUnderWayNotComplete(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	game, _ := r.ContractByName("6-spades")
	hand := func(s string) (m cards.Mask) {
		for _, f := range strings.Fields(s) {
			c, err := r.Deck.Parse(f)
			if err != nil {
				t.Fatal(err)
			}
			m |= c.Bit()
		}
		return m
	}
	card := func(s string) cards.Card { return hand(s).Lowest() }
	for _, tc := range []struct {
		name  string
		seats []int
		want  string
	}{
		{"every seat in play has played", []int{2, 0}, "complete"},
		{"one seat twice", []int{2, 2}, "twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &solve.Position{R: r, Contract: game, Declarer: 0, Leader: 2}
			p.Hands[0] = hand("7S 8S")
			p.Hands[2] = hand("JS QS")
			p.Trick = []cards.Card{card("KS"), card("AS")}
			p.TrickSeats = tc.seats
			defer func() {
				if v := recover(); v != nil {
					t.Fatalf("solve.Tricks panicked: %v", v)
				}
			}()
			_, _, err := solve.Tricks(p)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got error %v, want one saying %q", err, tc.want)
			}
		})
	}
}
