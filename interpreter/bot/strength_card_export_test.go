package bot

import (
	"time"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/solve"
)

// CardSamples are n deals of the hands the player to choose cannot see,
// as his card play samples them (read: drawn by what the calls say, else
// dealt at random respecting only what he has seen).
func (b *Strong) CardSamples(g *game.Game, n int, read bool) [][game.MaxSeats]cards.Mask {
	v := b.view(g, g.ToAct())
	v.readsCalls = v.readsCalls && read
	var out [][game.MaxSeats]cards.Mask
	for range n {
		p := &solve.Position{R: g.R}
		if b.sampleHands(g, p, &v) {
			out = append(out, p.Hands)
		}
	}
	return out
}

// AuctionOdds is the log chance of the auction's calls of every seat but
// me and skip, the hands dealt and the talon as given.
func (b *Strong) AuctionOdds(g *game.Game, me, skip int, dealt [game.MaxSeats]cards.Mask, talon cards.Mask) float64 {
	h := seen{dealt: dealt, talon: talon}
	return b.auctionLikelihood(&g.State, me, skip, &h)
}

// ThreadCPU is threadCPU, for tests: the calling thread's CPU time.
func ThreadCPU() (time.Duration, bool) { return threadCPU() }
