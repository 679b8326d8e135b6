package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/rulesets"
)

// BenchmarkDeal is whole random deals of each embedded ruleset: deal,
// auction, exchange, defence, play and settlement. deals/s is the figure
// quoted in the README.
func BenchmarkDeal(b *testing.B) {
	for _, name := range rulesets.Names() {
		b.Run(name, func(b *testing.B) {
			r, err := rulesets.Open(name)
			if err != nil {
				b.Fatal(err)
			}
			g := game.New(r, bots(r.Hands))
			s := settle.New(r)
			rng := rand.New(rand.NewPCG(1, 2))
			seats := names(r.Hands)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.Deal(rng)
				if err := g.Run(); err != nil {
					b.Fatal(err)
				}
				if _, err := s.Settle(g.Outcome(seats), false); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
		})
	}
}

// BenchmarkPlay is the same without settlement: the per-card engine alone.
func BenchmarkPlay(b *testing.B) {
	for _, name := range rulesets.Names() {
		b.Run(name, func(b *testing.B) {
			r, _ := rulesets.Open(name)
			g := game.New(r, bots(r.Hands))
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.Deal(rng)
				if err := g.Run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
		})
	}
}

// TestPlayAllocatesNothing pins the per-card path: once warm, a whole deal
// (deal, auction, exchange, defence, ten tricks) allocates nothing.
func TestPlayAllocatesNothing(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		g := game.New(r, bots(r.Hands))
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 100; i++ { // warm up: the call record grows once
			g.Deal(rng)
			_ = g.Run()
		}
		allocs := testing.AllocsPerRun(1000, func() {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per deal played", name, allocs)
		}
	}
}
