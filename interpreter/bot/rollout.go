package bot

import (
	"math"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
)

// A decision before the first card is weighed by rollouts: deals of the
// cards the deciding player cannot see (world), each played from the
// decision to the end (rollout) — the later decisions by the simple
// player's rules, the cards double-dummy — and valued by the ruleset's
// own settlement (valuer).

// world deals the cards seat me cannot see, before the first card, in a
// way consistent with what it has seen: its own hand, the talon where it
// was shown or taken by me, what I laid aside. Of worldCandidates such
// deals it draws one with the chance that sensible players holding its
// hands make every call the others have made (callLikelihood): the calls
// read as evidence of the hands.
func (b *Strong) world(g *game.State, me int) (*game.State, error) {
	r, d := g.R, g.Declarer
	taken, talonKnown := g.TalonPickedUp(), g.SeesTalon(me)
	known := g.Dealt[me]
	if talonKnown {
		known |= g.Talon
	}
	pool := (r.Deck.All() &^ known).Cards()
	cands := b.cands[:0]
	for range worldCandidates {
		b.rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		h := dealFrom(g, me, pool, talonKnown, taken)
		cands = append(cands, candidate{h: h, logL: b.callLikelihood(g, me, -1, &h)})
	}
	b.cands = cands
	best := &cands[b.drawByLikelihood(cands)].h
	var laid cards.Mask
	if g.Laid != 0 {
		laid = g.Laid
		if me != d { // what the declarer would lay aside from the cards dealt him
			ct := 0
			if g.Contract >= 0 {
				ct = g.Contract
			}
			laid = layAside(r, best.dealt[d]|best.talon, g.Laid.Count(), &r.Contracts[ct])
		}
	}
	return g.Resample(best.dealt, best.talon, laid)
}

// dealFrom deals the cards seat me cannot see in the order of pool: each
// other hand as many as it was dealt, the talon the rest (where not
// known), and the declarer's hand after the exchange (his hand and the
// talon but what he would lay aside for his contract).
func dealFrom(g *game.State, me int, pool []cards.Card, talonKnown, taken bool) seen {
	r, d := g.R, g.Declarer
	var h seen
	k := 0
	for s := 0; s < g.Seats(); s++ {
		if s == me {
			h.dealt[s] = g.Dealt[s]
			continue
		}
		for range g.Dealt[s].Count() {
			h.dealt[s] |= pool[k].Bit()
			k++
		}
	}
	h.talon = g.Talon
	if !talonKnown {
		h.talon = 0
		for ; k < len(pool); k++ {
			h.talon |= pool[k].Bit()
		}
	}
	if d >= 0 && d != me {
		h.final = h.dealt[d]
		if taken && g.Contract >= 0 {
			h.final = (h.dealt[d] | h.talon) &^ layAside(r, h.dealt[d]|h.talon, g.Laid.Count(), &r.Contracts[g.Contract])
		}
	}
	return h
}

// worldCandidates is how many deals world draws its deal from.
const worldCandidates = 48

// candidate is a deal drawn and the log chance of the calls made on it.
type candidate struct {
	h    seen
	logL float64
}

// drawByLikelihood draws one of cands (at least one) with a chance in
// proportion to the likelihood of the calls on it.
func (b *Strong) drawByLikelihood(cands []candidate) int {
	top := cands[0].logL
	for _, c := range cands {
		top = max(top, c.logL)
	}
	total := 0.0
	for _, c := range cands {
		total += math.Exp(c.logL - top)
	}
	u := b.rng.Float64() * total
	for i, c := range cands {
		if u -= math.Exp(c.logL - top); u < 0 {
			return i
		}
	}
	return len(cands) - 1
}

// auctionLikelihood is callLikelihood (infer.go) for the auction's calls,
// replayed on the hands dealt so that each call is judged against the
// calls then open. (Here: the replay tells a copy of
// the deal its all-pass run, as the table's owner test allows this file.)
func (b *Strong) auctionLikelihood(g *game.State, me, skip int, h *seen) float64 {
	others := false
	for _, c := range g.Calls {
		others = others || c.Seat != me && c.Seat != skip
	}
	if !others {
		return 0
	}
	// SetHands starts the replay's deal afresh but keeps its record of the
	// calls' capacity: a candidate's replay allocates nothing (a zero
	// State would drop it, and the calls would grow it again each time).
	rs := &b.replay
	rs.R = g.R
	if rs.SetHands(h.dealt[:g.Seats()], h.talon) != nil {
		return 0
	}
	rs.SetAllPassRun(g.AllPassRun)
	logL := 0.0
	for _, c := range g.Calls {
		if rs.Phase() != game.PhaseAuction || rs.ToAct() != c.Seat {
			break
		}
		if c.Seat != me && c.Seat != skip {
			open := rs.Scratch()
			for _, l := range rs.Choices() {
				if l.Value != game.Pass {
					open = append(open, l.Value)
				}
			}
			logL += math.Log(callOdds(g.R, h.dealt[c.Seat], open, c.Call))
		}
		if _, err := rs.Apply(game.Action{Phase: game.PhaseAuction, Seat: c.Seat, Value: c.Call}); err != nil {
			break
		}
	}
	return logL
}

// ddKey is a card play as the solver sees it.
type ddKey struct {
	hands            [game.MaxSeats]cards.Mask
	leader, declarer int
	trumps           cards.Suit
	misere           bool
}

// rollout plays s to the end and returns what it brings each seat, and
// the solver's nodes it took. Seat me aims at contract target as declarer
// (lays aside for it and announces it; -1: as the simple player would);
// every other decision is the simple player's (an answer to a double,
// while a doubling call is weighed, sensibleAnswer's); the cards are a line of
// best play in a contract with a declarer, else the simple player's (in
// the all-pass game the solver's line is one player's worst case, the
// others playing against him: it would value every passed-out deal at its
// worst for the player weighing it). Lines are kept in lines, by the hands
// they start from.
func (b *Strong) rollout(s *game.State, me, target int, lines map[ddKey][]cards.Card, maxNodes int) ([game.MaxSeats]float64, int, bool) {
	rg := &b.roll
	rg.State = *s
	rg.Calls = append(rg.Calls[:0:0], s.Calls...)
	nodes := 0
	solved := false // the solver's line tried: the simple player's cards from where it stopped
	for !rg.Over() {
		if !solved && rg.Phase() == game.PhasePlay && rg.NTricks == 0 && rg.CurrentTrick().N == 0 && rg.Declarer >= 0 && rg.TalonTricks() == 0 {
			solved = true
			line, n := b.ddLine(rg, lines, maxNodes)
			nodes += n
			for _, c := range line {
				if rg.Over() {
					break
				}
				if _, err := rg.Take(game.Action{Phase: game.PhasePlay, Seat: rg.ToAct(), Cards: c.Bit()}); err != nil {
					break // a rule the solver does not know (a binding cooperation rule): the simple player's cards
				}
			}
			continue
		}
		legal := rg.Choices()
		var a game.Action
		switch {
		case rg.Chooser() == me && target >= 0:
			a = b.aim(rg, legal, target)
		case b.ladder && rg.Phase() == game.PhaseRecontra:
			var n int
			a, n = b.sensibleAnswer(rg, legal, lines, maxNodes)
			nodes += n
		default:
			a = b.sim.Choose(rg, legal)
		}
		if _, err := rg.Take(a); err != nil {
			return [game.MaxSeats]float64{}, nodes, false
		}
	}
	v, ok := b.val.value(&rg.State)
	return v, nodes, ok
}

// ddLine is a line of best play from the first lead of rg's card play,
// kept in lines by the hands it starts from, and the solver's nodes it
// took (nil: none found within maxNodes).
func (b *Strong) ddLine(rg *game.Game, lines map[ddKey][]cards.Card, maxNodes int) ([]cards.Card, int) {
	ct := &rg.R.Contracts[rg.Contract]
	k := ddKey{leader: rg.CurrentTrick().Leader, declarer: rg.Declarer, trumps: ct.Trumps, misere: ct.Exact && ct.Tricks == 0}
	for i := 0; i < rg.Seats(); i++ {
		if rg.InPlay(i) {
			k.hands[i] = rg.Hands[i]
		}
	}
	if line, ok := lines[k]; ok {
		return line, 0
	}
	nodes := maxNodes
	l, sv, err := solve.Line(&solve.Position{R: rg.R, Contract: rg.Contract, Declarer: rg.Declarer, Hands: k.hands, Leader: k.leader, MaxNodes: maxNodes, Cooperating: rg.CooperationBinds()})
	var line []cards.Card
	if err == nil {
		line, nodes = l, sv.Nodes
	}
	lines[k] = line
	return line, nodes
}

// aim is the decision of a declarer playing for contract target: lay
// aside for it, announce it; otherwise the simple player's.
func (b *Strong) aim(g *game.Game, legal []game.Action, target int) game.Action {
	a := legal[0]
	switch a.Phase {
	case game.PhaseDiscard:
		a.Cards = layAside(g.R, g.Hands[a.Seat], a.Value, &g.R.Contracts[target])
		return a
	case game.PhaseAnnounce:
		for _, l := range legal {
			if !l.Concede && l.Value == target {
				return l
			}
		}
	}
	return b.sim.Choose(g, legal)
}

// layAside picks n cards of hand to lay aside for contract ct, one at a
// time, the card readiest to go first (discardScore).
func layAside(r *ruleset.Ruleset, hand cards.Mask, n int, ct *ruleset.Contract) cards.Mask {
	var laid cards.Mask
	for laid.Count() < n && hand&^laid != 0 {
		rest := hand &^ laid
		best, score := rest.Lowest(), 0
		for m, first := rest, true; m != 0; m, first = m&(m-1), false {
			c := m.Lowest()
			if sc := discardScore(r, rest, c, ct); first || sc > score {
				best, score = c, sc
			}
		}
		laid |= best.Bit()
	}
	return laid
}

// discardScore is how readily card c of hand goes to the discard for
// contract ct (higher: sooner). Playing for few tricks (an exact contract
// such as misère), a high card with few lower cards of its suit to lead
// or follow with goes first. Playing for tricks, a trump is kept, and of
// the other suits the low cards of short suits go first (emptying a suit
// lets the declarer trump it), aces and guarded kings kept.
func discardScore(r *ruleset.Ruleset, hand cards.Mask, c cards.Card, ct *ruleset.Contract) int {
	ranks := len(r.Deck.Ranks)
	suit := hand.Suit(c.Suit())
	lower := (suit & (c.Bit() - 1)).Count()
	if ct.Exact {
		return 4*c.Rank() - 6*lower
	}
	if ct.Trumps != cards.NoSuit && c.Suit() == ct.Trumps {
		return -1000 - c.Rank()
	}
	score := 100 - 10*suit.Count() - 3*c.Rank()
	switch {
	case c.Rank() == ranks-1:
		score -= 200
	case c.Rank() == ranks-2 && suit.Count() >= 2:
		score -= 60
	}
	return score
}

// discards are the ways of laying aside n cards of hand for ct worth
// weighing: every choice of n among the n+2 cards readiest to go.
func discards(r *ruleset.Ruleset, hand cards.Mask, n int, ct *ruleset.Contract) []cards.Mask {
	first := layAside(r, hand, min(n+2, hand.Count()), ct).Cards()
	var out []cards.Mask
	var pick func(from int, m cards.Mask)
	pick = func(from int, m cards.Mask) {
		if m.Count() == n {
			out = append(out, m)
			return
		}
		for i := from; i < len(first); i++ {
			pick(i+1, m|first[i].Bit())
		}
	}
	pick(0, 0)
	return out
}
