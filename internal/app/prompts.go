package app

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// The words for decisions, shared by the line seat and the full screen.

// Question is the yes-or-no question a decision of phase ph asks.
func (p *Printer) Question(g *game.Game, ph game.Phase) string {
	switch ph {
	case game.PhaseOffer:
		return "Everybody passed. Become declarer?"
	case game.PhaseFromHand:
		return "Play from the hand, without the talon?"
	case game.PhaseRetrieve:
		return "The other defender took half. Whist after all (you then defend alone)?"
	case game.PhaseOpen:
		return "The other defender passed. Play open (both defending hands shown, you play both)?"
	case game.PhaseInvite:
		return "The other defender dropped out. Invite them?"
	case game.PhaseGiveUp:
		return "Give up before play?"
	case game.PhaseContra:
		return "Contra?"
	case game.PhaseRecontra:
		if call := g.ContraCall(); call > 2 {
			return fmt.Sprintf("%s doubled to %s. %s?", p.SeatName(g.ContraBy()), ruleset.ContraCalls[call-1], strings.ToUpper(ruleset.ContraCalls[call][:1])+ruleset.ContraCalls[call][1:])
		}
		return p.SeatName(g.ContraBy()) + " calls contra. Recontra?"
	}
	return ph.String() + "?"
}

// ActionName is how an action is offered and told: a call, a contract, a
// defence, a card, yes or no.
func (p *Printer) ActionName(g *game.Game, a game.Action) string {
	switch a.Phase {
	case game.PhaseAuction:
		if a.Value == game.Pass {
			return "pass"
		}
		return g.R.CallName(g.R.Ladder[a.Value])
	case game.PhaseAnnounce:
		if a.Concede {
			return "give up"
		}
		return g.R.Contracts[a.Value].Name
	case game.PhaseDefend:
		switch deal.Choice(a.Value) {
		case deal.Play:
			return "defend"
		case deal.Drop:
			return "pass"
		}
		return deal.Choice(a.Value).String()
	case game.PhasePotAuction:
		if a.Value == 0 {
			return "pass"
		}
	case game.PhasePlay:
		return p.Card(a.Card())
	case game.PhaseDiscard:
		return p.Cards(a.Cards)
	default:
		if a.Value == game.Yes {
			return "yes"
		}
		return "no"
	}
	return fmt.Sprint(a.Value)
}
