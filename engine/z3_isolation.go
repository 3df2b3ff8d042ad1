package engine

import (
	"context"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/engine/z3"
)

// faultEnv names the environment variable that injects a crash into the
// first call of the shared Z3 worker ("abort" or "segv"): the hook for the
// end-to-end test of crash isolation. Nothing else reads it.
const faultEnv = "SIFT_Z3_FAULT"

// sharedWorkers is the worker pool of every session of the process that runs
// Z3 out of process: sift itself, started again with z3.WorkerFlag.
var sharedWorkers = sync.OnceValue(func() *z3.Process {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	p := z3.NewProcess(exe)
	if kind := os.Getenv(faultEnv); kind != "" {
		p.WithFaults().InjectFault(kind)
	}
	return p
})

// isolatedZ3 runs Z3 in a worker process, so that a crash inside libz3 costs
// one check and not the session. Where no worker can be started (a binary
// that does not serve z3.WorkerFlag, such as a test binary without the
// hook), it runs Z3 in process, and counts it.
type isolatedZ3 struct {
	workers   *z3.Process
	inProcess atomic.Int64
}

func (z *isolatedZ3) Solve(ctx context.Context, smt2 string) (z3.Result, error) {
	return z.decide(ctx, smt2, z.workers.Solve, z3.InProcess.Solve)
}

func (z *isolatedZ3) Interpret(ctx context.Context, smt2 string) (z3.Result, error) {
	return z.decide(ctx, smt2, z.workers.Interpret, z3.InProcess.Interpret)
}

// decide runs inWorker, or local in this process when no worker can start.
func (z *isolatedZ3) decide(ctx context.Context, smt2 string,
	inWorker func(context.Context, string) (z3.Result, error),
	local func(z3.InProcess, context.Context, string) (z3.Result, error)) (z3.Result, error) {
	early, cancel := withinGrace(ctx, z.workers.Grace)
	defer cancel()
	res, err := inWorker(early, smt2)
	if errors.Is(err, z3.ErrUnavailable) {
		z.inProcess.Add(1)
		res, err = local(z3.InProcess{MemoryMB: z.workers.MemoryLimitMB()}, early, smt2)
	}
	if err == nil && res.Status == z3.Unknown && early.Err() != nil && ctx.Err() == nil {
		// Stopped ahead of the deadline only to be sure to have stopped by
		// it: the time is up in all but name, and the answer's reason is
		// the caller's deadline (a timeout, not Z3 giving up), so it waits
		// for it (at most the margin).
		<-ctx.Done()
		res.Reason = stage.ContextReason(ctx.Err())
	}
	return res, err
}

// withinGrace moves ctx's deadline earlier by the worker's grace period (at
// most a quarter of the time left), so that a worker that ignores the
// interrupt is killed by the caller's deadline rather than a grace period
// after it. Z3's bit-blasting of wide multipliers does not answer the
// interrupt for longer than the grace (scripts/limits.sh: mul-chain-2048,
// urem-const-4096), and the check then ended 0.3-0.7 s past a 5 s limit.
func withinGrace(ctx context.Context, grace time.Duration) (context.Context, context.CancelFunc) {
	deadline, ok := ctx.Deadline()
	if !ok {
		return ctx, func() {}
	}
	margin := min(grace, time.Until(deadline)/4)
	if margin <= 0 {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, deadline.Add(-margin))
}

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

// StopZ3Workers stops the process's idle Z3 workers and waits for them, so
// that their time is accounted to this process (sift calls it at exit).
func StopZ3Workers() { sharedWorkers().Close() }

// Prestart starts the stage's Z3 worker ahead of need, if it runs one.
func (s *z3Stage) Prestart() {
	if iso, ok := s.solver.(*isolatedZ3); ok {
		iso.workers.Prestart()
	}
}
