package deal

import (
	"math/bits"

	"github.com/preference-rules/pref/interpreter/cards"
)

// Seats is a set of seats at the table, bit s for seat s: the seats in
// play.
type Seats uint8

// Add is ss with seat added.
func (ss Seats) Add(seat int) Seats { return ss | 1<<uint(seat) }

// Has reports whether seat is in ss.
func (ss Seats) Has(seat int) bool { return ss>>uint(seat)&1 != 0 }

// Count is the number of seats in ss.
func (ss Seats) Count() int { return bits.OnesCount8(uint8(ss)) }

// Round is the seat k places after seat going round a table of n seats
// in playing order (0 <= seat < n, 0 <= k <= n): (seat + k) % n, without
// dividing.
func Round(seat, k, n int) int {
	if s := seat + k; s < n {
		return s
	}
	return seat + k - n
}

// After is the first seat of ss after seat going round a table of n
// seats, step places at a time (1: in playing order; n-1: against it),
// passing over the seats not in ss; seat itself when ss holds no other.
func (ss Seats) After(seat, step, n int) int {
	t := seat
	for k := 1; k < n; k++ {
		if t = Round(t, step, n); ss.Has(t) {
			return t
		}
	}
	return seat
}

// InPlay is the seats in play in a position of card play: each seat that
// holds cards, and each that holds none because it played its last card
// to the trick under way (played).
func InPlay(hands []cards.Mask, played Seats) Seats {
	in := played
	for s, h := range hands {
		if h != 0 {
			in = in.Add(s)
		}
	}
	return in
}

// Played is the seats who played the cards of a trick (who, one seat per
// card; a talon card's seat is negative and is no seat).
func Played(who []int8) Seats {
	var ss Seats
	for _, s := range who {
		if s >= 0 {
			ss = ss.Add(int(s))
		}
	}
	return ss
}
