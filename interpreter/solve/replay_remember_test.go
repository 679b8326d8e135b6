package solve_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// TestReplayRemembersOnlyTheSamePosition: a replay that takes a card's
// "after" as the next card's "before" when the position is the same says
// what a replay solving every position says, step for step, in deals with
// a declarer, without one (each card counted for its own player) and with
// the talon turned into tricks.
func TestReplayRemembersOnlyTheSamePosition(t *testing.T) {
	var fresh, remembered time.Duration
	for _, name := range []string{"sochi", "austrian-1829", "west-balkans", "leningrad"} {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
		rng := rand.New(rand.NewPCG(5, 7))
		declared, passed := 0, 0
		for d := 0; d < 40 && (declared < 3 || passed < 1); d++ {
			g.Deal(rng)
			if err := g.Run(); err != nil {
				t.Fatal(err)
			}
			if g.Contract < 0 || g.NTricks == 0 || g.Declarer >= 0 && declared >= 3 || g.Declarer < 0 && passed >= 1 {
				continue
			}
			if g.Declarer >= 0 {
				declared++
			} else {
				passed++
			}
			start := time.Now()
			want, err := solve.ReplaySteps(&g.State, false)
			fresh += time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			start = time.Now()
			got, err := solve.Replay(&g.State)
			remembered += time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s deal %d: remembered %v, solved anew %v", name, d, got, want)
			}
		}
	}
	t.Logf("every position solved %v, the same position remembered %v", fresh, remembered)
}
