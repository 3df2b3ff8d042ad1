package symex

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process used so far, user and system
// (0 where getrusage fails).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ProcessCPU is processCPU for other packages (symex/concolic).
func ProcessCPU() time.Duration { return processCPU() }
