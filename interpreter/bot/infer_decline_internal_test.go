package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// ladderScript plays a serbian deal: seat 0 bids the lowest bid with the
// talon, the others pass, both defenders come, seat 1 calls kontra, the
// declarer re-doubles where redouble says so, every other doubling
// declined; it returns the state while the last answer is awaited and the
// state once it was declined (nil: the deal went otherwise).
func ladderScript(t *testing.T, seed uint64, redouble bool) (awaited, after *game.State) {
	t.Helper()
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	s := &Simple{}
	g := game.New(r, []game.Player{s, s, s})
	g.Deal(rand.New(rand.NewPCG(seed, 30)))
	for !g.Over() && g.Phase() < game.PhasePlay {
		legal := g.Choices()
		a := s.Choose(g, legal)
		switch legal[0].Phase {
		case game.PhaseAuction:
			a = legal[0]
			for _, l := range legal {
				if legal[0].Seat == 0 && l.Value != game.Pass && !r.Ladder[l.Value].Hand && (a.Value == game.Pass || l.Value < a.Value) {
					a = l
				}
			}
		case game.PhaseFromHand, game.PhaseInvite, game.PhaseGiveUp:
			a = legal[0]
			a.Value = game.No
		case game.PhaseDefend:
			for _, l := range legal {
				if l.Value == int(deal.Play) {
					a = l
				}
			}
		case game.PhaseContra:
			a.Value = game.No
			if a.Seat == 1 {
				a.Value = game.Yes
			}
		case game.PhaseRecontra:
			a.Value = game.No
			if redouble && a.Seat == 0 {
				a.Value = game.Yes
			} else {
				awaited = g.State.Clone()
			}
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if awaited == nil || g.Declarer != 0 || r.Contracts[g.Contract].Exact {
		return nil, nil
	}
	return awaited, g.State.Clone()
}

// A declarer asked to re-double who does not, and a kontra's caller asked
// to subkontra after a rekontra who does not, are read as lacking what the
// call needs: the chance of the calls on their hands falls once they have
// declined (with the decline not read, it does not move).
func TestLikelihoodReadsADeclinedAnswer(t *testing.T) {
	checked := 0
	for seed := uint64(0); seed < 40 && checked < 3; seed++ {
		awaited, after := ladderScript(t, seed, false)
		if awaited == nil {
			continue
		}
		redoubled, answered := ladderScript(t, seed, true)
		if redoubled == nil {
			continue
		}
		checked++
		h := seen{final: after.Hands[0]}
		if drop := declarerLikelihood(awaited, -1, &h) - declarerLikelihood(after, -1, &h); drop <= 0 {
			t.Errorf("seed %d: the declarer's declined rekontra lowers the log chance of his calls by %.3f (want more than 0)", seed, drop)
		}
		hand := answered.Hands[1] // no card played yet
		if drop := defenderLikelihood(redoubled, 1, hand) - defenderLikelihood(answered, 1, hand); drop <= 0 {
			t.Errorf("seed %d: the caller's declined subkontra lowers the log chance of his calls by %.3f (want more than 0)", seed, drop)
		}
	}
	if checked < 3 {
		t.Errorf("%d deals reached both answers (want 3)", checked)
	}
}
