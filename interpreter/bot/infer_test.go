package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// scripted plays a serbian deal by a fixed script up to the point stop
// says: seat 0 bids the lowest bid with the talon and the others pass;
// the declarer announces as the simple player would; both defenders come;
// seat 1 calls kontra; the declarer answers with a rekontra where
// recontra says so.
func scripted(t *testing.T, r *ruleset.Ruleset, seed uint64, recontra bool, stop func(g *game.Game) bool) *game.Game {
	t.Helper()
	return scriptedBy(t, r, seed, 1, recontra, stop)
}

// scriptedBy is scripted with the kontra called by seat caller (the
// other defender, asked before or after him, declining it).
func scriptedBy(t *testing.T, r *ruleset.Ruleset, seed uint64, caller int, recontra bool, stop func(g *game.Game) bool) *game.Game {
	t.Helper()
	return scriptedWith(t, r, seed, func(g *game.Game, legal []game.Action, a game.Action) game.Action {
		switch legal[0].Phase {
		case game.PhaseDefend:
			for _, l := range legal {
				if l.Value == int(deal.Play) {
					a = l
				}
			}
		case game.PhaseContra:
			a.Value = game.No
			if a.Seat == caller {
				a.Value = game.Yes
			}
		case game.PhaseRecontra:
			a.Value = game.No
			if recontra && a.Seat == 0 {
				a.Value = game.Yes
			}
		}
		return a
	}, stop)
}

// scriptedWith plays a serbian deal up to where stop says: seat 0 bids
// the lowest bid with the talon and the others pass, no hand game, no
// invitation, the rest the simple player's unless script changes it.
func scriptedWith(t *testing.T, r *ruleset.Ruleset, seed uint64, script func(g *game.Game, legal []game.Action, a game.Action) game.Action, stop func(g *game.Game) bool) *game.Game {
	t.Helper()
	simple := &bot.Simple{}
	g := game.New(r, []game.Player{simple, simple, simple})
	g.Deal(rand.New(rand.NewPCG(seed, 30)))
	for !g.Over() && !stop(g) {
		legal := g.Choices()
		a := script(g, legal, simple.Choose(g, legal))
		switch legal[0].Phase {
		case game.PhaseAuction:
			a = legal[0] // pass
			if legal[0].Seat == 0 {
				for _, l := range legal {
					if l.Value != game.Pass && !r.Ladder[l.Value].Hand && (a.Value == game.Pass || l.Value < a.Value) {
						a = l
					}
				}
			}
		case game.PhaseFromHand, game.PhaseInvite, game.PhaseGiveUp:
			a = legal[0]
			a.Value = game.No
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	return g
}

// declarerStrength is the mean count, in half tricks with the contract's
// trumps, of the declarer's hand after the exchange in n deals sampled
// by me's strong player from g.
func declarerStrength(t *testing.T, g *game.Game, me, n int) float64 {
	t.Helper()
	b := bot.NewStrong(3)
	ct := &g.R.Contracts[g.Contract]
	sum := 0
	for range n {
		w, err := b.World(&g.State, me)
		if err != nil {
			t.Fatal(err)
		}
		sum += bot.Estimate(g.R, w.Hands[g.Declarer], ct.Trumps)
	}
	return float64(sum) / float64(n)
}

// A rekontra is a call only a declarer sure of his contract makes: after
// it, the kontra's caller samples the declarer's hand far stronger than
// before it, when the declarer had only bid the lowest contract and been
// doubled. Sampling that reads only the auction sees no difference.
func TestSamplesReadARedouble(t *testing.T) {
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	checked, shift := 0, 0.0
	for seed := uint64(0); seed < 40 && checked < 3; seed++ {
		asked := func(g *game.Game) bool { return g.Phase() == game.PhaseRecontra && g.ToAct() == 0 }
		before := scripted(t, r, seed, true, asked)
		if before.Over() || before.Declarer != 0 || before.R.Contracts[before.Contract].Exact {
			continue
		}
		after := scripted(t, r, seed, true, func(g *game.Game) bool { return g.Doubled[1] == 2 })
		if after.Over() || after.Doubled[1] != 2 {
			continue
		}
		checked++
		b, a := declarerStrength(t, before, 1, 150), declarerStrength(t, after, 1, 150)
		t.Logf("seed %d (%s): the declarer's hand sampled by the kontra's caller, %.2f half tricks before the rekontra, %.2f after",
			seed, r.Contracts[after.Contract].Name, b, a)
		if a < b+0.3 {
			t.Errorf("seed %d: after a rekontra the declarer's hand is sampled at %.2f half tricks, before it %.2f: want more", seed, a, b)
		}
		shift += (a - b) / 3
	}
	if checked < 3 || shift < 1 {
		t.Errorf("%d deals reached a rekontra (want 3); the declarer's hand sampled %.2f half tricks stronger after it on average (want at least 1)", checked, shift)
	}
}

// A defender who comes (plays) holds his share of the defence; one who
// drops holds less: the declarer samples the two accordingly, the
// reading of the auction alone (every defender passed in it) telling
// them apart not at all.
func TestSamplesReadTheDefence(t *testing.T) {
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	checked, shift := 0, 0.0
	for seed := uint64(0); seed < 40 && checked < 3; seed++ {
		atContra := func(g *game.Game) bool { return g.Phase() == game.PhaseContra }
		came := scriptedDefence(t, r, seed, deal.Play, atContra)
		dropped := scriptedDefence(t, r, seed, deal.Drop, atContra)
		if came.Over() || dropped.Over() || came.Declarer != 0 || r.Contracts[came.Contract].Exact {
			continue
		}
		checked++
		c, d := defenderStrength(t, came, 150), defenderStrength(t, dropped, 150)
		t.Logf("seed %d: the declarer samples the first defender at %.2f half tricks when he came, %.2f when he dropped", seed, c, d)
		if c < d+0.3 {
			t.Errorf("seed %d: a defender who came is sampled at %.2f half tricks, one who dropped %.2f: want more", seed, c, d)
		}
		shift += (c - d) / 3
	}
	if checked < 3 || shift < 1 {
		t.Errorf("%d deals with a contract declared (want 3); a defender who came sampled %.2f half tricks stronger than one who dropped on average (want at least 1)", checked, shift)
	}
}

// scriptedDefence is scripted with seat 1's defence chosen (seat 2 comes),
// no doubling.
func scriptedDefence(t *testing.T, r *ruleset.Ruleset, seed uint64, choice deal.Choice, stop func(g *game.Game) bool) *game.Game {
	t.Helper()
	return scriptedWith(t, r, seed, func(g *game.Game, legal []game.Action, a game.Action) game.Action {
		switch legal[0].Phase {
		case game.PhaseDefend:
			want := deal.Play
			if a.Seat == 1 {
				want = choice
			}
			for _, l := range legal {
				if l.Value == int(want) {
					return l
				}
			}
		case game.PhaseContra, game.PhaseRecontra:
			a.Value = game.No
		}
		return a
	}, stop)
}

// defenderStrength is the mean count, in half tricks with the contract's
// trumps, of seat 1's hand in n deals sampled by the declarer (seat 0).
func defenderStrength(t *testing.T, g *game.Game, n int) float64 {
	t.Helper()
	b := bot.NewStrong(5)
	ct := &g.R.Contracts[g.Contract]
	sum := 0
	for range n {
		w, err := b.World(&g.State, 0)
		if err != nil {
			t.Fatal(err)
		}
		sum += bot.Estimate(g.R, w.Hands[1], ct.Trumps)
	}
	return float64(sum) / float64(n)
}
