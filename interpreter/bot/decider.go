package bot

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/settle"
)

// Decider is a player written as one method per kind of decision, the way
// the simple bot, the human seats and the tutorial's recorder are; Choose
// turns one into a game.Player. A Decider that is also an OpenChooser or a
// Retriever answers those questions; one that is not plays closed and
// leaves a half standing.
type Decider interface {
	Call(g *game.Game, seat int, legal []int) int
	TakeOffer(g *game.Game, seat int) bool        // all passed: become declarer now?
	PotOffer(g *game.Game, seat int, min int) int // the pot auction: offer at least min, or 0 to pass
	PlayFromHand(g *game.Game, seat int) bool
	Discard(g *game.Game, seat int, n int) cards.Mask
	Announce(g *game.Game, seat int, legal []int, mayConcede bool) (contract int, concede bool)
	Defend(g *game.Game, seat int) settle.Choice
	GiveUp(g *game.Game, seat int) bool                // the defence is known: give up before play?
	Invite(g *game.Game, seat int) bool                // the other defender dropped: invite them?
	Contra(g *game.Game, seat int) bool                // double the declarer before the first lead?
	Recontra(g *game.Game, seat int, against int) bool // the declarer: answer a contra?
	Play(g *game.Game, seat int, legal cards.Mask) cards.Card
}

// OpenChooser decides, as a defender playing a dropped hand along, whether
// the defending hands are shown.
type OpenChooser interface {
	ChooseOpen(g *game.Game, seat int) bool
}

// Retriever answers, having dropped out, the other defender's half: take
// the defence back and play after all?
type Retriever interface {
	Retrieve(g *game.Game, seat int) bool
}

// Player makes a game.Player of d. (Not a method of Simple: a player that
// embeds Simple and overrides a decision must be wrapped itself, or the
// override would be passed over.)
func Player(d Decider) game.Player { return decided{d} }

type decided struct{ d Decider }

func (p decided) Choose(g *game.Game, legal []game.Action) game.Action { return Choose(p.d, g, legal) }

// Choose asks d the decision the legal actions belong to and returns its
// answer as an action.
func Choose(d Decider, g *game.Game, legal []game.Action) game.Action {
	a := legal[0]
	s := a.Seat
	yn := func(b bool) game.Action {
		a.Value = game.No
		if b {
			a.Value = game.Yes
		}
		return a
	}
	switch a.Phase {
	case game.PhaseAuction:
		calls := g.Scratch()
		for _, l := range legal {
			calls = append(calls, l.Value)
		}
		a.Value = d.Call(g, s, calls)
	case game.PhaseOffer:
		return yn(d.TakeOffer(g, s))
	case game.PhasePotAuction:
		a.Value = d.PotOffer(g, s, g.PotOffer()+1)
	case game.PhaseFromHand:
		return yn(d.PlayFromHand(g, s))
	case game.PhaseDiscard:
		a.Cards = d.Discard(g, s, a.Value)
	case game.PhaseAnnounce:
		cts := g.Scratch()
		may := false
		for _, l := range legal {
			if l.Concede {
				may = true
			} else {
				cts = append(cts, l.Value)
			}
		}
		a.Value, a.Concede = d.Announce(g, s, cts, may)
	case game.PhaseDefend:
		a.Value = int(d.Defend(g, s))
	case game.PhaseRetrieve:
		rt, ok := d.(Retriever)
		return yn(ok && rt.Retrieve(g, s))
	case game.PhaseOpen:
		if oc, ok := d.(OpenChooser); ok {
			return yn(oc.ChooseOpen(g, s))
		}
		return yn(g.Open) // keep what the contract says
	case game.PhaseInvite:
		return yn(d.Invite(g, s))
	case game.PhaseGiveUp:
		return yn(d.GiveUp(g, s))
	case game.PhaseContra:
		return yn(d.Contra(g, s))
	case game.PhaseRecontra:
		return yn(d.Recontra(g, s, g.ContraBy()))
	case game.PhasePlay:
		var m cards.Mask
		for _, l := range legal {
			m |= l.Cards
		}
		a.Cards = d.Play(g, s, m).Bit()
	}
	return a
}
