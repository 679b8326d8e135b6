package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// Resample, at every decision before the first card of deals of every
// embedded ruleset: the copy keeps the decisions taken and the hands'
// sizes, the declarer who took the talon holds his dealt hand and the
// talon less what he laid aside, the original is untouched, and the copy
// plays on to the end.
func TestResample(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		rng := rand.New(rand.NewPCG(3, uint64(len(name))))
		for d := 0; d < 10; d++ {
			g := game.New(r, nil)
			g.Deal(rng)
			simple := &bot.Simple{}
			for !g.Over() && g.Phase() != game.PhasePlay {
				before := *g.State.Clone()
				dealt, talon, laid := anotherDeal(g, rng)
				c, err := g.Resample(dealt, talon, laid)
				if err != nil {
					t.Fatalf("%s, %s: %v", name, g.Phase(), err)
				}
				checkResampled(t, name, g, &before, c, dealt, talon, laid)
				cg := &game.Game{State: *c}
				for !cg.Over() {
					if _, err := cg.Take(simple.Choose(cg, cg.Choices())); err != nil {
						t.Fatalf("%s: the copy does not play on: %v", name, err)
					}
				}
				if _, err := g.Take(simple.Choose(g, g.Choices())); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := g.Resample(g.Dealt, g.Talon, g.Laid); g.Phase() >= game.PhasePlay && err == nil {
				t.Fatalf("%s: resampled in the card play", name)
			}
		}
	}
}

// anotherDeal is another deal of g's cards, the hands of their sizes and
// the talon shuffled anew, and what the declarer would lay aside from it
// (his lowest cards) where he has laid aside.
func anotherDeal(g *game.Game, rng *rand.Rand) (dealt [game.MaxSeats]cards.Mask, talon, laid cards.Mask) {
	n := g.Seats()
	all := g.Talon
	for s := 0; s < n; s++ {
		all |= g.Dealt[s]
	}
	pack := all.Cards()
	rng.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
	k := 0
	for s := 0; s < n; s++ {
		for range g.Dealt[s].Count() {
			dealt[s] |= pack[k].Bit()
			k++
		}
	}
	for ; k < len(pack); k++ {
		talon |= pack[k].Bit()
	}
	if g.Laid != 0 {
		h := dealt[g.Declarer] | talon
		for m := h; laid.Count() < g.Laid.Count(); m &= m - 1 {
			laid |= m.Lowest().Bit()
		}
	}
	return dealt, talon, laid
}

// checkResampled checks the copy c stands where g stands, with hands of
// the sizes g's have, the declarer's the cards dealt him and the talon less
// what was laid aside, and g as it was before.
func checkResampled(t *testing.T, name string, g *game.Game, before, c *game.State, dealt [game.MaxSeats]cards.Mask, talon, laid cards.Mask) {
	t.Helper()
	if c.Phase() != g.Phase() || c.ToAct() != g.ToAct() || c.Declarer != g.Declarer || c.Contract != g.Contract || len(c.Calls) != len(g.Calls) {
		t.Fatalf("%s: the copy does not stand where the deal stands", name)
	}
	for s := 0; s < g.Seats(); s++ {
		if c.Hands[s].Count() != g.Hands[s].Count() {
			t.Fatalf("%s, %s: seat %d holds %d cards, not %d", name, g.Phase(), s, c.Hands[s].Count(), g.Hands[s].Count())
		}
	}
	if g.Laid != 0 && c.Hands[g.Declarer] != (dealt[g.Declarer]|talon)&^laid {
		t.Fatalf("%s: the declarer's hand is not his dealt hand and the talon less what he laid aside", name)
	}
	if g.Dealt != before.Dealt || g.Hands != before.Hands || g.Talon != before.Talon {
		t.Fatalf("%s: the original changed", name)
	}
}

// SetAuctionResult makes the seat the declarer with the bid, for every
// call of every embedded ruleset, and the deal plays on to the end.
func TestSetAuctionResult(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		rng := rand.New(rand.NewPCG(4, uint64(len(name))))
		for call := range r.Ladder {
			g := game.New(r, nil)
			g.Deal(rng)
			seat := call % g.Seats()
			if err := g.SetAuctionResult(seat, call); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if g.Declarer != seat || g.Bid != call || g.Phase() == game.PhaseAuction {
				t.Fatalf("%s, call %d: declarer %d, bid %d, %s", name, call, g.Declarer, g.Bid, g.Phase())
			}
			simple := &bot.Simple{}
			for !g.Over() {
				if _, err := g.Take(simple.Choose(g, g.Choices())); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			if err := g.SetAuctionResult(seat, call); err == nil {
				t.Fatalf("%s: an auction result set after the auction", name)
			}
		}
	}
}
