package bot

import (
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/solve"
)

// Strong is a computer player that plays its cards by perfect-information
// Monte Carlo: it deals the cards it cannot see among the other hands in
// every way consistent with what it has seen (hand sizes, the suits a
// player showed out of, its own discard), each deal drawn as likely as
// sensible players holding it make the others' calls (infer.go: bids,
// hand game, contract, defence, invitation, every doubling level), solves
// each deal double-dummy (in the all-pass game for itself, against the
// others), and plays the card that does best on average.
//
// Its other decisions (the auction, an all-pass offer, hand or talon, the
// discard and the contract announced, the defence, invitations, contra
// and giving up) it weighs by simulation, for any ruleset: for each
// option, deals of the cards it cannot see (the other players' calls read
// as evidence of their strength) are played out from the decision on —
// the later decisions by Simple's rules, the cards double-dummy — and
// valued by the ruleset's own settlement (money, or the change in the
// final score of a score sheet); the option with the best mean is taken.
// A doubling call (contra and each answer up the ladder) is weighed as a
// contest over the ladder (doubling.go): the deals weighted by what the
// calls so far say of the contract (an answer to a double keeps only the
// deals in which its caller wins it), every later double in them answered
// only by a side that wins it double-dummy.
// The pot auction, and any decision where nothing is worth weighing, are
// Simple's. Deterministic for a given seed.
type Strong struct {
	Simple
	Samples int // deals sampled per card (default 16)
	// Budget is the search each decision other than a card may take
	// (default 200 ms), counted like CardBudget.
	Budget time.Duration
	// CardsOnly leaves every decision but the cards to Simple.
	CardsOnly bool
	// CardBudget is the search a card may take (default 100 ms), counted
	// in the solver's cards tried at a fixed rate (NodesPerMs), so that
	// the choice is the same on any machine and under any load: sampling
	// stops once it is spent, and a sample that alone would take more
	// than a third of it is skipped.
	CardBudget time.Duration
	// WallClock also stops each decision's sampling once its budget has
	// passed on the clock (after the least samples it takes): on a loaded
	// machine it searches less rather than taking longer, and its choices
	// then depend on the load, not on the seed alone.
	WallClock bool
	// CPUClock also stops each decision's sampling once the CPU time the
	// decision has used passes its budget (after the least samples it
	// takes): where the solver runs slower than NodesPerMs (a busy machine
	// shares its caches), it searches less rather than using more CPU; a
	// machine shared by more programs than cores does not cut its search,
	// as WallClock does. Its choices then depend on the machine, not on
	// the seed alone. (Where a thread's CPU time cannot be read, the time
	// on the clock is counted.)
	CPUClock bool
	started  time.Time     // when the decision under way began (WallClock, CPUClock)
	cpuStart time.Duration // the thread's CPU time then (CPUClock)
	rng      *rand.Rand

	sim      Simple    // the rollouts' decisions (its Reason is not this player's)
	val      *valuer   // settlement, cached
	roll     game.Game // the deal a rollout plays out
	probe    game.Game // the deal ddMade plays out
	ladder   bool      // weighing a doubling call: the rollouts' doubling answers are sensibleAnswer's
	replay   game.Game // the auction replayed on a sampled deal
	planned  int       // the contract the discard was chosen for
	havePlan bool
	memo     auctionMemo // the calls weighed at the first turn of the auction
	cands    []candidate // the deals a sample is drawn from (reused)
}

// NodesPerMs is the rate at which a card's budget in time is counted in
// the solver's cards tried: about what this machine's solver manages on
// the positions a card is chosen from (18,000 to 20,000 a millisecond, see
// docs/analysis.md), so that a budget takes about its time here.
const NodesPerMs = 18000

// WeighNodesPerMs is the rate at which the budget of a decision before the
// cards is counted: such a decision is weighed by rollouts, each a whole
// deal searched from its first lead with a table of its own, and the
// weighing draws deals and settles them besides. Measured in CPU time on
// this machine, a weighing that spent its budget managed 6,300 to 9,000
// nodes a millisecond, about as much with the machine idle as with every
// core busy (docs/strength.md), so a rate below the least is taken:
// counted at NodesPerMs, such decisions took two to two and a half times
// their budget.
const WeighNodesPerMs = 6000

// nodes is a card's budget in time counted in cards tried.
func nodes(d time.Duration) int { return int(d.Microseconds()) * NodesPerMs / 1000 }

// weighNodes is a weighing's budget in time counted in cards tried.
func weighNodes(d time.Duration) int { return int(d.Microseconds()) * WeighNodesPerMs / 1000 }

// NewStrong makes a strong player whose sampling is seeded by seed.
func NewStrong(seed uint64) *Strong {
	return &Strong{rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

var _ game.Player = (*Strong)(nil)

// Choose plays a card by sampling and weighs the other decisions by
// simulation (Simple's where nothing is worth weighing).
func (b *Strong) Choose(g *game.Game, legal []game.Action) game.Action {
	if b.rng == nil {
		b.rng = rand.New(rand.NewPCG(1, 0x5eed))
	}
	if b.WallClock || b.CPUClock {
		b.started = time.Now()
	}
	if b.CPUClock {
		runtime.LockOSThread() // the thread's CPU time is the decision's
		defer runtime.UnlockOSThread()
		b.cpuStart, _ = threadCPU()
	}
	if legal[0].Phase != game.PhasePlay {
		if !b.CardsOnly && (len(legal) > 1 || legal[0].Phase == game.PhaseDiscard) {
			if a, ok := b.decide(g, legal); ok {
				return a
			}
		}
		return b.Simple.Choose(g, legal)
	}
	if len(legal) == 1 || g.Declarer < 0 && !g.R.Contracts[g.Contract].NoDeclarer {
		return b.Simple.Choose(g, legal)
	}
	if c, ok := b.sampled(g, legal[0].Seat); ok {
		for _, l := range legal {
			if l.Card() == c {
				b.because("best on average over deals of the unseen cards, each solved double-dummy")
				return l
			}
		}
	}
	return b.Simple.Choose(g, legal)
}

// sampled is the card with the best average over sampled deals. In a
// contract without a declarer (the all-pass game) each deal is solved for
// the player to play, who takes as few tricks as he can against the
// others giving him the most, the talon's cards still to be turned into
// tricks dealt with the unseen cards.
func (b *Strong) sampled(g *game.Game, seat int) (cards.Card, bool) {
	if b.rng == nil {
		b.rng = rand.New(rand.NewPCG(1, 0x5eed))
	}
	n := b.samples()
	counted, talonLeft := countedFor(g, seat)
	v := b.view(g, seat)
	tr := g.CurrentTrick()
	trick, trickSeats := trickSoFar(tr)
	budget := b.cardNodes()
	score := map[cards.Card]float64{}
	solved, spent := 0, 0
	for i := 0; i < n && spent < budget && !(solved > 0 && b.overTime(b.cardBudget())); i++ {
		p := &solve.Position{R: g.R, Contract: g.Contract, Declarer: counted, Leader: tr.Leader, Trick: trick, TrickSeats: trickSeats,
			MaxNodes: min(budget/3, budget-spent), TalonCompetes: g.TalonCompetes(), Cooperating: g.CooperationBinds()}
		if tr.N == 0 {
			p.Leader = seat
		}
		if !b.sampleHands(g, p, &v) {
			continue
		}
		dealTalon(p, v.pool, talonLeft)
		values, sv, err := solve.Values(p)
		if err == solve.ErrBudget {
			spent += p.MaxNodes
			continue
		}
		if err != nil {
			return 0, false
		}
		spent += sv.Nodes
		for c, v := range values {
			score[c] += float64(v)
		}
		solved++
	}
	if solved == 0 {
		return 0, false
	}
	return bestScored(g, seat, score)
}

// samples is how many deals a card decision samples at most.
func (b *Strong) samples() int {
	if b.Samples <= 0 {
		return 16
	}
	return b.Samples
}

// cardBudget is a card decision's budget in time.
func (b *Strong) cardBudget() time.Duration {
	if b.CardBudget <= 0 {
		return 100 * time.Millisecond
	}
	return b.CardBudget
}

// overTime reports whether the decision under way has taken d on the
// clock (WallClock) or of CPU (CPUClock), where the player keeps to its
// budgets so.
func (b *Strong) overTime(d time.Duration) bool {
	if b.WallClock && time.Since(b.started) >= d {
		return true
	}
	if !b.CPUClock {
		return false
	}
	if now, ok := threadCPU(); ok {
		return now-b.cpuStart >= d
	}
	return time.Since(b.started) >= d
}

// cardNodes is a card decision's budget, in the solver's cards tried.
func (b *Strong) cardNodes() int { return nodes(b.cardBudget()) }

// countedFor is the seat whose tricks a sample's solution counts (the
// declarer, or in the all-pass game the player to play) and the talon's
// cards still to lead tricks after the one under way, which the samples
// deal from the unseen cards (only while the talon leads them).
func countedFor(g *game.Game, seat int) (counted, talonLeft int) {
	if g.Declarer >= 0 {
		return g.Declarer, 0
	}
	if t := g.CurrentTrick(); t.N == 0 || t.Seats[0] != game.TalonSeat {
		return seat, 0
	}
	return seat, g.TalonTricks() - g.NTricks - 1 // the trick under way has its card
}

// trickSoFar are the cards of the trick under way and their seats.
func trickSoFar(tr *game.Trick) ([]cards.Card, []int) {
	trick := make([]cards.Card, 0, tr.N)
	var seats []int
	for k := 0; k < tr.N; k++ {
		trick = append(trick, tr.Cards[k])
		seats = append(seats, int(tr.Seats[k]))
	}
	return trick, seats
}

// dealTalon deals p's talon the talonLeft cards still to lead tricks:
// the first of pool (shuffled by the sample's deal) that no hand took.
func dealTalon(p *solve.Position, pool []cards.Card, talonLeft int) {
	if talonLeft <= 0 {
		return
	}
	var held cards.Mask
	for _, h := range p.Hands {
		held |= h
	}
	for _, c := range pool {
		if len(p.Talon) < talonLeft && !held.Has(c) {
			p.Talon = append(p.Talon, c)
		}
	}
}

// bestScored is the legal card of the best total score over the samples
// (false when none was scored): the most tricks counted for the declarer
// (the fewest in a misère), the fewest for his opponents, and in the
// all-pass game the fewest for the player himself.
func bestScored(g *game.Game, seat int, score map[cards.Card]float64) (cards.Card, bool) {
	ct := &g.R.Contracts[g.Contract]
	maximise := (seat == g.Declarer) != (ct.Exact && ct.Tricks == 0)
	if ct.NoDeclarer {
		maximise = false // his own tricks, as few as he can
	}
	best, bestV := cards.Card(0), 0.0
	first := true
	for m := g.Legal(seat); m != 0; m &= m - 1 {
		c := m.Lowest()
		v, ok := score[c]
		if !ok {
			continue
		}
		if first || maximise && v > bestV || !maximise && v < bestV {
			best, bestV, first = c, v, false
		}
	}
	return best, !first
}

// cardView is what the player deciding a card has seen: the hands it
// knows, the cards it cannot see (pool), what each seat has played, the
// suits each has shown out of, and whether the others' calls are read as
// evidence (all but skip's: a declarer who took a talon nobody else saw
// holds cards he was not dealt, so the others do not read his auction).
type cardView struct {
	me         int
	known      map[int]bool
	pool       []cards.Card
	played     [game.MaxSeats]cards.Mask
	voids      [game.MaxSeats]cards.Mask
	skip       int
	readsCalls bool
	// dealtUnknown is the declarer where he took an unseen talon: his
	// hand as dealt is not his cards now and played (-1: none)
	dealtUnknown int
	// talon is the talon the declarer took, where it was shown (0: none)
	talon cards.Mask
}

// view is what the player deciding the card of seat has seen.
func (b *Strong) view(g *game.Game, seat int) cardView {
	me := g.Chooser() // the player deciding: who sees which hands
	v := cardView{me: me, known: map[int]bool{seat: true, me: true}, voids: b.voids(g), skip: g.Declarer}
	for s := 0; s < g.Seats(); s++ {
		if g.SeesHand(me, s) { // the one rule of what a seat may see (game/sight.go)
			v.known[s] = true
		}
	}
	// the cards out: everything not seen in a known hand or played
	var seen cards.Mask
	for s := range v.known {
		seen |= g.Hands[s]
	}
	playedTo := func(t *game.Trick) {
		for k := 0; k < t.N; k++ {
			seen |= t.Cards[k].Bit()
			if s := int(t.Seats[k]); s >= 0 {
				v.played[s] |= t.Cards[k].Bit()
			}
		}
	}
	for i := 0; i < g.NTricks; i++ {
		playedTo(&g.Record[i])
	}
	playedTo(g.CurrentTrick())
	if me == g.Declarer {
		seen |= g.Laid // his own discard
	}
	v.pool = (g.R.Deck.All() &^ seen).Cards()
	for _, c := range g.Calls {
		v.readsCalls = v.readsCalls || c.Seat != me && c.Seat != v.skip
	}
	v.dealtUnknown = tookTalon(g)
	if v.dealtUnknown >= 0 && g.SeesTalon(me) {
		// the talon shown: his hand as dealt is his cards now and played
		// and the cards he laid aside (the rest of the pack), but the talon
		v.talon, v.dealtUnknown = g.Talon, -1
	}
	v.readsCalls = v.readsCalls || g.Declarer >= 0 && g.Declarer != me
	return v
}

// tookTalon is the declarer where he took the talon (his cards now and
// played are not the hand dealt him), else -1.
func tookTalon(g *game.Game) int {
	if g.Declarer >= 0 && !g.Hand && g.R.Exchange.TakeTalon {
		return g.Declarer
	}
	return -1
}

// sampleHands deals p's unseen hands from v.pool, respecting the voids:
// where the calls are read, of up to six deals one drawn with the chance
// that sensible players holding them make every call the others have
// made (callLikelihood). False when no deal is found.
func (b *Strong) sampleHands(g *game.Game, p *solve.Position, v *cardView) bool {
	if !b.deal(g, p, v.known, v.pool, v.voids) {
		return false
	}
	if !v.readsCalls {
		return true
	}
	cands := append(b.cands[:0], candidate{h: b.dealtSeen(g, v, p.Hands)})
	cands[0].logL = b.callLikelihood(&g.State, v.me, v.dealtUnknown, &cands[0].h)
	var hands [cardCandidates][game.MaxSeats]cards.Mask // an array: a sample allocates nothing
	hands[0] = p.Hands
	for try := 1; try < cardCandidates; try++ {
		if !b.deal(g, p, v.known, v.pool, v.voids) {
			break
		}
		c := candidate{h: b.dealtSeen(g, v, p.Hands)}
		c.logL = b.callLikelihood(&g.State, v.me, v.dealtUnknown, &c.h)
		cands = append(cands, c)
		hands[try] = p.Hands
	}
	b.cands = cands
	p.Hands = hands[b.drawByLikelihood(cands)]
	return true
}

// cardCandidates is how many deals a card's sample is drawn from.
const cardCandidates = 6

// dealtSeen is what hands held now say of the hands the calls were made
// from: each as dealt is held now with the cards played from it, the
// talon the rest of the pack; the declarer's after the exchange is his
// now with his cards played; as dealt, where he took the talon, it is
// his cards now and played and his discard but the talon where the talon
// was shown (v.talon), else unknown (v.dealtUnknown).
func (b *Strong) dealtSeen(g *game.Game, v *cardView, hands [game.MaxSeats]cards.Mask) seen {
	var h seen
	var all cards.Mask
	for s := 0; s < g.Seats(); s++ {
		h.dealt[s] = hands[s] | v.played[s]
		all |= h.dealt[s]
	}
	h.talon = g.R.Deck.All() &^ all
	if d := g.Declarer; d >= 0 && d != v.me {
		h.final = h.dealt[d]
		if v.talon != 0 { // he took the talon shown: the rest of the pack is his discard
			h.dealt[d] = (h.final | h.talon) &^ v.talon
			h.talon = v.talon
		}
	}
	return h
}

// deal fills p's hands: the known ones as they are, the others from pool
// at random, respecting the suits a player has shown out of; false when a
// few tries find no such deal.
func (b *Strong) deal(g *game.Game, p *solve.Position, known map[int]bool, pool []cards.Card, voids [game.MaxSeats]cards.Mask) bool {
	for try := 0; try < 20; try++ {
		b.rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		var hands [game.MaxSeats]cards.Mask
		used := make([]bool, len(pool))
		ok := true
		for s := 0; s < g.Seats() && ok; s++ {
			if !g.InPlay(s) {
				continue
			}
			if known[s] {
				hands[s] = g.Hands[s]
				continue
			}
			need := g.Hands[s].Count()
			for k := 0; k < len(pool) && need > 0; k++ {
				c := pool[k]
				if used[k] || voids[s].Has(c) {
					continue
				}
				hands[s] |= c.Bit()
				used[k] = true
				need--
			}
			ok = need == 0
		}
		if ok {
			p.Hands = hands
			return true
		}
	}
	return false
}

// voids are, per seat, the suits it has shown out of: it did not follow
// the suit led.
func (b *Strong) voids(g *game.Game) [game.MaxSeats]cards.Mask {
	var v [game.MaxSeats]cards.Mask
	note := func(t *game.Trick) {
		if t.N == 0 {
			return
		}
		led := t.Cards[0].Suit()
		for k := 1; k < t.N; k++ {
			if s := int(t.Seats[k]); s >= 0 && t.Cards[k].Suit() != led {
				v[s] |= cards.SuitMask(led)
			}
		}
	}
	for i := 0; i < g.NTricks; i++ {
		note(&g.Record[i])
	}
	note(g.CurrentTrick())
	return v
}
