package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// A deal played here tells settlement who held and who won which cards
// and who took the last trick: every card played is in exactly one
// seat's tricks (the talon's aside), each seat held its dealt hand, and
// the last trick's winner is the one the record names.
func TestOutcomeCardFacts(t *testing.T) {
	for _, name := range []string{"austrian-1829", "sochi", "serbian"} {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		g := game.New(r, bots(r.Hands))
		rng := rand.New(rand.NewPCG(7, 8))
		var o deal.Outcome
		played := 0
		for d := 0; d < 40; d++ {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
			g.OutcomeInto(&o, names(r.Hands))
			if g.NTricks == 0 {
				if o.LastTrick != 0 || o.Won != ([deal.MaxHands]cards.Mask{}) {
					t.Fatalf("%s: a deal without play has card facts: %+v", name, o.Won)
				}
				continue
			}
			played++
			var won, inTricks cards.Mask
			for s := 0; s < r.Hands; s++ {
				if won&o.Won[s] != 0 {
					t.Fatalf("%s: a card won by two seats", name)
				}
				won |= o.Won[s]
				if o.Held[s]&g.Dealt[s] != g.Dealt[s] {
					t.Fatalf("%s: seat %d held less than it was dealt", name, s)
				}
			}
			for i := 0; i < g.NTricks; i++ {
				tr := &g.Record[i]
				for k := 0; k < tr.N; k++ {
					if tr.Winner >= 0 {
						inTricks |= tr.Cards[k].Bit()
					}
				}
			}
			if won != inTricks {
				t.Fatalf("%s: won %v, the players' tricks hold %v", name, won, inTricks)
			}
			if last := g.Record[g.NTricks-1].Winner; last >= 0 && o.LastTrick != last+1 {
				t.Fatalf("%s: last trick %d, the record says seat %d", name, o.LastTrick, last)
			}
		}
		if played == 0 {
			t.Errorf("%s: no deal of 40 was played", name)
		}
	}
}
