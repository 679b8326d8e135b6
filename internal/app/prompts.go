package app

import "github.com/preference-rules/pref/interpreter/game"

// The words for decisions, shared by the line seat and the full screen,
// come from the game's one table of action words (game/words.go); the
// printer only supplies how a card, cards and a seat are shown.

// namer gives the game's word table this printer's names for cards and seats.
func (p *Printer) namer() game.Namer {
	return game.Namer{Card: p.Card, Cards: p.Cards, Seat: p.SeatName}
}

// Question is the yes-or-no question a decision of phase ph asks.
func (p *Printer) Question(g *game.Game, ph game.Phase) string {
	return g.Question(ph, p.namer())
}

// ActionName is how an action is offered and told: a call, a contract, a
// defence, a card, yes or no.
func (p *Printer) ActionName(g *game.Game, a game.Action) string {
	return g.ActionWords(a, game.Spoken, p.namer())
}
