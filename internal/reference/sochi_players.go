package reference

import "math/bits"

// The sochi players: as simple as austrian-1829's, with what the Russian
// game adds (misère, the all-pass game, whist, half-whist, open play).

const (
	honours uint32 = 0xe0e0e0e0 // queens, kings and aces

	misereHonours = 1 // at most this many queens, kings or aces (and no ace) to bid misère
	bidMargin     = 1 // a bid wants this many likely tricks beyond the contract
)

// SochiEstimate is a hand's likely tricks with trumps s (NoTrump: none):
// every trump, and each side suit's ace and guarded king; without trumps,
// the cards beyond three of a suit headed by the ace as well.
func SochiEstimate(hand uint32, s int) int {
	est := 0
	for su := Clubs; su <= Hearts; su++ {
		m := hand & suitMask(su)
		n := count(m)
		if su == s {
			est += n
			continue
		}
		if m&aces != 0 {
			est++
		}
		if m&kings != 0 && n >= 2 {
			est++
		}
		if s == NoTrump && m&aces != 0 && n > 3 {
			est += n - 3
		}
	}
	return est
}

// defenceEstimate is a defender's likely tricks against trumps s.
func defenceEstimate(hand uint32, s int) int {
	est := count(hand & aces)
	for su := Clubs; su <= Hearts; su++ {
		if m := hand & suitMask(su); count(m) >= 2 && m&kings != 0 {
			est++
		}
	}
	if s != NoTrump {
		if n := count(hand & suitMask(s)); n > 2 {
			est += n - 2
		}
	}
	return est
}

func wantsMisere(hand uint32) bool {
	return hand&aces == 0 && count(hand&honours) <= misereHonours
}

// topContract is the highest contract (misère aside) the hand expects to
// make, or -1.
func topContract(hand uint32) int {
	for c := sochiLadder - 1; c >= 0; c-- {
		if c != SochiMisere && SochiEstimate(hand, SochiTrumps(c)) >= SochiTricks(c)+bidMargin {
			return c
		}
	}
	return -1
}

// DecideSochiCall is a call, open being the contracts that may be bid now
// (bit c for contract c): with a hand of low cards, misère when it is
// open, though with one honour six spades first while that is open (a
// probe, after which the rules forbid misère: it must be a first bid);
// else the lowest open contract up to the highest the hand expects to
// make, else Pass.
func DecideSochiCall(hand uint32, open uint32) int {
	if wantsMisere(hand) {
		switch {
		case open&(1<<SochiMisere) != 0 && (hand&honours == 0 || open&1 == 0):
			return SochiMisere
		case open&1 != 0:
			return 0
		}
	}
	top := topContract(hand)
	for c := 0; c <= top; c++ {
		if c != SochiMisere && open&(1<<c) != 0 {
			return c
		}
	}
	return Pass
}

// DecideSochiDiscard lays aside two cards of the twelve: for misère the two
// highest, else the cheapest outside the suit the hand is strongest in.
func DecideSochiDiscard(hand uint32, misere bool) uint32 {
	if misere {
		h := Highest(hand)
		return 1<<h | 1<<Highest(hand&^(1<<h))
	}
	t, v := 0, -1
	for s := Clubs; s <= Hearts; s++ {
		if e := SochiEstimate(hand, s); e >= v {
			t, v = s, e
		}
	}
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

// DecideSochiAnnounce names the contract among open: the highest the hand
// expects to make, else the lowest open (the bid).
func DecideSochiAnnounce(hand uint32, open uint32) int {
	if open == 1<<SochiMisere {
		return SochiMisere
	}
	for c := sochiLadder - 1; c >= 0; c-- {
		if open&(1<<c) != 0 && c != SochiMisere && SochiEstimate(hand, SochiTrumps(c)) >= SochiTricks(c) {
			return c
		}
	}
	return bits.TrailingZeros32(open)
}

// DecideWhist is a defender's choice against contract c: whist (Play) with
// three likely tricks against a six, two against more; else half when it
// is open to him and he has a trick; else pass (Drop).
func DecideWhist(hand uint32, c int, mayHalf bool) Choice {
	est := defenceEstimate(hand, SochiTrumps(c))
	need := 2
	if SochiTricks(c) == 6 {
		need = 3
	}
	switch {
	case est >= need:
		return Play
	case mayHalf && est >= 1:
		return Half
	}
	return Drop
}

// DecideRetrieve: the first defender, who passed, whists after all when
// the other took half, holding two aces or kings.
func DecideRetrieve(hand uint32, c int) bool { return count(hand&(aces|kings)) >= 2 }

// DecideOpen: the lone whister plays open unless he holds two aces.
func DecideOpen(hand uint32) bool { return count(hand&aces) < 2 }

// DecideSochiPlay is seat's card to trick t of contract c. Whoever wants
// no tricks (everyone in the all-pass game, the misère declarer) leads
// his cheapest card and follows with his highest card that does not take
// the trick, or his highest; the misère defenders play their cheapest;
// otherwise as DecidePlay.
func DecideSochiPlay(seat int, legal uint32, t *Trick, trump, declarer, c int) uint8 {
	switch {
	case declarer < 0 || (c == SochiMisere && seat == declarer):
		if t.N == 0 {
			return Cheapest(legal)
		}
		w, ws := winning(t, trump, false)
		var safe uint32
		for m := legal; m != 0; m &= m - 1 {
			x := uint8(bits.TrailingZeros32(m))
			if !beats(x, w, trump) && !(ws == TalonSeat && x>>3 == w>>3) {
				safe |= 1 << x
			}
		}
		if safe != 0 {
			return Highest(safe)
		}
		return Highest(legal)
	case c == SochiMisere:
		return Cheapest(legal)
	}
	return DecidePlay(seat, legal, t, trump, declarer)
}
