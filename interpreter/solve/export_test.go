package solve

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

func SetNoTT(v bool) { noTT = v }

// WinnerOf is the seat the solver gives a complete trick (p.Trick, from
// p.Leader, p.TrickSeats saying who played each card).
func WinnerOf(p *Position) (int, error) {
	s, st, err := build(p)
	if err != nil {
		return 0, err
	}
	return s.winner(st), nil
}

// LegalOf is the set of cards the solver lets seat play in position p.
func LegalOf(p *Position, seat int) (cards.Mask, error) {
	s, st, err := New(p)
	if err != nil {
		return 0, err
	}
	return s.legal(st, seat), nil
}

// LegalMovesOf is the cards the rules of play alone allow seat (no
// cooperation rule).
func LegalMovesOf(r *ruleset.Ruleset, contract, declarer, seat int, hand cards.Mask, trick []cards.Card) cards.Mask {
	return game.LegalMoves(r.Play.ForSeat(seat == declarer, true), r.Contracts[contract].Trumps, hand, trick)
}
