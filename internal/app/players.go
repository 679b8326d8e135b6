package app

import (
	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
)

// reasoned is a computer player that prints each of its calls with its
// reason.
type reasoned struct {
	bot    game.Player
	reason func() string
	p      *Printer
	names  []string
}

// newReasoned makes the computer player of kind for a seat: simple, or
// strong (cards by sampling, the other decisions weighed by simulation).
func newReasoned(kind string, seed uint64, p *Printer, names []string) *reasoned {
	if kind == "strong" {
		b := bot.NewStrong(seed)
		return &reasoned{bot: b, reason: func() string { return b.Reason() }, p: p, names: names}
	}
	b := &bot.Simple{}
	return &reasoned{bot: b, reason: func() string { return b.Reason() }, p: p, names: names}
}

func (b *reasoned) Choose(g *game.Game, legal []game.Action) game.Action {
	a := b.bot.Choose(g, legal)
	if a.Phase == game.PhaseAuction {
		call := "pass"
		if a.Value != game.Pass {
			call = b.p.callName(g.R.Ladder[a.Value])
		}
		b.p.Printf("  %-10s %-12s (%s)\n", b.names[a.Seat], call, b.reason())
	}
	return a
}

// Adviser is a computer player that says why: the hint's source.
type Adviser interface {
	game.Player
	Reason() string
}

// NewAdviser is the hint of the kind of computer player chosen: the simple
// one, or the strong one (cards by sampling and double-dummy, the other
// decisions by playing each option out).
func NewAdviser(kind string) Adviser {
	if kind == "strong" {
		return bot.NewStrong(0x41d)
	}
	return &bot.Simple{}
}

// Why is an adviser's reason for the hint it just gave, with its count of
// the person's hand in words when it gives one (the simple player's
// Counted), so that a hint teaches how the hand was judged. Only for the
// person's own hand: the table's log prints the opponents' bare reasons.
func Why(a Adviser) string {
	if c, ok := a.(interface{ Counted() string }); ok {
		return c.Counted()
	}
	return a.Reason()
}
