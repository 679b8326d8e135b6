package simulate

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/bot/extern"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/money"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
)

// Entrant is one kind of player in a match and how it did.
type Entrant struct {
	Name   string
	Result Stat // per deal played
	// Refusals, for an outside program (exec:), are its answers refused
	// and the decisions the simple player made instead.
	Refusals *extern.Counts `json:",omitempty"`
}

// MatchReport is a duplicate match's result.
type MatchReport struct {
	Ruleset  string
	Deals    int
	Unit     string
	Entrants []Entrant
	AllPass  Stat
	Made     Stat // contracts made, of those played
	// Difference is, with two kinds, the first's mean result minus the
	// second's, deal by deal (each deal's rotations together), with its
	// 95 % interval: the duplicate comparison.
	Difference *Stat `json:",omitempty"`
}

// NewPlayer makes a player by kind: simple, strong, strong-cards (the
// strong player's cards, every other decision simple's), strong-timed
// (its budgets kept on the clock too: Strong.WallClock) or strong-cpu (and
// in CPU time: Strong.CPUClock).
func NewPlayer(kind string, seed uint64) (game.Player, error) {
	switch kind {
	case "simple":
		return &bot.Simple{}, nil
	case "strong":
		return bot.NewStrong(seed), nil
	case "strong-cards":
		b := bot.NewStrong(seed)
		b.CardsOnly = true
		return b, nil
	case "strong-timed":
		b := bot.NewStrong(seed)
		b.WallClock = true
		return b, nil
	case "strong-cpu":
		b := bot.NewStrong(seed)
		b.CPUClock = true
		return b, nil
	}
	if _, _, ok := execKind(kind); ok {
		return nil, fmt.Errorf("player %q: an outside program plays only in pref match", kind)
	}
	return nil, fmt.Errorf("no player %q: simple, strong, strong-cards, strong-timed, strong-cpu or exec:COMMAND", kind)
}

// ExecPrefix starts the kind of an outside program: exec: and its command
// line (extern.SplitCommand).
const ExecPrefix = "exec:"

// SeesTalonPrefix starts the kind of an outside program that is also told
// the talon's cards at its calls in the auction (extern.Config.PeeksTalon):
// extra sight no seat has, offered only here, to measure a program that
// looks at the talon while bidding by design (Prefa's hard level). The
// kind names it; nothing else turns it on.
const SeesTalonPrefix = extern.SeesTalonPrefix

// execKind is an outside program's command line and whether it is shown
// the talon while bidding; ok false for any other kind.
func execKind(kind string) (line string, peeks, ok bool) {
	if line, ok := strings.CutPrefix(kind, SeesTalonPrefix); ok {
		return line, true, true
	}
	line, ok = strings.CutPrefix(kind, ExecPrefix)
	return line, false, ok
}

// MatchOptions are how a match runs outside programs.
type MatchOptions struct {
	TimeLimit time.Duration // per decision; 0: extern.DefaultTimeLimit
	Log       io.Writer     // each refusal, a line each; nil: not told
	Stderr    io.Writer     // the programs' own standard error; nil: discarded
}

// checkKind refuses a kind no player is made of: an exec: kind needs a
// command.
func checkKind(kind string) error {
	if cmd, _, ok := execKind(kind); ok {
		_, err := extern.SplitCommand(cmd)
		return err
	}
	_, err := NewPlayer(kind, 0)
	return err
}

// execPools starts a pool for each exec: kind, each checked by running its
// program once: a command that does not run or speak the protocol refuses
// the match.
func execPools(r *ruleset.Ruleset, kinds []string, opt MatchOptions) (map[string]*extern.Pool, error) {
	pools := map[string]*extern.Pool{}
	var logMu sync.Mutex
	logf := func(format string, args ...any) {
		if opt.Log != nil {
			logMu.Lock()
			fmt.Fprintf(opt.Log, "pref match: "+format+"\n", args...)
			logMu.Unlock()
		}
	}
	hello := extern.Hello{Ruleset: r.Name, Seats: []string{"A", "B", "C", "D"}[:r.Hands]}
	for c := r.Deck.All(); c != 0; c &= c - 1 {
		hello.Deck = append(hello.Deck, r.Deck.Name(c.Lowest()))
	}
	for _, ct := range r.Contracts {
		hello.Contracts = append(hello.Contracts, ct.Name)
	}
	for _, k := range kinds {
		line, peeks, ok := execKind(k)
		if !ok || pools[k] != nil {
			continue
		}
		argv, _ := extern.SplitCommand(line)
		cfg := extern.Config{Command: argv, Label: k, TimeLimit: opt.TimeLimit, Log: logf, Stderr: opt.Stderr, PeeksTalon: peeks}
		pl := extern.NewPool(cfg, hello, func() game.Player { return &bot.Simple{} })
		if err := pl.Check(); err != nil {
			closePools(pools)
			return nil, err
		}
		pools[k] = pl
	}
	return pools, nil
}

func closePools(pools map[string]*extern.Pool) {
	for _, pl := range pools {
		pl.Close()
	}
}

// Match plays duplicate: every deal once for each rotation of the kinds
// through the seats (the first kind in each seat in turn, the others in
// the remaining seats in order), each rotation on the same cards at a
// fresh table; a kind's result is its mean per deal over all its seats.
// progress, when given, is told the deals played so far as each ends.
func Match(r *ruleset.Ruleset, kinds []string, deals, workers int, seed uint64, progress func(done int)) (*MatchReport, error) {
	return MatchWith(r, kinds, deals, workers, seed, progress, MatchOptions{})
}

// MatchWith is Match with outside programs run as opt says: a kind
// exec:COMMAND is a program speaking the protocol of docs/protocol.md,
// kept running between deals, each of its refusals logged and counted in
// its entrant's Refusals.
func MatchWith(r *ruleset.Ruleset, kinds []string, deals, workers int, seed uint64, progress func(done int), opt MatchOptions) (*MatchReport, error) {
	if len(kinds) == 0 {
		return nil, fmt.Errorf("no players")
	}
	for _, k := range kinds {
		if err := checkKind(k); err != nil {
			return nil, err
		}
	}
	pools, err := execPools(r, kinds, opt)
	if err != nil {
		return nil, err
	}
	defer closePools(pools)
	out := make([]matchResult, deals)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range next {
				out[d] = playRotations(r, kinds, pools, seed, d)
				if progress != nil {
					mu.Lock()
					done++
					progress(done)
					mu.Unlock()
				}
			}
		}()
	}
	for d := 0; d < deals; d++ {
		next <- d
	}
	close(next)
	wg.Wait()
	rep, err := matchReport(r, kinds, deals, out)
	if err != nil {
		return nil, err
	}
	for i, e := range rep.Entrants {
		if pl := pools[e.Name]; pl != nil {
			c := pl.Counts()
			rep.Entrants[i].Refusals = &c
		}
	}
	return rep, nil
}

// matchResult is one deal of a match, every rotation of the kinds played
// on its cards.
type matchResult struct {
	byKind map[string][]float64
	passed []float64
	made   []float64
	err    error
}

// playRotations plays deal d once for each rotation of the kinds through
// the seats.
func playRotations(r *ruleset.Ruleset, kinds []string, pools map[string]*extern.Pool, seed uint64, d int) matchResult {
	n := r.Hands
	res := matchResult{byKind: map[string][]float64{}}
	for rot := 0; rot < n; rot++ {
		seats := make([]string, n) // the kind in each seat of the deal
		for i := 0; i < n; i++ {
			seats[(rot+i)%n] = kinds[min(i, len(kinds)-1)]
		}
		vals, passed, made, played, err := matchDeal(r, seats, pools, seed, d)
		if err != nil {
			res.err = err
			break
		}
		for i, v := range vals {
			res.byKind[seats[i]] = append(res.byKind[seats[i]], v)
		}
		res.passed = append(res.passed, b2f(passed))
		if played {
			res.made = append(res.made, b2f(made))
		}
	}
	return res
}

// matchReport gathers the deals' results, the first error among them
// refusing the match.
func matchReport(r *ruleset.Ruleset, kinds []string, deals int, out []matchResult) (*MatchReport, error) {
	rep := &MatchReport{Ruleset: r.Name, Deals: deals, Unit: "money"}
	if r.Sheet.Final != nil {
		rep.Unit = "final score"
	}
	byKind := map[string][]float64{}
	var passed, made, diff []float64
	for _, res := range out {
		if res.err != nil {
			return nil, res.err
		}
		if a, b := res.byKind[kinds[0]], res.byKind[kinds[len(kinds)-1]]; kinds[0] != kinds[len(kinds)-1] && len(a) > 0 && len(b) > 0 {
			diff = append(diff, mean(a)-mean(b))
		}
		for k, v := range res.byKind {
			byKind[k] = append(byKind[k], v...)
		}
		passed = append(passed, res.passed...)
		made = append(made, res.made...)
	}
	seen := map[string]bool{}
	for _, k := range kinds {
		if !seen[k] {
			seen[k] = true
			rep.Entrants = append(rep.Entrants, Entrant{Name: k, Result: stat(byKind[k])})
		}
	}
	rep.AllPass, rep.Made = proportion(passed), proportion(made)
	if len(seen) == 2 {
		d := stat(diff)
		rep.Difference = &d
	}
	return rep, nil
}

// matchDeal plays deal d (its cards fixed by seed and d) with the kinds in
// seats at a fresh table and returns each seat's result.
func matchDeal(r *ruleset.Ruleset, seats []string, pools map[string]*extern.Pool, seed uint64, d int) (vals []float64, passed, made, played bool, err error) {
	names := []string{"A", "B", "C", "D"}[:r.Hands]
	t, err := table.New(r, names)
	if err != nil {
		return nil, false, false, false, err
	}
	players := make([]game.Player, r.Hands)
	programs := make([]*extern.Program, r.Hands)
	for i, k := range seats {
		if pl := pools[k]; pl != nil {
			programs[i] = pl.Get(i)
			players[i] = programs[i]
			defer pl.Put(programs[i])
			continue
		}
		players[i], _ = NewPlayer(k, seed^uint64(d)<<8^uint64(i))
	}
	g := game.New(r, players)
	bot.FastCards(g)
	dl, err := t.Begin(g)
	if err != nil {
		return nil, false, false, false, err
	}
	var amounts []money.Amount
	before, err := standing(t, &amounts, nil) // after the ante: what the deal itself moves
	if err != nil {
		return nil, false, false, false, err
	}
	dl.Shuffle(rand.New(rand.NewPCG(seed, uint64(d))))
	if err := dl.Run(); err != nil {
		return nil, false, false, false, fmt.Errorf("deal %d: %v", d+1, err)
	}
	if err := dl.Finish(); err != nil {
		return nil, false, false, false, err
	}
	after, err := standing(t, &amounts, nil)
	if err != nil {
		return nil, false, false, false, err
	}
	for i := 0; i < r.Hands; i++ {
		k := (dl.Dealer + 1 + i) % len(t.Names)
		vals = append(vals, after[k]-before[k])
		if programs[i] != nil {
			programs[i].EndDeal(&g.State, i, &vals[i])
		}
	}
	passed = dl.Outcome.Declarer < 0
	played, made = madeOf(r, dl.Outcome)
	return vals, passed, made, played, nil
}

func mean(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}
