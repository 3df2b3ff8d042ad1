package engine

import (
	"os"
	"testing"

	"github.com/sift-solver/sift/engine/z3"
)

// TestMain lets this test binary serve as the Z3 worker: the fallback starts
// os.Executable() with z3.WorkerFlag, which here is the test binary.
func TestMain(m *testing.M) {
	z3.RunWorkerIfAsked(os.Args[1:])
	os.Exit(m.Run())
}
