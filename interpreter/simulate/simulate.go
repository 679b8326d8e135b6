package simulate

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/settle"
	"github.com/preference-rules/pref/interpreter/table"
)

// Config is what to simulate.
type Config struct {
	Deals      int
	Workers    int
	Seed       uint64
	SessionLen int // deals a table plays in a row (default 20)
	// KeepPerDeal keeps every deal's results by seat in the report, for
	// SeatDifference (a comparison on the same cards); without it a run
	// keeps only its running totals, whatever the number of deals.
	KeepPerDeal bool
	// Bots is the computer players' kind, as NewPlayer names it: simple
	// (also when empty), strong or strong-cards. A strong player is made
	// afresh for each session, seeded by the seed and the session, so that
	// the report stays the same whatever the number of workers.
	Bots string
}

// Stat is a mean with its 95 % confidence interval.
type Stat struct {
	Mean, Low, High float64
	N               int
}

func (s Stat) String() string { return fmt.Sprintf("%.3f [%.3f, %.3f]", s.Mean, s.Low, s.High) }

// ContractStat is one contract's record.
type ContractStat struct {
	Name     string
	Declared int
	Share    Stat // of all deals
	Made     Stat // of the deals it was played in
	Declarer Stat // the declarer's result per deal it was declared in
}

// Report is what a simulation found.
type Report struct {
	Ruleset   string
	Deals     int
	Unit      string // "money" or "final score" (a sheet valued as closing it would)
	AllPass   Stat   // share of deals nobody declared
	Seats     []Stat // result per deal by seat: forehand first, the dealer last
	Contracts []ContractStat
	// Growth is, for each deal of a session (the first, the second...),
	// the mean of GrowthOf after it over the sessions: the pot (money), or
	// the spread of the players' standings, highest minus lowest (a sheet
	// valued as closing it would).
	Growth      []Stat
	GrowthOf    string
	perDeal     []float64  // with KeepPerDeal: each deal's results by seat, one deal after another
	perDealInfo []dealInfo // with KeepPerDeal: each deal's dealer and how it ended (measures.go)
	sessionLen  int
	hands       int
}

// Run simulates r. Each session's deals are tallied by the worker that
// plays them, and the sessions' tallies are merged in the order of the
// sessions as they come in: the report is the same whatever the number of
// workers (floating-point sums in one fixed order), and memory stays flat
// however many deals are played.
func Run(r *ruleset.Ruleset, cfg Config, progress func(done int)) (*Report, error) {
	if cfg.SessionLen <= 0 {
		cfg.SessionLen = 20
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if _, err := NewPlayer(cmp.Or(cfg.Bots, "simple"), 0); err != nil {
		return nil, err
	}
	sessions := (cfg.Deals + cfg.SessionLen - 1) / cfg.SessionLen
	// Workers take blocks of sessions, each tallied in the order of its
	// sessions; the blocks are merged in their order. The block size
	// depends on the run alone, never on the workers, so the sums are
	// added in one order and the report is the same for any number of
	// workers; a few hundred blocks keep the workers evenly busy while
	// handing work over rarely.
	per := max(1, sessions/256)
	blocks := (sessions + per - 1) / per
	type finished struct {
		b   int
		t   *tally
		err error
	}
	var claimed atomic.Int64 // blocks handed out: a worker takes the next by adding one
	results := make(chan finished, cfg.Workers)
	free := make(chan *tally, 2*cfg.Workers) // tallies merged, to be reused
	var wg sync.WaitGroup
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := newWorker(r)
			wk.bots = cfg.Bots
			for {
				b := int(claimed.Add(1) - 1)
				if b >= blocks {
					return
				}
				var t *tally
				select {
				case t = <-free:
					t.reset()
				default:
					t = newTally(r, cfg.SessionLen)
				}
				var err error
				for s := b * per; s < min(sessions, (b+1)*per) && err == nil; s++ {
					n := min(cfg.SessionLen, cfg.Deals-s*cfg.SessionLen)
					err = wk.session(r, cfg.Seed, s, n, t, cfg.KeepPerDeal)
				}
				results <- finished{b, t, err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	total := newTally(r, cfg.SessionLen)
	pending := map[int]*tally{} // finished out of order, waiting for their turn
	merged, done := 0, 0
	var firstErr error
	for f := range results {
		if f.err != nil {
			if firstErr == nil {
				firstErr = f.err
			}
			continue
		}
		pending[f.b] = f.t
		for t, ok := pending[merged]; ok; t, ok = pending[merged] {
			delete(pending, merged)
			done += t.deals
			total.merge(t)
			merged++
			select {
			case free <- t:
			default:
			}
		}
		if progress != nil && firstErr == nil {
			progress(done)
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	rep := total.report(r)
	rep.sessionLen = cfg.SessionLen
	return rep, nil
}

// moments are a count, a mean and the sum of squared deviations
// (Welford's running form), merged pairwise (Chan et al.): the mean and
// its interval without keeping the values.
type moments struct {
	n        int
	mean, m2 float64
}

func (m *moments) add(x float64) {
	m.n++
	d := x - m.mean
	m.mean += d / float64(m.n)
	m.m2 += d * (x - m.mean)
}

func (m *moments) merge(o moments) {
	if o.n == 0 {
		return
	}
	if m.n == 0 {
		*m = o
		return
	}
	n := m.n + o.n
	d := o.mean - m.mean
	m.mean += d * float64(o.n) / float64(n)
	m.m2 += o.m2 + d*d*float64(m.n)*float64(o.n)/float64(n)
	m.n = n
}

// stat is the mean with its 95 % interval (normal approximation).
func (m moments) stat() Stat {
	if m.n == 0 {
		return Stat{}
	}
	half := 0.0
	if m.n > 1 {
		half = 1.96 * math.Sqrt(m.m2/float64(m.n-1)/float64(m.n))
	}
	return Stat{Mean: m.mean, Low: m.mean - half, High: m.mean + half, N: m.n}
}

// tally is what a run of deals found, as running totals.
type tally struct {
	deals, allPass int
	seats          []moments // by seat in playing order
	growth         []moments // by place in the session
	contracts      []contractTally
	perDeal        []float64 // with Config.KeepPerDeal
	perDealInfo    []dealInfo
}

type contractTally struct {
	declared, made int
	decl           moments
}

func newTally(r *ruleset.Ruleset, sessionLen int) *tally {
	return &tally{seats: make([]moments, r.Hands), growth: make([]moments, sessionLen), contracts: make([]contractTally, len(r.Contracts))}
}

func (t *tally) reset() {
	t.deals, t.allPass = 0, 0
	clear(t.seats)
	clear(t.growth)
	clear(t.contracts)
	t.perDeal = t.perDeal[:0]
	t.perDealInfo = t.perDealInfo[:0]
}

// merge adds o's deals, played after t's.
func (t *tally) merge(o *tally) {
	t.deals += o.deals
	t.allPass += o.allPass
	for i := range t.seats {
		t.seats[i].merge(o.seats[i])
	}
	for i := range t.growth {
		t.growth[i].merge(o.growth[i])
	}
	for i := range t.contracts {
		c, oc := &t.contracts[i], &o.contracts[i]
		c.declared += oc.declared
		c.made += oc.made
		c.decl.merge(oc.decl)
	}
	t.perDeal = append(t.perDeal, o.perDeal...)
	t.perDealInfo = append(t.perDealInfo, o.perDealInfo...)
}

// worker is what one worker keeps from session to session: the game with
// its players, the settler, the deal played into (its outcome and ledger)
// and the standings' buffers. A session starts a table of its own;
// nothing of a deal carries over in these (each deal and settlement starts
// afresh), so the report is the same whatever the number of workers.
type worker struct {
	g             *game.Game
	st            *settle.Settler
	deal          table.Deal
	before, after []float64
	standings     []money.Amount
	bots          string // Config.Bots
}

func newWorker(r *ruleset.Ruleset) *worker {
	players := make([]game.Player, r.Hands)
	for i := range players {
		players[i] = &bot.Simple{}
	}
	g := game.New(r, players)
	bot.FastCards(g) // simple players choose their cards from the mask
	return &worker{g: g, st: newSettler(r)}
}

// session plays n deals at one table, seeded by (seed, s), into t.
func (w *worker) session(r *ruleset.Ruleset, seed uint64, s, n int, t *tally, keep bool) error {
	if w.bots != "" && w.bots != "simple" {
		for i := range w.g.Players {
			w.g.Players[i], _ = NewPlayer(w.bots, seed^uint64(s)<<8^uint64(i))
		}
		bot.FastCards(w.g)
	}
	names := []string{"A", "B", "C", "D"}[:r.Hands]
	tb, err := table.New(r, names)
	if err != nil {
		return err
	}
	tb.Settler = w.st
	tb.Length = n // settlement's session_deals
	rng := rand.New(rand.NewPCG(seed, uint64(s)))
	hooks := &table.Hooks{Dealt: func(*table.Deal) (err error) {
		w.before, err = w.standing(tb, w.before) // after the ante: what the deal itself moves
		return err
	}}
	for d := 0; d < n; d++ {
		if _, err := tb.PlayDeal(&w.deal, w.g, rng, hooks); err != nil {
			return inDeal(err, fmt.Sprintf("session %d, deal %d", s, d+1), table.StagePlay, table.StageSettle)
		}
		if w.after, err = w.standing(tb, w.after); err != nil {
			return err
		}
		t.add(r, tb, &w.deal, d, w.before, w.after, keep)
	}
	return nil
}

// inDeal names the deal where an error arose at one of the stages given;
// the table's own errors (the ante, the booking) say what they are.
func inDeal(err error, where string, stages ...string) error {
	var se *table.StageError
	if errors.As(err, &se) && slices.Contains(stages, se.Stage) {
		return fmt.Errorf("%s: %v", where, err)
	}
	return err
}

// add counts deal d of a session, booked at tb, the players' standings
// before and after it by table index.
func (t *tally) add(r *ruleset.Ruleset, tb *table.Table, dl *table.Deal, d int, before, after []float64, keep bool) {
	t.deals++
	size := float(tb.Pot)
	if r.Sheet.Final != nil {
		size = slices.Max(after) - slices.Min(after)
	}
	t.growth[d].add(size)
	n := len(tb.Names)
	for i := 0; i < r.Hands; i++ {
		k := (dl.Dealer + 1 + i) % n // the order of this deal: the hand holders from the dealer's left
		v := after[k] - before[k]
		t.seats[i].add(v)
		if keep {
			t.perDeal = append(t.perDeal, v)
		}
	}
	o := dl.Outcome
	if keep {
		t.perDealInfo = append(t.perDealInfo, infoOf(dl.Dealer, o))
	}
	if o.Declarer < 0 {
		t.allPass++
	} else if o.Contract >= 0 {
		c := &t.contracts[o.Contract]
		c.declared++
		k := (dl.Dealer + 1 + o.Declarer) % n
		c.decl.add(after[k] - before[k])
		if _, made := madeOf(r, o); made {
			c.made++
		}
	}
}

// madeOf reports whether the contract was played, and made.
func madeOf(r *ruleset.Ruleset, o *deal.Outcome) (played, made bool) {
	if o.Declarer < 0 || o.Contract < 0 || !o.Played() {
		return false, false
	}
	return true, r.Contracts[o.Contract].Made(r.Need(o.Contract, o.Hand), o.Tricks[o.Declarer], o.Run)
}

// standing is each player's position into buf, as floats: balance, or
// final score were the sheet closed now (table.Standing).
func (w *worker) standing(t *table.Table, buf []float64) ([]float64, error) {
	return standing(t, &w.standings, buf)
}

// standing is t's standings into buf, read into amounts first.
func standing(t *table.Table, amounts *[]money.Amount, buf []float64) ([]float64, error) {
	var err error
	if *amounts, err = t.Standing(*amounts); err != nil {
		return nil, err
	}
	buf = buf[:0]
	for _, v := range *amounts {
		buf = append(buf, float(v))
	}
	return buf, nil
}

func float(a money.Amount) float64 { return float64(a.Num()) / float64(a.Den()) }

// report is what t found.
func (t *tally) report(r *ruleset.Ruleset) *Report {
	rep := &Report{Ruleset: r.Name, Deals: t.deals, Unit: "money", GrowthOf: "pot", perDeal: t.perDeal, perDealInfo: t.perDealInfo, hands: r.Hands}
	if r.Sheet.Final != nil {
		rep.Unit, rep.GrowthOf = "final score", "spread"
	}
	for _, g := range t.growth {
		if g.n > 0 {
			rep.Growth = append(rep.Growth, g.stat())
		}
	}
	rep.AllPass = proportionOf(t.allPass, t.deals)
	for _, s := range t.seats {
		rep.Seats = append(rep.Seats, s.stat())
	}
	for ci, c := range r.Contracts {
		ct := t.contracts[ci]
		if ct.declared == 0 {
			continue
		}
		rep.Contracts = append(rep.Contracts, ContractStat{Name: c.Name, Declared: ct.declared,
			Share: proportionOf(ct.declared, t.deals), Made: proportionOf(ct.made, ct.declared), Declarer: ct.decl.stat()})
	}
	return rep
}

// SeatDifference is, per seat, the mean of b's result minus a's on the same
// deals, with its interval (a paired comparison).
func SeatDifference(a, b *Report) []Stat {
	var out []Stat
	n := min(len(a.perDeal), len(b.perDeal))
	for i := 0; i < a.hands; i++ {
		var m moments
		for k := i; k < n; k += a.hands {
			m.add(b.perDeal[k] - a.perDeal[k])
		}
		out = append(out, m.stat())
	}
	return out
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func stat(xs []float64) Stat {
	n := len(xs)
	if n == 0 {
		return Stat{}
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(n)
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	half := 0.0
	if n > 1 {
		half = 1.96 * math.Sqrt(ss/float64(n-1)/float64(n))
	}
	return Stat{Mean: mean, Low: mean - half, High: mean + half, N: n}
}

// proportion is the share of ones among xs (0 or 1 each) with the Wilson
// score interval, which stays within 0..1 and holds for rare events.
func proportion(xs []float64) Stat {
	k := 0
	for _, x := range xs {
		if x != 0 {
			k++
		}
	}
	return proportionOf(k, len(xs))
}

// proportionOf is proportion of k ones among count values.
func proportionOf(k, count int) Stat {
	n := float64(count)
	if n == 0 {
		return Stat{}
	}
	p, z := float64(k)/n, 1.96
	den := 1 + z*z/n
	centre := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return Stat{Mean: p, Low: max(0, centre-half), High: min(1, centre+half), N: count}
}
