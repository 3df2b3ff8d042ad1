package z3

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestZ3WorkerKilledByTheDeadline checks that a Z3 worker that ignores the
// interrupt (the "hang" fault) is killed by the caller's deadline, not a
// grace period after it: the fallback must end within the check's limit.
func TestZ3WorkerKilledByTheDeadline(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	p := NewProcess(exe).WithFaults()
	defer p.Close()
	// A grace long enough that a kill after the deadline cannot pass for
	// one before it, even on a loaded machine.
	p.Grace = 600 * time.Millisecond
	iso := &isolatedZ3{workers: p}
	const limit = 2400 * time.Millisecond
	if _, err := iso.Solve(context.Background(), "(declare-const x Bool)(assert x)"); err != nil {
		t.Skipf("no Z3 worker: %v", err) // started ahead, so the start is not timed
	}
	p.InjectFault("hang")
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	start := time.Now()
	res, err := iso.Solve(ctx, "(declare-const x Bool)(assert x)")
	el := time.Since(start)
	if err != nil || res.Status != Unknown || res.Reason != "timeout" {
		t.Fatalf("got %+v, %v; want unknown, timeout", res, err)
	}
	if k := p.Killed.Load(); k != 1 {
		t.Fatalf("%d workers killed, want 1", k)
	}
	// Killed at the deadline less the grace, and reaped: well before the
	// deadline plus half the grace (a kill after the grace would be later).
	if el > limit+p.Grace/2 {
		t.Errorf("the call took %v under a %v limit: the kill came after the deadline", el, limit)
	}
	t.Logf("hanging worker killed after %v (limit %v, grace %v)", el, limit, p.Grace)
}
