package rulings

import (
	"errors"
	"fmt"
	"slices"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
)

// bestPlayBudget bounds the search of one step's analysis (cards tried):
// a page waits for it. Positions of a whole hand of ten cards take far
// less; pref analyse has no such bound.
const bestPlayBudget = 4_000_000

// BestPlay is what perfect play (pref analyse's solver, every hand known)
// gives from a step of the card play: the counted seat's tricks in the
// whole deal with best play by all from here, and each legal card of the
// seat to play with that count after it.
type BestPlay struct {
	Seat    string      // to play
	Counted string      // whose tricks are counted: the declarer, or in a deal without one the seat to play
	Many    bool        // the seat to play wants the count high (else low)
	Tricks  int         // with best play from here
	Cards   []CardValue // highest card first
}

// CardValue is a legal card and the counted seat's tricks after it; Best
// when it is as good as any for the seat to play.
type CardValue struct {
	Card   string
	Tricks int
	Best   bool
}

// AnalyseStep solves the position of a step in the card play.
func AnalyseStep(g *game.State) (*BestPlay, error) {
	if g == nil || g.Phase() != game.PhasePlay || g.Contract < 0 {
		return nil, errors.New("best play is weighed in the card play only")
	}
	r, seat := g.R, g.ToAct()
	counted := g.Declarer
	if counted < 0 {
		counted = seat
	}
	p := &solve.Position{R: r, Contract: g.Contract, Declarer: counted, Leader: seat, MaxNodes: bestPlayBudget,
		TalonCompetes: g.TalonCompetes(), Cooperating: g.CooperationBinds(), Talon: talonToTurn(g)}
	for s := 0; s < g.Seats(); s++ {
		if g.InPlay(s) {
			p.Hands[s] = g.Hands[s]
		}
	}
	if tr := g.CurrentTrick(); tr.N > 0 {
		p.Leader = tr.Leader
		for k := 0; k < tr.N; k++ {
			p.Trick, p.TrickSeats = append(p.Trick, tr.Cards[k]), append(p.TrickSeats, int(tr.Seats[k]))
		}
	}
	values, err := solve.CardValues(p)
	if errors.Is(err, solve.ErrBudget) {
		return nil, fmt.Errorf("this position takes too long to solve here: pref analyse solves it")
	}
	if err != nil {
		return nil, err
	}
	b := &BestPlay{Seat: g.SeatName(seat), Counted: g.SeatName(counted), Many: (seat == counted) != solve.Misere(r, g.Contract)}
	order := make([]cards.Card, 0, len(values))
	for c := range values {
		order = append(order, c)
	}
	slices.SortFunc(order, func(a, b cards.Card) int { return int(b) - int(a) })
	for i, c := range order {
		v := values[c] + g.Taken[counted]
		if i == 0 || b.Many && v > b.Tricks || !b.Many && v < b.Tricks {
			b.Tricks = v
		}
		b.Cards = append(b.Cards, CardValue{Card: r.Deck.Name(c), Tricks: v})
	}
	for i := range b.Cards {
		b.Cards[i].Best = b.Cards[i].Tricks == b.Tricks
	}
	return b, nil
}

// talonToTurn is the talon's cards still to be turned into tricks, in
// order, in a contract that turns them; none in any other.
func talonToTurn(g *game.State) []cards.Card {
	if g.R.Contracts[g.Contract].TalonLeads == ruleset.TalonNotTurned {
		return nil
	}
	var turned cards.Mask
	for i := 0; i < g.NTricks; i++ {
		for k := 0; k < g.Record[i].N; k++ {
			turned |= g.Record[i].Cards[k].Bit()
		}
	}
	tr := g.CurrentTrick()
	for k := 0; k < tr.N; k++ {
		turned |= tr.Cards[k].Bit()
	}
	var out []cards.Card
	for _, c := range g.TalonOrder() {
		if !turned.Has(c) {
			out = append(out, c)
		}
	}
	return out
}
