package bot

import (
	"math"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// Inference from the calls. A sampled deal of the unseen cards is kept
// with the probability that sensible players, holding the hands it deals
// them, make every call the others have made: each bid and pass, a hand
// game chosen over the talon, the contract announced, each defender's
// play, drop, half or invitation, and every doubling level. A sensible
// player calls on the strength of his hand against what the call
// promises (a margin, in half tricks as the simple player counts them):
// the further above the promise, the likelier the call, never certainly
// (callFloor: players misjudge). A call that only a strong hand makes
// (a hand game, a no-trump or misère contract, a re-double, a subcontra)
// promises much, so a weak hand dealt for it is nearly ruled out.

// callSlope is the spread, in half tricks, of a sensible player's
// judgement: a hand three half tricks short of what a call promises
// makes it about one time in nine.
const callSlope = 1.5

// callFloor is the least chance of any call: a deal is never ruled out
// by a call alone.
const callFloor = 0.002

// odds is the chance a sensible player makes a call his hand exceeds by
// margin half tricks.
func odds(margin float64) float64 {
	return callFloor + (1-2*callFloor)/(1+math.Exp(-margin/callSlope))
}

// seen is what a sampled deal says of the hands the calls were made
// from: each seat's hand as dealt (read where a seat's calls are read),
// and the declarer's hand after the exchange (0: unknown).
type seen struct {
	dealt [game.MaxSeats]cards.Mask
	talon cards.Mask
	final cards.Mask
}

// callLikelihood is the log of the chance that sensible players holding
// the hands of h make every call of g made by a seat other than me and
// skip (a seat whose dealt hand the deal does not show): the auction,
// then what the declarer and the defenders chose after it.
func (b *Strong) callLikelihood(g *game.State, me, skip int, h *seen) float64 {
	return b.auctionLikelihood(g, me, skip, h) + laterLikelihood(g, me, skip, h)
}

// callOdds is the chance a sensible player holding hand makes call (a
// ladder index, or game.Pass) with the bids open: a bid, as likely as his
// best contract from it up the ladder (of its kind, hand or talon) is
// within reach; a pass, as likely as no open bid is.
func callOdds(r *ruleset.Ruleset, hand cards.Mask, open []int, call int) float64 {
	if len(open) == 0 {
		return 1
	}
	w := weighR(r, hand)
	best := math.Inf(-1)
	for _, c := range open {
		if call != game.Pass && (c < call || r.Ladder[c].Hand != r.Ladder[call].Hand) {
			continue
		}
		best = math.Max(best, contractMargin(r, hand, &w, r.Ladder[c].Contract, r.Ladder[c].Hand))
	}
	if math.IsInf(best, -1) {
		return 1 // a call judged by nothing open (not a ladder bid of this replay)
	}
	if call == game.Pass {
		return 1 - odds(best)
	}
	return odds(best)
}

// contractMargin is by how many half tricks hand, weighed w, exceeds what
// declaring contract ci promises, from the hand (handGame) or with the
// talon to take where the ruleset gives it (counted as a trick, or as its
// discard for a misère): a suit contract its tricks, a no-trump one its
// tricks but half, a misère no card that must win.
func contractMargin(r *ruleset.Ruleset, hand cards.Mask, w *weighed, ci int, handGame bool) float64 {
	ct := &r.Contracts[ci]
	talon := !handGame && r.Exchange.TakeTalon
	switch {
	case ct.NoDeclarer:
		return 0
	case ct.Exact && ct.Tricks == 0:
		spare := 0
		if talon {
			spare = r.Exchange.Discard
		}
		return float64(2*(spare-mustWin(hand)) + 1)
	case ct.Exact:
		return -4 // an exact count of tricks above none: rarely sought
	}
	need := 2 * (ct.Tricks + ct.HandExtra*boolInt(handGame))
	if ct.Trumps == cards.NoSuit {
		need--
	}
	if talon {
		need -= 2
	}
	return float64(w.estimate(ct.Trumps) - need)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// mustWin is the number of cards of hand that may be forced to win a
// trick in a misère: suit by suit from its lowest, each card more than
// two ranks above the one before it has no lower card to duck with
// (duckable's rule, counted).
func mustWin(hand cards.Mask) int {
	n, suit, i := 0, cards.Suit(255), 0
	for m := hand; m != 0; m &= m - 1 {
		c := m.Lowest()
		if c.Suit() != suit {
			suit, i = c.Suit(), 0
		}
		if c.Rank() > 2*i+1 {
			n++
		}
		i++
	}
	return n
}

// laterLikelihood is callLikelihood for what was chosen after the
// auction: the declarer's hand game, contract and answers to a double,
// and the defenders' choices and doublings.
func laterLikelihood(g *game.State, me, skip int, h *seen) float64 {
	d := g.Declarer
	if d < 0 || g.Contract < 0 || g.Phase() <= game.PhaseAnnounce {
		return 0
	}
	r := g.R
	ct := &r.Contracts[g.Contract]
	if ct.NoDeclarer {
		return 0
	}
	logL := 0.0
	if d != me {
		logL += declarerLikelihood(g, skip, h)
	}
	for s := 0; s < g.Seats(); s++ {
		if s == d || s == me || s == skip || h.dealt[s] == 0 {
			continue
		}
		logL += defenderLikelihood(g, s, h.dealt[s])
	}
	return logL
}

// declarerLikelihood is the log chance of the declarer's choices after
// the auction: a hand game chosen over the talon (a trick to spare),
// the contract he plays (on his hand after the exchange), and each answer
// to a double (a re-double: two tricks to spare, a second one three;
// declining one he was asked: as likely as he lacks that).
func declarerLikelihood(g *game.State, skip int, h *seen) float64 {
	r, d := g.R, g.Declarer
	logL := 0.0
	if d != skip && g.Hand && g.Bid >= 0 && !r.Ladder[g.Bid].Hand {
		w := weighR(r, h.dealt[d])
		logL += math.Log(odds(contractMargin(r, h.dealt[d], &w, g.Contract, true) - 2))
	}
	if h.final == 0 {
		return logL
	}
	w := weighR(r, h.final)
	// the hand after the exchange holds the talon: judged as from the hand,
	// without what a hand game needs beyond the contract
	margin := contractMargin(r, h.final, &w, g.Contract, true)
	if !g.Hand {
		margin += float64(2 * r.Contracts[g.Contract].HandExtra)
	}
	logL += math.Log(odds(margin))
	for s := 0; s < g.Seats(); s++ {
		level := g.Doubled[s]
		if s == d || level == 0 {
			continue
		}
		for l := 2; l <= level; l += 2 {
			logL += math.Log(odds(margin - float64(2+l)))
		}
		if level%2 == 1 && declined(g, s, level) {
			logL += math.Log(1 - odds(margin-float64(3+level)))
		}
	}
	return logL
}

// declined reports whether the answer to doubling level (called by or
// against caller s) was asked and declined: the ladder went no higher
// though the rules allowed, and the answer is not still awaited.
func declined(g *game.State, s, level int) bool {
	awaited := g.Phase() == game.PhaseRecontra && g.ContraBy() == s
	return level < g.R.Defence.Contra.Levels && !awaited
}

// contraDeclined reports whether defender s was asked to double and
// said no: the rules let him (WhyNoContra) and the asking has passed
// him, the defenders being asked in turn from the declarer's left. In
// team mode a contra ends the asking, and its ladder is answered with the
// defence's choices as they were made: until then a defender asked before
// the caller is read as here; once the ladder is over the choices are
// rewritten (teamChoicesLost) and teamDefenceLikelihood reads him.
func contraDeclined(g *game.State, s int) bool {
	r, d, n := g.R, g.Declarer, g.Seats()
	if g.Doubled[s] != 0 || g.Phase() < game.PhaseContra || g.Phase() == game.PhaseOver || teamChoicesLost(g) {
		return false
	}
	def := g.Defenders()
	if def.WhyNoContra(r, s) != "" {
		return false
	}
	at := n // the seat being asked now, counted from the declarer's left (n: all asked)
	switch g.Phase() {
	case game.PhaseContra:
		at = (g.ToAct() - d + n) % n
	case game.PhaseRecontra:
		at = (g.ContraBy() - d + n) % n
	}
	return (s-d+n)%n < at
}

// teamChoicesLost reports whether a contra in team mode has rewritten the
// defence's choices: once its ladder is answered (game's afterContra) the
// caller stands as the inviter and every other defender as dropped,
// whatever each chose, and the state keeps no other record of them. While
// the ladder is still answered (the caller's contra awaiting its answer,
// ContraBy) they stand as made.
func teamChoicesLost(g *game.State) bool {
	return g.R.Defence.Contra.Team && g.ContraBy() < 0 && g.Doubled != [game.MaxSeats]int{}
}

// defenderLikelihood is the log chance of defender s's choices, from his
// hand: to play (his share of the defence), to drop or take half (not),
// to invite (the inviter's tricks), and each doubling he called (a contra:
// enough to beat the contract with a trick from his partner; a subcontra:
// enough alone, with half a trick to spare) or was asked and declined (as
// likely as he lacks what the call needs: a defender who could double and
// did not is read as surely as one who did). A misère's defence says
// little of a defender's honours and is not read. In team mode, once a
// contra's ladder is over, the choices stand rewritten and what is left of
// them is read (teamDefenceLikelihood).
func defenderLikelihood(g *game.State, s int, hand cards.Mask) float64 {
	r := g.R
	ct := &r.Contracts[g.Contract]
	if ct.Exact {
		return 0
	}
	est := float64(estimateR(r, hand, ct.Trumps))
	beat := float64(2 * (r.HandSize - ct.Tricks + 1))
	contra := odds(est - (beat - 2)) // the chance he calls a contra
	logL := 0.0
	level := g.Doubled[s]
	if teamChoicesLost(g) {
		logL += teamDefenceLikelihood(g, s, est, contra)
	} else {
		logL += choiceLikelihood(g, s, est)
	}
	switch {
	case level >= 1:
		logL += math.Log(contra)
	case contraDeclined(g, s): // never once a team contra's choices are lost
		logL += math.Log(1 - contra)
	}
	for l := 3; l <= level; l += 2 {
		logL += math.Log(odds(est - (beat + float64(l-2))))
	}
	if level >= 2 && level%2 == 0 && declined(g, s, level) {
		logL += math.Log(1 - odds(est-(beat+float64(level-1))))
	}
	return logL
}

// choiceLikelihood is the log chance of defender s's choice of defence as
// the state holds it, from his hand's count est.
func choiceLikelihood(g *game.State, s int, est float64) float64 {
	r := g.R
	if !r.MayDrop(g.Contract) || g.Phase() <= game.PhaseDefend {
		return 0
	}
	switch g.Defence[s] {
	case deal.Play:
		return math.Log(comeOdds(g, est))
	case deal.Drop, deal.Half:
		return math.Log(1 - comeOdds(g, est))
	case deal.Invite:
		return math.Log(odds(est - float64(2*r.Defence.InviteNeeds-2)))
	}
	return 0
}

// comeOdds is the chance a defender whose hand counts est half tricks
// comes to defend the contract: his share of the defence is within reach.
func comeOdds(g *game.State, est float64) float64 {
	ct := &g.R.Contracts[g.Contract]
	return odds(est - float64(2*max(ct.EachNeeds, ct.DefenceNeeds/2)-1))
}

// teamDefenceLikelihood is the log chance of defender s's choice of
// defence once a team contra has rewritten the choices
// (teamChoicesLost), from what is still known. The caller came (a
// defender who stayed out doubles only when invited): read as a defender
// who played, as deal's choicesBeforeContra reads him. A defender asked
// before the caller either stayed out, or came, was asked to double (had
// he come, no rule kept him from it that did not keep the caller too) and
// said no: as likely as the two together. (Had he stayed out and been
// invited, he was asked too: reading him as one who stayed out only
// reads less.) One after the caller was never asked, and came or not:
// nothing of his is known.
func teamDefenceLikelihood(g *game.State, s int, est, contra float64) float64 {
	came := 1.0 // where no defender may drop out, each came
	if g.R.MayDrop(g.Contract) {
		came = comeOdds(g, est)
	}
	if g.Doubled[s] != 0 {
		return math.Log(came)
	}
	d, n := g.Declarer, g.Seats()
	for c := 0; c < n; c++ {
		if g.Doubled[c] != 0 && (s-d+n)%n < (c-d+n)%n {
			return math.Log(1 - came*contra) // stayed out, or came and did not double
		}
	}
	return 0
}
