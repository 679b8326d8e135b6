package bot

import (
	"runtime"
	"testing"
	"time"
)

// A strong player keeping to its budget in CPU time (CPUClock) whose
// decision has already used more than it weighs the least deals
// (minWorlds) and stops; on the solver's count alone it weighs more on
// the same position.
func TestCPUClockCutsTheSamples(t *testing.T) {
	if _, ok := threadCPU(); !ok {
		t.Skip("a thread's CPU time cannot be read on this system (CPUClock counts the clock there)")
	}
	r, g, legal, opts := atContra(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	weighed := func(spent bool) int {
		b := NewStrong(1)
		b.val = newValuer(r)
		b.CPUClock = spent
		b.started = time.Now() // the clock says nothing is spent
		b.cpuStart, _ = threadCPU()
		b.cpuStart -= time.Hour // an hour of CPU used already
		_, worlds := b.weighFor(&g.State, legal[0].Seat, opts, 200*time.Millisecond)
		return worlds
	}
	if spent, counted := weighed(true), weighed(false); spent != minWorlds || counted <= minWorlds {
		t.Errorf("deals weighed: %d past the CPU budget (want %d), %d on the solver's count (want more)", spent, minWorlds, counted)
	}
}

// A call another call of its group leads clearly (deal by deal, more
// than three standard errors, after eight deals) is played out no more,
// and its value never comes out above the one that led it; an option of
// another group (passing) and a call not clearly behind keep being played.
func TestDominatedCallsStopBeingPlayed(t *testing.T) {
	lead := []float64{5, 6, 4, 7, 5, 6, 5, 6}
	behind := []float64{1, 1, 0, 2, 1, 1, 0, 2}          // 4.5 below, every deal
	close := []float64{6, 5, 5, 6, 4, 7, 5, 5}           // as good, deal by deal
	passing := []float64{-9, -9, -9, -9, -9, -9, -9, -9} // another group: never settled by a call
	vals := [][]float64{lead, behind, close, passing}
	groups := []int{1, 1, 1, -4}
	bad := make([]bool, 4)
	settled := make([]int, 4)
	settleDominated(vals, bad, settled, groups)
	if settled[1] != 1 || settled[0] != 0 || settled[2] != 0 || settled[3] != 0 {
		t.Fatalf("settled %v: want only the call behind, led by the first", settled)
	}
	out := []float64{3, 3.5, 5, -9} // the leader fell below the call it led since
	if v := settledValue(out, settled, 1); v != 3 {
		t.Errorf("the settled call's value %v: want no more than its leader's 3", v)
	}
	short := [][]float64{lead[:7], behind[:7], close[:7], passing[:7]}
	settled = make([]int, 4)
	settleDominated(short, bad, settled, groups)
	if settled[1] != 0 {
		t.Errorf("settled after seven deals: %v (want none before eight)", settled)
	}
}
