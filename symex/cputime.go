package symex

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sift-solver/sift/engine/z3"
)

// ProcessCPU is the CPU time the process used so far, user and system,
// including its solver processes: children that ended and were waited for
// through getrusage, and the running ones (the Z3 fallback's workers, which
// live as long as sift does, and --solver pipes) through /proc/PID/stat.
// 0 where getrusage fails.
func ProcessCPU() time.Duration {
	var self, kids syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &self); err != nil {
		return 0
	}
	t := self.Utime.Nano() + self.Stime.Nano()
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids) == nil {
		t += kids.Utime.Nano() + kids.Stime.Nano()
	}
	return time.Duration(t) + liveSolversCPU()
}

// pipePIDs holds the process ids of the running --solver pipes.
var pipePIDs sync.Map

// liveSolversCPU sums the CPU time of the running solver processes.
func liveSolversCPU() time.Duration {
	pids := z3.LivePIDs()
	pipePIDs.Range(func(k, _ any) bool {
		pids = append(pids, k.(int))
		return true
	})
	var sum time.Duration
	for _, pid := range pids {
		sum += childCPU(pid)
	}
	return sum
}

// clockTick is the unit of /proc/PID/stat's times (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// childCPU is utime+stime of process pid from /proc/PID/stat (0 where
// /proc is absent or the process is gone).
func childCPU(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command name may hold spaces; the fields start after its ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	// f[0] is the state, f[11] utime, f[12] stime.
	if len(f) < 13 {
		return 0
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	k, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(u+k) * clockTick
}

// errCPULimit is the cause of a context cancelled by withCPULimit.
var errCPULimit = errors.New("symex: CPU limit")

// withCPULimit returns ctx cancelled (cause errCPULimit) once the process
// and its children used limit more CPU time than at the call. On a shared
// machine it gives every run the same work, where a wall-clock limit gives
// a loaded run less. Polled every 20 ms (a tenth of the limit if smaller).
func withCPULimit(ctx context.Context, limit time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	end := ProcessCPU() + limit
	every := min(20*time.Millisecond, limit/10)
	go func() {
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if ProcessCPU() >= end {
					cancel(errCPULimit)
					return
				}
			}
		}
	}()
	return ctx, func() { cancel(context.Canceled) }
}

// stopReason names the limit that cancelled ctx.
func stopReason(ctx context.Context) string {
	if errors.Is(context.Cause(ctx), errCPULimit) {
		return "CPU limit"
	}
	return "time limit"
}
