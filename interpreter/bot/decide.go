package bot

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
)

// option is one way of deciding, to be weighed: setup takes a deal from
// where the decision is open to where it has been taken; target is the
// contract the decider then plays for as declarer (-1: none).
type option struct {
	setup  func(s *game.State) error
	target int
	// group: options of one group lead to the same decision (the calls
	// of an auction, where a low one keeps the higher contracts open), so
	// sampling need not tell them apart, only the best from those of
	// other groups (0: each option a group of its own).
	group int
}

// take is an option that applies action a.
func take(a game.Action, target int) option {
	return option{setup: func(s *game.State) error { _, err := s.Apply(a); return err }, target: target}
}

// Worlds sampled per decision: at least minWorlds, then while the budget
// lasts, at most maxWorlds.
const (
	minWorlds = 3
	maxWorlds = 60
)

// worldNodes is what drawing a deal costs (world: the calls judged on
// each of its candidates), counted in solver nodes: about half a
// millisecond here.
const worldNodes = WeighNodesPerMs / 2

// rolloutNodes is what a rollout costs besides its solving (settlement,
// the simple player's decisions), counted in solver nodes.
const rolloutNodes = 300

// weigh plays each option out over the same sampled deals of the unseen
// cards (so the options are compared on equal cards) and returns the mean
// value of each for seat me (an option that could not be set up is
// negInf) and the deals used. It samples at least minWorlds deals, then
// until the budget is spent or the best option stands clear of every
// other (separated).
func (b *Strong) weigh(g *game.State, me int, opts []option) ([]float64, int) {
	return b.weighFor(g, me, opts, b.budget())
}

// weighFor is weigh on a budget of its own.
func (b *Strong) weighFor(g *game.State, me int, opts []option, d time.Duration) ([]float64, int) {
	vals, worlds, _ := b.weighWith(g, me, opts, d, nil)
	return vals, worlds
}

// worldWeight is how much a sampled deal counts (0: not at all), read
// from what the calls made so far say about the hands, and the solver's
// nodes it took to tell.
type worldWeight func(w *game.State, lines map[ddKey][]cards.Card, maxNodes int) (float64, int)

// weighWith is weighFor with each deal weighted by weight (nil: all
// alike), a deal of weight 0 drawn again while the budget lasts: the
// weighted mean of each option, the deals used and their total weight.
// Weighted, it samples until the budget is spent or maxWorlds are used.
func (b *Strong) weighWith(g *game.State, me int, opts []option, d time.Duration, weight worldWeight) ([]float64, int, float64) {
	budget := weighNodes(d)
	vals := make([][]float64, len(opts)) // by option, per deal
	wts := make([]float64, 0, maxWorlds)
	bad := make([]bool, len(opts))
	lines := map[ddKey][]cards.Card{}
	spent, worlds, tries := 0, 0, 0
	groups := make([]int, len(opts))
	for i, o := range opts {
		groups[i] = o.group
		if o.group == 0 {
			groups[i] = -1 - i
		}
	}
	rollNodes := max(budget/12, weighNodes(time.Millisecond))
	overhead := rolloutNodes
	if weight != nil {
		overhead = ladderRolloutNodes
	}
	settled := make([]int, len(opts)) // by option: the option that dominates it, plus one (0: still played)
	idle := make([]bool, len(opts))   // inactive's, filled again at each check
	for worlds < maxWorlds && (worlds < minWorlds || spent < budget && !b.overTime(d) && !separatedWeighted(vals, wts, inactive(idle, bad, settled), groups)) {
		w, err := b.world(g, me)
		if err != nil {
			break
		}
		spent += worldNodes
		wt := 1.0
		if weight != nil {
			tries++
			var n int
			wt, n = weight(w, lines, rollNodes)
			spent += n + overhead
			if wt <= 0 {
				if spent >= budget || tries >= 4*maxWorlds {
					break
				}
				continue
			}
		}
		worlds++
		wts = append(wts, wt)
		spent += b.playOptions(w, me, opts, vals, bad, settled, lines, rollNodes, overhead)
		if weight == nil {
			settleDominated(vals, bad, settled, groups)
		}
	}
	out := make([]float64, len(opts))
	for i := range out {
		out[i] = negInf
		if !bad[i] && len(vals[i]) > 0 {
			out[i] = weightedMean(vals[i], wts)
		}
	}
	for i := range out {
		out[i] = settledValue(out, settled, i)
	}
	var total float64
	for _, x := range wts {
		total += x
	}
	return out, worlds, total
}

// playOptions plays each option not yet bad or settled out from deal w,
// its value for me added to vals (an option that cannot be set up or
// played out turns bad), and returns the nodes spent, overhead counted
// for each.
func (b *Strong) playOptions(w *game.State, me int, opts []option, vals [][]float64, bad []bool, settled []int, lines map[ddKey][]cards.Card, rollNodes, overhead int) int {
	spent := 0
	for i, o := range opts {
		if bad[i] || settled[i] > 0 {
			continue
		}
		s := w.Clone()
		if err := o.setup(s); err != nil {
			bad[i] = true
			continue
		}
		v, n, ok := b.rollout(s, me, o.target, lines, rollNodes)
		spent += n + overhead
		if !ok {
			bad[i] = true
			continue
		}
		vals[i] = append(vals[i], v[me])
	}
	return spent
}

// settleDominated stops playing out an option that another of its group (the
// calls of an auction) leads clearly, after at least eight deals: deal by
// deal more than three standard errors above zero, the test separated
// stops on. Only the best of a group decides, so a call clearly below
// another of its group costs rollouts and says nothing: sampling goes on
// only for those that may still be the group's best.
func settleDominated(vals [][]float64, bad []bool, settled []int, groups []int) {
	for i, v := range vals {
		if bad[i] || settled[i] > 0 || len(v) < 8 {
			continue
		}
		for j, u := range vals {
			if j == i || bad[j] || settled[j] > 0 || groups[j] != groups[i] || len(u) != len(v) {
				continue
			}
			if m, se := pairedLead(u, v); m > 0 && m > 3*se {
				settled[i] = j + 1
				break
			}
		}
	}
}

// settledValue is option i's value: its mean, or for one settled no more
// than the value of the option that led it (which may have fallen since),
// so that it never comes out ahead of it.
func settledValue(out []float64, settled []int, i int) float64 {
	if settled[i] == 0 {
		return out[i]
	}
	return min(out[i], settledValue(out, settled, settled[i]-1))
}

// inactive fills out with the options played out no more: bad, or
// settled; it returns out.
func inactive(out, bad []bool, settled []int) []bool {
	for i := range bad {
		out[i] = bad[i] || settled[i] > 0
	}
	return out
}

// pairedLead is the mean lead of a over b deal by deal (the same deals)
// and its standard error.
func pairedLead(a, b []float64) (m, se float64) {
	n := len(a)
	var sum, sq float64
	for k := range a {
		d := a[k] - b[k]
		sum += d
		sq += d * d
	}
	m = sum / float64(n)
	varc := (sq - float64(n)*m*m) / float64(max(n-1, 1))
	return m, math.Sqrt(max(varc, 0) / float64(n))
}

// weightedMean is the mean of xs, each weighted by ws (xs[i] by ws[i]),
// the plain mean when every weight is 1 as it is without weights.
func weightedMean(xs, ws []float64) float64 {
	var sum, total float64
	for i, x := range xs {
		sum += ws[i] * x
		total += ws[i]
	}
	if total == 0 {
		return mean(xs)
	}
	return sum / total
}

// ladderRolloutNodes is what a rollout or a verdict of ddMade costs
// besides its solving when a doubling call is weighed, counted in solver
// nodes: the settlement of a doubled deal on a score sheet and the
// simple player's decisions, about a millisecond here (measured on a
// score-sheet ruleset), far more than rolloutNodes, since a weighted weighing cannot
// stop early as often.
const ladderRolloutNodes = WeighNodesPerMs

// separatedWeighted is separated for deals of weights ws (nil or every
// weight 1: separated itself): the lead of the best option over each other
// group's, weighed deal by deal, more than three standard errors above
// zero, the deals counted by their effective number.
func separatedWeighted(vals [][]float64, ws []float64, bad []bool, groups []int) bool {
	if !slices.ContainsFunc(ws, func(w float64) bool { return w != 1 }) {
		return separated(vals, bad, groups)
	}
	best := -1
	for i, v := range vals {
		if !bad[i] && len(v) > 0 && (best < 0 || weightedMean(v, ws) > weightedMean(vals[best], ws)) {
			best = i
		}
	}
	if best < 0 || len(vals[best]) < 8 {
		return false
	}
	for i, v := range vals {
		if i == best || bad[i] || groups[i] == groups[best] {
			continue
		}
		if len(v) != len(vals[best]) {
			return false
		}
		var sw, sw2, sum, sq float64
		for k := range v {
			d, w := vals[best][k]-v[k], ws[k]
			sw += w
			sw2 += w * w
			sum += w * d
			sq += w * d * d
		}
		m := sum / sw
		varc := max(sq/sw-m*m, 0)
		se := math.Sqrt(varc / (sw * sw / sw2))
		if !(m > 0 && m > 3*se || m == 0 && se == 0) {
			return false
		}
	}
	return true
}

// separated reports whether the option with the best mean so far stands
// clear of each one of the other groups after at least eight deals: deal
// by deal, its lead over the other is more than three standard errors
// above zero, or the two have come out the same in every deal.
func separated(vals [][]float64, bad []bool, groups []int) bool {
	best := -1
	for i, v := range vals {
		if !bad[i] && len(v) > 0 && (best < 0 || mean(v) > mean(vals[best])) {
			best = i
		}
	}
	if best < 0 || len(vals[best]) < 8 {
		return false
	}
	n := len(vals[best])
	for i, v := range vals {
		if i == best || bad[i] || groups[i] == groups[best] {
			continue
		}
		if len(v) != n {
			return false
		}
		m, se := pairedLead(vals[best], v)
		if !(m > 0 && m > 3*se || m == 0 && se == 0) {
			return false
		}
	}
	return true
}

func mean(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(max(len(xs), 1))
}

const negInf = -1e18

func (b *Strong) budget() time.Duration {
	if b.Budget > 0 {
		return b.Budget
	}
	return 200 * time.Millisecond
}

// decide takes a decision other than a card by weighing its options;
// false where it leaves the decision to the simple player.
func (b *Strong) decide(g *game.Game, legal []game.Action) (game.Action, bool) {
	if b.val == nil || b.val.r != g.R {
		b.val = newValuer(g.R)
	}
	me := legal[0].Seat
	switch legal[0].Phase {
	case game.PhaseAuction:
		return b.bid(g, me, legal)
	case game.PhaseOffer, game.PhaseFromHand:
		return b.declareOrNot(g, me, legal)
	case game.PhaseDiscard:
		return b.lay(g, me, legal[0])
	case game.PhaseAnnounce:
		return b.announce(g, me, legal)
	case game.PhaseContra, game.PhaseRecontra:
		return b.double(g, me, legal)
	case game.PhaseDefend, game.PhaseRetrieve, game.PhaseOpen, game.PhaseInvite, game.PhaseGiveUp:
		if len(legal) < 2 {
			return game.Action{}, false
		}
		opts := make([]option, len(legal))
		for i, a := range legal {
			opts[i] = take(a, -1)
		}
		return b.bestOf(g, me, legal, opts)
	}
	return game.Action{}, false
}

// compare lists the options' values, for the reason.
func (b *Strong) compare(legal []game.Action, vals []float64, g *game.Game) string {
	s := ""
	for i, a := range legal {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%s %+.1f", actionWord(g, a), vals[i])
	}
	return s
}

// actionWord is how a reason names a: the game's words for reasons.
func actionWord(g *game.Game, a game.Action) string {
	return g.ActionWords(a, game.Reasoned, game.Namer{})
}

func argmax(vals []float64) int {
	best := 0
	for i, v := range vals {
		if v > vals[best] {
			best = i
		}
	}
	return best
}

// plausible reports whether a hand may be worth weighing for contract ct
// needing need tricks, with the talon to take (talon) or not: within two
// tricks of the need by the simple player's count (the talon counted as
// one), or for an exact contract few enough high cards.
func plausible(r *ruleset.Ruleset, hand cards.Mask, ct *ruleset.Contract, need int, talon bool) bool {
	if ct.NoDeclarer {
		return false
	}
	if ct.Exact {
		high := 0
		for m := hand; m != 0; m &= m - 1 {
			if m.Lowest().Rank() >= len(r.Deck.Ranks)/2 {
				high++
			}
		}
		extra := 0
		if talon {
			extra = r.Exchange.Discard
		}
		return high <= 3+ct.Tricks+extra
	}
	help := 0
	if talon {
		help = 2
	}
	return estimateR(r, hand, ct.Trumps)+help >= 2*need-4
}

// bid weighs passing against winning the auction with each call worth
// weighing (the contract of each played from the deal's position on), and
// bids the lowest call open whose best contract beats passing.
func (b *Strong) bid(g *game.Game, me int, legal []game.Action) (game.Action, bool) {
	lowest := lowestBid(legal)
	if lowest < 0 {
		return game.Action{}, false
	}
	pass := legal[0]
	calls := callsInReach(g.R, g.Hands[me], lowest)
	if len(calls) == 0 {
		b.because("no contract within reach of this hand")
		return pass, true
	}
	m := b.weighCalls(g, me, calls, pass)
	choice, worth, aim := bestCall(g, me, legal, calls, m)
	if choice < 0 {
		b.because(fmt.Sprintf("passing is worth %+.1f on average over %d deals of the unseen cards; no contract in reach is worth more", m.pass, m.worlds))
		return pass, true
	}
	for _, a := range legal {
		if a.Value == choice {
			b.because(fmt.Sprintf("%s is worth %+.1f on average over %d deals of the unseen cards, passing %+.1f",
				actionWord(g, game.Action{Phase: game.PhaseAuction, Value: aim}), worth, m.worlds, m.pass))
			return a, true
		}
	}
	return game.Action{}, false
}

// lowestBid is the lowest bid open among legal (-1: only passing is).
func lowestBid(legal []game.Action) int {
	lowest := -1
	for _, a := range legal {
		if a.Value != game.Pass && (lowest < 0 || a.Value < lowest) {
			lowest = a.Value
		}
	}
	return lowest
}

// callsInReach are the calls worth weighing for hand: those from lowest
// up the ladder (open now or later) whose contract is plausible.
func callsInReach(r *ruleset.Ruleset, hand cards.Mask, lowest int) []int {
	var calls []int
	for c := lowest; c < len(r.Ladder); c++ {
		call := r.Ladder[c]
		talon := !call.Hand && r.Exchange.TakeTalon
		if plausible(r, hand, &r.Contracts[call.Contract], r.Need(call.Contract, call.Hand), talon) {
			calls = append(calls, c)
		}
	}
	return calls
}

// weighCalls weighs passing, and the calls once a deal: at a later turn
// of the auction only passing changes, the others having called, and the
// calls weighed at the first turn are kept in the memo.
func (b *Strong) weighCalls(g *game.Game, me int, calls []int, pass game.Action) *auctionMemo {
	r := g.R
	m := &b.memo
	if m.r == r && m.dealt == g.Dealt[me] && m.run == g.AllPassRun && callSet(calls).within(m.calls) {
		vals, worlds := b.weigh(&g.State, me, []option{take(pass, -1)})
		m.pass, m.worlds = vals[0], worlds
		return m
	}
	*m = auctionMemo{r: r, dealt: g.Dealt[me], run: g.AllPassRun, calls: callSet(calls), value: map[int]float64{}}
	opts := []option{}
	for _, c := range calls {
		o := option{setup: func(s *game.State) error { return s.SetAuctionResult(me, c) }, target: r.Ladder[c].Contract}
		if !r.Auction.OneRound {
			o.group = 1 // a bid: the lowest open keeps the others open
		}
		opts = append(opts, o)
	}
	opts = append(opts, take(pass, -1))
	vals, worlds := b.weigh(&g.State, me, opts)
	for i, c := range calls {
		m.value[c] = vals[i]
	}
	m.pass, m.worlds = vals[len(calls)], worlds
	return m
}

// bestCall is the call open now to bid (-1: none beats passing), what it
// is worth and the call it aims at: the lowest call open whose best
// contract beats passing, or in a one-round auction the one worth most.
func bestCall(g *game.Game, me int, legal []game.Action, calls []int, m *auctionMemo) (choice int, worth float64, aim int) {
	choice, worth, aim = -1, negInf, -1
	for _, a := range legal {
		if a.Value == game.Pass {
			continue
		}
		w, at := callWorth(g, me, a.Value, calls, m.value)
		if w <= m.pass {
			continue
		}
		if choice < 0 || g.R.Auction.OneRound && w > worth {
			choice, worth, aim = a.Value, w, at
		}
	}
	return choice, worth, aim
}

// callWorth is the best a call c open now leads to: the contracts it
// lets the declarer announce, as weighed (value, by call), and the call
// of that contract; negInf and -1 where c cannot win the auction.
func callWorth(g *game.Game, me, c int, calls []int, value map[int]float64) (float64, int) {
	r := g.R
	s := g.State.Clone()
	if s.SetAuctionResult(me, c) != nil {
		return negInf, -1
	}
	best, at := negInf, -1
	for _, ci := range s.Announceable(nil) {
		for _, c2 := range calls {
			if r.Ladder[c2].Contract == ci && r.Ladder[c2].Hand == r.Ladder[c].Hand && value[c2] > best {
				best, at = value[c2], c2
			}
		}
	}
	return best, at
}

// auctionMemo keeps the calls weighed at a seat's first turn of an
// auction for its later turns.
type auctionMemo struct {
	r      *ruleset.Ruleset
	dealt  cards.Mask // the hand they were weighed for
	run    int        // after this many all-pass deals
	calls  callBits
	value  map[int]float64 // by call
	pass   float64
	worlds int
}

// callBits is a set of ladder calls.
type callBits [2]uint64

// within reports whether every call of c is in d.
func (c callBits) within(d callBits) bool { return c[0]&^d[0] == 0 && c[1]&^d[1] == 0 }

func callSet(calls []int) callBits {
	var m callBits
	for _, c := range calls {
		if c < 128 {
			m[c/64] |= 1 << (c % 64)
		}
	}
	return m
}

// contractsFor are the contracts worth weighing for a declarer who may
// announce those of s (its bid made): plausible for the hand, with the
// talon still to take or not.
func contractsFor(s *game.State, seat int, talon bool) []int {
	r := s.R
	var out []int
	for _, ci := range s.Announceable(nil) {
		if plausible(r, s.Hands[seat], &r.Contracts[ci], r.Need(ci, s.Hand), talon) {
			out = append(out, ci)
		}
	}
	return out
}

// declareOrNot weighs a yes or no that decides whether the seat declares
// (an all-pass offer) or how (from the hand or with the talon): for each
// answer, the best contract it leads to.
func (b *Strong) declareOrNot(g *game.Game, me int, legal []game.Action) (game.Action, bool) {
	r := g.R
	var opts []option
	var answer []int
	for i, a := range legal {
		s := g.State.Clone()
		if _, err := s.Apply(a); err != nil {
			continue
		}
		if s.Declarer != me {
			opts = append(opts, take(a, -1))
			answer = append(answer, i)
			continue
		}
		talon := r.Exchange.TakeTalon && !s.Hand && s.Phase() <= game.PhaseDiscard && s.Laid == 0
		targets := contractsFor(s, me, talon)
		if len(targets) == 0 {
			targets = s.Announceable(nil)[:1]
		}
		for _, ci := range targets {
			opts = append(opts, take(a, ci))
			answer = append(answer, i)
		}
	}
	if len(opts) == 0 {
		return game.Action{}, false
	}
	vals, worlds := b.weigh(&g.State, me, opts)
	best := make([]float64, len(legal))
	for i := range best {
		best[i] = negInf
	}
	for k, v := range vals {
		best[answer[k]] = max(best[answer[k]], v)
	}
	i := argmax(best)
	if best[i] == negInf {
		return game.Action{}, false
	}
	b.because(fmt.Sprintf("best on average over %d deals of the unseen cards, each played out double-dummy (%s)", worlds, b.compare(legal, best, g)))
	return legal[i], true
}

// lay chooses what to lay aside: first the contract to play for (each
// plausible one with the cards readiest to go for it), then for that
// contract among the ways of laying aside worth weighing.
func (b *Strong) lay(g *game.Game, me int, a game.Action) (game.Action, bool) {
	r := g.R
	hand := g.Hands[me]
	targets := contractsFor(&g.State, me, false)
	if len(targets) == 0 {
		return game.Action{}, false
	}
	discard := func(m cards.Mask, ci int) option {
		d := a
		d.Cards = m
		return take(d, ci)
	}
	target := targets[0]
	worlds := 0
	if len(targets) > 1 {
		opts := make([]option, len(targets))
		for i, ci := range targets {
			opts[i] = discard(layAside(r, hand, a.Value, &r.Contracts[ci]), ci)
		}
		var vals []float64
		vals, worlds = b.weighFor(&g.State, me, opts, b.budget()/2)
		target = targets[argmax(vals)]
	}
	ways := discards(r, hand, a.Value, &r.Contracts[target])
	opts := make([]option, len(ways))
	for i, m := range ways {
		opts[i] = discard(m, target)
	}
	vals, w := b.weighFor(&g.State, me, opts, b.budget()/2)
	i := argmax(vals)
	if vals[i] == negInf {
		return game.Action{}, false
	}
	b.planned, b.havePlan = target, true
	a.Cards = ways[i]
	b.because(fmt.Sprintf("plays for %s and lays aside %s: best on average over %d deals of the unseen cards (%+.1f)",
		actionWord(g, game.Action{Phase: game.PhaseAnnounce, Value: target}), actionWord(g, a), worlds+w, vals[i]))
	return a, true
}

// announce weighs the contracts worth weighing among those open (only
// the one the discard was chosen for, where it was), and giving up where
// the declarer may.
func (b *Strong) announce(g *game.Game, me int, legal []game.Action) (game.Action, bool) {
	r := g.R
	plan := b.havePlan && slices.ContainsFunc(legal, func(a game.Action) bool { return !a.Concede && a.Value == b.planned })
	b.havePlan = false
	var opts []option
	var acts []game.Action
	for _, a := range legal {
		switch {
		case a.Concede:
			opts = append(opts, take(a, -1))
		case plan && a.Value != b.planned,
			!plan && !plausible(r, g.Hands[me], &r.Contracts[a.Value], r.Need(a.Value, g.Hand), false):
			continue
		default:
			opts = append(opts, take(a, a.Value))
		}
		acts = append(acts, a)
	}
	switch {
	case len(acts) == 1 && plan:
		b.because("the contract the discard was chosen for")
		return acts[0], true
	case len(opts) < 2:
		return game.Action{}, false
	}
	return b.bestOf(g, me, acts, opts)
}

// bestOf weighs opts, one for each of acts, and takes the act of the best
// mean (false when no deal could be played out for any).
func (b *Strong) bestOf(g *game.Game, me int, acts []game.Action, opts []option) (game.Action, bool) {
	vals, worlds := b.weigh(&g.State, me, opts)
	i := argmax(vals)
	if vals[i] == negInf {
		return game.Action{}, false
	}
	b.because(fmt.Sprintf("best on average over %d deals of the unseen cards, each played out double-dummy (%s)", worlds, b.compare(acts, vals, g)))
	return acts[i], true
}
