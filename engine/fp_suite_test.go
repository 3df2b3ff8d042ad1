package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
)

// TestFloatingPointSuites runs every file under testdata/fp: the
// floating-point regressions of bitwuzla, cvc5 and z3test (attributed in
// testdata/fp/ATTRIBUTION.tsv) and sift's own (testdata/fp/regress, the
// differential runs' finds among them). Each must be answered with its
// :status, with the Z3 fallback in the pipeline as in sift's default, and
// every model must validate. The files run two at a time.
func TestFloatingPointSuites(t *testing.T) {
	files := smt2Under(t, "../testdata/fp")
	if len(files) < 300 {
		t.Fatalf("expected the floating-point suites (>= 300 files), found %d", len(files))
	}
	var fallback atomic.Int64
	for _, f := range files {
		name, _ := filepath.Rel("../testdata/fp", f)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := statusRE.FindSubmatch(src)
			if m == nil {
				t.Fatal("no :status")
			}
			out, sessions := runWith(t, string(src), engine.Options{}, 20*time.Second)
			got := ""
			for _, l := range strings.Split(out, "\n") {
				if l == "sat" || l == "unsat" || l == "unknown" {
					got = l
					break
				}
			}
			if got != string(m[1]) {
				t.Errorf("answered %q, want %s\n%s", got, m[1], out)
			}
			for _, s := range sessions {
				if n := s.Driver().ValidationFailures; n > 0 {
					t.Errorf("%d models failed validation (a bug)", n)
				}
				if s.LastStage() == "z3-fallback" {
					fallback.Add(1)
				}
			}
		})
	}
	t.Cleanup(func() { t.Logf("%d files, %d decided by the Z3 fallback", len(files), fallback.Load()) })
}
