package bot

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// DealtAuctionOdds is dealtAuctionOdds, for tests.
func (b *Strong) DealtAuctionOdds(g *game.Game, me, skip int, hands, played [game.MaxSeats]cards.Mask) float64 {
	return b.dealtAuctionOdds(g, me, skip, hands, played)
}

// dealtAuctionOdds is auctionLikelihood of the hands as dealt: the hands
// held now with the cards each has played; the talon is the rest of the
// pack.
func (b *Strong) dealtAuctionOdds(g *game.Game, me, skip int, hands, played [game.MaxSeats]cards.Mask) float64 {
	var h seen
	var all cards.Mask
	for s := 0; s < g.Seats(); s++ {
		h.dealt[s] = hands[s] | played[s]
		all |= h.dealt[s]
	}
	h.talon = g.R.Deck.All() &^ all
	return b.auctionLikelihood(&g.State, me, skip, &h)
}

// World is world, for tests: a deal of the cards me cannot see, drawn by
// what the others' calls say of their hands.
func (b *Strong) World(g *game.State, me int) (*game.State, error) { return b.world(g, me) }

// Estimate is the simple player's count of hand with trumps t, in half tricks.
func Estimate(r *ruleset.Ruleset, hand cards.Mask, t cards.Suit) int { return estimateR(r, hand, t) }
