package bot_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// BenchmarkStrongAuction: the decisions before the first card (the
// auction, hand or talon, discard, contract, defence, doubling) of eight
// fixed serbian deals, strong players on their default budgets in every
// seat; one deal an iteration. ns/decision is the time on the clock of
// each decision with a choice; cpu-ns/op the process's CPU time a deal
// (on a loaded machine the clock says more of the load than of the cost).
func BenchmarkStrongAuction(b *testing.B) {
	r, err := rulesets.Open("serbian")
	if err != nil {
		b.Fatal(err)
	}
	decisions := 0
	var took time.Duration
	cpu0 := processCPU()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		d := uint64(n % 8)
		players := make([]game.Player, r.Hands)
		for i := range players {
			players[i] = bot.NewStrong(d*7 + uint64(i))
		}
		g := game.New(r, players)
		g.Deal(rand.New(rand.NewPCG(d, 30)))
		for !g.Over() && g.Phase() < game.PhasePlay {
			legal := g.Choices()
			start := time.Now()
			a := g.Players[g.Chooser()].Choose(g, legal)
			if len(legal) > 1 {
				decisions++
				took += time.Since(start)
			}
			if _, err := g.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(took.Nanoseconds())/float64(max(decisions, 1)), "ns/decision")
	b.ReportMetric(float64((processCPU()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}
