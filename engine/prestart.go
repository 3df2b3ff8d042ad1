package engine

import (
	"syscall"
	"time"
)

// prestartCPU is the CPU time a quantified check uses before the Z3 worker
// is started ahead of need: a few times what a worker takes to start, so
// that checks decided quickly (most merge queries) start none. CPU time
// rather than wall time, so that a loaded machine does not start workers
// for checks that are quick but waited for a core.
const prestartCPU = 30 * time.Millisecond

// afterCPU calls f once the process has used d of CPU time from now, unless
// the returned stop is called first.
func afterCPU(d time.Duration, f func()) (stop func()) {
	begin := processCPU()
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if processCPU()-begin >= d {
					f()
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

// processCPU returns the user and system time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
