package cards

import (
	"fmt"
	"math/bits"
	"strings"
)

// Card is suit*8 + rank, rank 0 being the lowest rank of the deck.
type Card uint8

// Suit is a suit's position in the ruleset's suit list (its bidding order).
type Suit uint8

// NoSuit marks a contract without trumps.
const NoSuit Suit = 255

// MaxRanks is the number of rank positions in one suit.
const MaxRanks = 8

// Make builds a card from suit and rank positions.
func Make(s Suit, rank int) Card { return Card(int(s)*MaxRanks + rank) }

// Suit of the card.
func (c Card) Suit() Suit { return Suit(c / MaxRanks) }

// Rank position of the card within its suit, 0 lowest.
func (c Card) Rank() int { return int(c % MaxRanks) }

// Mask is a set of cards.
type Mask uint32

// Bit is the one-card set of c.
func (c Card) Bit() Mask { return 1 << c }

// SuitMask is the set of every rank position of suit s.
func SuitMask(s Suit) Mask { return 0xff << (uint(s) * MaxRanks) }

// Has reports whether c is in m.
func (m Mask) Has(c Card) bool { return m&c.Bit() != 0 }

// Count is the number of cards in m.
func (m Mask) Count() int { return bits.OnesCount32(uint32(m)) }

// Lowest is the card of lowest index in m; m must not be empty.
func (m Mask) Lowest() Card { return Card(bits.TrailingZeros32(uint32(m))) }

// Highest is the card of highest index in m; m must not be empty.
func (m Mask) Highest() Card { return Card(31 - bits.LeadingZeros32(uint32(m))) }

// Suit is the part of m in suit s.
func (m Mask) Suit(s Suit) Mask { return m & SuitMask(s) }

// SameRank reports whether m holds two or more cards, all of one rank.
func (m Mask) SameRank() bool {
	if m.Count() < 2 {
		return false
	}
	r := m.Lowest().Rank()
	for ; m != 0; m &= m - 1 {
		if m.Lowest().Rank() != r {
			return false
		}
	}
	return true
}

// Above is the set of cards of c's suit ranking higher than c.
func Above(c Card) Mask {
	top := SuitMask(c.Suit())
	return top &^ (c.Bit()<<1 - 1)
}

// Nth is the n-th lowest card of m (0-based); n must be below m.Count().
func (m Mask) Nth(n int) Card {
	for ; n > 0; n-- {
		m &= m - 1
	}
	return m.Lowest()
}

// Cards lists m's cards from lowest to highest index.
func (m Mask) Cards() []Card {
	out := make([]Card, 0, m.Count())
	for ; m != 0; m &= m - 1 {
		out = append(out, m.Lowest())
	}
	return out
}

// Deck names the suits and ranks that exist: the ruleset's pack.
type Deck struct {
	SuitIDs   []string // one-letter ids in bidding order, e.g. C S D H
	SuitNames []string
	Symbols   []string // e.g. ♣ ♠ ♦ ♥
	Red       []bool   // suits printed in red at a colour terminal
	Ranks     []string // lowest first, e.g. 7 8 9 10 J Q K A
}

// All is the set of every card of the deck.
func (d *Deck) All() Mask {
	var m Mask
	for s := range d.SuitIDs {
		m |= SuitMask(Suit(s)) & (1<<(uint(s)*MaxRanks+uint(len(d.Ranks))) - 1)
	}
	return m
}

// Size is the number of cards in the deck.
func (d *Deck) Size() int { return len(d.SuitIDs) * len(d.Ranks) }

// Name writes a card as rank then suit letter: "10D", "AH".
func (d *Deck) Name(c Card) string {
	return d.Ranks[c.Rank()] + d.SuitIDs[c.Suit()]
}

// Pretty writes a card with its suit symbol: "10♦".
func (d *Deck) Pretty(c Card) string {
	return d.Ranks[c.Rank()] + d.Symbols[c.Suit()]
}

// Format lists the cards of m grouped by suit, highest first in each suit.
func (d *Deck) Format(m Mask, pretty bool) string {
	var b strings.Builder
	for s := len(d.SuitIDs) - 1; s >= 0; s-- {
		part := m.Suit(Suit(s))
		for part != 0 {
			c := part.Highest()
			part &^= c.Bit()
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			if pretty {
				b.WriteString(d.Pretty(c))
			} else {
				b.WriteString(d.Name(c))
			}
		}
	}
	return b.String()
}

// Parse reads a card written rank then suit letter, e.g. "10D", "ah".
func (d *Deck) Parse(s string) (Card, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) < 2 {
		return 0, fmt.Errorf("card %q: want rank then suit letter, e.g. 10D", s)
	}
	rank, suit := s[:len(s)-1], s[len(s)-1:]
	si := -1
	for i, id := range d.SuitIDs {
		if strings.EqualFold(id, suit) {
			si = i
		}
	}
	if si < 0 {
		return 0, fmt.Errorf("card %q: unknown suit %q (the deck has %s)", s, suit, strings.Join(d.SuitIDs, " "))
	}
	for r, name := range d.Ranks {
		if strings.EqualFold(name, rank) {
			return Make(Suit(si), r), nil
		}
	}
	return 0, fmt.Errorf("card %q: unknown rank %q (the deck has %s)", s, rank, strings.Join(d.Ranks, " "))
}

// SuitByID finds a suit by its letter.
func (d *Deck) SuitByID(id string) (Suit, bool) {
	for i, s := range d.SuitIDs {
		if strings.EqualFold(s, id) {
			return Suit(i), true
		}
	}
	return 0, false
}
