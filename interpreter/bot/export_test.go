package bot

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// DealtMismatches is dealtMismatches, for tests.
func (b *Strong) DealtMismatches(g *game.Game, me, skip int, hands, played [game.MaxSeats]cards.Mask) int {
	return b.dealtMismatches(g, me, skip, hands, played)
}

// dealtMismatches is mismatches for hands during the card play: the hands
// as dealt are those held now with the cards each has played; the talon
// is the rest of the pack.
func (b *Strong) dealtMismatches(g *game.Game, me, skip int, hands, played [game.MaxSeats]cards.Mask) int {
	var dealt [game.MaxSeats]cards.Mask
	var all cards.Mask
	for s := 0; s < g.Seats(); s++ {
		dealt[s] = hands[s] | played[s]
		all |= dealt[s]
	}
	return b.mismatches(&g.State, me, skip, dealt, g.R.Deck.All()&^all)
}

// World is world, for tests: a deal of the cards me cannot see, drawn by
// what the others' calls say of their hands.
func (b *Strong) World(g *game.State, me int) (*game.State, error) { return b.world(g, me) }

// Estimate is the simple player's count of hand with trumps t, in half tricks.
func Estimate(r *ruleset.Ruleset, hand cards.Mask, t cards.Suit) int { return estimateR(r, hand, t) }
