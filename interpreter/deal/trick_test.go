package deal_test

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
)

var allTrumps = []cards.Suit{0, 1, 2, 3, cards.NoSuit}

// Winners, by masks, is Beats card by card, for every pair of cards and
// every trump suit; Overtakes is its part unless it is the whole.
func TestWinnersIsBeats(t *testing.T) {
	for _, trump := range allTrumps {
		for w := cards.Card(0); w < 32; w++ {
			var want cards.Mask
			for c := cards.Card(0); c < 32; c++ {
				if deal.Beats(c, w, trump) {
					want |= c.Bit()
				}
			}
			all := cards.Mask(0xffffffff) &^ w.Bit()
			if got := deal.Winners(all, w, trump); got != want {
				t.Fatalf("trump %d, card %d: Winners %#x, Beats %#x", trump, w, got, want)
			}
			if got := deal.Overtakes(want, w, trump); got != 0 {
				t.Fatalf("trump %d, card %d: every legal card wins, yet %#x overtake", trump, w, got)
			}
			if legal := want | cards.Make(w.Suit(), 0).Bit(); w.Rank() > 0 && deal.Overtakes(legal, w, trump) != want {
				t.Fatalf("trump %d, card %d: a low card to play, yet not every winner overtakes", trump, w)
			}
		}
	}
}

// Trick winners, with and without a talon card that only fixes the suit.
func TestWinner(t *testing.T) {
	const C, S, D, H = 0, 1, 2, 3
	card := func(s cards.Suit, r int) cards.Card { return cards.Make(s, r) }
	for _, c := range []struct {
		name   string
		trick  []cards.Card
		trump  cards.Suit
		fixing bool
		want   int
	}{
		{"highest of the suit led", []cards.Card{card(S, 2), card(S, 5), card(D, 7)}, cards.NoSuit, false, 1},
		{"a trump beats the suit led", []cards.Card{card(S, 7), card(H, 0), card(S, 6)}, H, false, 1},
		{"the higher trump", []cards.Card{card(S, 7), card(H, 0), card(H, 3)}, H, false, 2},
		{"a talon card that competes wins", []cards.Card{card(C, 6), card(C, 2), card(D, 7), card(S, 7)}, cards.NoSuit, false, 0},
		{"the first to follow the talon's suit holds it", []cards.Card{card(C, 6), card(C, 2), card(D, 7), card(S, 7)}, cards.NoSuit, true, 1},
		{"until a higher card of the suit", []cards.Card{card(C, 6), card(C, 2), card(C, 3), card(S, 7)}, cards.NoSuit, true, 2},
		{"nobody followed: the first player's suit", []cards.Card{card(C, 6), card(D, 2), card(S, 7), card(D, 5)}, cards.NoSuit, true, 3},
		{"nobody followed, a trump", []cards.Card{card(C, 6), card(D, 2), card(H, 0), card(D, 5)}, H, true, 2},
		{"the talon card alone", []cards.Card{card(C, 6)}, cards.NoSuit, true, 0},
	} {
		if got := deal.Winner(c.trick, c.trump, c.fixing); got != c.want {
			t.Errorf("%s: card %d wins, want %d", c.name, got, c.want)
		}
		if !c.fixing {
			if got := deal.Head(c.trick, c.trump); got != c.want {
				t.Errorf("%s: Head %d, want %d", c.name, got, c.want)
			}
		}
	}
}

// After passes over the seats out of play in either direction, and is
// the seat itself when no other plays.
func TestSeatsAfter(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for ss := deal.Seats(0); ss < 1<<n; ss++ {
			for seat := 0; seat < n; seat++ {
				for _, step := range []int{1, n - 1} {
					want := seat
					for k := 1; k < n; k++ {
						if t := (seat + k*step) % n; ss.Has(t) {
							want = t
							break
						}
					}
					if got := ss.After(seat, step, n); got != want {
						t.Fatalf("%d seats %04b, after %d by %d: %d, want %d", n, ss, seat, step, got, want)
					}
				}
			}
		}
	}
	hands := []cards.Mask{0, 5, 0, 0}
	for _, who := range [][]int8{nil, {-1, 2}, {0}, {3, 1}} {
		for seat := 0; seat < 4; seat++ {
			if got, want := deal.Next(hands, who, seat), deal.InPlay(hands, who).After(seat, 1, 4); got != want {
				t.Errorf("played %v: after %d, Next %d, InPlay.After %d", who, seat, got, want)
			}
		}
	}
	if got := deal.InPlay(hands, []int8{-1, 2}); got != 0b0110 {
		t.Errorf("InPlay %04b, want seats 1 and 2", got)
	}
}
