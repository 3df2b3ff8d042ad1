package z3

import (
	"os"
	"testing"
)

// TestMain lets this test binary serve as the Z3 worker: the fallback starts
// os.Executable() with WorkerFlag, which here is the test binary.
func TestMain(m *testing.M) {
	RunWorkerIfAsked(os.Args[1:])
	os.Exit(m.Run())
}
