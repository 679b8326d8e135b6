package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// A declarer who took a talon everyone saw held, as dealt, his cards now
// and played and the cards he laid aside, but the talon: his auction is
// read in the card play too. The defender to lead samples the declarer's
// hand so that his calls in the auction are likelier than in hands dealt
// at random; a card play that does not read a declarer's auction after he
// took the talon samples them no likelier than at random.
func TestCardSamplesReadATalonTakersAuction(t *testing.T) {
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	checked, read, random := 0, 0.0, 0.0
	for seed := uint64(0); seed < 600 && checked < 12; seed++ {
		g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
		g.Deal(rand.New(rand.NewPCG(seed, 31)))
		for !g.Over() && g.Phase() != game.PhasePlay {
			if _, err := g.Apply(g.Players[g.Chooser()].Choose(g, g.Choices())); err != nil {
				t.Fatal(err)
			}
		}
		d := g.Declarer
		if g.Over() || d < 0 || g.Hand || !g.SeesTalon(g.ToAct()) || g.ToAct() == d || callsBy(g, d) < 1 {
			continue
		}
		checked++
		me, other := g.ToAct(), 3-d-g.ToAct()
		odds := func(read bool) float64 {
			sum, n := 0.0, 0
			for _, hands := range bot.NewStrong(seed).CardSamples(g, 60, read) {
				var held cards.Mask
				for s := range 3 {
					held |= hands[s]
				}
				laid := r.Deck.All() &^ held // the declarer's discard: no card is played yet
				dealt := hands
				dealt[d] = (hands[d] | laid) &^ g.Talon
				sum += bot.NewStrong(1).AuctionOdds(g, me, other, dealt, g.Talon)
				n++
			}
			return sum / float64(n)
		}
		rd, rn := odds(true), odds(false)
		t.Logf("seed %d: the log chance of the declarer's %d calls, %.2f in the hands sampled, %.2f in hands dealt at random", seed, callsBy(g, d), rd, rn)
		read += rd / 12
		random += rn / 12
	}
	t.Logf("%d deals: the declarer's calls' log chance %.2f on average in the hands sampled, %.2f at random", checked, read, random)
	if checked < 12 || read < random+0.45 {
		t.Errorf("%d deals with a talon taken (want 12): the declarer's calls' log chance %.2f in the hands sampled, %.2f at random (want at least 0.45 more)", checked, read, random)
	}
}

// callsBy is how many calls seat made in the auction.
func callsBy(g *game.Game, seat int) int {
	n := 0
	for _, c := range g.Calls {
		if c.Seat == seat {
			n++
		}
	}
	return n
}
