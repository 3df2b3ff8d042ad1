package z3

import (
	"context"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sift-solver/sift/engine/stage"
)

// faultEnv names the environment variable that injects a crash into the
// first call of the shared Z3 worker ("abort" or "segv"): the hook for the
// end-to-end test of crash isolation. Nothing else reads it.
const faultEnv = "SIFT_Z3_FAULT"

// sharedWorkers is the worker pool of every session of the process that runs
// Z3 out of process: sift itself, started again with WorkerFlag.
var sharedWorkers = sync.OnceValue(func() *Process {
	exe, err := os.Executable()
	if err != nil {
		exe = os.Args[0]
	}
	p := NewProcess(exe)
	if kind := os.Getenv(faultEnv); kind != "" {
		p.WithFaults().InjectFault(kind)
	}
	return p
})

// isolatedZ3 runs Z3 in a worker process, so that a crash inside libz3 costs
// one check and not the session. Where no worker can be started (a binary
// that does not serve WorkerFlag, such as a test binary without the
// hook), it runs Z3 in process, and counts it.
type isolatedZ3 struct {
	workers   *Process
	inProcess atomic.Int64
}

func (z *isolatedZ3) Solve(ctx context.Context, smt2 string) (Result, error) {
	return z.decide(ctx, smt2, z.workers.Solve, InProcess.Solve)
}

func (z *isolatedZ3) Interpret(ctx context.Context, smt2 string) (Result, error) {
	return z.decide(ctx, smt2, z.workers.Interpret, InProcess.Interpret)
}

// decide runs inWorker, or local in this process when no worker can start.
func (z *isolatedZ3) decide(ctx context.Context, smt2 string,
	inWorker func(context.Context, string) (Result, error),
	local func(InProcess, context.Context, string) (Result, error)) (Result, error) {
	early, cancel := withinGrace(ctx, z.workers.Grace)
	defer cancel()
	res, err := inWorker(early, smt2)
	if errors.Is(err, ErrUnavailable) {
		z.inProcess.Add(1)
		res, err = local(InProcess{MemoryMB: z.workers.MemoryLimitMB()}, early, smt2)
	}
	if err == nil && res.Status == Unknown && early.Err() != nil && ctx.Err() == nil {
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

// StopSharedWorkers stops the process's idle Z3 workers and waits for them,
// so that their time is accounted to this process (sift calls it at exit).
func StopSharedWorkers() { sharedWorkers().Close() }

// SetSharedMemoryMB bounds the memory of the process's shared Z3 workers,
// in MiB (0: no bound).
func SetSharedMemoryMB(mb uint64) { sharedWorkers().SetMemoryMB(mb) }

// Prestart starts the stage's Z3 worker ahead of need, if it runs one.
func (s *Stage) Prestart() {
	if iso, ok := s.solver.(*isolatedZ3); ok {
		iso.workers.Prestart()
	}
}
