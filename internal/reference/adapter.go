package reference

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
)

// Player plugs the reference's Decide* functions into the interpreter as a
// game.Player for austrian-1829: it reads the question from the legal
// actions and the interpreter's state, and asks the same function the
// reference asks. What may be called, announced or played is taken from
// the legal actions the interpreter offers, never recomputed here.
type Player struct{}

var _ game.Player = Player{}

// Choose answers the decision legal offers.
func (Player) Choose(g *game.Game, legal []game.Action) game.Action {
	a := legal[0]
	s := a.Seat
	hand := uint32(g.Hands[s])
	yes := func(b bool) game.Action {
		a.Value = game.No
		if b {
			a.Value = game.Yes
		}
		return a
	}
	switch a.Phase {
	case game.PhaseAuction:
		var open uint8
		for _, l := range legal {
			if l.Value != game.Pass {
				open |= 1 << g.R.Ladder[l.Value].Contract
			}
		}
		c := DecideCall(hand, open)
		a.Value = game.Pass
		for _, l := range legal {
			if l.Value != game.Pass && g.R.Ladder[l.Value].Contract == c {
				a.Value = l.Value
			}
		}
	case game.PhaseOffer:
		return yes(DecideOffer(hand))
	case game.PhaseFromHand:
		return yes(DecideHand(hand, g.R.Ladder[g.Bid].Contract))
	case game.PhaseDiscard:
		a.Cards = cards.Mask(DecideDiscard(hand))
	case game.PhaseAnnounce:
		var open uint8
		may := false
		for _, l := range legal {
			if l.Concede {
				may = true
			} else {
				open |= 1 << l.Value
			}
		}
		a.Value, a.Concede = DecideAnnounce(hand, open, may)
	case game.PhaseDefend:
		a.Value = int(deal.Drop)
		if DecideDefend(hand, int(g.Trump)) {
			a.Value = int(deal.Play)
		}
	case game.PhasePlay:
		var m cards.Mask
		for _, l := range legal {
			m |= l.Cards
		}
		a.Cards = Player{}.ChooseCard(g, m).Bit()
	}
	return a
}

// ChooseCard is Choose for a card, from the mask of the cards open: a
// game.CardChooser, as pref simulate gives its simple players.
func (Player) ChooseCard(g *game.Game, legal cards.Mask) cards.Card {
	t := trickOf(g)
	return cards.Card(DecidePlay(g.ToAct(), uint32(legal), &t, trumpOf(g), g.Declarer))
}

// trickOf is the interpreter's trick under way as the players see it.
func trickOf(g *game.Game) Trick {
	ct := g.CurrentTrick()
	t := Trick{Leader: int8(ct.Leader), N: int8(ct.N)}
	for i := 0; i < ct.N && i < len(t.Cards); i++ {
		t.Seats[i], t.Cards[i] = ct.Seats[i], uint8(ct.Cards[i])
	}
	return t
}

// trumpOf is the interpreter's trump suit, or NoTrump.
func trumpOf(g *game.Game) int {
	if g.Trump == cards.NoSuit {
		return NoTrump
	}
	return int(g.Trump)
}

// SochiPlayer plugs the sochi players into the interpreter as a
// game.Player, as Player does for austrian-1829.
type SochiPlayer struct{}

var _ game.Player = SochiPlayer{}

// Choose answers the decision legal offers.
func (SochiPlayer) Choose(g *game.Game, legal []game.Action) game.Action {
	a := legal[0]
	s := a.Seat
	hand := uint32(g.Hands[s])
	yes := func(b bool) game.Action {
		a.Value = game.No
		if b {
			a.Value = game.Yes
		}
		return a
	}
	switch a.Phase {
	case game.PhaseAuction:
		var open uint32
		for _, l := range legal {
			if l.Value != game.Pass {
				open |= 1 << g.R.Ladder[l.Value].Contract
			}
		}
		c := DecideSochiCall(hand, open)
		a.Value = game.Pass
		for _, l := range legal {
			if l.Value != game.Pass && g.R.Ladder[l.Value].Contract == c {
				a.Value = l.Value
			}
		}
	case game.PhaseDiscard:
		a.Cards = cards.Mask(DecideSochiDiscard(hand, g.R.Ladder[g.Bid].Contract == SochiMisere))
	case game.PhaseAnnounce:
		var open uint32
		for _, l := range legal {
			if !l.Concede {
				open |= 1 << l.Value
			}
		}
		a.Value = DecideSochiAnnounce(hand, open)
	case game.PhaseDefend:
		mayHalf := false
		for _, l := range legal {
			mayHalf = mayHalf || l.Value == int(deal.Half)
		}
		a.Value = int(DecideWhist(hand, g.Contract, mayHalf))
	case game.PhaseRetrieve:
		return yes(DecideRetrieve(hand, g.Contract))
	case game.PhaseOpen:
		return yes(DecideOpen(hand))
	case game.PhasePlay:
		var m cards.Mask
		for _, l := range legal {
			m |= l.Cards
		}
		a.Cards = SochiPlayer{}.ChooseCard(g, m).Bit()
	}
	return a
}

// ChooseCard is Choose for a card, from the mask of the cards open.
func (SochiPlayer) ChooseCard(g *game.Game, legal cards.Mask) cards.Card {
	t := trickOf(g)
	return cards.Card(DecideSochiPlay(g.ToAct(), uint32(legal), &t, trumpOf(g), g.Declarer, g.Contract))
}
