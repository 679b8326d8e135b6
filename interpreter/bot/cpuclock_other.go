//go:build !linux

package bot

import "time"

// threadCPU cannot read a thread's CPU time here: CPUClock then counts
// the time on the clock instead.
func threadCPU() (time.Duration, bool) { return 0, false }
