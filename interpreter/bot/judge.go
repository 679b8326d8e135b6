package bot

import (
	"fmt"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Judgement is how the simple player counts a hand for one trump suit, in
// half tricks: the count its bids, its announcement and its reasons rest
// on, and the one the lesson "Judging a hand" teaches. Sure+Likely is the
// simple player's estimate of the tricks the hand takes.
type Judgement struct {
	Trumps cards.Suit // cards.NoSuit: no trumps
	Sure   int        // half tricks the top cards take whatever is led: an ace, a king beside its ace
	Likely int        // half tricks that may come: a guarded king without its ace, a third queen beside the ace or king, trumps beyond the third
	BySuit [4]SuitCount
}

// SuitCount is the count of one suit of the hand.
type SuitCount struct {
	Length int
	Sure   cards.Mask // the honours counted sure
	Likely cards.Mask // the honours counted likely
	Long   int        // half tricks the length brings as trumps (two for each trump beyond the third)
}

// countSuit counts one suit of a hand, part (n cards), in a pack of ranks
// ranks: the half tricks its honours take, sure and likely, and which
// honours those are. weighR and Judge both count with it, so the bot's
// bids and the words that explain them never part.
func countSuit(part cards.Mask, su cards.Suit, n, ranks int) (sure, likely int, sureCards, likelyCards cards.Mask) {
	ace, king, queen := cards.Make(su, ranks-1), cards.Make(su, ranks-2), cards.Make(su, ranks-3)
	hasAce, hasKing := part.Has(ace), part.Has(king)
	if hasAce {
		sure += 2
		sureCards |= ace.Bit()
	}
	if hasKing && n >= 2 {
		if hasAce {
			sure += 2
			sureCards |= king.Bit()
		} else {
			likely++
			likelyCards |= king.Bit()
		}
	}
	if part.Has(queen) && n >= 3 && (hasAce || hasKing) {
		likely++
		likelyCards |= queen.Bit()
	}
	return sure, likely, sureCards, likelyCards
}

// longTrumps is the half tricks n cards of the trump suit bring by their
// length: two for each beyond the third.
func longTrumps(n int) int {
	if n > 3 {
		return 2 * (n - 3)
	}
	return 0
}

// Judge counts hand under r as the simple player does, with trumps as the
// trump suit (cards.NoSuit: no trumps).
func Judge(r *ruleset.Ruleset, hand cards.Mask, trumps cards.Suit) Judgement {
	j := Judgement{Trumps: trumps}
	ranks := len(r.Deck.Ranks)
	for s := range r.Deck.SuitIDs {
		su := cards.Suit(s)
		part := hand.Suit(su)
		n := part.Count()
		c := &j.BySuit[s]
		c.Length = n
		if n == 0 {
			continue
		}
		sure, likely, sc, lc := countSuit(part, su, n, ranks)
		c.Sure, c.Likely = sc, lc
		j.Sure += sure
		j.Likely += likely
		if su == trumps {
			c.Long = longTrumps(n)
			j.Likely += c.Long
		}
	}
	return j
}

// Half is the hand's count in half tricks: sure and likely.
func (j Judgement) Half() int { return j.Sure + j.Likely }

// Tricks is the count in whole tricks, a half left out.
func (j Judgement) Tricks() int { return j.Half() / 2 }

// Words says the count in counting words and the ruleset's suit names:
// "A-K of hearts, A of clubs: 3 sure tricks; K of spades may bring half
// a trick more; 5 spades may bring 2 more".
func (j Judgement) Words(r *ruleset.Ruleset) string {
	var sure, likely, long []string
	for s := len(r.Deck.SuitIDs) - 1; s >= 0; s-- {
		c := j.BySuit[s]
		name := r.Deck.SuitNames[s]
		if c.Sure != 0 {
			sure = append(sure, honours(r, c.Sure)+" of "+name)
		}
		if c.Likely != 0 {
			likely = append(likely, honours(r, c.Likely)+" of "+name)
		}
		if c.Long > 0 {
			long = append(long, fmt.Sprintf("%d %s as trumps may bring %s more", c.Length, name, halves(c.Long)))
		}
	}
	var parts []string
	if len(sure) > 0 {
		parts = append(parts, strings.Join(sure, ", ")+": "+tricksWord(j.Sure, "sure trick"))
	} else {
		parts = append(parts, "no sure trick")
	}
	if len(likely) > 0 {
		n := j.Likely
		for _, c := range j.BySuit {
			n -= c.Long
		}
		parts = append(parts, strings.Join(likely, ", ")+" may bring "+halves(n)+" more")
	}
	parts = append(parts, long...)
	return strings.Join(parts, "; ")
}

// needsWords says the hand's count j in all against what a contract of
// tricks tricks needs, with what the talon may add (talon: the declarer
// takes it): "the talon may add 1; 5 in all, 6 are needed".
func needsWords(j Judgement, tricks int, talon bool) string {
	all := j.Half()
	s := ""
	if talon {
		all += 2
		s = "the talon may add 1; "
	}
	return s + fmt.Sprintf("%s in all, %d are needed", halves(all), tricks)
}

// CountWords is the count of hand under r for contract ci, in counting
// words, ended by what the contract needs (hand: played without the
// talon, whose one trick is counted otherwise where the declarer takes it):
// the words the simple player's reasons and the lesson share.
func CountWords(r *ruleset.Ruleset, hand cards.Mask, ci int, handGame bool) string {
	ct := &r.Contracts[ci]
	j := Judge(r, hand, ct.Trumps)
	return j.Words(r) + "; " + needsWords(j, ct.Tricks, talonCounted(r, ci, handGame))
}

// talonCounted reports whether the simple player counts the talon's one
// trick for contract ci: a trump contract bid without the hand where the
// declarer takes the talon (a no-trump one must stand on the hand alone).
func talonCounted(r *ruleset.Ruleset, ci int, handGame bool) bool {
	return !handGame && r.Exchange.TakeTalon && r.Contracts[ci].Trumps != cards.NoSuit
}

// honours writes the cards of m, one suit, highest first: "A-K-Q".
func honours(r *ruleset.Ruleset, m cards.Mask) string {
	var names []string
	for ; m != 0; m &^= m.Highest().Bit() {
		names = append(names, r.Deck.Ranks[m.Highest().Rank()])
	}
	return strings.Join(names, "-")
}

// halves writes a count of half tricks in words: "half a trick", "1",
// "2 and a half".
func halves(h int) string {
	switch {
	case h == 0:
		return "none"
	case h == 1:
		return "half a trick"
	case h%2 == 1:
		return fmt.Sprintf("%d and a half", h/2)
	}
	return fmt.Sprintf("%d", h/2)
}

// tricksWord writes a count of half tricks with its noun: "3 sure tricks",
// "1 sure trick".
func tricksWord(h int, noun string) string {
	if h == 2 {
		return "1 " + noun
	}
	if h == 1 {
		return "half a " + noun
	}
	return halves(h) + " " + noun + "s"
}
