package solve

import (
	"errors"
	"fmt"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
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
	// Cooperating: cooperation rule 1 binds the defenders, both defending
	// (game.State.CooperationBinds): neither overtakes the other heading a
	// trick unless every card he may play would.
	Cooperating bool
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
	binding  bool // cooperation rule 1 binds the defenders (both in play)
	talon    [game.MaxSeats]cards.Card
	nTalon   int
	competes bool
	play     [game.MaxSeats]ruleset.Play // the rules as they bind each seat
	tt       map[key]bound
	Nodes    int // cards tried, for measurements
	limit    int // Position.MaxNodes
}

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
// The checks run in a fixed order, so a position wrong in several ways
// is always told the same first fault.
func New(p *Position) (*Solver, *state, error) {
	s, st, err := build(p)
	if err != nil {
		return nil, nil, err
	}
	if err := s.checkUnderWay(st); err != nil {
		return nil, nil, err
	}
	return s, st, nil
}

// checkUnderWay checks that the trick under way still waits for a card: a
// complete trick is taken, and the search would look for a seat still to
// play to it. (Tests ask build for the winner of a complete trick.)
func (s *Solver) checkUnderWay(st *state) error {
	inPlay := deal.InPlay(st.hands[:s.seats], st.who[:st.n]).Count()
	if played := deal.Played(st.who[:st.n]).Count(); played >= inPlay {
		return fmt.Errorf("the trick under way is complete: %d cards from the %d hands in play", played, inPlay)
	}
	return nil
}

// build is New without checkUnderWay: the solver and its first state from
// a position whose every other part is checked.
func build(p *Position) (*Solver, *state, error) {
	r := p.R
	if p.Contract < 0 || p.Contract >= len(r.Contracts) {
		return nil, nil, fmt.Errorf("no contract %d", p.Contract)
	}
	ct := &r.Contracts[p.Contract]
	squeeze()
	s, err := newSolver(p, ct)
	if err != nil {
		return nil, nil, err
	}
	st, err := s.startState(p)
	if err != nil {
		return nil, nil, err
	}
	if err := s.checkCardsOnce(p, st); err != nil {
		return nil, nil, err
	}
	if err := s.checkInPlay(p, ct, st); err != nil {
		return nil, nil, err
	}
	if err := s.checkHands(st); err != nil {
		return nil, nil, err
	}
	return s, st, nil
}

// newSolver makes the solver of contract ct: who is counted, the rules as
// they bind each seat, the talon's cards to turn.
func newSolver(p *Position, ct *ruleset.Contract) (*Solver, error) {
	r := p.R
	s := &Solver{r: r, trump: ct.Trumps, declarer: p.Declarer, seats: r.Hands, misere: ct.NoDeclarer || ct.Exact && ct.Tricks == 0, tt: map[key]bound{}, limit: p.MaxNodes, competes: p.TalonCompetes}
	if p.Declarer < 0 || p.Declarer >= s.seats || p.Hands[p.Declarer] == 0 && len(p.Trick) == 0 {
		if ct.NoDeclarer {
			return nil, fmt.Errorf("the seat counted must be a seat holding cards")
		}
		return nil, fmt.Errorf("the declarer must be a seat holding cards")
	}
	for i := 0; i < s.seats; i++ {
		s.play[i] = r.Play.ForSeat(i == p.Declarer && !ct.NoDeclarer, !ct.NoDeclarer)
	}
	if len(p.Talon) > 0 && ct.TalonLeads == ruleset.TalonNotTurned {
		return nil, fmt.Errorf("%s turns no talon cards into tricks", ct.Display())
	}
	if len(p.Talon) > len(s.talon) {
		return nil, fmt.Errorf("%d talon cards to turn: at most %d", len(p.Talon), len(s.talon))
	}
	s.nTalon = copy(s.talon[:], p.Talon)
	return s, nil
}

// startState is the search's first state: the hands, and the trick under
// way placed seat by seat from its leader (a talon card only opening it);
// a trick not begun opens with the next talon card.
func (s *Solver) startState(p *Position) (*state, error) {
	st := &state{hands: p.Hands, leader: p.Leader}
	if p.Leader < 0 || p.Leader >= s.seats || p.Hands[p.Leader] == 0 && len(p.Trick) == 0 {
		return nil, fmt.Errorf("the leader must be a seat holding cards")
	}
	seat := p.Leader
	for k, c := range p.Trick {
		if k < len(p.TrickSeats) {
			seat = p.TrickSeats[k]
		}
		if seat == game.TalonSeat {
			if k > 0 {
				return nil, fmt.Errorf("a talon card can only open a trick")
			}
			st.trick[0], st.who[0], st.n = c, game.TalonSeat, 1
			seat = p.Leader
			continue
		}
		if seat < 0 || seat >= s.seats || st.n > s.seats {
			return nil, fmt.Errorf("the trick under way: no seat %d", seat)
		}
		if deal.Played(st.who[:st.n]).Has(seat) {
			return nil, fmt.Errorf("the trick under way: hand %d plays to it twice", seat+1)
		}
		st.trick[st.n], st.who[st.n] = c, int8(seat)
		st.n++
		seat = s.next(st, seat)
	}
	if st.n == 0 {
		s.open(st)
	}
	return st, nil
}

// checkCardsOnce checks that no card is in two places among the talon's
// cards to turn, the trick under way as given and the hands.
func (s *Solver) checkCardsOnce(p *Position, st *state) error {
	deck := &s.r.Deck
	var talon cards.Mask
	for _, c := range s.talon[:s.nTalon] {
		if talon.Has(c) {
			return fmt.Errorf("%s is turned twice", deck.Name(c))
		}
		talon |= c.Bit()
	}
	var inTrick cards.Mask // as given: a talon card turned on opening is not one
	for _, c := range p.Trick {
		if inTrick.Has(c) || talon.Has(c) {
			return fmt.Errorf("%s is played twice", deck.Name(c))
		}
		inTrick |= c.Bit()
	}
	for i := 0; i < s.seats; i++ {
		if st.hands[i]&talon != 0 {
			return fmt.Errorf("%s is in a hand and in the talon", deck.Name((st.hands[i] & talon).Lowest()))
		}
		if st.hands[i]&inTrick != 0 {
			return fmt.Errorf("%s is in a hand and in the trick", deck.Name((st.hands[i] & inTrick).Lowest()))
		}
	}
	return nil
}

// checkInPlay checks who plays: everyone in the all-pass game, the
// declarer and a defender at least in a contract. It settles whether
// cooperation binds the defenders (both in play).
func (s *Solver) checkInPlay(p *Position, ct *ruleset.Contract, st *state) error {
	in := deal.InPlay(st.hands[:s.seats], st.who[:st.n])
	for i := 0; i < s.seats; i++ {
		if !in.Has(i) && ct.NoDeclarer {
			return fmt.Errorf("%s is played by every hand: hand %d holds no cards", ct.Display(), i+1)
		}
	}
	inPlay := in.Count()
	if inPlay < 2 {
		return fmt.Errorf("a contract is played by the declarer and at least one defender: one hand holds cards")
	}
	s.binding = p.Cooperating && !ct.NoDeclarer && inPlay == s.seats
	return nil
}

// checkHands checks that every seat in play holds as many cards as the
// others still to play, and no card is in two hands.
func (s *Solver) checkHands(st *state) error {
	played := deal.Played(st.who[:st.n])
	want := -1
	for i := 0; i < s.seats; i++ {
		if st.hands[i] == 0 {
			continue
		}
		n := st.hands[i].Count()
		if played.Has(i) {
			n++
		}
		if want >= 0 && n != want {
			return fmt.Errorf("the hands hold different numbers of cards")
		}
		want = n
	}
	for i := 0; i < s.seats; i++ {
		for j := i + 1; j < s.seats; j++ {
			if st.hands[i]&st.hands[j] != 0 {
				return fmt.Errorf("%s is in two hands", s.r.Deck.Name((st.hands[i] & st.hands[j]).Lowest()))
			}
		}
	}
	return nil
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

// next is the seat after seat that is in play.
func (s *Solver) next(st *state, seat int) int {
	return deal.Next(st.hands[:s.seats], st.who[:st.n], seat)
}

// inPlay is how many cards complete the trick under way: one from each
// seat in play (deal.InPlay), and the talon's card that opened it.
func (s *Solver) inPlay(st *state) int {
	n := deal.InPlay(st.hands[:s.seats], st.who[:st.n]).Count()
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
			k = lo + 1 // from below: fewer cards searched on random misères
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
	played, s, err := PlayedLine(p)
	out := make([]cards.Card, len(played))
	for i, c := range played {
		out[i] = c.Card
	}
	return out, s, err
}

// Played is a card of a line of best play: who plays it, to which trick
// (counted from the position's, 0), and the talon's card that opened that
// trick, if one did (Turned, with TurnedCard).
type Played struct {
	Seat       int
	Card       cards.Card
	Trick      int
	Turned     bool
	TurnedCard cards.Card
}

// PlayedLine is Line with each card's seat and trick.
func PlayedLine(p *Position) (_ []Played, _ *Solver, err error) {
	s, st, err := New(p)
	if err != nil {
		return nil, nil, err
	}
	defer guard(&err)
	v := s.value(st) // the declarer's tricks from here on
	var out []Played
	var buf [16]cards.Card
	trick := 0
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
		pl := Played{Seat: seat, Card: pick, Trick: trick}
		if st.n > 0 && st.who[0] == game.TalonSeat {
			pl.Turned, pl.TurnedCard = true, st.trick[0]
		}
		out = append(out, pl)
		total := s.inPlay(st)
		st.hands[seat] &^= pick.Bit()
		st.trick[st.n], st.who[st.n] = pick, int8(seat)
		st.n++
		if st.n == total {
			v -= s.close(st)
			trick++
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
	if st.n == 0 { // the lead, under the lead rules as game.State rules it
		m, _ := deal.LeadHand(s.play[seat], s.trump, st.hands[seat], s.r.HandSize)
		return m
	}
	trick := st.trick[:st.n]
	h := deal.Heading(trick, s.trump, st.who[0] == game.TalonSeat && !s.competes)
	l := deal.Legal(s.play[seat], s.trump, st.hands[seat], trick[0].Suit(), trick[h])
	if s.binding && seat != s.declarer && deal.DefenderHeads(int(st.who[h]), s.declarer) {
		// cooperation rule 1 binds: a defender does not overtake the
		// other defender heading the trick, unless every card he may
		// play would (as game.State rules it)
		l &^= deal.Overtakes(l, trick[h], s.trump)
	}
	return l
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
// game.TalonSeat for a talon card that competes and won (deal.Winner, the
// rule game.State plays by: a talon card that only fixes the suit is held
// by the first card of its suit played to it until a higher card beats
// that; when nobody followed its suit the trick goes to the highest card
// of the suit the first player played).
func (s *Solver) winner(st *state) int {
	fixing := st.who[0] == game.TalonSeat && !s.competes
	return int(st.who[deal.Winner(st.trick[:st.n], s.trump, fixing)])
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
