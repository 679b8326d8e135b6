package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// estimateSuitBySuit is the estimate as the bot made it before it weighed
// a hand once per decision: every suit's honours and, for the trump suit,
// its length, for one trump suit at a time.
func estimateSuitBySuit(g *game.Game, hand cards.Mask, t cards.Suit) int {
	ranks := len(g.R.Deck.Ranks)
	half := 0
	for s := range g.R.Deck.SuitIDs {
		su := cards.Suit(s)
		part := hand.Suit(su)
		n := part.Count()
		if n == 0 {
			continue
		}
		ace := part.Has(cards.Make(su, ranks-1))
		king := part.Has(cards.Make(su, ranks-2))
		queen := part.Has(cards.Make(su, ranks-3))
		if ace {
			half += 2
		}
		if king && n >= 2 {
			half += 2
			if !ace {
				half--
			}
		}
		if queen && n >= 3 && (ace || king) {
			half++
		}
		if su == t && n > 3 {
			half += 2 * (n - 3)
		}
	}
	return half
}

// TestWeighedAsSuitBySuit: a hand weighed once gives, for every trump suit
// and none, the estimate made suit by suit, over 20,000 random hands of
// every pack of the embedded rulesets.
func TestWeighedAsSuitBySuit(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		g := game.New(r, nil)
		pack := r.Deck.All().Cards()
		for range 20000 / len(rulesets.Names()) {
			rng.Shuffle(len(pack), func(i, j int) { pack[i], pack[j] = pack[j], pack[i] })
			var hand cards.Mask
			for _, c := range pack[:1+rng.IntN(12)] {
				hand |= c.Bit()
			}
			w := weigh(g, hand)
			for _, tr := range append([]cards.Suit{cards.NoSuit}, 0, 1, 2, 3) {
				if got, want := w.estimate(tr), estimateSuitBySuit(g, hand, tr); got != want {
					t.Fatalf("%s: %s with trumps %d: weighed %d, suit by suit %d", name, r.Deck.Format(hand, false), tr, got, want)
				}
			}
		}
	}
}
