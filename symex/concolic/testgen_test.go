package concolic

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/term"
)

// TestGeneratedTestsPass writes the generated tests of T5 (events,
// markers) and T8 (a panic) with a row per run next to a copy of the
// programs, and runs them with go test: every run must replay.
func TestGeneratedTestsPass(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir, err := os.MkdirTemp("../testdata", "gen-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for _, f := range []string{"seed001.go", "diamonds.go"} {
		b, err := os.ReadFile(filepath.Join("../testdata/concolic", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		fn string
		k  int
	}{{"T5", 3}, {"T8", 0}, {"T1", 0}} {
		st := term.NewStore()
		res, err := Explore(st, seedFunc(t, c.fn), symex.NewEngineSolver(st), Config{Merge: true, MaxEvents: c.k})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, c.fn+"_test.go"), []byte(res.TestFile(true)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "-count=1", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test of the generated tests: %v\n%s", err, out)
	}
}
