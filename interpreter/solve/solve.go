// Package solve is a double-dummy solver for any ruleset: with every hand
// known, how many tricks does the declarer take when both sides play
// perfectly? The declarer's side (the declarer alone) and the defence (the
// defenders, and a passer's hand played along) each choose the best card
// under the ruleset's rules of play (follow suit, trump, head the trick,
// by role). In a misère the declarer takes as few tricks as he can.
//
// A contract without a declarer (the all-pass game, where each player
// takes as few tricks as he can) is solved for one player at a time, the
// one counted (Position.Declarer): the fewest tricks he can hold himself
// to whatever the others do, the others playing to give him the most.
// That is the one value a player can be sure of in a game of three with
// no sides; a player's best with the others each minimising their own
// tricks has no single answer (their choices may tie in many ways). The
// talon's cards turned into the first tricks (talon_leads) open those
// tricks before their leaders play, fixing the suit or competing for it.
//
// The search is alpha-beta over single cards with a transposition table at
// the start of each trick (keyed on the hands and the leader, holding
// bounds), equivalent cards (neighbours in one hand with nothing between
// them left in another) tried once, and the cheapest winning card tried
// first. Exhaustive is the plain minimax it is tested against.
package solve

import (
	"errors"
	"fmt"
	"sync"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Position is a deal between tricks, or in the middle of one: each seat's
// hand (empty for a seat out of play), who declares, who leads the trick
// under way and the cards already in it.
type Position struct {
	R        *ruleset.Ruleset
	Contract int
	Declarer int
	Hands    [game.MaxSeats]cards.Mask
	Leader   int
	Trick    []cards.Card // played to the trick under way, from the leader
	// TrickSeats, when given, says who played each card of Trick (in the
	// last trick a seat that has played holds no cards, so the order of
	// the seats cannot be told from the hands alone).
	TrickSeats []int
	// MaxNodes, when above 0, bounds the search: after trying that many
	// cards it gives up with ErrBudget (a player with a time budget skips
	// the rare deal that takes far longer than the others).
	MaxNodes int
	// Talon, in a contract that turns the talon's cards into the first
	// tricks (talon_leads), is the cards still to be turned, in order:
	// each opens a trick before its leader plays. A card already turned
	// into the trick under way is Trick's first, with TrickSeats[0] =
	// game.TalonSeat.
	Talon []cards.Card
	// TalonCompetes: a turned card may win its trick (talon_leads: card,
	// or card-when-dealer-sits-out where the dealer sits out); else it
	// only fixes the suit.
	TalonCompetes bool
}

// ErrBudget is the answer of a search that tried more cards than its
// position's MaxNodes.
var ErrBudget = errors.New("the search tried more cards than its budget allows")

// budgetSpent is raised inside the search when MaxNodes is reached and
// recovered at the top.
type budgetSpent struct{}

// guard turns a search stopped by its budget into ErrBudget.
func guard(err *error) {
	if v := recover(); v != nil {
		if _, ok := v.(budgetSpent); !ok {
			panic(v)
		}
		*err = ErrBudget
	}
}

// Solver answers questions about one position's contract.
type Solver struct {
	r        *ruleset.Ruleset
	trump    cards.Suit
	declarer int // the seat whose tricks are counted
	seats    int
	misere   bool // the counted seat takes as few as he can
	talon    [game.MaxSeats]cards.Card
	nTalon   int
	competes bool
	play     [game.MaxSeats]ruleset.Play // the rules as they bind each seat
	tt       map[key]bound
	Nodes    int // cards tried, for measurements
	limit    int // Position.MaxNodes
}

type key struct {
	hands  [game.MaxSeats]cards.Mask
	leader int8
}

type bound struct{ lo, hi int8 }

// key is the table's key for a position between tricks: the hands in
// relative ranks (in each suit, the cards still held anywhere numbered
// from the lowest), and the leader. Positions that differ only in which
// small cards are gone play alike (following, trumping, heading and
// winning depend on the order of the cards, not on their ranks), so they
// share an entry.
func (s *Solver) key(st *state) key {
	var all cards.Mask
	for i := 0; i < s.seats; i++ {
		all |= st.hands[i]
	}
	k := key{leader: int8(st.leader)}
	for suit := uint(0); suit < 4; suit++ {
		held := uint8(all >> (8 * suit))
		if held == 0 {
			continue
		}
		row := &squeezed[held]
		for i := 0; i < s.seats; i++ {
			k.hands[i] |= cards.Mask(row[uint8(st.hands[i]>>(8*suit))]) << (8 * suit)
		}
	}
	return k
}

// squeezed[held][hand] is hand's cards numbered among held's from the
// lowest: the bits of hand at held's positions, packed together.
var squeezed *[256][256]uint8

var squeeze = sync.OnceFunc(func() {
	var t [256][256]uint8
	for held := 0; held < 256; held++ {
		for hand := 0; hand < 256; hand++ {
			var out uint8
			j := 0
			for b := 0; b < 8; b++ {
				if held&(1<<b) == 0 {
					continue
				}
				if hand&(1<<b) != 0 {
					out |= 1 << j
				}
				j++
			}
			t[held][hand] = out
		}
	}
	squeezed = &t
})

// state is the search's position: hands, the trick under way (a talon
// card first, who = game.TalonSeat), the talon's cards turned so far.
type state struct {
	hands  [game.MaxSeats]cards.Mask
	leader int
	trick  [game.MaxSeats + 1]cards.Card
	who    [game.MaxSeats + 1]int8
	n      int
	turned int
}

// New makes a solver for p's contract; it checks that p can be played.
func New(p *Position) (*Solver, *state, error) {
	r := p.R
	if p.Contract < 0 || p.Contract >= len(r.Contracts) {
		return nil, nil, fmt.Errorf("no contract %d", p.Contract)
	}
	ct := &r.Contracts[p.Contract]
	squeeze()
	s := &Solver{r: r, trump: ct.Trumps, declarer: p.Declarer, seats: r.Hands, misere: ct.NoDeclarer || ct.Exact && ct.Tricks == 0, tt: map[key]bound{}, limit: p.MaxNodes, competes: p.TalonCompetes}
	if p.Declarer < 0 || p.Declarer >= s.seats || p.Hands[p.Declarer] == 0 && len(p.Trick) == 0 {
		if ct.NoDeclarer {
			return nil, nil, fmt.Errorf("the seat counted must be a seat holding cards")
		}
		return nil, nil, fmt.Errorf("the declarer must be a seat holding cards")
	}
	for i := 0; i < s.seats; i++ {
		s.play[i] = r.Play.ForSeat(i == p.Declarer && !ct.NoDeclarer, !ct.NoDeclarer)
	}
	if len(p.Talon) > 0 && ct.TalonLeads == ruleset.TalonNotTurned {
		return nil, nil, fmt.Errorf("%s turns no talon cards into tricks", ct.Display())
	}
	if len(p.Talon) > len(s.talon) {
		return nil, nil, fmt.Errorf("%d talon cards to turn: at most %d", len(p.Talon), len(s.talon))
	}
	s.nTalon = copy(s.talon[:], p.Talon)
	st := &state{hands: p.Hands, leader: p.Leader}
	if p.Leader < 0 || p.Leader >= s.seats || p.Hands[p.Leader] == 0 && len(p.Trick) == 0 {
		return nil, nil, fmt.Errorf("the leader must be a seat holding cards")
	}
	seat := p.Leader
	for k, c := range p.Trick {
		if k < len(p.TrickSeats) {
			seat = p.TrickSeats[k]
		}
		if seat == game.TalonSeat {
			if k > 0 {
				return nil, nil, fmt.Errorf("a talon card can only open a trick")
			}
			st.trick[0], st.who[0], st.n = c, game.TalonSeat, 1
			seat = p.Leader
			continue
		}
		if seat < 0 || seat >= s.seats || st.n > s.seats {
			return nil, nil, fmt.Errorf("the trick under way: no seat %d", seat)
		}
		st.trick[st.n], st.who[st.n] = c, int8(seat)
		st.n++
		seat = s.next(st, seat)
	}
	if st.n == 0 {
		s.open(st)
	}
	var talon cards.Mask
	for _, c := range s.talon[:s.nTalon] {
		if talon.Has(c) {
			return nil, nil, fmt.Errorf("%s is turned twice", r.Deck.Name(c))
		}
		talon |= c.Bit()
	}
	for i := 0; i < s.seats; i++ {
		if st.hands[i]&talon != 0 {
			return nil, nil, fmt.Errorf("%s is in a hand and in the talon", r.Deck.Name((st.hands[i] & talon).Lowest()))
		}
	}
	// every seat in play holds as many cards as the others still to play
	want := -1
	for i := 0; i < s.seats; i++ {
		if st.hands[i] == 0 {
			continue
		}
		n := st.hands[i].Count()
		if played(st, i) {
			n++
		}
		if want >= 0 && n != want {
			return nil, nil, fmt.Errorf("the hands hold different numbers of cards")
		}
		want = n
	}
	for i := 0; i < s.seats; i++ {
		for j := i + 1; j < s.seats; j++ {
			if st.hands[i]&st.hands[j] != 0 {
				return nil, nil, fmt.Errorf("%s is in two hands", r.Deck.Name((st.hands[i] & st.hands[j]).Lowest()))
			}
		}
	}
	return s, st, nil
}

func played(st *state, seat int) bool {
	for k := 0; k < st.n; k++ {
		if int(st.who[k]) == seat {
			return true
		}
	}
	return false
}

// open turns the next talon card, if one is left, into the trick just
// begun.
func (s *Solver) open(st *state) {
	if st.turned < s.nTalon && st.n == 0 && st.hands[st.leader] != 0 {
		st.trick[0], st.who[0], st.n = s.talon[st.turned], game.TalonSeat, 1
		st.turned++
	}
}

// close ends the complete trick under way: its winner leads the next (a
// talon card that won leaves the lead where it was), whose talon card is
// turned if one is left. It returns 1 when the seat counted won it.
func (s *Solver) close(st *state) int {
	w := s.winner(st)
	st.n = 0
	if w >= 0 {
		st.leader = w
	}
	s.open(st)
	if w == s.declarer {
		return 1
	}
	return 0
}

// next is the seat after seat that is in play (holds cards, or holds none
// because it played its last one to this trick).
func (s *Solver) next(st *state, seat int) int {
	for k := 1; k <= s.seats; k++ {
		t := (seat + k) % s.seats
		if st.hands[t] != 0 || played(st, t) {
			return t
		}
	}
	return seat
}

// inPlay is how many cards complete the trick under way: one from each
// seat in play, and the talon's card that opened it.
func (s *Solver) inPlay(st *state) int {
	n := 0
	for i := 0; i < s.seats; i++ {
		if st.hands[i] != 0 || played(st, i) {
			n++
		}
	}
	if st.n > 0 && st.who[0] == game.TalonSeat {
		n++
	}
	return n
}

// Tricks is the number of tricks the declarer takes from the position on
// with best play by both sides.
func Tricks(p *Position) (_ int, _ *Solver, err error) {
	s, st, err := New(p)
	if err != nil {
		return 0, nil, err
	}
	defer guard(&err)
	return s.value(st), s, nil
}

// value is the exact value by null-window searches ("does the declarer
// take at least k?"), a binary search over k sharing one table: each
// narrow search cuts far more than one search with the whole window.
func (s *Solver) value(st *state) int {
	lo, hi := 0, st.hands[s.toPlay(st)].Count() // the tricks still to play
	for lo < hi {
		k := (lo + hi + 1) / 2
		if s.misere {
			k = lo + 1 // few tricks, most often: ask from below
		}
		if s.search(st, k-1, k) >= k {
			lo = k
		} else {
			hi = k - 1
		}
	}
	return lo
}

// CardValues is, for each legal card of the seat to play, the declarer's
// tricks from the position on if that card is played and both sides then
// play their best.
func CardValues(p *Position) (map[cards.Card]int, error) {
	out, _, err := Values(p)
	return out, err
}

// Values is CardValues with the solver that found them (its Nodes say
// how much searching they took).
func Values(p *Position) (_ map[cards.Card]int, _ *Solver, err error) {
	s, st, err := New(p)
	if err != nil {
		return nil, nil, err
	}
	defer guard(&err)
	seat := s.toPlay(st)
	out := map[cards.Card]int{}
	for m := s.legal(st, seat); m != 0; m &= m - 1 {
		c := m.Lowest()
		out[c] = s.after(st, seat, c, func(st *state, _ int) int { return s.value(st) })
	}
	return out, s, nil
}

// Line is one line of best play from p to the end of the deal: every card
// still to be played, in order, each a card of best value for its side
// (the first such in the search's order of moves: the leader's highest,
// a follower's cheapest winner, then his lowest). Playing it out gives
// each seat its tricks, where Tricks gives only the declarer's.
func Line(p *Position) (_ []cards.Card, _ *Solver, err error) {
	s, st, err := New(p)
	if err != nil {
		return nil, nil, err
	}
	defer guard(&err)
	v := s.value(st) // the declarer's tricks from here on
	var out []cards.Card
	var buf [16]cards.Card
	for st.n > 0 || st.hands[st.leader] != 0 {
		seat := s.toPlay(st)
		maximise := (seat == s.declarer) != s.misere
		cands := s.candidates(st, seat, buf[:0])
		pick := cands[0]
		for _, c := range cands {
			// does c keep the value? A null-window search around it.
			keeps := false
			s.after(st, seat, c, func(st *state, won int) int {
				if maximise {
					keeps = s.search(st, v-won-1, v-won) >= v-won
				} else {
					keeps = s.search(st, v-won, v-won+1) <= v-won
				}
				return 0
			})
			if keeps {
				pick = c
				break
			}
		}
		out = append(out, pick)
		total := s.inPlay(st)
		st.hands[seat] &^= pick.Bit()
		st.trick[st.n], st.who[st.n] = pick, int8(seat)
		st.n++
		if st.n == total {
			v -= s.close(st)
		}
	}
	return out, s, nil
}

func (s *Solver) toPlay(st *state) int {
	if st.n == 0 || st.who[st.n-1] == game.TalonSeat {
		return st.leader
	}
	return s.next(st, int(st.who[st.n-1]))
}

func (s *Solver) legal(st *state, seat int) cards.Mask {
	return game.LegalMoves(s.play[seat], s.trump, st.hands[seat], st.trick[:st.n])
}

// after plays c for seat, evaluates the rest with f (tricks from then on;
// won is what the trick c completed gave the declarer, 0 or 1), undoes it
// and returns the declarer's tricks counting this trick.
func (s *Solver) after(st *state, seat int, c cards.Card, f func(st *state, won int) int) int {
	total := s.inPlay(st)
	st.hands[seat] &^= c.Bit()
	st.trick[st.n], st.who[st.n] = c, int8(seat)
	st.n++
	var v int
	if st.n == total { // the trick is complete
		saved := *st
		won := s.close(st)
		v = won + f(st, won)
		*st = saved
	} else {
		v = f(st, 0)
	}
	st.n--
	st.hands[seat] |= c.Bit()
	return v
}

// winner is the seat that wins the complete trick under way, or
// game.TalonSeat for a talon card that competes and won. A talon card that
// only fixes the suit is held by the first card of its suit played to it
// until a higher card beats that; when nobody followed its suit the trick
// goes to the highest card of the suit the first player played (the rules
// of game.State).
func (s *Solver) winner(st *state) int {
	talon := st.who[0] == game.TalonSeat
	w, wk := st.trick[0], 0
	for k := 1; k < st.n; k++ {
		c := st.trick[k]
		switch {
		case c.Suit() == w.Suit() && c.Rank() > w.Rank() || s.trump != cards.NoSuit && c.Suit() == s.trump && w.Suit() != s.trump:
			w, wk = c, k
		case talon && wk == 0 && !s.competes && c.Suit() == w.Suit():
			w, wk = c, k
		}
	}
	if talon && wk == 0 && !s.competes && st.n > 1 {
		w, wk = st.trick[1], 1
		for k := 2; k < st.n; k++ {
			if c := st.trick[k]; c.Suit() == w.Suit() && c.Rank() > w.Rank() {
				w, wk = c, k
			}
		}
	}
	return int(st.who[wk])
}

// search is alpha-beta: the declarer's tricks from st on, exact when
// strictly between alpha and beta, else a bound on the side it fell.
func (s *Solver) search(st *state, alpha, beta int) int {
	if st.n == 0 && noTT {
		if st.hands[st.leader] == 0 {
			return 0
		}
		return s.play1(st, alpha, beta)
	}
	if st.n == 0 {
		if st.hands[st.leader] == 0 {
			return 0
		}
		k := s.key(st)
		if b, ok := s.tt[k]; ok {
			switch {
			case b.lo == b.hi:
				return int(b.lo)
			case int(b.lo) >= beta:
				return int(b.lo)
			case int(b.hi) <= alpha:
				return int(b.hi)
			}
			alpha, beta = max(alpha, int(b.lo)), min(beta, int(b.hi))
		}
		if s.misere && s.safe(st) {
			return 0
		}
		if !s.misere {
			// the tricks the leader cashes at once bound the value
			if qt := s.quickTricks(st); qt > 0 {
				if st.leader == s.declarer && qt >= beta {
					return qt
				}
				if st.leader != s.declarer {
					if hi := st.hands[st.leader].Count() - qt; hi <= alpha {
						return hi
					}
				}
			}
		}
		a0, b0 := alpha, beta
		v := s.play1(st, alpha, beta)
		b, ok := s.tt[k]
		if !ok {
			b = bound{0, int8(st.hands[st.leader].Count())}
		}
		switch {
		case v <= a0:
			b.hi = int8(min(int(b.hi), v))
		case v >= b0:
			b.lo = int8(max(int(b.lo), v))
		default:
			b.lo, b.hi = int8(v), int8(v)
		}
		s.tt[k] = b
		return v
	}
	return s.play1(st, alpha, beta)
}

// quickTricks is how many tricks the leader of a new trick takes by
// leading his top cards: in the trump suit, each card of his above every
// other trump still out; in another suit, each card above every other card
// of it still out, as long as no other player able to trump is out of the
// suit by then (cashing the top trumps first draws as many from each; a
// partner's ruff, forced where trumping is a duty, would take the lead
// away as much as an opponent's). Followers must
// follow suit, and a card above every other of its suit can only be beaten
// by a trump, so the count is a bound the search may stop on.
func (s *Solver) quickTricks(st *state) int {
	me := st.leader
	hand := st.hands[me]
	var opp [game.MaxSeats]cards.Mask // the other hands
	var out cards.Mask                // their cards
	nOpp := 0
	for i := 0; i < s.seats; i++ {
		if i == me || st.hands[i] == 0 {
			continue
		}
		out |= st.hands[i]
		opp[nOpp] = st.hands[i] // a partner's forced ruff would take the lead too
		nOpp++
	}
	// top cards of suit su: the leader's cards above all of out's in su
	top := func(su cards.Suit) int {
		mine, theirs := hand&cards.SuitMask(su), out&cards.SuitMask(su)
		n := 0
		for mine != 0 {
			c := mine.Highest()
			if theirs != 0 && theirs.Highest() > c {
				break
			}
			n++
			mine &^= c.Bit()
		}
		return n
	}
	total, trumpsCashed := 0, 0
	if s.trump != cards.NoSuit {
		trumpsCashed = top(s.trump)
		total = trumpsCashed
	}
	for su := cards.Suit(0); su < 4; su++ {
		if su == s.trump || hand&cards.SuitMask(su) == 0 {
			continue
		}
		n := top(su)
		if s.trump != cards.NoSuit {
			for k := 0; k < nOpp; k++ {
				if (opp[k] & cards.SuitMask(s.trump)).Count() > trumpsCashed {
					n = min(n, (opp[k] & cards.SuitMask(su)).Count())
				}
			}
		}
		total += n
	}
	return min(total, hand.Count())
}

// safe reports, between tricks of a contract where the seat counted takes
// as few tricks as he can, that he takes no more: in every suit he holds,
// each of his cards is below every other card of it still out (and he
// holds no trump), and if he leads now, he has a suit another hand holds.
// He loses the trick he leads (that hand must follow, above him), and then
// never leads again: a trick led by another is led in a suit whose cards
// out are all above his, or one he cannot follow, and he throws a card
// away. The others' cards of a suit only go, so his stay the lowest.
// (A hand that must head the trick cannot beat anything.)
func (s *Solver) safe(st *state) bool {
	me := s.declarer
	hand := st.hands[me]
	if s.trump != cards.NoSuit && hand&cards.SuitMask(s.trump) != 0 {
		return false
	}
	var others cards.Mask
	for i := 0; i < s.seats; i++ {
		if i != me {
			others |= st.hands[i]
		}
	}
	leads := st.leader == me
	canLose := false
	for su := cards.Suit(0); su < 4; su++ {
		mine, theirs := hand&cards.SuitMask(su), others&cards.SuitMask(su)
		if mine == 0 || theirs == 0 {
			continue
		}
		if theirs.Lowest() < mine.Highest() {
			return false
		}
		canLose = true
	}
	return !leads || canLose
}

// play1 tries each card of the seat to play.
func (s *Solver) play1(st *state, alpha, beta int) int {
	seat := s.toPlay(st)
	maximise := (seat == s.declarer) != s.misere
	best := -1
	if !maximise {
		best = 1 << 10
	}
	var buf [16]cards.Card
	total := s.inPlay(st)
	for _, c := range s.candidates(st, seat, buf[:0]) {
		s.Nodes++
		if s.limit > 0 && s.Nodes > s.limit {
			panic(budgetSpent{})
		}
		// play c; a completed trick adds its one to the declarer's count,
		// and the rest is searched with the window shifted by it
		st.hands[seat] &^= c.Bit()
		st.trick[st.n], st.who[st.n] = c, int8(seat)
		st.n++
		var v int
		if st.n == total {
			// the next trick is written over this one: keep it
			leader, n, trick, who, turned := st.leader, st.n, st.trick, st.who, st.turned
			won := s.close(st)
			v = won + s.search(st, alpha-won, beta-won)
			st.leader, st.n, st.trick, st.who, st.turned = leader, n, trick, who, turned
		} else {
			v = s.search(st, alpha, beta)
		}
		st.n--
		st.hands[seat] |= c.Bit()
		if maximise {
			best = max(best, v)
			alpha = max(alpha, best)
		} else {
			best = min(best, v)
			beta = min(beta, best)
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// candidates are the legal cards worth trying, appended to buf: one of
// each run of equivalent cards, the likeliest best first: the leader's
// highest first, a follower's cheapest card that takes the trick, then his
// lowest; where the seat counted takes as few tricks as he can, the
// leader's lowest first, and a follower's highest card that leaves the
// trick as it stands, then his lowest that takes it.
func (s *Solver) candidates(st *state, seat int, buf []cards.Card) []cards.Card {
	legal := s.legal(st, seat)
	var others cards.Mask // the cards that may come between: other hands, and this trick's
	for i := 0; i < s.seats; i++ {
		if i != seat {
			others |= st.hands[i]
		}
	}
	for k := 0; k < st.n; k++ {
		others |= st.trick[k].Bit()
	}
	for _, c := range s.talon[st.turned:s.nTalon] {
		others |= c.Bit() // still to be turned: it may come between
	}
	var keep cards.Mask
	for m := legal; m != 0; m &= m - 1 {
		c := m.Lowest()
		// skip c when the next card of its suit still out is also ours:
		// the two are equivalent, the higher one is tried
		above := cards.Above(c) & (others | st.hands[seat]) & cards.SuitMask(c.Suit())
		if above != 0 && legal.Has(above.Lowest()) && st.hands[seat].Has(above.Lowest()) {
			continue
		}
		keep |= c.Bit()
	}
	if st.n == 0 {
		if s.misere {
			return low(buf, keep)
		}
		return high(buf, keep)
	}
	winners := s.winners(st, keep)
	if s.misere {
		// duck with the highest card below the trick's best, else win
		// low; the others likewise throw their highest card that leaves
		// the trick as it stands (the order found to search fewest cards
		// on random misères)
		return low(high(buf, keep&^winners), winners)
	}
	// the cheapest card that takes the trick, then the lowest
	return low(low(buf, winners), keep&^winners)
}

// winners are the cards of m that would take the trick under way as it
// stands: above its best card in that card's suit, or a trump on a trick
// no trump has reached.
func (s *Solver) winners(st *state, m cards.Mask) cards.Mask {
	w := st.trick[0]
	beats := func(c cards.Card) bool {
		return c.Suit() == w.Suit() && c.Rank() > w.Rank() || s.trump != cards.NoSuit && c.Suit() == s.trump && w.Suit() != s.trump
	}
	for k := 1; k < st.n; k++ {
		if c := st.trick[k]; beats(c) {
			w = c
		}
	}
	var out cards.Mask
	for ; m != 0; m &= m - 1 {
		if c := m.Lowest(); beats(c) {
			out |= c.Bit()
		}
	}
	return out
}

// low appends m's cards to buf, lowest first; high, highest first.
func low(buf []cards.Card, m cards.Mask) []cards.Card {
	for ; m != 0; m &= m - 1 {
		buf = append(buf, m.Lowest())
	}
	return buf
}

func high(buf []cards.Card, m cards.Mask) []cards.Card {
	for m != 0 {
		c := m.Highest()
		m &^= c.Bit()
		buf = append(buf, c)
	}
	return buf
}

// Exhaustive is the declarer's tricks by plain minimax over every legal
// card: no pruning, no table, no equivalences. For tests of Tricks.
func Exhaustive(p *Position) (int, error) {
	s, st, err := New(p)
	if err != nil {
		return 0, err
	}
	var rec func(st *state) int
	rec = func(st *state) int {
		if st.n == 0 && st.hands[st.leader] == 0 {
			return 0
		}
		seat := s.toPlay(st)
		maximise := (seat == s.declarer) != s.misere
		best := -1
		if !maximise {
			best = 1 << 10
		}
		for m := s.legal(st, seat); m != 0; m &= m - 1 {
			v := s.after(st, seat, m.Lowest(), func(st *state, _ int) int { return rec(st) })
			if maximise {
				best = max(best, v)
			} else {
				best = min(best, v)
			}
		}
		return best
	}
	return rec(st), nil
}

var noTT = false

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
	g := rp.g
	p := &Position{R: g.R, Contract: g.Contract, Declarer: counted, Hands: rp.hands, Leader: leader, Trick: trick, TrickSeats: seats,
		Talon: rp.talon[rp.turned:], TalonCompetes: rp.competes} // a card turned into this trick is the trick's
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
	rp, err := newReplay(g)
	if err != nil {
		return nil, err
	}
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
