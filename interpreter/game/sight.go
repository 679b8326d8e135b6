package game

import "github.com/preference-rules/pref/interpreter/cards"

// What a seat may see of a deal under way: one rule for every front end
// that shows a seat its table (the web page), for outside programs seated
// through the protocol (bot/extern) and for the strong player's samples.
// A hand is seen by its own seat, by the seat that plays it, and in the
// card play where the contract opens it (an open declarer, open
// defenders) or the defence plays open.

// SeesHand reports whether the player at me may see the cards of seat.
func (g *State) SeesHand(me, seat int) bool {
	if seat == me {
		return true
	}
	if g.Phase() < PhasePlay || g.Contract < 0 {
		return false // before the play nothing is open
	}
	if g.Controller(seat) == me {
		return true
	}
	d := g.Declarer
	if d < 0 {
		return false // everybody passed: each plays for himself, closed
	}
	ct := &g.R.Contracts[g.Contract]
	return seat == d && ct.Open || seat != d && (ct.DefendersOpen || g.Open)
}

// TalonPickedUp reports whether the declarer has picked the talon up.
func (g *State) TalonPickedUp() bool {
	return g.Declarer >= 0 && g.Phase() > PhaseFromHand && !g.Hand && g.R.Exchange.TakeTalon
}

// SeesTalon reports whether the player at me may see the talon's cards:
// the declarer's own, once taken up, or any seat's where the ruleset
// shows the talon when it is taken. (A talon turned into tricks is seen
// card by card in the tricks.)
func (g *State) SeesTalon(me int) bool {
	return g.TalonPickedUp() && (me == g.Declarer || g.R.Exchange.ShowTalon)
}

// Hidden is every card of the pack the player at me may not see now: the
// cards in hands he may not see, the talon unless shown, and the cards
// another declarer laid aside.
func (g *State) Hidden(me int) cards.Mask {
	var seen cards.Mask
	for s := 0; s < g.Seats(); s++ {
		if g.SeesHand(me, s) {
			seen |= g.Hands[s]
		}
	}
	if g.SeesTalon(me) {
		seen |= g.Talon
	}
	if me == g.Declarer {
		seen |= g.Laid
	}
	for i := 0; i < g.NTricks; i++ {
		seen |= g.Record[i].played()
	}
	seen |= g.CurrentTrick().played()
	return g.R.Deck.All() &^ seen
}

// played is the cards in the trick so far.
func (t *Trick) played() cards.Mask {
	var m cards.Mask
	for k := 0; k < t.N; k++ {
		m |= t.Cards[k].Bit()
	}
	return m
}
