package bot_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/rulesets"
)

// timed is a player that times the card decisions its inner player makes
// with a real choice (more than one legal card): against a declarer, and
// in the all-pass game apart.
type timed struct {
	game.Player
	times, first, allPass *[]time.Duration // every decision; those of the first trick; the all-pass game's
}

func (p timed) Choose(g *game.Game, legal []game.Action) game.Action {
	if legal[0].Phase != game.PhasePlay || len(legal) < 2 {
		return p.Player.Choose(g, legal)
	}
	start := time.Now()
	a := p.Player.Choose(g, legal)
	d := time.Since(start)
	switch {
	case g.Declarer < 0:
		*p.allPass = append(*p.allPass, d)
	case g.NTricks == 0:
		*p.first = append(*p.first, d)
		fallthrough
	default:
		*p.times = append(*p.times, d)
	}
	return a
}

// TestStrongCardSpeed reports the median, 90th percentile and worst time
// of the strong player's card decisions (three strong players bidding as
// the simple one does, deals of austrian-1829, west-balkans and sochi):
// with PREF_SOAK=1, 200 deals per ruleset; otherwise 3, as a smoke test.
// Issue 16's target: median under 100 ms.
func TestStrongCardSpeed(t *testing.T) {
	n := 3
	if os.Getenv("PREF_SOAK") != "" {
		n = 200
	}
	for _, name := range []string{"austrian-1829", "west-balkans", "sochi"} {
		r, _ := rulesets.Open(name)
		var times, first, allPass []time.Duration
		for d := 0; d < n; d++ {
			players := make([]game.Player, r.Hands)
			for i := range players {
				b := bot.NewStrong(uint64(d*7 + i))
				b.CardsOnly = true
				players[i] = timed{b, &times, &first, &allPass}
			}
			g := game.New(r, players)
			g.Deal(rand.New(rand.NewPCG(uint64(d), 3)))
			if err := g.Run(); err != nil {
				t.Fatalf("%s deal %d: %v", name, d, err)
			}
		}
		if len(times) == 0 {
			t.Logf("%s: no card decisions", name)
			continue
		}
		t.Logf("%s, %d deals: %s; first trick: %s; the all-pass game: %s", name, n, quantiles(times), quantiles(first), quantiles(allPass))
	}
}

// quantiles is the count, median, 90th percentile and worst of ts.
func quantiles(ts []time.Duration) string {
	if len(ts) == 0 {
		return "none"
	}
	ts = slices.Clone(ts)
	slices.Sort(ts)
	r := func(d time.Duration) time.Duration { return d.Round(100 * time.Microsecond) }
	return fmt.Sprintf("%d decisions, median %v, 90%% %v, worst %v", len(ts), r(ts[len(ts)/2]), r(ts[len(ts)*9/10]), r(ts[len(ts)-1]))
}

// decisionTimer times a strong player's decisions other than cards, by
// phase: the auction, and the rest.
type decisionTimer struct {
	*bot.Strong
	auction, other *[]time.Duration
}

func (p decisionTimer) Choose(g *game.Game, legal []game.Action) game.Action {
	if legal[0].Phase == game.PhasePlay || len(legal) < 2 && legal[0].Phase != game.PhaseDiscard {
		return p.Strong.Choose(g, legal)
	}
	start := time.Now()
	a := p.Strong.Choose(g, legal)
	if legal[0].Phase == game.PhaseAuction {
		*p.auction = append(*p.auction, time.Since(start))
	} else {
		*p.other = append(*p.other, time.Since(start))
	}
	return a
}

// TestStrongDecisionSpeed reports the time of the strong player's other
// decisions (auction; exchange, defence and the rest) on its default
// budget of 200 ms, three strong players at the table: with PREF_SOAK=1,
// 50 deals each of austrian-1829, west-balkans and sochi.
func TestStrongDecisionSpeed(t *testing.T) {
	if os.Getenv("PREF_SOAK") == "" {
		t.Skip("PREF_SOAK=1 to measure")
	}
	for _, name := range []string{"austrian-1829", "west-balkans", "sochi"} {
		r, _ := rulesets.Open(name)
		var auction, other []time.Duration
		for d := 0; d < 50; d++ {
			players := make([]game.Player, r.Hands)
			for i := range players {
				players[i] = decisionTimer{bot.NewStrong(uint64(d*7 + i)), &auction, &other}
			}
			g := game.New(r, players)
			g.Deal(rand.New(rand.NewPCG(uint64(d), 3)))
			if err := g.Run(); err != nil {
				t.Fatalf("%s deal %d: %v", name, d, err)
			}
		}
		t.Logf("%s, 50 deals: auction %s; other %s", name, quantiles(auction), quantiles(other))
	}
}
