package app

import (
	"time"

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
		call := g.R.PassWord() // "pass", or the table's word where a term set says one
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
// decisions by playing each option out), kept to its budgets on the clock
// (clockedHint): a hint is waited for.
func NewAdviser(kind string) Adviser {
	if kind == "strong" {
		return newClockedHint(0x41d)
	}
	return &bot.Simple{}
}

// hintBudget and hintCardBudget are the strong hint's search on the
// clock, for a decision and for a card: the strong player's own budgets
// (bot.Strong), which pref simulate's strong-timed keeps to on the clock
// too. With the least search it always makes, a hint then answers well
// under a second even on a loaded machine.
const (
	hintBudget     = 200 * time.Millisecond
	hintCardBudget = 100 * time.Millisecond
)

// clockedHint is the strong player as a hint, its search stopped once its
// budget has passed on the clock (bot.Strong.WallClock, as strong-timed
// plays): on a busy machine it searches less rather than keeping the
// learner waiting, and says so.
type clockedHint struct {
	*bot.Strong
	cut bool // the last hint took its whole budget on the clock: cut short
}

func newClockedHint(seed uint64) *clockedHint {
	b := bot.NewStrong(seed)
	b.WallClock, b.Budget, b.CardBudget = true, hintBudget, hintCardBudget
	return &clockedHint{Strong: b}
}

// Choose is the strong player's choice, timed.
func (h *clockedHint) Choose(g *game.Game, legal []game.Action) game.Action {
	start := time.Now()
	a := h.Strong.Choose(g, legal)
	budget := h.Budget
	if len(legal) > 0 && legal[0].Phase == game.PhasePlay {
		budget = h.CardBudget
	}
	h.cut = time.Since(start) >= budget
	return a
}

// hintCut is what a hint cut short at its time limit adds to its reason.
const hintCut = " (a quick answer: the search was cut short at its time limit)"

// Reason is the strong player's reason, saying whether it was cut short.
func (h *clockedHint) Reason() string { return h.Strong.Reason() + h.cutWords() }

// Counted is the strong player's Counted, saying whether it was cut short.
func (h *clockedHint) Counted() string { return h.Strong.Counted() + h.cutWords() }

func (h *clockedHint) cutWords() string {
	if h.cut {
		return hintCut
	}
	return ""
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
