package solve

import (
	"sync"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
)

// key is a position between tricks as the transposition table knows it
// (Solver.key makes it).
type key struct {
	hands  [game.MaxSeats]cards.Mask
	leader int8
}

// bound is what the table knows of a position's value: the declarer's
// tricks from there on are at least lo and at most hi.
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

// search is alpha-beta: the declarer's tricks from st on, exact when
// strictly between alpha and beta, else a bound on the side it fell.
// Between tricks it asks the table first, then the cheap bounds, and
// remembers what the search found.
func (s *Solver) search(st *state, alpha, beta int) int {
	if st.n != 0 {
		return s.play1(st, alpha, beta)
	}
	if st.hands[st.leader] == 0 {
		return 0
	}
	if noTT {
		return s.play1(st, alpha, beta)
	}
	k := s.key(st)
	if b, ok := s.tt[k]; ok {
		if v, known := b.answers(alpha, beta); known {
			return v
		}
		alpha, beta = max(alpha, int(b.lo)), min(beta, int(b.hi))
	}
	if v, ok := s.cutoff(st, alpha, beta); ok {
		return v
	}
	v := s.play1(st, alpha, beta)
	s.remember(k, st, v, alpha, beta)
	return v
}

// answers reports the value a table entry gives for the window (alpha,
// beta) without a search: an exact value, or a bound outside the window.
func (b bound) answers(alpha, beta int) (int, bool) {
	switch {
	case b.lo == b.hi:
		return int(b.lo), true
	case int(b.lo) >= beta:
		return int(b.lo), true
	case int(b.hi) <= alpha:
		return int(b.hi), true
	}
	return 0, false
}

// cutoff is a value between tricks found without a search, when one is:
// a seat counted who takes no more tricks in a misère, or the tricks the
// leader cashes at once, a bound outside the window.
func (s *Solver) cutoff(st *state, alpha, beta int) (int, bool) {
	if s.misere {
		if s.safe(st) {
			return 0, true
		}
		return 0, false
	}
	qt := s.quickTricks(st)
	if qt <= 0 {
		return 0, false
	}
	if st.leader == s.declarer {
		return qt, qt >= beta
	}
	if hi := st.hands[st.leader].Count() - qt; hi <= alpha {
		return hi, true
	}
	return 0, false
}

// remember narrows the table's bounds of the position keyed k by v, the
// value searched with the window (alpha, beta).
func (s *Solver) remember(k key, st *state, v, alpha, beta int) {
	b, ok := s.tt[k]
	if !ok {
		b = bound{0, int8(st.hands[st.leader].Count())}
	}
	switch {
	case v <= alpha:
		b.hi = int8(min(int(b.hi), v))
	case v >= beta:
		b.lo = int8(max(int(b.lo), v))
	default:
		b.lo, b.hi = int8(v), int8(v)
	}
	s.tt[k] = b
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
			if seat != s.declarer {
				return s.forcingLeads(st, keep, buf)
			}
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
	trick := st.trick[:st.n]
	return deal.Winners(m, trick[deal.Head(trick, s.trump)], s.trump)
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

// forcingLeads orders a leader's cards against a player who takes as few
// tricks as he can: first the suits where his lowest card stands highest
// above the leader's lowest (he is likeliest forced to win), each lowest
// card first; then the suits he is out of.
func (s *Solver) forcingLeads(st *state, keep cards.Mask, buf []cards.Card) []cards.Card {
	his := st.hands[s.declarer]
	var order [4]cards.Suit
	var score [4]int
	n := 0
	for su := cards.Suit(0); su < 4; su++ {
		mine := keep & cards.SuitMask(su)
		if mine == 0 {
			continue
		}
		sc := -100
		if h := his & cards.SuitMask(su); h != 0 {
			sc = h.Lowest().Rank() - mine.Lowest().Rank()
		}
		i := n
		for i > 0 && score[i-1] < sc {
			order[i], score[i] = order[i-1], score[i-1]
			i--
		}
		order[i], score[i] = su, sc
		n++
	}
	for _, su := range order[:n] {
		buf = low(buf, keep&cards.SuitMask(su))
	}
	return buf
}
