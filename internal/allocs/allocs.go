// Package allocs counts heap allocations exactly, for the tests that pin
// the per-deal and per-trick paths at none: testing.AllocsPerRun rounds
// its average down, so one allocation in a hundred runs reads as none.
package allocs

import "runtime"

// Count is the number of heap allocations of n calls of f. The count is
// the process's, so now and then the runtime or the test framework adds
// one of its own: the least of three rounds is taken, which an allocation
// made by f shows in every round.
func Count(n int, f func()) uint64 {
	least := ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for range n {
			f()
		}
		runtime.ReadMemStats(&after)
		least = min(least, after.Mallocs-before.Mallocs)
	}
	return least
}
