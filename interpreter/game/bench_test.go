package game_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/preference-rules/pref/internal/allocs"
	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/deal"
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
			bot.FastCards(g) // as pref simulate plays them
			s := settle.New(r)
			rng := rand.New(rand.NewPCG(1, 2))
			seats := names(r.Hands)
			var o deal.Outcome // kept from deal to deal, as a simulation keeps them
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
			bot.FastCards(g)
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
		bot.FastCards(g) // as pref simulate plays them
		s := settle.New(r)
		rng := rand.New(rand.NewPCG(3, 4))
		seats := names(r.Hands)
		var o deal.Outcome
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

// TestCardChoosersPlayAsChoose: the simple players' fast path for cards
// (bot.FastCards) plays every deal exactly as their Choose does, every
// decision the same, for every embedded ruleset; and a player that embeds
// Simple keeps its own Choose.
func TestCardChoosersPlayAsChoose(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		slow, fast := game.New(r, bots(r.Hands)), game.New(r, bots(r.Hands))
		bot.FastCards(fast)
		slow.KeepHistory, fast.KeepHistory = true, true
		for d := uint64(0); d < 300; d++ {
			slow.Deal(rand.New(rand.NewPCG(d, 9)))
			fast.Deal(rand.New(rand.NewPCG(d, 9)))
			if err := slow.Run(); err != nil {
				t.Fatal(err)
			}
			if err := fast.Run(); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(slow.History, fast.History) {
				t.Fatalf("%s deal %d: the fast path played otherwise", name, d)
			}
		}
	}
	r, _ := rulesets.Open("austrian-1829")
	asked := 0
	g := game.New(r, []game.Player{&counting{n: &asked}, &bot.Simple{}, &bot.Simple{}})
	bot.FastCards(g)
	if g.CardChoosers[0] != nil || g.CardChoosers[1] == nil {
		t.Fatalf("card choosers set: %v, %v", g.CardChoosers[0] != nil, g.CardChoosers[1] != nil)
	}
	for d := uint64(0); d < 10; d++ {
		g.Deal(rand.New(rand.NewPCG(d, 1)))
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
	}
	if asked == 0 {
		t.Errorf("the player embedding Simple was never asked for a card")
	}
}

// counting embeds Simple and counts the cards it is asked for.
type counting struct {
	bot.Simple
	n *int
}

func (c *counting) Choose(g *game.Game, legal []game.Action) game.Action {
	if legal[0].Phase == game.PhasePlay {
		*c.n++
	}
	return c.Simple.Choose(g, legal)
}
