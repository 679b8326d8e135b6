package terminal

import (
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/preference-rules/pref/internal/app"
)

// The strong hint answers on the clock in under a second, the simple one
// in under 100 ms, at every decision of the coached deals, even on a
// loaded machine (issue 27: the strong hint took 540 ms of processor time
// but 2.9 s on the clock under load): it keeps to its budget on the clock
// and says so when it was cut short. The strict bounds, with every
// processor kept busy by spinning work, run under PREF_SOAK (seen failing
// on the original code: 2.3 s and 3.2 s); by default, on a machine shared with
// other tests, the bounds are generous (three times) and nothing is
// loaded on purpose.
func TestHintsOnTheClock(t *testing.T) {
	if testing.Short() {
		t.Skip("times the strong player's hint")
	}
	strongBound, simpleBound := 3*time.Second, 300*time.Millisecond
	if os.Getenv("PREF_SOAK") != "" {
		strongBound, simpleBound = time.Second, 100*time.Millisecond
		defer loadTheMachine()()
	}
	var strongMost, simpleMost time.Duration
	cut, decisions := 0, 0
	for _, name := range []string{"austrian-1829", "sochi"} {
		scr, _ := coachedScreen(t, name, app.LessonDeclare, 80, 24)
		strong := app.NewAdviser("strong")
		for step := 0; !scr.done && step < 400; step++ {
			if scr.laid == 0 {
				g, legal := scr.sess.Game(), scr.legal
				start := time.Now()
				app.NewAdviser("simple").Choose(g, legal)
				simpleMost = max(simpleMost, time.Since(start))
				start = time.Now()
				strong.Choose(g, legal)
				why := app.Why(strong)
				strongMost = max(strongMost, time.Since(start))
				decisions++
				if strings.Contains(why, "cut short at its time limit") {
					cut++
				}
			}
			press(scr, "?", "enter")
		}
	}
	t.Logf("%d decisions: the strong hint took %v at most on the clock (%d cut short), the simple %v", decisions, strongMost, cut, simpleMost)
	if strongMost > strongBound {
		t.Errorf("the strong hint took %v on the clock: over %v", strongMost, strongBound)
	}
	if simpleMost > simpleBound {
		t.Errorf("the simple hint took %v on the clock: over %v", simpleMost, simpleBound)
	}
}

// loadTheMachine keeps every processor busy with spinning work until the
// function it returns is called: a loaded machine, on purpose.
func loadTheMachine() func() {
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range runtime.NumCPU() * 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; !stop.Load(); n++ {
				if n%1000 == 0 {
					runtime.Gosched()
				}
			}
		}()
	}
	return func() { stop.Store(true); wg.Wait() }
}
