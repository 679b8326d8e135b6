package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/internal/allocs"
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
			var o settle.Outcome // kept from deal to deal, as a simulation keeps them
			var l settle.Ledger
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g.Deal(rng)
				if err := g.Run(); err != nil {
					b.Fatal(err)
				}
				g.OutcomeInto(&o, seats)
				if err := s.SettleInto(&l, &o, false); err != nil {
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

// playDeals is the number of deals TestPlayAllocatesNothing plays of each
// ruleset: enough that every kind of deal the bots reach (misère, the
// all-pass game, a dropped defence, a contra) comes up.
const playDeals = 2000

// TestPlayAllocatesNothing pins the per-card path: once warm, whole deals
// (deal, auction, exchange, defence, every trick) allocate nothing. The
// mallocs are counted exactly over playDeals deals of each embedded
// ruleset (testing.AllocsPerRun would round one allocation in a hundred
// deals down to none).
func TestPlayAllocatesNothing(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		g := game.New(r, bots(r.Hands))
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 100; i++ { // warm up: the call record grows once
			g.Deal(rng)
			_ = g.Run()
		}
		var err error
		n := allocs.Count(playDeals, func() {
			g.Deal(rng)
			if e := g.Run(); e != nil {
				err = e
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n != 0 {
			t.Errorf("%s: %d allocations in %d deals played", name, n, playDeals)
		}
	}
}

// TestDealAllocatesNothing pins whole deals with their settlement, as a
// simulation plays them (the outcome and the ledger kept from deal to
// deal: OutcomeInto, SettleInto): no allocation but the list of contras
// of a doubled deal. Counted exactly, over playDeals deals of each
// embedded ruleset.
func TestDealAllocatesNothing(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		g := game.New(r, bots(r.Hands))
		s := settle.New(r)
		rng := rand.New(rand.NewPCG(3, 4))
		seats := names(r.Hands)
		var o settle.Outcome
		var l settle.Ledger
		var err error
		doubled := 0
		deal := func() {
			g.Deal(rng)
			if e := g.Run(); e != nil {
				err = e
				return
			}
			g.OutcomeInto(&o, seats)
			if o.Doubled != nil {
				doubled++
			}
			if e := s.SettleInto(&l, &o, false); e != nil {
				err = e
			}
		}
		for range 100 { // warm up: the lists grow to their size
			deal()
		}
		doubled = 0
		n := allocs.Count(playDeals, deal)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n > uint64(doubled) {
			t.Errorf("%s: %d allocations in %d deals with their settlement (%d doubled)", name, n, playDeals, doubled)
		}
	}
}
