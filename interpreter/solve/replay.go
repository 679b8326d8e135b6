package solve

import (
	"fmt"
	"slices"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Step is one card of a played deal as perfect play sees it.
type Step struct {
	Trick int        // from 1
	Seat  int        // who played
	Card  cards.Card //
	// Counted is the seat whose tricks Before and After count: the
	// declarer, or in a deal without one (the all-pass game) the player of
	// the card, who plays to take as few as he can.
	Counted int
	Before  int // Counted's tricks in the whole deal with best play from here, before the card
	After   int // the same once the card is down
}

// replay walks a finished deal's card play, keeping the position.
type replay struct {
	g        *game.State
	hands    [game.MaxSeats]cards.Mask // as play stands
	talon    []cards.Card              // turned in this order
	turned   int
	taken    [game.MaxSeats]int
	competes bool
	// last is the position value worked out last: a card's "after" is
	// the next card's "before" (in a deal with a declarer), and the solver
	// is the whole cost of a replay. remember false: every value solved.
	last     valued
	remember bool
}

// valued is a position's value and what makes the position: the seat
// counted, the leader, the talon's cards turned, the hands, the tricks
// counted's side holds, the trick under way.
type valued struct {
	ok              bool
	counted, leader int
	turned, taken   int
	hands           [game.MaxSeats]cards.Mask
	trick           []cards.Card
	seats           []int
	v               int
}

// is reports whether the position is v's.
func (v *valued) is(rp *replay, counted, leader int, trick []cards.Card, seats []int) bool {
	return v.ok && v.counted == counted && v.leader == leader && v.turned == rp.turned && v.taken == rp.taken[counted] &&
		v.hands == rp.hands && slices.Equal(v.trick, trick) && slices.Equal(v.seats, seats)
}

func newReplay(g *game.State) (*replay, error) {
	if g.Contract < 0 || g.NTricks == 0 {
		return nil, fmt.Errorf("no card play to analyse")
	}
	ct := &g.R.Contracts[g.Contract]
	if g.Declarer < 0 && !ct.NoDeclarer {
		return nil, fmt.Errorf("no card play to analyse")
	}
	rp := &replay{g: g, competes: g.TalonCompetes()}
	for s := 0; s < g.Seats(); s++ {
		if g.InPlay(s) { // a defender who dropped out holds cards nobody plays
			rp.hands[s] = g.Hands[s]
		}
	}
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		for k := 0; k < t.N; k++ {
			if s := int(t.Seats[k]); s >= 0 {
				rp.hands[s] |= t.Cards[k].Bit()
			} else {
				rp.talon = append(rp.talon, t.Cards[k])
			}
		}
	}
	return rp, nil
}

// value is counted's tricks in the whole deal with best play from the
// position: the trick under way (from its leader; seats says who played
// each card, the talon's first) and the hands as they stand.
func (rp *replay) value(counted, leader int, trick []cards.Card, seats []int) (int, error) {
	if rp.remember && rp.last.is(rp, counted, leader, trick, seats) {
		return rp.last.v, nil
	}
	v, err := rp.solve(counted, leader, trick, seats)
	if err == nil && rp.remember {
		rp.last = valued{ok: true, counted: counted, leader: leader, turned: rp.turned, taken: rp.taken[counted],
			hands: rp.hands, trick: slices.Clone(trick), seats: slices.Clone(seats), v: v}
	}
	return v, err
}

// solve is value worked out by the solver.
func (rp *replay) solve(counted, leader int, trick []cards.Card, seats []int) (int, error) {
	g := rp.g
	p := &Position{R: g.R, Contract: g.Contract, Declarer: counted, Hands: rp.hands, Leader: leader, Trick: trick, TrickSeats: seats,
		Talon: rp.talon[rp.turned:], TalonCompetes: rp.competes, Cooperating: g.CooperationBinds()} // a card turned into this trick is the trick's
	if rp.hands[counted] == 0 && len(trick) == 0 {
		return rp.taken[counted], nil // he has played his last card
	}
	if len(trick) == 0 && rp.hands[leader] == 0 {
		return rp.taken[counted], nil
	}
	v, _, err := Tricks(p)
	return rp.taken[counted] + v, err
}

// Replay goes through the card play of a finished deal (its state as the
// game left it) card by card and says, before and after each card, how
// many tricks the declarer would take in the whole deal with best play
// from there on: a card after which the number moves against its player's
// side cost a trick. In a deal without a declarer each card is weighed
// for its own player: the tricks he can hold himself to.
func Replay(g *game.State) ([]Step, error) {
	return replaySteps(g, true)
}

// replaySteps is Replay; remember false solves every position, the same
// as the card before's again.
func replaySteps(g *game.State, remember bool) ([]Step, error) {
	rp, err := newReplay(g)
	if err != nil {
		return nil, err
	}
	rp.remember = remember
	var out []Step
	for i := 0; i < g.NTricks; i++ {
		t := &g.Record[i]
		var trick []cards.Card
		var seats []int
		for k := 0; k < t.N; k++ {
			s := int(t.Seats[k])
			if s == game.TalonSeat {
				rp.turned++
				trick, seats = append(trick, t.Cards[k]), append(seats, s)
				continue
			}
			counted := g.Declarer
			if counted < 0 {
				counted = s
			}
			before, err := rp.value(counted, t.Leader, trick, seats)
			if err != nil {
				return nil, err
			}
			rp.hands[s] &^= t.Cards[k].Bit()
			trick, seats = append(trick, t.Cards[k]), append(seats, s)
			var after int
			if k == t.N-1 { // the trick is complete
				if t.Winner >= 0 {
					rp.taken[t.Winner]++
				}
				leader := t.Winner
				if leader < 0 {
					leader = t.Leader
				}
				after, err = rp.value(counted, leader, nil, nil)
			} else {
				after, err = rp.value(counted, t.Leader, trick, seats)
			}
			if err != nil {
				return nil, err
			}
			out = append(out, Step{Trick: i + 1, Seat: s, Card: t.Cards[k], Counted: counted, Before: before, After: after})
		}
	}
	return out, nil
}

// Holds is, after the first n tricks of a finished deal (0: as play
// began), each seat's tricks in the whole deal with best play from there:
// for a deal without a declarer, the fewest each player can hold himself
// to; else the declarer's, for the declarer's seat only (the others -1).
func Holds(g *game.State, n int) ([]int, error) {
	rp, err := newReplay(g)
	if err != nil {
		return nil, err
	}
	n = min(n, g.NTricks)
	leader := g.Record[0].Leader
	for i := 0; i < n; i++ {
		t := &g.Record[i]
		for k := 0; k < t.N; k++ {
			if s := int(t.Seats[k]); s >= 0 {
				rp.hands[s] &^= t.Cards[k].Bit()
			} else {
				rp.turned++
			}
		}
		if t.Winner >= 0 {
			rp.taken[t.Winner]++
			leader = t.Winner
		}
	}
	out := make([]int, g.Seats())
	for s := range out {
		out[s] = -1
		if g.Declarer >= 0 && s != g.Declarer {
			continue
		}
		if out[s], err = rp.value(s, leader, nil, nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Misere reports whether the seat counted in contract ci takes as few
// tricks as he can: a misère's declarer, or anyone in a contract without
// a declarer (the all-pass game).
func Misere(r *ruleset.Ruleset, ci int) bool {
	ct := &r.Contracts[ci]
	return ct.NoDeclarer || ct.Exact && ct.Tricks == 0
}

// FirstCost is the first step of a replay (Replay) whose card cost its
// player's side a trick: after it, best play gives the seat counted more
// than before when that side wants him to take few, or fewer when it wants
// him to take many. False when every card was as good as the best.
func FirstCost(steps []Step, misere bool) (Step, bool) {
	for _, s := range steps {
		wantsMany := (s.Seat == s.Counted) != misere
		if wantsMany && s.After < s.Before || !wantsMany && s.After > s.Before {
			return s, true
		}
	}
	return Step{}, false
}
