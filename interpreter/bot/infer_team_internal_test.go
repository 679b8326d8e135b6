package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// teamLead plays a serbian deal to its first card: seat 0 declares the
// lowest bid with the talon, both defenders come, caller calls the kontra
// (the defender asked before him declines it), nobody answers it (nil:
// the deal went otherwise).
func teamLead(t *testing.T, seed uint64, caller int) *game.State {
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
		if _, err := g.Apply(teamScript(r, legal, s.Choose(g, legal), caller)); err != nil {
			t.Fatal(err)
		}
	}
	if g.Over() || g.Declarer != 0 || r.Contracts[g.Contract].Exact || g.Doubled[caller] != 1 {
		return nil
	}
	return g.State.Clone()
}

// teamScript is teamLead's choice among legal, where the simple player
// would choose a.
func teamScript(r *ruleset.Ruleset, legal []game.Action, a game.Action, caller int) game.Action {
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
	case game.PhaseContra, game.PhaseRecontra:
		a.Value = game.No
		if a.Seat == caller && legal[0].Phase == game.PhaseContra {
			a.Value = game.Yes
		}
	}
	return a
}

// Once a team kontra is answered the game holds the caller as the inviter
// and his partner as dropped, whatever each chose; in the card play a
// defender asked before the caller is still read: he stayed out, or came
// and said no to the kontra, so a hand that would have doubled is less
// likely for him than a weaker one. A defender after the caller was never
// asked, and nothing of him is known. A reading that takes the defence of
// a team-doubled deal as nothing reads neither (0 for every hand), and the
// test fails.
func TestTeamLikelihoodReadsADeclineInTheCardPlay(t *testing.T) {
	checked := 0
	for seed := uint64(0); seed < 40 && checked < 4; seed++ {
		declined, unasked := teamLead(t, seed, 2), teamLead(t, seed, 1)
		if declined == nil || unasked == nil {
			continue
		}
		if declined.Defence[1] != deal.Drop || declined.Defence[2] != deal.Invite {
			t.Fatalf("seed %d: after a team kontra the defence stands %v: want the caller as the inviter, the other dropped", seed, declined.Defence[:3])
		}
		ct := &declined.R.Contracts[declined.Contract]
		strong, weak := declined.Dealt[1], declined.Dealt[2]
		if estimateR(declined.R, strong, ct.Trumps) < estimateR(declined.R, weak, ct.Trumps) {
			strong, weak = weak, strong
		}
		es, ew := estimateR(declined.R, strong, ct.Trumps), estimateR(declined.R, weak, ct.Trumps)
		if es < ew+2 {
			continue // hands too alike to tell apart
		}
		checked++
		ls, lw := defenderLikelihood(declined, 1, strong), defenderLikelihood(declined, 1, weak)
		t.Logf("seed %d (%s): the first defender, who declined before his partner's kontra, holding %d half tricks: log chance %.3f; holding %d: %.3f",
			seed, ct.Name, es, ls, ew, lw)
		if ls >= lw {
			t.Errorf("seed %d: in the card play a defender who declined before his partner's kontra is read %.3f with a hand of %d half tricks, %.3f with one of %d: want the stronger less likely", seed, ls, es, lw, ew)
		}
		for _, h := range [...]cards.Mask{strong, weak} {
			if l := defenderLikelihood(unasked, 2, h); l != 0 {
				t.Errorf("seed %d: a defender after the caller of a team kontra, never asked, is read %.3f: want 0", seed, l)
			}
		}
	}
	if checked < 4 {
		t.Errorf("%d deals reached the card play after a team kontra with defenders' hands apart (want 4)", checked)
	}
}

// Reading what was chosen after the auction of a team-doubled deal is
// part of every card's sampling (six candidate deals a card): it
// allocates nothing.
func TestTeamLikelihoodAllocatesNothing(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		g := teamLead(t, seed, 2)
		if g == nil {
			continue
		}
		h := seen{dealt: g.Dealt, talon: g.Talon, final: g.Hands[0]}
		if n := testing.AllocsPerRun(100, func() { laterLikelihood(g, 0, -1, &h) }); n != 0 {
			t.Errorf("the calls of a team-doubled deal read with %.1f allocations: want none", n)
		}
		return
	}
	t.Error("no deal reached the card play after a team kontra")
}
