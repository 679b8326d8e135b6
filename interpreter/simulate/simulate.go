package simulate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
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
	perDeal   [][]float64 // per deal, the seats' results (for comparisons)
}

// deal is one deal's facts.
type deal struct {
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
			for s := range next {
				n := min(cfg.SessionLen, cfg.Deals-s*cfg.SessionLen)
				out[s], errs[s] = session(r, cfg.Seed, s, n)
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
	var all []deal
	for _, s := range out {
		all = append(all, s...)
	}
	return report(r, all), nil
}

// session plays n deals at one table, seeded by (seed, s).
func session(r *ruleset.Ruleset, seed uint64, s, n int) ([]deal, error) {
	names := []string{"A", "B", "C", "D"}[:r.Hands]
	t, err := table.New(r, names)
	if err != nil {
		return nil, err
	}
	players := make([]game.Player, r.Hands)
	for i := range players {
		players[i] = &bot.Simple{}
	}
	g := game.New(r, players)
	st := newSettler(r)
	rng := rand.New(rand.NewPCG(seed, uint64(s)))
	sheet := r.Sheet.Final != nil
	var out []deal
	for d := 0; d < n; d++ {
		if _, err := t.Ante(); err != nil {
			return nil, err
		}
		before, err := standing(t, sheet) // after the ante: what the deal itself moves
		if err != nil {
			return nil, err
		}
		g.Deal(rng)
		g.SetAllPassRun(t.AllPassRun)
		if err := g.Run(); err != nil {
			return nil, fmt.Errorf("session %d, deal %d: %v", s, d+1, err)
		}
		o := t.Outcome(g)
		l, err := st.Settle(o, false)
		if err != nil {
			return nil, fmt.Errorf("session %d, deal %d: %v", s, d+1, err)
		}
		order := t.Order()
		if err := t.Apply(o, l); err != nil {
			return nil, err
		}
		after, err := standing(t, sheet)
		if err != nil {
			return nil, err
		}
		dl := deal{contract: o.Contract, declared: o.Declarer >= 0}
		for i := 0; i < r.Hands; i++ {
			dl.results = append(dl.results, after[order[i]]-before[order[i]])
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

// standing is each player's position: balance, or final score were the
// sheet closed now.
func standing(t *table.Table, sheet bool) ([]float64, error) {
	vals := t.Balance
	if sheet {
		f, err := t.Final()
		if err != nil {
			return nil, err
		}
		vals = f
	}
	out := make([]float64, len(vals))
	for i, v := range vals {
		out[i] = float(v)
	}
	return out, nil
}

func float(a money.Amount) float64 { return float64(a.Num()) / float64(a.Den()) }

func report(r *ruleset.Ruleset, all []deal) *Report {
	rep := &Report{Ruleset: r.Name, Deals: len(all), Unit: "money"}
	if r.Sheet.Final != nil {
		rep.Unit = "final score"
	}
	var allPass []float64
	seats := make([][]float64, r.Hands)
	per := make([]struct{ share, made, decl []float64 }, len(r.Contracts))
	for _, d := range all {
		allPass = append(allPass, b2f(!d.declared))
		for i, v := range d.results {
			seats[i] = append(seats[i], v)
		}
		rep.perDeal = append(rep.perDeal, d.results)
		for ci := range r.Contracts {
			per[ci].share = append(per[ci].share, b2f(d.declared && d.contract == ci))
		}
		if d.declared && d.contract >= 0 {
			per[d.contract].made = append(per[d.contract].made, b2f(d.made))
			per[d.contract].decl = append(per[d.contract].decl, d.declRes)
		}
	}
	rep.AllPass = proportion(allPass)
	for _, s := range seats {
		rep.Seats = append(rep.Seats, stat(s))
	}
	for ci, c := range r.Contracts {
		if len(per[ci].decl) == 0 {
			continue
		}
		rep.Contracts = append(rep.Contracts, ContractStat{Name: c.Name, Declared: len(per[ci].decl),
			Share: proportion(per[ci].share), Made: proportion(per[ci].made), Declarer: stat(per[ci].decl)})
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
	n := float64(len(xs))
	if n == 0 {
		return Stat{}
	}
	var k float64
	for _, x := range xs {
		k += x
	}
	p, z := k/n, 1.96
	den := 1 + z*z/n
	centre := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return Stat{Mean: p, Low: max(0, centre-half), High: min(1, centre+half), N: len(xs)}
}
