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

// Plays reports whether seat is in play in a position of card play: it
// holds cards (hands, one per seat), or holds none because it played its
// last card to the trick under way (who: the seats that played to it, a
// talon card's being negative).
func Plays(hands []cards.Mask, who []int8, seat int) bool {
	return hands[seat] != 0 || Played(who).Has(seat)
}

// InPlay is the seats in play in a position (Plays).
func InPlay(hands []cards.Mask, who []int8) Seats {
	var in Seats
	for s := range hands {
		if Plays(hands, who, s) {
			in = in.Add(s)
		}
	}
	return in
}

// Next is the seat to play after seat in a position: the first seat in
// play (Plays) after it in playing order; seat itself when no other is.
// It is InPlay(hands, who).After(seat, 1, len(hands)), asking only the
// seats it passes.
func Next(hands []cards.Mask, who []int8, seat int) int {
	for t, k := seat, 1; k < len(hands); k++ {
		if t = Round(t, 1, len(hands)); Plays(hands, who, t) {
			return t
		}
	}
	return seat
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
