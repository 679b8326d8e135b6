package simulate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/preference-rules/pref/interpreter/bot"
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
	Growth   []Stat
	GrowthOf string
	perDeal  [][]float64 // per deal, the seats' results (for comparisons)
}

// deal is one deal's facts.
type deal struct {
	index    int       // its place in the session, from 0
	size     float64   // the pot after it, or the spread of the standings
	results  []float64 // by seat in playing order
	contract int       // -1: nobody declared
	declared bool
	made     bool
	declRes  float64
}

// Run simulates r.
func Run(r *ruleset.Ruleset, cfg Config, progress func(done int)) (*Report, error) {
	if cfg.SessionLen <= 0 {
		cfg.SessionLen = 20
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	sessions := (cfg.Deals + cfg.SessionLen - 1) / cfg.SessionLen
	out := make([][]deal, sessions)
	errs := make([]error, sessions)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	next := make(chan int)
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := newWorker(r)
			for s := range next {
				n := min(cfg.SessionLen, cfg.Deals-s*cfg.SessionLen)
				out[s], errs[s] = wk.session(r, cfg.Seed, s, n)
				if progress != nil {
					mu.Lock()
					done += n
					progress(done)
					mu.Unlock()
				}
			}
		}()
	}
	for s := 0; s < sessions; s++ {
		next <- s
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	all := make([]deal, 0, cfg.Deals)
	for _, s := range out {
		all = append(all, s...)
	}
	return report(r, all), nil
}

// worker is what one worker keeps from session to session: the game with
// its players, the settler, an outcome and a ledger, and the standings'
// buffers. A session starts a table of its own; nothing of a deal carries
// over in these (each deal and settlement starts afresh), so the report is
// the same whatever the number of workers.
type worker struct {
	g             *game.Game
	st            *settle.Settler
	o             settle.Outcome
	l             settle.Ledger
	before, after []float64
	final         []money.Amount
}

func newWorker(r *ruleset.Ruleset) *worker {
	players := make([]game.Player, r.Hands)
	for i := range players {
		players[i] = &bot.Simple{}
	}
	return &worker{g: game.New(r, players), st: newSettler(r)}
}

// session plays n deals at one table, seeded by (seed, s).
func (w *worker) session(r *ruleset.Ruleset, seed uint64, s, n int) ([]deal, error) {
	names := []string{"A", "B", "C", "D"}[:r.Hands]
	t, err := table.New(r, names)
	if err != nil {
		return nil, err
	}
	g := w.g
	rng := rand.New(rand.NewPCG(seed, uint64(s)))
	sheet := r.Sheet.Final != nil
	out := make([]deal, 0, n)
	results := make([]float64, n*r.Hands) // every deal's, one after another
	for d := 0; d < n; d++ {
		if _, err := t.Ante(); err != nil {
			return nil, err
		}
		// after the ante: what the deal itself moves
		if w.before, err = w.standing(t, sheet, w.before); err != nil {
			return nil, err
		}
		g.Deal(rng)
		g.SetAllPassRun(t.AllPassRun)
		if err := g.Run(); err != nil {
			return nil, fmt.Errorf("session %d, deal %d: %v", s, d+1, err)
		}
		o := &w.o
		t.OutcomeInto(g, o)
		if err := w.st.SettleInto(&w.l, o, false); err != nil {
			return nil, fmt.Errorf("session %d, deal %d: %v", s, d+1, err)
		}
		dealer := t.Dealer // the order of this deal: the hand holders from the dealer's left
		if err := t.Apply(o, &w.l); err != nil {
			return nil, err
		}
		if w.after, err = w.standing(t, sheet, w.after); err != nil {
			return nil, err
		}
		dl := deal{index: d, contract: o.Contract, declared: o.Declarer >= 0, results: results[d*r.Hands : (d+1)*r.Hands : (d+1)*r.Hands]}
		dl.size = float(t.Pot)
		if sheet {
			dl.size = slices.Max(w.after) - slices.Min(w.after)
		}
		for i := 0; i < r.Hands; i++ {
			k := (dealer + 1 + i) % len(t.Names)
			dl.results[i] = w.after[k] - w.before[k]
		}
		if dl.declared {
			dl.declRes = dl.results[o.Declarer]
			if o.Contract >= 0 && o.Played() {
				dl.made = r.Contracts[o.Contract].Made(r.Need(o.Contract, o.Hand), o.Tricks[o.Declarer], o.Run)
			}
		}
		out = append(out, dl)
		t.Next()
	}
	return out, nil
}

// standing is each player's position into buf: balance, or final score
// were the sheet closed now.
func (w *worker) standing(t *table.Table, sheet bool, buf []float64) ([]float64, error) {
	vals := t.Balance
	if sheet {
		f, err := t.FinalInto(w.final)
		if err != nil {
			return nil, err
		}
		w.final, vals = f, f
	}
	buf = buf[:0]
	for _, v := range vals {
		buf = append(buf, float(v))
	}
	return buf, nil
}

// standing is each player's position: balance, or final score were the
// sheet closed now.
func standing(t *table.Table, sheet bool) ([]float64, error) {
	var w worker
	return w.standing(t, sheet, nil)
}

func float(a money.Amount) float64 { return float64(a.Num()) / float64(a.Den()) }

func report(r *ruleset.Ruleset, all []deal) *Report {
	rep := &Report{Ruleset: r.Name, Deals: len(all), Unit: "money", GrowthOf: "pot"}
	if r.Sheet.Final != nil {
		rep.Unit, rep.GrowthOf = "final score", "spread"
	}
	var sizes [][]float64 // by place in the session
	for _, d := range all {
		for len(sizes) <= d.index {
			sizes = append(sizes, nil)
		}
		sizes[d.index] = append(sizes[d.index], d.size)
	}
	for _, xs := range sizes {
		rep.Growth = append(rep.Growth, stat(xs))
	}
	// A proportion needs only how many of how many: the 0/1 values are
	// counted, not kept (a contract's share, kept, was a value per
	// contract per deal).
	allPass := 0
	seats := make([][]float64, r.Hands)
	for i := range seats {
		seats[i] = make([]float64, 0, len(all))
	}
	rep.perDeal = make([][]float64, 0, len(all))
	per := make([]struct {
		declared, made int
		decl           []float64
	}, len(r.Contracts))
	for _, d := range all {
		if !d.declared {
			allPass++
		}
		for i, v := range d.results {
			seats[i] = append(seats[i], v)
		}
		rep.perDeal = append(rep.perDeal, d.results)
		if d.declared && d.contract >= 0 {
			per[d.contract].declared++
			if d.made {
				per[d.contract].made++
			}
			per[d.contract].decl = append(per[d.contract].decl, d.declRes)
		}
	}
	rep.AllPass = proportionOf(allPass, len(all))
	for _, s := range seats {
		rep.Seats = append(rep.Seats, stat(s))
	}
	for ci, c := range r.Contracts {
		if len(per[ci].decl) == 0 {
			continue
		}
		rep.Contracts = append(rep.Contracts, ContractStat{Name: c.Name, Declared: len(per[ci].decl),
			Share: proportionOf(per[ci].declared, len(all)), Made: proportionOf(per[ci].made, per[ci].declared), Declarer: stat(per[ci].decl)})
	}
	return rep
}

// SeatDifference is, per seat, the mean of b's result minus a's on the same
// deals, with its interval (a paired comparison).
func SeatDifference(a, b *Report) []Stat {
	var out []Stat
	for i := range a.Seats {
		var d []float64
		for k := range a.perDeal {
			if k < len(b.perDeal) && i < len(b.perDeal[k]) {
				d = append(d, b.perDeal[k][i]-a.perDeal[k][i])
			}
		}
		out = append(out, stat(d))
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
