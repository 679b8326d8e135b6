package bot

import (
	"fmt"
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

// rolloutNodes is what a rollout costs besides its solving (settlement,
// the simple player's decisions), counted in solver nodes.
const rolloutNodes = 300

// weigh plays each option out over the same sampled deals of the unseen
// cards (so the options are compared on equal cards) until the budget is
// spent, and returns the mean value of each for seat me (an option that
// could not be set up is -Inf) and the deals used.
func (b *Strong) weigh(g *game.State, me int, opts []option) ([]float64, int) {
	budget := nodes(b.budget())
	sums := make([]float64, len(opts))
	bad := make([]bool, len(opts))
	lines := map[ddKey][]cards.Card{}
	spent, worlds := 0, 0
	for worlds < maxWorlds && (worlds < minWorlds || spent < budget) {
		w, err := b.world(g, me)
		if err != nil {
			break
		}
		worlds++
		for i, o := range opts {
			if bad[i] {
				continue
			}
			s := w.Clone()
			if err := o.setup(s); err != nil {
				bad[i] = true
				continue
			}
			v, n, ok := b.rollout(s, me, o.target, lines, max(budget/4, nodes(time.Millisecond)))
			spent += n + rolloutNodes
			if !ok {
				bad[i] = true
				continue
			}
			sums[i] += v[me]
		}
	}
	out := make([]float64, len(opts))
	for i := range out {
		out[i] = sums[i] / float64(max(worlds, 1))
		if bad[i] || worlds == 0 {
			out[i] = negInf
		}
	}
	return out, worlds
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
	case game.PhaseDefend, game.PhaseRetrieve, game.PhaseOpen, game.PhaseInvite, game.PhaseGiveUp, game.PhaseContra, game.PhaseRecontra:
		if len(legal) < 2 {
			return game.Action{}, false
		}
		opts := make([]option, len(legal))
		for i, a := range legal {
			opts[i] = take(a, -1)
		}
		vals, worlds := b.weigh(&g.State, me, opts)
		i := argmax(vals)
		if vals[i] == negInf {
			return game.Action{}, false
		}
		b.Reason = fmt.Sprintf("best on average over %d deals of the unseen cards, each played out double-dummy (%s)", worlds, b.compare(legal, vals, g))
		return legal[i], true
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

func actionWord(g *game.Game, a game.Action) string {
	switch a.Phase {
	case game.PhaseDefend:
		return [...]string{"-", "play", "drop", "invite", "half"}[a.Value]
	case game.PhaseAnnounce:
		if a.Concede {
			return "give up"
		}
		return g.R.Contracts[a.Value].Display()
	}
	if a.Value == game.Yes {
		return "yes"
	}
	return "no"
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
	r := g.R
	hand := g.Hands[me]
	lowest := -1 // the lowest bid open now
	for _, a := range legal {
		if a.Value != game.Pass && (lowest < 0 || a.Value < lowest) {
			lowest = a.Value
		}
	}
	if lowest < 0 {
		return game.Action{}, false
	}
	var calls []int // the calls worth weighing: open now or later
	for c := lowest; c < len(r.Ladder); c++ {
		call := r.Ladder[c]
		talon := !call.Hand && r.Exchange.TakeTalon
		if plausible(r, hand, &r.Contracts[call.Contract], r.Need(call.Contract, call.Hand), talon) {
			calls = append(calls, c)
		}
	}
	if len(calls) == 0 {
		b.Reason = "no contract within reach of this hand"
		return legal[0], true // pass
	}
	pass := legal[0]
	opts := []option{take(pass, -1)}
	for _, c := range calls {
		opts = append(opts, option{setup: func(s *game.State) error { return s.SetAuctionResult(me, c) }, target: r.Ladder[c].Contract})
	}
	vals, worlds := b.weigh(&g.State, me, opts)
	value := map[int]float64{} // by call
	for i, c := range calls {
		value[c] = vals[i+1]
	}
	// worth is the best a call open now leads to: the contracts it lets
	// the declarer announce, as weighed.
	worth := func(c int) (float64, int) {
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
	choice, choiceWorth, aim := -1, negInf, -1
	for _, a := range legal {
		if a.Value == game.Pass {
			continue
		}
		w, at := worth(a.Value)
		if w <= vals[0] {
			continue
		}
		if choice < 0 || r.Auction.OneRound && w > choiceWorth {
			choice, choiceWorth, aim = a.Value, w, at
		}
	}
	if choice < 0 {
		b.Reason = fmt.Sprintf("passing is worth %+.1f on average over %d deals of the unseen cards; no contract in reach is worth more", vals[0], worlds)
		return pass, true
	}
	for _, a := range legal {
		if a.Value == choice {
			b.Reason = fmt.Sprintf("%s is worth %+.1f on average over %d deals of the unseen cards, passing %+.1f",
				r.CallName(r.Ladder[aim]), choiceWorth, worlds, vals[0])
			return a, true
		}
	}
	return game.Action{}, false
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
	b.Reason = fmt.Sprintf("best on average over %d deals of the unseen cards, each played out double-dummy (%s)", worlds, b.compare(legal, best, g))
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
		vals, worlds = b.weigh(&g.State, me, opts)
		target = targets[argmax(vals)]
	}
	ways := discards(r, hand, a.Value, &r.Contracts[target])
	opts := make([]option, len(ways))
	for i, m := range ways {
		opts[i] = discard(m, target)
	}
	vals, w := b.weigh(&g.State, me, opts)
	i := argmax(vals)
	if vals[i] == negInf {
		return game.Action{}, false
	}
	b.planned, b.havePlan = target, true
	a.Cards = ways[i]
	b.Reason = fmt.Sprintf("plays for %s and lays aside %s: best on average over %d deals of the unseen cards (%+.1f)",
		r.Contracts[target].Display(), r.Deck.Format(ways[i], false), worlds+w, vals[i])
	return a, true
}

// announce weighs the contracts worth weighing among those open, and
// giving up where the declarer may.
func (b *Strong) announce(g *game.Game, me int, legal []game.Action) (game.Action, bool) {
	r := g.R
	var opts []option
	var acts []game.Action
	for _, a := range legal {
		if !a.Concede && !plausible(r, g.Hands[me], &r.Contracts[a.Value], r.Need(a.Value, g.Hand), false) && !(b.havePlan && a.Value == b.planned) {
			continue
		}
		target := a.Value
		if a.Concede {
			target = -1
		}
		opts = append(opts, take(a, target))
		acts = append(acts, a)
	}
	b.havePlan = false
	if len(opts) < 2 {
		return game.Action{}, false
	}
	vals, worlds := b.weigh(&g.State, me, opts)
	i := argmax(vals)
	if vals[i] == negInf {
		return game.Action{}, false
	}
	b.Reason = fmt.Sprintf("best on average over %d deals of the unseen cards, each played out double-dummy (%s)", worlds, b.compare(acts, vals, g))
	return acts[i], true
}
