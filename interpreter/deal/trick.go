package deal

import "github.com/preference-rules/pref/interpreter/cards"

// Beats reports whether card c, played to a trick, beats card w, the card
// heading it so far, with trumps trump (cards.NoSuit: none): a higher card
// of w's suit, or a trump on a card of another suit. A card of any other
// suit never beats w.
func Beats(c, w cards.Card, trump cards.Suit) bool {
	if c.Suit() == w.Suit() {
		return c.Rank() > w.Rank()
	}
	return c.Suit() == trump
}

// Winners is the cards of m that beat w (Beats), by masks: the cards of
// w's suit above it, and every trump when w is not one.
func Winners(m cards.Mask, w cards.Card, trump cards.Suit) cards.Mask {
	out := m & cards.Above(w)
	if w.Suit() != trump {
		out |= m.Suit(trump) // empty for cards.NoSuit
	}
	return out
}

// Head is the index in trick (the cards played to it so far, the first
// one led) of the card heading it: each card that beats the one heading
// before it takes its place. It is the trick's winner as it stands when
// no talon card only fixing the suit opened it (Winner). An empty trick
// has none: 0.
func Head(trick []cards.Card, trump cards.Suit) int {
	h := 0
	for k := 1; k < len(trick); k++ {
		if Beats(trick[k], trick[h], trump) {
			h = k
		}
	}
	return h
}

// Takes reports whether card c, played to a trick, takes the lead of it
// from w, the card heading it so far: c beats w, or w is a talon card that
// only fixes the suit (fixing: turned into the trick, it may not win it)
// and c is the first card played of its suit, whatever its rank.
func Takes(c, w cards.Card, trump cards.Suit, fixing bool) bool {
	return Beats(c, w, trump) || fixing && c.Suit() == w.Suit()
}

// Heading is the index in trick, the cards played to it so far, of the
// card heading it as play goes on: the card a player must follow, beat or
// not overtake. fixing says that trick[0] is a talon card that only fixes
// the suit, held until the first card of its suit is played (Takes). With
// no such card it is Head.
func Heading(trick []cards.Card, trump cards.Suit, fixing bool) int {
	w := 0
	for k := 1; k < len(trick); k++ {
		if Takes(trick[k], trick[w], trump, fixing && w == 0) {
			w = k
		}
	}
	return w
}

// Winner is the index in trick, a complete trick in the order played, of
// the card that wins it. fixing says that trick[0] is a talon card that
// only fixes the suit: the first card of its suit played holds the trick
// until a card beats it (Takes), and when nobody followed its suit nor
// trumped, the trick goes to the card heading the rest, the highest card
// of the suit the first player played. A talon card that may win (or no
// talon card) is a card like any other.
func Winner(trick []cards.Card, trump cards.Suit, fixing bool) int {
	w := Heading(trick, trump, fixing)
	if fixing && w == 0 && len(trick) > 1 {
		w = 1 + Head(trick[1:], trump) // nobody followed the talon's suit
	}
	return w
}

// Overtakes is cooperation rule 1 on a defender's legal cards when the
// other defender heads the trick with card w (DefenderHeads): the cards
// that would win the trick from him unnecessarily, those that beat w,
// unless every legal card does (winning is then necessary: none).
func Overtakes(legal cards.Mask, w cards.Card, trump cards.Suit) cards.Mask {
	if win := Winners(legal, w, trump); win != legal {
		return win
	}
	return 0
}

// DefenderHeads reports whether head, the seat whose card heads a trick,
// is a defender: neither the declarer nor the talon (a negative seat).
// Cooperation rule 1 then binds the other defender (Overtakes).
func DefenderHeads(head, declarer int) bool {
	return head >= 0 && head != declarer
}
