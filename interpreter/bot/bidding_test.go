package bot_test

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// forehandHolds deals r with forehand holding cards (the rest dealt in
// order among the others and the talon: the players cannot see them) and
// returns the deal awaiting forehand's first call.
func forehandHolds(t *testing.T, r *ruleset.Ruleset, held string) *game.Game {
	t.Helper()
	var hand cards.Mask
	for _, w := range strings.Fields(held) {
		c, err := r.Deck.Parse(w)
		if err != nil {
			t.Fatal(err)
		}
		hand |= c.Bit()
	}
	hands := []cards.Mask{hand}
	rest := (r.Deck.All() &^ hand).Cards()
	for s := 1; s < r.Hands; s++ {
		var h cards.Mask
		for _, c := range rest[:r.HandSize] {
			h |= c.Bit()
		}
		rest = rest[r.HandSize:]
		hands = append(hands, h)
	}
	var talon cards.Mask
	for _, c := range rest {
		talon |= c.Bit()
	}
	g := game.New(r, nil)
	if err := g.SetHands(hands, talon); err != nil {
		t.Fatal(err)
	}
	return g
}

func callName(r *ruleset.Ruleset, a game.Action) string {
	if a.Value == game.Pass {
		return "pass"
	}
	return r.CallName(r.Ladder[a.Value])
}

// Hands the simple player passes, though they make six of a suit with
// the talon on nearly every deal of the unseen cards (98-100 % of 40,
// double-dummy): the strong player bids. And a hand within reach of a
// contract by the simple player's count (five trumps, king high) that
// loses the trump ace and every side trick: both pass.
func TestStrongBidsColdPassesHopeless(t *testing.T) {
	cases := []struct {
		ruleset, hand string
		bids          bool
	}{
		{"sochi", "AH KH 10H 8H AD QD JD 7D QC 7S", true},
		{"sochi", "AH QH 10H 8H JD 7D AC 8C AS QS", true},
		{"austrian-1829", "KS QS JS 10S 9S 7H 8H 7D 8D 7C", false},
	}
	for _, c := range cases {
		r, _ := rulesets.Open(c.ruleset)
		g := forehandHolds(t, r, c.hand)
		legal := g.Choices()
		simple := (&bot.Simple{}).Choose(g, legal)
		if simple.Value != game.Pass {
			t.Fatalf("%s, %s: the simple player calls %s; the case wants a hand it passes", c.ruleset, c.hand, callName(r, simple))
		}
		for seed := uint64(1); seed <= 2; seed++ {
			b := bot.NewStrong(seed)
			b.Budget = 100e6 // 100 ms
			a := b.Choose(g, legal)
			t.Logf("%s, %s: %s (%s)", c.ruleset, c.hand, callName(r, a), b.Reason())
			if (a.Value != game.Pass) != c.bids {
				t.Errorf("%s, %s (seed %d): the strong player calls %s (%s)", c.ruleset, c.hand, seed, callName(r, a), b.Reason())
			}
		}
	}
}
