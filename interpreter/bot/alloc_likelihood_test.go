package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// firstCard plays a deal of ruleset name to its first card, each choice
// script's among the legal ones where the simple player would choose a
// (nil: the deal ended before its card play).
func firstCard(t testing.TB, name string, seed uint64, script func(r *ruleset.Ruleset, legal []game.Action, a game.Action) game.Action) *game.State {
	t.Helper()
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	s := &Simple{}
	g := game.New(r, []game.Player{s, s, s})
	g.Deal(rand.New(rand.NewPCG(seed, 35)))
	for !g.Over() && g.Phase() < game.PhasePlay {
		legal := g.Choices()
		if _, err := g.Apply(script(r, legal, s.Choose(g, legal))); err != nil {
			t.Fatal(err)
		}
	}
	if g.Over() {
		return nil
	}
	return g.State.Clone()
}

// likelihoodDeal is a deal at its first card whose auction a card
// decision's sampling replays, and the seat sampling it.
type likelihoodDeal struct {
	name string
	g    *game.State
	me   int
}

// likelihoodDeals are deals of several kinds at their first card: one
// with a contra (danube-swabian, each defender doubling for himself), one
// with a team kontra (serbian) and a passed-out one (sochi).
func likelihoodDeals(t testing.TB) []likelihoodDeal {
	t.Helper()
	var out []likelihoodDeal
	find := func(name string, me int, ok func(*game.State) bool, script func(*ruleset.Ruleset, []game.Action, game.Action) game.Action) {
		for seed := uint64(0); seed < 60; seed++ {
			if g := firstCard(t, name, seed, script); g != nil && ok(g) {
				out = append(out, likelihoodDeal{name: name, g: g, me: me})
				return
			}
		}
		t.Fatalf("no %s deal of the kind sought reached its first card", name)
	}
	doubledBy := func(caller int) func(*game.State) bool {
		return func(g *game.State) bool { return g.Declarer == 0 && g.Doubled[caller] == 1 }
	}
	find("danube-swabian", 1, doubledBy(2), func(r *ruleset.Ruleset, legal []game.Action, a game.Action) game.Action {
		return teamScript(r, legal, a, 2)
	})
	find("serbian", 0, doubledBy(2), func(r *ruleset.Ruleset, legal []game.Action, a game.Action) game.Action {
		return teamScript(r, legal, a, 2)
	})
	find("sochi", 0, func(g *game.State) bool { return g.Declarer < 0 }, func(_ *ruleset.Ruleset, legal []game.Action, a game.Action) game.Action {
		if legal[0].Phase == game.PhaseAuction {
			return legal[0] // a pass
		}
		return a
	})
	return out
}

// Each card decision of the strong player reads the auction's calls on
// every candidate deal it draws (six a sample, many samples a card), by
// replaying the auction on the candidate's hands: the replay reuses its
// buffers, so reading a candidate allocates nothing. Reset from a zero
// state it dropped its record of the calls and grew it again call by call
// (3 allocations a candidate on each of these deals), and the test fails.
func TestAuctionLikelihoodAllocatesNothing(t *testing.T) {
	for _, d := range likelihoodDeals(t) {
		g := d.g
		h := seen{dealt: g.Dealt, talon: g.Talon}
		b := NewStrong(1)
		if l := b.auctionLikelihood(g, d.me, -1, &h); l == 0 {
			t.Fatalf("%s: the calls of the other seats read as certain (log chance 0): the replay judged no call", d.name)
		}
		if n := testing.AllocsPerRun(100, func() { b.auctionLikelihood(g, d.me, -1, &h) }); n != 0 {
			t.Errorf("%s: a candidate deal's auction read with %.1f allocations: want none", d.name, n)
		}
		if n := testing.AllocsPerRun(100, func() { b.callLikelihood(g, d.me, -1, &h) }); n != 0 {
			t.Errorf("%s: a candidate deal's calls read with %.1f allocations: want none", d.name, n)
		}
	}
}

// The replay's buffers, reused, carry nothing from one candidate to the
// next: a player that read other deals first, of other rulesets, reads
// each deal exactly as a new player does.
func TestAuctionLikelihoodReusedReadsAsNew(t *testing.T) {
	deals := likelihoodDeals(t)
	used := NewStrong(1)
	for round := range 2 {
		for _, d := range deals {
			h := seen{dealt: d.g.Dealt, talon: d.g.Talon}
			want := NewStrong(1).auctionLikelihood(d.g, d.me, -1, &h)
			if got := used.auctionLikelihood(d.g, d.me, -1, &h); got != want {
				t.Errorf("%s, round %d: read %v by a player that replayed other deals, %v by a new one", d.name, round, got, want)
			}
		}
	}
}

// BenchmarkAuctionLikelihood: one candidate deal's auction read, on each
// of likelihoodDeals' deals in turn.
func BenchmarkAuctionLikelihood(b *testing.B) {
	deals := likelihoodDeals(b)
	hs := make([]seen, len(deals))
	for i, d := range deals {
		hs[i] = seen{dealt: d.g.Dealt, talon: d.g.Talon}
	}
	s := NewStrong(1)
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		d := &deals[n%len(deals)]
		s.auctionLikelihood(d.g, d.me, -1, &hs[n%len(deals)])
	}
}

// A card decision's sample, drawn from candidate deals weighed by the
// calls, allocates nothing: the candidates' hands are kept in an array
// (a slice grown to six hands cost 3 allocations a sample, many samples a
// card).
func TestCardSampleAllocatesNothing(t *testing.T) {
	read := 0
	for _, d := range likelihoodDeals(t) {
		b := NewStrong(1)
		g := &game.Game{State: *d.g.Clone()}
		seat := g.ToAct()
		v := b.view(g, seat)
		if v.readsCalls {
			read++
		}
		counted, _ := countedFor(g, seat)
		trick, trickSeats := trickSoFar(g.CurrentTrick())
		p := &solve.Position{R: g.R, Contract: g.Contract, Declarer: counted, Leader: seat, Trick: trick, TrickSeats: trickSeats}
		if !b.sampleHands(g, p, &v) {
			t.Fatalf("%s: no deal sampled", d.name)
		}
		if n := testing.AllocsPerRun(50, func() { b.sampleHands(g, p, &v) }); n != 0 {
			t.Errorf("%s: a sample allocates %.1f times", d.name, n)
		}
	}
	if read == 0 {
		t.Fatal("no deal's sampling read the calls")
	}
}
