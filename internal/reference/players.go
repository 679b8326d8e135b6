package reference

import "math/bits"

// The players: simple, deterministic decisions from the cards a seat holds
// and what is on the table. They know nothing of either engine; the
// reference calls them directly and Player hands them the interpreter's
// state, so both engines hear the same answers to the same questions.

const (
	aces     uint32 = 0x80808080 // the ace of each suit
	kings    uint32 = 0x40404040
	rankBits uint32 = 0x01010101 // the lowest rank of each suit

	bidAt        = 6 // strength to bid a suit ("I have one")
	offerAt      = 5 // strength for forehand to take the second chance
	handAt       = 9 // strength to play from the hand
	concedeBelow = 6 // the forced dealer gives up below this
	defendAt     = 2 // likely tricks to defend (helfen)
)

func suitMask(s int) uint32 { return 0xff << (8 * uint(s)) }

func count(m uint32) int { return bits.OnesCount32(m) }

// Strength is the bidders' count of a hand for trumps s: the cards of s
// and every ace.
func Strength(hand uint32, s int) int { return count(hand&suitMask(s)) + count(hand&aces) }

// best is the strongest suit among open (bit s for suit s), the higher on
// a tie, with its strength; -1 when open is empty.
func best(hand uint32, open uint8) (suit, strength int) {
	suit, strength = -1, -1
	for s := Clubs; s <= Hearts; s++ {
		if open&(1<<s) != 0 {
			if v := Strength(hand, s); v >= strength {
				suit, strength = s, v
			}
		}
	}
	return suit, strength
}

// DecideCall is a call in the auction, open being the suits that may be
// bid now (bit per suit): the lowest open suit up to the highest the hand
// would play, else Pass.
func DecideCall(hand uint32, open uint8) int {
	top := -1
	for s := Hearts; s >= Clubs; s-- {
		if Strength(hand, s) >= bidAt {
			top = s
			break
		}
	}
	for c := Clubs; c <= top; c++ {
		if open&(1<<c) != 0 {
			return c
		}
	}
	return Pass
}

// DecideOffer answers forehand's second chance after all passed.
func DecideOffer(hand uint32) bool {
	_, v := best(hand, 0xf)
	return v >= offerAt
}

// DecideHand is the auction's winner choosing to play without the talon.
func DecideHand(hand uint32, bid int) bool {
	_, v := best(hand, 0xf<<bid&0xf)
	return v >= handAt
}

// DecideDiscard lays aside two cards: the cheapest outside the suit the
// hand is strongest in (from that suit only when nothing else is left).
func DecideDiscard(hand uint32) uint32 {
	t, _ := best(hand, 0xf)
	var laid uint32
	for range 2 {
		from := hand &^ laid &^ suitMask(t)
		if from == 0 {
			from = hand &^ laid
		}
		laid |= 1 << Cheapest(from)
	}
	return laid
}

// DecideAnnounce names trumps among open: the strongest; a declarer who
// may give up (the forced dealer) does so with a weak hand.
func DecideAnnounce(hand uint32, open uint8, mayConcede bool) (suit int, concede bool) {
	s, v := best(hand, open)
	return s, mayConcede && v < concedeBelow
}

// DecideDefend is a defender's choice against trumps: play (true) with at
// least two likely tricks (aces, guarded kings, trumps beyond two).
func DecideDefend(hand uint32, trump int) bool {
	est := count(hand & aces)
	for s := Clubs; s <= Hearts; s++ {
		if m := hand & suitMask(s); count(m) >= 2 && m&kings != 0 {
			est++
		}
	}
	if n := count(hand & suitMask(trump)); n > 2 {
		est += n - 2
	}
	return est >= defendAt
}

// DecidePlay is seat's card to trick t from its legal cards: to lead, the
// highest; otherwise the cheapest card that takes the trick, unless the
// other defender holds it already; otherwise the cheapest.
func DecidePlay(seat int, legal uint32, t *Trick, trump, declarer int) uint8 {
	if t.N == 0 {
		return Highest(legal)
	}
	w, ws := t.Cards[0], int(t.Seats[0])
	for i := int8(1); i < t.N; i++ {
		if beats(t.Cards[i], w, trump) {
			w, ws = t.Cards[i], int(t.Seats[i])
		}
	}
	if seat != declarer && ws != declarer {
		return Cheapest(legal) // the partner holds the trick
	}
	var win uint32
	for m := legal; m != 0; m &= m - 1 {
		if c := uint8(bits.TrailingZeros32(m)); beats(c, w, trump) {
			win |= 1 << c
		}
	}
	if win != 0 {
		return Cheapest(win)
	}
	return Cheapest(legal)
}

// Cheapest is the card of lowest rank in m (the lowest suit on a tie); m
// must not be empty.
func Cheapest(m uint32) uint8 {
	for r := 0; r < 8; r++ {
		if x := m & (rankBits << r); x != 0 {
			return uint8(bits.TrailingZeros32(x))
		}
	}
	panic("reference: no card")
}

// Highest is the card of highest rank in m (the highest suit on a tie); m
// must not be empty.
func Highest(m uint32) uint8 {
	for r := 7; r >= 0; r-- {
		if x := m & (rankBits << r); x != 0 {
			return uint8(31 - bits.LeadingZeros32(x))
		}
	}
	panic("reference: no card")
}
