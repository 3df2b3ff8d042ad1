package symex

import (
	"context"
	"errors"
	"os/exec"
	"testing"
	"time"
)

// A running solver process's CPU time is counted (the Z3 worker outlives
// the exploration, so getrusage's RUSAGE_CHILDREN alone would miss it).
func TestProcessCPUCountsLiveSolvers(t *testing.T) {
	cmd := exec.Command("sh", "-c", "while :; do :; done")
	if err := cmd.Start(); err != nil {
		t.Skip("no sh:", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	pipePIDs.Store(cmd.Process.Pid, true)
	defer pipePIDs.Delete(cmd.Process.Pid)
	deadline := time.Now().Add(20 * time.Second)
	for childCPU(cmd.Process.Pid) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("a spinning child's CPU time never showed in /proc")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if liveSolversCPU() < childCPU(cmd.Process.Pid) {
		t.Fatal("liveSolversCPU leaves out the registered child")
	}
}

// The CPU limit cancels with its own cause, which the stop reason names.
func TestCPULimit(t *testing.T) {
	ctx, cancel := withCPULimit(context.Background(), 30*time.Millisecond)
	defer cancel()
	x := 0
	for ctx.Err() == nil {
		x++ // spin: only CPU time ends this
	}
	if !errors.Is(context.Cause(ctx), errCPULimit) || stopReason(ctx) != "CPU limit" {
		t.Errorf("cause %v, stop reason %q", context.Cause(ctx), stopReason(ctx))
	}
	tctx, tcancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer tcancel()
	<-tctx.Done()
	if stopReason(tctx) != "time limit" {
		t.Errorf("a deadline's stop reason %q", stopReason(tctx))
	}
}
