package symex

import (
	"os"
	"testing"
)

// TestMain runs the package's tests under the collector settings of an
// exploration (TuneGC), which sift symex uses too: under Go's default the
// collector took a quarter of the tests' CPU.
//
// The heavy tests (minutes of CPU: the merging, ablation and want-case
// sweeps) call t.Parallel, so that they run beside each other on a
// machine's cores once the rest have run one at a time; they share loaded
// programs (loadTestFunc, corpusLoaded), never an executor.
func TestMain(m *testing.M) {
	restore := TuneGC(0)
	code := m.Run()
	restore()
	os.Exit(code)
}
