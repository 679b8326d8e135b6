package bot_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// kindTimer times a strong player's decisions by kind: a card, a bid (the
// auction), a doubling call (contra and every answer), and the rest.
type kindTimer struct {
	*bot.Strong
	times map[string][]time.Duration
	cpu   map[string][]time.Duration // the decision's CPU time (the test's goroutine locked to its thread), where it can be read
}

func (p kindTimer) Choose(g *game.Game, legal []game.Action) game.Action {
	if len(legal) < 2 && legal[0].Phase != game.PhaseDiscard {
		return p.Strong.Choose(g, legal)
	}
	start := time.Now()
	cpu, cpuOK := bot.ThreadCPU()
	a := p.Strong.Choose(g, legal)
	took := time.Since(start)
	if now, ok := bot.ThreadCPU(); ok && cpuOK && p.cpu != nil {
		cpu = now - cpu
	} else {
		cpuOK = false
	}
	kind := "other"
	switch legal[0].Phase {
	case game.PhasePlay:
		kind = "card"
	case game.PhaseAuction:
		kind = "bid"
	case game.PhaseContra, game.PhaseRecontra:
		kind = "doubling"
	}
	p.times[kind] = append(p.times[kind], took)
	if cpuOK {
		p.cpu[kind] = append(p.cpu[kind], cpu)
	}
	return a
}

// percentiles is the count, median and 95th percentile of ts.
func percentiles(ts []time.Duration) string {
	if len(ts) == 0 {
		return "none"
	}
	ts = slices.Clone(ts)
	slices.Sort(ts)
	r := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	return fmt.Sprintf("%d, p50 %v, p95 %v", len(ts), r(ts[len(ts)/2]), r(ts[len(ts)*95/100]))
}

// TestStrongDecisionTimesByKind reports the p50 and p95 of the strong
// player's decision times by kind (card, bid, doubling, other), strong
// players in every seat, against the budgets (a card 100 ms, the rest
// 200 ms), on the clock and in CPU time (the thread's, where it can be
// read): with PREF_SOAK=1, PREF_SOAK_DEALS deals (default 20) each of
// serbian, austrian-1829 and sochi; PREF_SOAK_WALLCLOCK=1 keeps the
// players to their budgets on the clock (WallClock), PREF_SOAK_CPUCLOCK=1
// in CPU time (CPUClock).
func TestStrongDecisionTimesByKind(t *testing.T) {
	if os.Getenv("PREF_SOAK") == "" {
		t.Skip("PREF_SOAK=1 to measure")
	}
	deals := 20
	if n, err := strconv.Atoi(os.Getenv("PREF_SOAK_DEALS")); err == nil && n > 0 {
		deals = n
	}
	runtime.LockOSThread() // each decision's CPU time is its thread's
	defer runtime.UnlockOSThread()
	for _, name := range []string{"serbian", "austrian-1829", "sochi"} {
		r, _ := rulesets.Open(name)
		times, cpu := map[string][]time.Duration{}, map[string][]time.Duration{}
		for d := 0; d < deals; d++ {
			players := make([]game.Player, r.Hands)
			for i := range players {
				b := bot.NewStrong(uint64(d*7 + i))
				b.WallClock = os.Getenv("PREF_SOAK_WALLCLOCK") != ""
				b.CPUClock = os.Getenv("PREF_SOAK_CPUCLOCK") != ""
				players[i] = kindTimer{b, times, cpu}
			}
			g := game.New(r, players)
			g.Deal(rand.New(rand.NewPCG(uint64(d), 30)))
			if err := g.Run(); err != nil {
				t.Fatalf("%s deal %d: %v", name, d, err)
			}
		}
		t.Logf("%s, %d deals, on the clock: card %s; bid %s; doubling %s; other %s", name, deals,
			percentiles(times["card"]), percentiles(times["bid"]), percentiles(times["doubling"]), percentiles(times["other"]))
		t.Logf("%s, %d deals, CPU: card %s; bid %s; doubling %s; other %s", name, deals,
			percentiles(cpu["card"]), percentiles(cpu["bid"]), percentiles(cpu["doubling"]), percentiles(cpu["other"]))
	}
}
