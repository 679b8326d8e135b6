package bot

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// A strong player keeping to its budget on the clock (WallClock) whose
// decision has already run past it weighs the least deals (minWorlds)
// and stops; on the solver's count alone it weighs more on the same
// position.
func TestWallClockCutsTheSamples(t *testing.T) {
	r, g, legal, opts := atContra(t)
	weighed := func(late bool) int {
		b := NewStrong(1)
		b.val = newValuer(r)
		b.WallClock = late
		b.started = time.Now().Add(-time.Hour)
		_, worlds := b.weighFor(&g.State, legal[0].Seat, opts, 200*time.Millisecond)
		return worlds
	}
	if late, counted := weighed(true), weighed(false); late != minWorlds || counted <= minWorlds {
		t.Errorf("deals weighed: %d past the clock (want %d), %d on the solver's count (want more)", late, minWorlds, counted)
	}
}

// atContra is a serbian deal (seed 0) played by the simple player up to
// the first defender's contra, both defenders come: the ruleset, the
// deal, the calls open and each as an option to weigh.
func atContra(t *testing.T) (*ruleset.Ruleset, *game.Game, []game.Action, []option) {
	t.Helper()
	r, err := rulesets.Open("serbian")
	if err != nil {
		t.Fatal(err)
	}
	s := &Simple{}
	g := game.New(r, []game.Player{s, s, s})
	g.Deal(rand.New(rand.NewPCG(0, 30)))
	for g.Phase() != game.PhaseContra {
		legal := g.Choices()
		a := s.Choose(g, legal)
		if legal[0].Phase == game.PhaseDefend {
			a = legal[0] // both defenders come
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	legal := g.Choices()
	opts := make([]option, len(legal))
	for i, a := range legal {
		opts[i] = take(a, -1)
	}
	return r, g, legal, opts
}
