package engine

import (
	"context"
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"time"

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
	res, err := z.workers.Solve(ctx, smt2)
	if errors.Is(err, z3.ErrUnavailable) {
		z.inProcess.Add(1)
		return z3.InProcess{MemoryMB: z.workers.MemoryLimitMB()}.Solve(ctx, smt2)
	}
	return res, err
}

// prestartDelay is how long a quantified check runs before the Z3 worker is
// started ahead of need: a few times what a worker takes to start, so
// that checks decided quickly (most merge queries) start none.
const prestartDelay = 50 * time.Millisecond

// StopZ3Workers stops the process's idle Z3 workers and waits for them, so
// that their time is accounted to this process (sift calls it at exit).
func StopZ3Workers() { sharedWorkers().Close() }

// warmUp starts the stage's Z3 worker ahead of need, if it runs one.
func (s *z3Stage) warmUp() {
	if iso, ok := s.solver.(*isolatedZ3); ok {
		iso.workers.Prestart()
	}
}
