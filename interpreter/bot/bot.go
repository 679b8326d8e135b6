package bot

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
)

// Simple is a computer player. Its zero value is ready to use.
type Simple struct {
	// Reason says why the last decision was made.
	Reason string
}

// estimate is the number of tricks hand may take with trump suit t
// (cards.NoSuit: no trumps), in half tricks.
func estimate(g *game.Game, hand cards.Mask, t cards.Suit) int { return estimateR(g.R, hand, t) }

// estimateR is estimate for ruleset r.
func estimateR(r *ruleset.Ruleset, hand cards.Mask, t cards.Suit) int {
	ranks := len(r.Deck.Ranks)
	half := 0
	for s := range r.Deck.SuitIDs {
		su := cards.Suit(s)
		part := hand.Suit(su)
		n := part.Count()
		if n == 0 {
			continue
		}
		ace := part.Has(cards.Make(su, ranks-1))
		king := part.Has(cards.Make(su, ranks-2))
		queen := part.Has(cards.Make(su, ranks-3))
		if ace {
			half += 2
		}
		if king && n >= 2 {
			half += 2
			if !ace {
				half--
			}
		}
		if queen && n >= 3 && (ace || king) {
			half++
		}
		if su == t && n > 3 {
			half += 2 * (n - 3) // long trumps take tricks
		}
	}
	return half
}

// target is what the contract needs, in half tricks, with the talon's help
// counted as one trick.
func target(g *game.Game, ci int, hand bool) int {
	ct := &g.R.Contracts[ci]
	need := 2 * ct.Tricks
	if !hand && g.R.Exchange.TakeTalon {
		need -= 2
	}
	return need
}

// wants reports whether the bot would play contract ci from this hand: it
// only takes on contracts won by taking tricks with trumps.
func (b *Simple) wants(g *game.Game, seat, ci int, hand bool) bool {
	ct := &g.R.Contracts[ci]
	h := g.Hands[seat]
	switch {
	case ct.Exact && ct.Tricks == 0: // misère: at most two cards above the middle of the suit
		high := 0
		for m := h; m != 0; m &= m - 1 {
			if m.Lowest().Rank() >= len(g.R.Deck.Ranks)/2 {
				high++
			}
		}
		return high <= 2
	case ct.Exact:
		return false
	case ct.Trumps == cards.NoSuit: // slam-like: an overwhelming hand
		return estimate(g, h, cards.NoSuit) >= 2*ct.Tricks-1
	}
	return estimate(g, h, ct.Trumps) >= target(g, ci, hand)
}

func (b *Simple) call(g *game.Game, seat int, legal []int) int {
	// The lowest legal bid up to the best contract this hand wants: it does
	// not give away more than it needs.
	best := -1
	for _, c := range legal[1:] {
		call := g.R.Ladder[c]
		if b.wants(g, seat, call.Contract, call.Hand) {
			best = c
			break
		}
	}
	if best < 0 {
		b.Reason = "too few sure tricks for any bid still open"
		return game.Pass
	}
	b.Reason = "expects enough tricks for " + g.R.CallName(g.R.Ladder[best])
	return best
}

func (b *Simple) takeOffer(g *game.Game, seat int) bool {
	for ci := range g.R.Contracts {
		if b.wants(g, seat, ci, false) {
			b.Reason = "the hand is good enough for " + g.R.Contracts[ci].Name
			return true
		}
	}
	b.Reason = "the hand is too weak"
	return false
}

func (b *Simple) potOffer(g *game.Game, seat int, min int) int {
	// Worth paying for the talon when the best suit, helped by it, nearly
	// makes six: a unit for each half trick above that.
	est := estimate(g, g.Hands[seat], bestTrump(g, g.Hands[seat]))
	worth := est - 2*(len(g.R.Deck.Ranks)-2) + 4
	if worth >= min {
		b.Reason = "offers for the talon"
		return min
	}
	b.Reason = "does not offer for the talon"
	return 0
}

func (b *Simple) playFromHand(g *game.Game, seat int) bool {
	t := g.R.Contracts[g.R.Ladder[max(g.Bid, 0)].Contract].Trumps
	strong := estimate(g, g.Hands[seat], t) >= 2*g.R.Contracts[g.R.Ladder[max(g.Bid, 0)].Contract].Tricks+2
	if strong {
		b.Reason = "strong enough without the talon"
	} else {
		b.Reason = "takes the talon"
	}
	return strong
}

// bestTrump is the suit in which hand is strongest among the contracts open.
func bestTrump(g *game.Game, hand cards.Mask) cards.Suit {
	best, score := cards.Suit(0), -1
	for s := range g.R.Deck.SuitIDs {
		if v := estimate(g, hand, cards.Suit(s)); v > score {
			best, score = cards.Suit(s), v
		}
	}
	return best
}

func (b *Simple) discard(g *game.Game, seat int, n int) cards.Mask {
	hand := g.Hands[seat]
	keep := bestTrump(g, hand)
	var laid cards.Mask
	for laid.Count() < n && hand&^laid != 0 {
		// lowest card of the shortest side suit, never an ace
		pick, bestLen := cards.Card(255), 99
		for s := range g.R.Deck.SuitIDs {
			su := cards.Suit(s)
			part := (hand &^ laid).Suit(su)
			if su == keep || part == 0 {
				continue
			}
			low := part.Lowest()
			if low.Rank() == len(g.R.Deck.Ranks)-1 {
				continue
			}
			if part.Count() < bestLen {
				pick, bestLen = low, part.Count()
			}
		}
		if pick == 255 { // only aces beside the trump suit: the lowest trump goes
			rest := hand &^ laid
			if side := rest &^ cards.SuitMask(keep); rest.Suit(keep) == 0 && side != 0 {
				rest = side
			} else if rest.Suit(keep) != 0 {
				rest = rest.Suit(keep)
			}
			pick = cheapest(rest)
		}
		laid |= pick.Bit()
	}
	b.Reason = "lays aside low cards of short suits"
	return laid
}

func (b *Simple) announce(g *game.Game, seat int, legal []int, mayConcede bool) (int, bool) {
	hand := g.Hands[seat]
	best, bestScore := legal[0], -1<<30
	for _, ci := range legal {
		ct := &g.R.Contracts[ci]
		if ct.Exact || ct.Trumps == cards.NoSuit {
			if len(legal) == 1 {
				bestScore = 0 // bid as such: play it
			}
			continue
		}
		// margin over the target, preferring the cheaper contract on ties
		score := estimate(g, hand, ct.Trumps) - 2*ct.Tricks
		if score > bestScore {
			best, bestScore = ci, score
		}
	}
	if mayConcede && bestScore < -4 {
		b.Reason = "hopeless hand: gives up"
		return best, true
	}
	b.Reason = "announces the contract with the best margin"
	return best, false
}

// retrieve: the other defender took half; the bot whists after all only
// with a hand that takes the whole obligation alone.
func (b *Simple) retrieve(g *game.Game, seat int) bool {
	ct := &g.R.Contracts[g.Contract]
	if estimate(g, g.Hands[seat], ct.Trumps) >= 2*ct.DefenceNeeds {
		b.Reason = "strong enough for the whole defence: whists after all"
		return true
	}
	b.Reason = "lets the half stand"
	return false
}

// chooseOpen: playing both defending hands, the bot would rather see them.
func (b *Simple) chooseOpen(g *game.Game, seat int) bool {
	b.Reason = "plays both defending hands open"
	return true
}

func (b *Simple) defend(g *game.Game, seat int) settle.Choice {
	ct := &g.R.Contracts[g.Contract]
	est := estimate(g, g.Hands[seat], ct.Trumps)
	if est >= 2*max(ct.EachNeeds, ct.DefenceNeeds/2)-1 {
		b.Reason = "expects to take its share of tricks"
		return settle.Play
	}
	if g.MayHalf(seat) && est >= ct.DefenceNeeds-1 {
		b.Reason = "the other defender passed: takes half without play"
		return settle.Half
	}
	b.Reason = "too weak to take its share"
	return settle.Drop
}

func (b *Simple) invite(g *game.Game, seat int) bool {
	ct := &g.R.Contracts[g.Contract]
	strong := estimate(g, g.Hands[seat], ct.Trumps) >= 2*g.R.Defence.InviteNeeds-2
	if strong {
		b.Reason = "strong enough to reach the target with the partner's help: invites"
	} else {
		b.Reason = "does not invite"
	}
	return strong
}

func (b *Simple) contra(g *game.Game, seat int) bool {
	ct := &g.R.Contracts[g.Contract]
	if estimate(g, g.Hands[seat], ct.Trumps) >= 2*(g.R.HandSize-ct.Tricks)+2 {
		b.Reason = "expects to beat the contract alone: contra"
		return true
	}
	b.Reason = "no contra"
	return false
}

func (b *Simple) recontra(g *game.Game, seat int, against int) bool {
	ct := &g.R.Contracts[g.Contract]
	if estimate(g, g.Hands[seat], ct.Trumps) >= 2*ct.Tricks+4 {
		b.Reason = "sure of the contract: recontra"
		return true
	}
	b.Reason = "no recontra"
	return false
}

func (b *Simple) giveUp(g *game.Game, seat int) bool {
	ct := &g.R.Contracts[g.Contract]
	if ct.Trumps == cards.NoSuit || ct.Exact {
		b.Reason = "plays it out"
		return false
	}
	if estimate(g, g.Hands[seat], ct.Trumps) < 2*ct.Tricks-5 {
		b.Reason = "too weak against this defence: gives up"
		return true
	}
	b.Reason = "plays it out"
	return false
}

func (b *Simple) play(g *game.Game, seat int, legal cards.Mask) cards.Card {
	t := g.CurrentTrick()
	ct := &g.R.Contracts[g.Contract]
	// In a misère nobody wants tricks: the declarer must take none, and the
	// defenders leave the tricks to the declarer.
	// A contract everyone plays for no tricks (the all-pass game) is a
	// misère for all.
	wantTricks := !(ct.Tricks == 0 && (ct.Exact || g.Declarer < 0))
	if t.N == 0 {
		// lead: the highest card of the longest suit
		best, n := legal.Highest(), 0
		for s := range g.R.Deck.SuitIDs {
			part := legal.Suit(cards.Suit(s))
			if c := part.Count(); c > n {
				best, n = part.Highest(), c
			}
		}
		if !wantTricks {
			best = cheapest(legal)
		}
		seats := g.Seats()
		if g.R.Play.Cooperation != ruleset.CooperationNone && seat != g.Declarer && g.Declarer == (seat+1)%seats {
			// Cooperation rule 3: with the declarer second, a king or an
			// ace, else the lowest card of the suit.
			top := len(g.R.Deck.Ranks) - 2
			for m := legal; m != 0; m &= m - 1 {
				if c := m.Lowest(); c.Rank() >= top {
					b.Reason = "leads a high honour through the declarer"
					return c
				}
			}
			b.Reason = "leads the lowest card of its longest suit"
			return legal.Suit(best.Suit()).Lowest()
		}
		b.Reason = "leads from its longest suit"
		return best
	}
	// Cards that would win the trick as it stands.
	var winners cards.Mask
	w := g.Winning()
	for m := legal; m != 0; m &= m - 1 {
		c := m.Lowest()
		if (c.Suit() == w.Suit() && c.Rank() > w.Rank()) || (c.Suit() == g.Trump && w.Suit() != g.Trump) {
			winners |= c.Bit()
		}
	}
	partnerWins := false
	for i := 0; i < t.N; i++ {
		if t.Cards[i] == w {
			s := int(t.Seats[i])
			partnerWins = g.Declarer >= 0 && s != g.Declarer && seat != g.Declarer && s != game.TalonSeat
		}
	}
	switch {
	case !wantTricks && legal&^winners != 0:
		b.Reason = "plays its highest card that does not win"
		return (legal &^ winners).Highest()
	case wantTricks && winners != 0 && !partnerWins:
		b.Reason = "wins the trick as cheaply as it can"
		return cheapest(winners)
	case partnerWins && legal&^winners != 0:
		b.Reason = "leaves the trick to the other defender"
		return cheapest(legal &^ winners)
	}
	b.Reason = "plays its lowest card"
	return cheapest(legal)
}

// cheapest is the lowest-ranked card, whatever the suit.
func cheapest(m cards.Mask) cards.Card {
	best := m.Lowest()
	for ; m != 0; m &= m - 1 {
		if c := m.Lowest(); c.Rank() < best.Rank() {
			best = c
		}
	}
	return best
}
