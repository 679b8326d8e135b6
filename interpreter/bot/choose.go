package bot

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

var _ game.Player = (*Simple)(nil)

// ChooseCard is Choose for a card, from the mask of the cards open to
// the seat to play: a game.CardChooser, the play loop's fast path (no list
// of actions built, none searched).
func (b *Simple) ChooseCard(g *game.Game, legal cards.Mask) cards.Card {
	return b.play(g, g.ToAct(), legal)
}

// FastCards sets g's card choosers (game.Game.CardChoosers) for the seats
// whose player is a *Simple itself, and clears the others': a type that
// embeds Simple is another type and keeps its own Choose.
func FastCards(g *game.Game) {
	for i := range g.CardChoosers {
		g.CardChoosers[i] = nil
		if i < len(g.Players) {
			if s, ok := g.Players[i].(*Simple); ok {
				g.CardChoosers[i] = s.ChooseCard
			}
		}
	}
}

// Choose takes one of the legal actions: the bot's decision for the phase
// they belong to. Reason says why. A player that wants to decide one phase
// itself chooses that phase and passes the rest to Choose.
func (b *Simple) Choose(g *game.Game, legal []game.Action) game.Action {
	a := legal[0]
	s := a.Seat
	yn := func(yes bool) game.Action {
		a.Value = game.No
		if yes {
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
		a.Value = b.call(g, s, calls)
	case game.PhaseOffer:
		return yn(b.takeOffer(g, s))
	case game.PhasePotAuction:
		a.Value = b.potOffer(g, s, g.PotOffer()+1)
	case game.PhaseFromHand:
		return yn(b.playFromHand(g, s))
	case game.PhaseDiscard:
		a.Cards = b.discard(g, s, a.Value)
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
		a.Value, a.Concede = b.announce(g, s, cts, may)
	case game.PhaseDefend:
		a.Value = int(b.defend(g, s))
	case game.PhaseRetrieve:
		return yn(b.retrieve(g, s))
	case game.PhaseOpen:
		return yn(b.chooseOpen(g, s))
	case game.PhaseInvite:
		return yn(b.invite(g, s))
	case game.PhaseGiveUp:
		return yn(b.giveUp(g, s))
	case game.PhaseContra:
		return yn(b.contra(g, s))
	case game.PhaseRecontra:
		return yn(b.recontra(g, s, g.ContraBy()))
	case game.PhasePlay:
		var m cards.Mask
		for _, l := range legal {
			m |= l.Cards
		}
		a.Cards = b.play(g, s, m).Bit()
	}
	return a
}
