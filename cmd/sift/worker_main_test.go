package main

import (
	"os"
	"testing"

	"github.com/sift-solver/sift/bench"
	"github.com/sift-solver/sift/engine/z3"
)

// TestMain lets this test binary serve as the Z3 worker (the fallback starts
// os.Executable() with z3.WorkerFlag, which here is the test binary), as
// sift bench's measuring shim (bench.MeasureArg) and, for
// benchmarks that time whole runs, as sift itself.
func TestMain(m *testing.M) {
	z3.RunWorkerIfAsked(os.Args[1:])
	bench.RunMeasureIfAsked(os.Args[1:])
	if os.Getenv(asSiftEnv) == "1" {
		runAndExit()
	}
	os.Exit(m.Run())
}
