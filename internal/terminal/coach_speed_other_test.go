//go:build !linux

package terminal

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }

func holdThread() func() { return func() {} }
