package app

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
)

// What a seat may see of a deal under way: a front end that draws the
// table for one seat (the web page) shows these cards face up and every
// other card as a back. The rule is the strong player's (bot, Strong.view):
// a hand opened by the contract (an open declarer, open defenders), the
// hands of a defence played open, and a hand the seat plays.

// Sees reports whether the player at me may see the hand of seat now.
func Sees(g *game.Game, me, seat int) bool {
	if seat == me {
		return true
	}
	if g.Phase() < game.PhasePlay || g.Contract < 0 {
		return false // before the play nothing is open
	}
	if g.Controller(seat) == me {
		return true
	}
	ct := &g.R.Contracts[g.Contract]
	if g.Declarer < 0 {
		return false // everybody passed: each plays for himself, closed
	}
	return seat == g.Declarer && ct.Open || seat != g.Declarer && (ct.DefendersOpen || g.Open)
}

// SeesTalon reports whether the player at me may see the talon's cards:
// the declarer's own, once taken up, or any seat's where the ruleset shows
// the talon when it is taken.
func SeesTalon(g *game.Game, me int) bool {
	taken := g.Declarer >= 0 && g.Phase() >= game.PhaseDiscard && !g.Hand && g.R.Exchange.TakeTalon
	return taken && (me == g.Declarer || g.R.Exchange.ShowTalon)
}

// Hidden is every card of the pack the player at me may not see now: the
// cards still in hands he may not see, the talon unless shown, and the
// cards another declarer laid aside. The web's secrecy test reads it.
func Hidden(g *game.Game, me int) cards.Mask {
	var seen cards.Mask
	for s := 0; s < g.Seats(); s++ {
		if Sees(g, me, s) {
			seen |= g.Hands[s]
		}
	}
	if SeesTalon(g, me) {
		seen |= g.Talon
	}
	if me == g.Declarer {
		seen |= g.Laid
	}
	for i := 0; i < g.NTricks; i++ {
		seen |= trickMask(&g.Record[i])
	}
	seen |= trickMask(g.CurrentTrick())
	return g.R.Deck.All() &^ seen
}

func trickMask(t *game.Trick) cards.Mask {
	var m cards.Mask
	for k := 0; k < t.N; k++ {
		m |= t.Cards[k].Bit()
	}
	return m
}
