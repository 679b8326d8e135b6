package bot

import (
	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Simple is a computer player. Its zero value is ready to use.
type Simple struct {
	// why the last decision was made: its key (reasons.go), its words,
	// which Reason completes with tail or the call named where they say {}
	key       Why
	why, tail string
	r         *ruleset.Ruleset // non-nil: Reason names called in r's words
	called    ruleset.Call
	count     counted // a bid's or a pass's count of the hand, said after why
}

// counted is the count a call rests on, kept as its inputs: Reason judges
// the hand again and says it in counting words only when asked.
type counted struct {
	r      *ruleset.Ruleset // nil: no count to say
	hand   cards.Mask
	trumps cards.Suit
	need   int  // tricks the contract needs
	talon  bool // the talon may add one
	named  bool // needFor is named after the need
	needOf ruleset.Call
}

// words says the count: "A-K of hearts: 2 sure tricks; 5 spades as trumps
// may bring 2 more; the talon may add 1; 6 are needed".
func (c *counted) words() string {
	if c.r == nil {
		return ""
	}
	j := Judge(c.r, c.hand, c.trumps)
	s := ": " + j.Words(c.r) + "; " + needsWords(j, c.need, c.talon)
	if c.named {
		s += " for " + c.r.CallName(c.needOf) + ", the lowest bid open"
	}
	return s
}

// Reason says why the last decision was made. A decision only notes the
// words; they are put together here, when asked (building them for every
// call of every simulated deal cost an allocation each).
func (b *Simple) Reason() string { return PutWord(b.why, b.word()) }

// Counted is Reason followed, for a bid, a pass in the auction or an
// announcement, by the count of the hand it rests on, in counting words
// (bot.Judge): "expects enough tricks for 6-spades: A-K of hearts, A of
// spades: 3 sure tricks; ...; 6 are needed". It names the player's own
// cards: a hint or a coach for that player may show it; a log of the
// others' decisions shows Reason.
func (b *Simple) Counted() string { return b.Reason() + b.count.words() }

// because notes why, in words of no key (WhyOwnWords): made for the
// decision.
func (b *Simple) because(why string) {
	b.key, b.why, b.tail, b.r, b.count.r = WhyOwnWords, why, "", nil, nil
}

// countFor notes the count of hand for contract ci (bid as a hand game
// or not) that a call rests on, for Reason to say after the words.
func (b *Simple) countFor(g *game.Game, hand cards.Mask, ci int, handGame bool) {
	ct := &g.R.Contracts[ci]
	if ct.Exact || ct.NoDeclarer {
		b.count.r = nil // a misère is judged by its low cards, not counted
		return
	}
	b.count = counted{r: g.R, hand: hand, trumps: ct.Trumps, need: ct.Tricks, talon: talonCounted(g.R, ci, handGame)}
}

// weighed is a hand as the bot weighs it: the half tricks its honours
// take whatever the trumps, and each suit's length, from which estimate
// adds the long trumps of any trump suit. A decision that compares
// contracts or trump suits weighs the hand once.
type weighed struct {
	half int
	n    [4]int // cards per suit
}

// weigh weighs hand.
func weigh(g *game.Game, hand cards.Mask) weighed { return weighR(g.R, hand) }

// weighR weighs hand under ruleset r.
func weighR(r *ruleset.Ruleset, hand cards.Mask) weighed {
	var w weighed
	ranks := len(r.Deck.Ranks)
	for s := range r.Deck.SuitIDs {
		su := cards.Suit(s)
		part := hand.Suit(su)
		n := part.Count()
		w.n[s] = n
		if n == 0 {
			continue
		}
		sure, likely, _, _ := countSuit(part, su, n, ranks)
		w.half += sure + likely
	}
	return w
}

// estimate is the number of tricks the hand may take with trump suit t
// (cards.NoSuit: no trumps), in half tricks.
func (w *weighed) estimate(t cards.Suit) int {
	half := w.half
	if t != cards.NoSuit && int(t) < len(w.n) {
		half += longTrumps(w.n[t]) // long trumps take tricks
	}
	return half
}

// estimate is the number of tricks hand may take with trump suit t
// (cards.NoSuit: no trumps), in half tricks.
func estimate(g *game.Game, hand cards.Mask, t cards.Suit) int { return estimateR(g.R, hand, t) }

// estimateR is estimate for ruleset r.
func estimateR(r *ruleset.Ruleset, hand cards.Mask, t cards.Suit) int {
	w := weighR(r, hand)
	return w.estimate(t)
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

// wants reports whether the bot would play contract ci from hand h,
// weighed w: it only takes on contracts won by taking tricks with trumps.
func (b *Simple) wants(g *game.Game, h cards.Mask, w *weighed, ci int, hand bool) bool {
	ct := &g.R.Contracts[ci]
	switch {
	case ct.Exact && ct.Tricks == 0: // misère: every suit low enough to duck
		return duckable(g, h)
	case ct.Exact:
		return false
	case ct.Trumps == cards.NoSuit: // slam-like: an overwhelming hand
		return w.estimate(cards.NoSuit) >= 2*ct.Tricks-1
	}
	return w.estimate(ct.Trumps) >= target(g, ci, hand)
}

// wantsAbove reports whether, where the declarer may announce any contract
// at least as high as the bid, the hand wants a suit contract above bid:
// the bid is then only the price of the talon (the lowest bid with a hand
// for a higher suit).
func (b *Simple) wantsAbove(g *game.Game, h cards.Mask, w *weighed, bid int, hand bool) int {
	r := g.R
	if !r.Exchange.AtLeastBid || r.Contracts[bid].MustBid {
		return -1
	}
	for ci := bid + 1; ci < len(r.Contracts); ci++ {
		ct := &r.Contracts[ci]
		if ct.MustBid || ct.NoDeclarer || ct.Exact || ct.Trumps == cards.NoSuit {
			continue
		}
		if b.wants(g, h, w, ci, hand) {
			return ci
		}
	}
	return -1
}

func (b *Simple) call(g *game.Game, seat int, legal []int) int {
	// The lowest legal bid up to the best contract this hand wants: it does
	// not give away more than it needs.
	best, above := -1, -1
	h := g.Hands[seat]
	w := weigh(g, h)
	// wantsAbove scans every contract above a bid. Once a scan found none
	// the hand wants, none above a higher bid (as a hand bid or not) is
	// wanted either: noneAbove keeps the lowest such bid, so the walk up
	// the ladder scans the contracts once, not once a bid.
	noneAbove := [2]int{len(g.R.Contracts), len(g.R.Contracts)}
	for _, c := range legal[1:] {
		call := &g.R.Ladder[c]
		if b.wants(g, h, &w, call.Contract, call.Hand) {
			best = c
			break
		}
		if call.Contract >= noneAbove[handIndex(call.Hand)] {
			continue
		}
		if above = b.wantsAbove(g, h, &w, call.Contract, call.Hand); above >= 0 {
			best = c
			break
		}
		if !g.R.Contracts[call.Contract].MustBid { // a bid wantsAbove refuses at once scanned nothing
			noneAbove[handIndex(call.Hand)] = call.Contract
		}
	}
	if best < 0 {
		b.reason(WhyFewSureTricks)
		b.countLowest(g, h, legal)
		return game.Pass
	}
	if above >= 0 {
		b.reasonOf(WhyBidsNoMore, contractWord(&g.R.Contracts[above]))
		b.countFor(g, h, above, g.R.Ladder[best].Hand)
		return best
	}
	b.reasonCall(WhyEnoughTricks, g.R, g.R.Ladder[best])
	b.countFor(g, h, g.R.Ladder[best].Contract, g.R.Ladder[best].Hand)
	return best
}

// countLowest notes, for a pass, the count of hand in its best trump suit
// against the lowest bid open that is won by taking tricks.
func (b *Simple) countLowest(g *game.Game, hand cards.Mask, legal []int) {
	for _, c := range legal[1:] {
		call := g.R.Ladder[c]
		if g.R.Contracts[call.Contract].Exact {
			continue
		}
		b.countFor(g, hand, call.Contract, call.Hand)
		b.count.trumps = bestTrump(g, hand)
		b.count.named, b.count.needOf = true, call
		return
	}
}

// handIndex is 1 for a hand bid, 0 for one with the talon.
func handIndex(hand bool) int {
	if hand {
		return 1
	}
	return 0
}

func (b *Simple) takeOffer(g *game.Game, seat int) bool {
	h := g.Hands[seat]
	w := weigh(g, h)
	for ci := range g.R.Contracts {
		if b.wants(g, h, &w, ci, false) {
			b.reasonOf(WhyGoodEnoughFor, contractWord(&g.R.Contracts[ci]))
			return true
		}
	}
	b.reason(WhyTooWeak)
	return false
}

func (b *Simple) potOffer(g *game.Game, seat int, min int) int {
	// Worth paying for the talon when the best suit, helped by it, nearly
	// makes six: a unit for each half trick above that.
	est := estimate(g, g.Hands[seat], bestTrump(g, g.Hands[seat]))
	worth := est - 2*(len(g.R.Deck.Ranks)-2) + 4
	if worth >= min {
		b.reason(WhyOffersForTalon)
		return min
	}
	b.reason(WhyNoOfferForTalon)
	return 0
}

func (b *Simple) playFromHand(g *game.Game, seat int) bool {
	t := g.R.Contracts[g.R.Ladder[max(g.Bid, 0)].Contract].Trumps
	strong := estimate(g, g.Hands[seat], t) >= 2*g.R.Contracts[g.R.Ladder[max(g.Bid, 0)].Contract].Tricks+2
	if strong {
		b.reason(WhyStrongWithoutTalon)
	} else {
		b.reason(WhyTakesTalon)
	}
	return strong
}

// bestTrump is the suit in which hand is strongest among the contracts open.
func bestTrump(g *game.Game, hand cards.Mask) cards.Suit {
	best, score := cards.Suit(0), -1
	w := weigh(g, hand)
	for s := range g.R.Deck.SuitIDs {
		if v := w.estimate(cards.Suit(s)); v > score {
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
	b.reason(WhyLaysAsideLow)
	return laid
}

func (b *Simple) announce(g *game.Game, seat int, legal []int, mayConcede bool) (int, bool) {
	w := weigh(g, g.Hands[seat])
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
		score := w.estimate(ct.Trumps) - 2*ct.Tricks
		if score > bestScore {
			best, bestScore = ci, score
		}
	}
	why := WhyBestMargin
	if bestScore < 0 {
		// No suit contract open is counted as made: a no-trump one that is
		// comes first; else the bot never promises more tricks than its
		// bid on a hand it counts too weak for any contract.
		if nt := noTrumpMade(g, &w, legal); nt >= 0 {
			b.reason(WhyCountsNoTrumps)
			b.countFor(g, g.Hands[seat], nt, true)
			return nt, false
		}
		if low := noRaise(g, &w, legal, best); low != best {
			best, why = low, WhyNoRaise
		}
	}
	if mayConcede && bestScore < -4 {
		b.reason(WhyHopeless)
		return best, true
	}
	b.reason(why)
	b.countFor(g, g.Hands[seat], best, true) // the talon is in the hand now
	return best, false
}

// noTrumpMade is the first no-trump contract of legal that hand, weighed
// w, is counted to make as the bot bids them (all its tricks but half a
// trick), or -1.
func noTrumpMade(g *game.Game, w *weighed, legal []int) int {
	for _, ci := range legal {
		ct := &g.R.Contracts[ci]
		if !ct.Exact && ct.Trumps == cards.NoSuit && w.estimate(cards.NoSuit) >= 2*ct.Tricks-1 {
			return ci
		}
	}
	return -1
}

// noRaise keeps best, a contract of legal, unless it needs more tricks
// than the contract bid: then it is the contract with the best margin among
// those of legal that need no more than the bid, a suit contract before a
// no-trump one on a tie. A hand counted too weak for every contract open
// is not made to promise more than its bid.
func noRaise(g *game.Game, w *weighed, legal []int, best int) int {
	if g.Bid < 0 {
		return best // no bid (a game taken by an offer): nothing to raise
	}
	bid := g.R.Contracts[g.R.Ladder[g.Bid].Contract].Tricks
	if g.R.Contracts[best].Tricks <= bid {
		return best
	}
	pick, score := best, -1<<30
	for _, ci := range legal {
		ct := &g.R.Contracts[ci]
		if ct.Exact || ct.Tricks > bid {
			continue
		}
		margin := 2 * (w.estimate(ct.Trumps) - 2*ct.Tricks)
		if ct.Trumps != cards.NoSuit {
			margin++ // a suit before no trumps on a tie
		}
		if margin > score {
			pick, score = ci, margin
		}
	}
	return pick
}

// retrieve: the other defender took half; the bot whists after all only
// with a hand that takes the whole obligation alone.
func (b *Simple) retrieve(g *game.Game, seat int) bool {
	ct := &g.R.Contracts[g.Contract]
	if estimate(g, g.Hands[seat], ct.Trumps) >= 2*ct.DefenceNeeds {
		b.reason(WhyWhistsAfterAll)
		return true
	}
	b.reason(WhyLetsHalfStand)
	return false
}

// chooseOpen: playing both defending hands, the bot would rather see them.
func (b *Simple) chooseOpen(g *game.Game, seat int) bool {
	b.reason(WhyPlaysOpen)
	return true
}

func (b *Simple) defend(g *game.Game, seat int) deal.Choice {
	ct := &g.R.Contracts[g.Contract]
	est := estimate(g, g.Hands[seat], ct.Trumps)
	if est >= 2*max(ct.EachNeeds, ct.DefenceNeeds/2)-1 {
		b.reason(WhyTakesShare)
		return deal.Play
	}
	if g.MayHalf(seat) && est >= ct.DefenceNeeds-1 {
		b.reason(WhyTakesHalf)
		return deal.Half
	}
	b.reason(WhyTooWeakForShare)
	return deal.Drop
}

func (b *Simple) invite(g *game.Game, seat int) bool {
	ct := &g.R.Contracts[g.Contract]
	strong := estimate(g, g.Hands[seat], ct.Trumps) >= 2*g.R.Defence.InviteNeeds-2
	if strong {
		b.reason(WhyInvites)
	} else {
		b.reason(WhyNoInvite)
	}
	return strong
}

func (b *Simple) contra(g *game.Game, seat int) bool {
	ct := &g.R.Contracts[g.Contract]
	if estimate(g, g.Hands[seat], ct.Trumps) >= 2*(g.R.HandSize-ct.Tricks)+2 {
		b.reasonOf(WhyBeatsAlone, g.R.ContraWord(1))
		return true
	}
	// a contract played only against a contra: a defender who came to it
	// doubles with a fair share of the defence (half of what beats it)
	if ct.MustContra && estimate(g, g.Hands[seat], ct.Trumps) >= g.R.HandSize-ct.Tricks+1 {
		b.reasonOf(WhyMustContra, g.R.ContraWord(1))
		return true
	}
	b.reasonOf(WhyNoContra, g.R.ContraWord(1))
	return false
}

// recontra answers the last doubling: the declarer doubles back when sure
// of the contract, the contra's caller (a subcontra) when sure of beating
// it.
func (b *Simple) recontra(g *game.Game, seat int, against int) bool {
	ct := &g.R.Contracts[g.Contract]
	call := g.R.ContraWord(min(g.ContraCall(), ruleset.MaxContraLevels)) // the table's word for it
	est := estimate(g, g.Hands[seat], ct.Trumps)
	sure := est >= 2*ct.Tricks+4
	if seat != g.Declarer {
		sure = est >= 2*(g.R.HandSize-ct.Tricks)+4
	}
	if sure {
		b.reasonOf(WhySureOfDoubling, call)
		return true
	}
	b.reasonOf(WhyNotSureOfDoubling, call)
	return false
}

func (b *Simple) giveUp(g *game.Game, seat int) bool {
	ct := &g.R.Contracts[g.Contract]
	if ct.Trumps == cards.NoSuit || ct.Exact {
		b.reason(WhyPlaysItOut)
		return false
	}
	if estimate(g, g.Hands[seat], ct.Trumps) < 2*ct.Tricks-5 {
		b.reason(WhyGivesUp)
		return true
	}
	b.reason(WhyPlaysItOut)
	return false
}

// play chooses seat's card among legal: a lead, or to a trick led, a card
// that ducks where tricks are not wanted, else wins as cheaply as it can
// unless the other defender already wins the trick.
func (b *Simple) play(g *game.Game, seat int, legal cards.Mask) cards.Card {
	t := g.CurrentTrick()
	ct := &g.R.Contracts[g.Contract]
	// In a misère nobody wants tricks: the declarer must take none, and the
	// defenders leave the tricks to the declarer.
	// A contract everyone plays for no tricks (the all-pass game) is a
	// misère for all.
	wantTricks := !(ct.Tricks == 0 && (ct.Exact || g.Declarer < 0))
	if t.N == 0 {
		return b.lead(g, seat, legal, wantTricks)
	}
	// Cards that would win the trick as it stands.
	w := g.Winning()
	winners := deal.Winners(legal, w, g.Trump)
	partnerWins := false
	for i := 0; i < t.N; i++ {
		if t.Cards[i] == w {
			s := int(t.Seats[i])
			partnerWins = g.Declarer >= 0 && s != g.Declarer && seat != g.Declarer && s != game.TalonSeat
		}
	}
	switch {
	case !wantTricks && legal&^winners != 0:
		b.reason(WhyHighestLoser)
		return (legal &^ winners).Highest()
	case wantTricks && winners != 0 && !partnerWins:
		b.reason(WhyWinsCheaply)
		return cheapest(winners)
	case partnerWins && legal&^winners != 0:
		b.reason(WhyLeavesToPartner)
		return cheapest(legal &^ winners)
	}
	b.reason(WhyPlaysLowest)
	return cheapest(legal)
}

// lead chooses the card to lead: the highest card of the longest suit
// (the cheapest card when tricks are not wanted), or through a declarer
// sitting second a high honour or the lowest of that suit.
func (b *Simple) lead(g *game.Game, seat int, legal cards.Mask, wantTricks bool) cards.Card {
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
	if g.R.Play.Cooperation != ruleset.CooperationNone && seat != g.Declarer && g.Declarer == deal.Round(seat, 1, seats) {
		// Cooperation rule 3: with the declarer second, a king or an
		// ace, else the lowest card of the suit.
		top := len(g.R.Deck.Ranks) - 2
		for m := legal; m != 0; m &= m - 1 {
			if c := m.Lowest(); c.Rank() >= top {
				b.reason(WhyLeadsThrough)
				return c
			}
		}
		b.reason(WhyLeadsLowLongest)
		return legal.Suit(best.Suit()).Lowest()
	}
	b.reason(WhyLeadsLongest)
	return best
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

// duckable reports whether a hand can hope to take no trick: in each suit
// the lowest card is one of the two lowest ranks, the second at most two
// ranks above that, and so on (7 9 J in a pack from the seven: each card
// has one below it for every card the others must lead). A hand of low
// cards with one high card in a long suit passed the old test of counting
// high cards and lost most of its misères.
func duckable(g *game.Game, h cards.Mask) bool {
	suit, i := cards.Suit(255), 0
	for m := h; m != 0; m &= m - 1 { // suit by suit, each from its lowest
		c := m.Lowest()
		if c.Suit() != suit {
			suit, i = c.Suit(), 0
		}
		if c.Rank() > 2*i+1 {
			return false
		}
		i++
	}
	return true
}
