//go:build linux

package terminal

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU is the processor time the calling thread has used so far,
// and whether it could be read: the time a hint costs, whatever else the
// machine is doing. The caller holds its thread (runtime.LockOSThread).
func threadCPU() (time.Duration, bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

func holdThread() func() { runtime.LockOSThread(); return runtime.UnlockOSThread }
