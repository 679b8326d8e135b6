package bot_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/table"
	"github.com/preference-rules/pref/rulesets"
)

// sureRedoubler plays like an outside bot that answers a double only
// with a contract that cannot be beaten: as declarer it re-doubles (and
// doubles back at every level) exactly when, double-dummy on the cards as
// they lie, the contract is made; every other decision is the simple
// player's.
type sureRedoubler struct{ bot.Simple }

func (p *sureRedoubler) Choose(g *game.Game, legal []game.Action) game.Action {
	if a := legal[0]; a.Phase == game.PhaseRecontra && a.Seat == g.Declarer {
		made, ok := bot.MadeDoubleDummy(&g.State)
		a.Value = game.No
		if ok && made {
			a.Value = game.Yes
		}
		return a
	}
	return p.Simple.Choose(g, legal)
}

// doublings notes the doubling calls a player made.
type doublings struct {
	game.Player
	mu    *sync.Mutex
	calls map[int][]int // by deal: each level called
	deal  int
	times map[string][]time.Duration // by kind of decision: card, doubling, other
}

func (p doublings) Choose(g *game.Game, legal []game.Action) game.Action {
	start := time.Now()
	a := p.Player.Choose(g, legal)
	if p.times != nil && len(legal) > 1 {
		kind := "other"
		switch a.Phase {
		case game.PhasePlay:
			kind = "card"
		case game.PhaseContra, game.PhaseRecontra:
			kind = "doubling"
		}
		p.mu.Lock()
		p.times[kind] = append(p.times[kind], time.Since(start))
		p.mu.Unlock()
	}
	if a.Value == game.Yes && (a.Phase == game.PhaseContra || a.Phase == game.PhaseRecontra) {
		level := 1
		if a.Phase == game.PhaseRecontra {
			level = g.ContraCall()
		}
		p.mu.Lock()
		p.calls[p.deal] = append(p.calls[p.deal], level)
		p.mu.Unlock()
	}
	return a
}

// duplicateDeal plays deal d once with the strong player alone in each
// seat, the others sure re-doublers, each time on the same cards at a
// fresh table (simulate.Match's rotations for kinds strong and the other),
// and returns the strong player's mean result minus the others' mean.
func duplicateDeal(t *testing.T, r *ruleset.Ruleset, seed uint64, d int, rec doublings) (float64, error) {
	var strongSum, otherSum float64
	var strongN, otherN int
	for rot := 0; rot < r.Hands; rot++ {
		names := []string{"A", "B", "C", "D"}[:r.Hands]
		tb, err := table.New(r, names)
		if err != nil {
			return 0, err
		}
		players := make([]game.Player, r.Hands)
		for i := range players {
			if i == rot {
				rec.Player = bot.NewStrong(seed ^ uint64(d)<<8 ^ uint64(i))
				players[i] = rec
			} else {
				players[i] = &sureRedoubler{}
			}
		}
		g := game.New(r, players)
		bot.FastCards(g)
		dl, err := tb.Begin(g)
		if err != nil {
			return 0, err
		}
		before, err := standings(tb)
		if err != nil {
			return 0, err
		}
		dl.Shuffle(rand.New(rand.NewPCG(seed, uint64(d))))
		if err := dl.Run(); err != nil {
			return 0, fmt.Errorf("deal %d: %v", d+1, err)
		}
		if err := dl.Finish(); err != nil {
			return 0, err
		}
		after, err := standings(tb)
		if err != nil {
			return 0, err
		}
		for i := 0; i < r.Hands; i++ {
			k := (dl.Dealer + 1 + i) % len(tb.Names)
			if i == rot {
				strongSum += after[k] - before[k]
				strongN++
			} else {
				otherSum += after[k] - before[k]
				otherN++
			}
		}
	}
	return strongSum/float64(strongN) - otherSum/float64(otherN), nil
}

func standings(tb *table.Table) ([]float64, error) {
	st, err := tb.Standing(nil)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(st))
	for i, a := range st {
		out[i] = float64(a.Num()) / float64(a.Den())
	}
	return out, nil
}

// TestStrengthDuplicateAgainstSureRedoubler measures the strong player in
// duplicate against sure re-doublers on serbian: PREF_STRENGTH_DEALS=200
// go test ./interpreter/bot -run TestStrengthDuplicate -v (skipped
// otherwise: it takes minutes). It prints the mean difference per deal
// with its 95 % interval, and every deal in which the strong player
// doubled.
func TestStrengthDuplicateAgainstSureRedoubler(t *testing.T) {
	deals, _ := strconv.Atoi(os.Getenv("PREF_STRENGTH_DEALS"))
	if deals <= 0 {
		t.Skip("set PREF_STRENGTH_DEALS to measure")
	}
	name := os.Getenv("PREF_STRENGTH_RULESET")
	if name == "" {
		name = "serbian"
	}
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	const seed = 30
	diff := make([]float64, deals)
	var mu sync.Mutex
	calls := map[int][]int{}
	times := map[string][]time.Duration{}
	next := make(chan int)
	var wg sync.WaitGroup
	errs := make([]error, deals)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range next {
				diff[d], errs[d] = duplicateDeal(t, r, seed, d, doublings{mu: &mu, calls: calls, deal: d, times: times})
			}
		}()
	}
	for d := 0; d < deals; d++ {
		next <- d
	}
	close(next)
	wg.Wait()
	var sum, sq float64
	for d, x := range diff {
		if errs[d] != nil {
			t.Fatal(errs[d])
		}
		sum += x
		sq += x * x
	}
	n := float64(deals)
	m := sum / n
	se := math.Sqrt((sq - n*m*m) / (n - 1) / n)
	fmt.Printf("%s, %d deals: strong minus sure re-doubler %+.2f [%+.2f, %+.2f]\n", name, deals, m, m-1.96*se, m+1.96*se)
	for _, kind := range []string{"card", "doubling", "other"} {
		ts := times[kind]
		slices.Sort(ts)
		if len(ts) > 0 {
			fmt.Printf("  %s decisions of the strong player: %d, median %v, 95th percentile %v, slowest %v\n",
				kind, len(ts), ts[len(ts)/2], ts[len(ts)*95/100], ts[len(ts)-1])
		}
	}
	for d := 0; d < deals; d++ {
		if len(calls[d]) > 0 {
			fmt.Printf("  deal %d: strong doubled at levels %v, difference %+.1f\n", d+1, calls[d], diff[d])
		}
	}
}
