package arrays

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSeed003PreCheck runs Analyze on every seed-003 file: it must decide
// t01 and t18 (and may decide other unsat files), and never answer unsat on
// a sat file (t06, t08 and t17 are the traps).
func TestSeed003PreCheck(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "seeds", "003", "*.smt2"))
	if len(files) != 20 {
		t.Fatalf("found %d seed files, want 20", len(files))
	}
	mustDecide := map[string]bool{"t01_paper_unsat.smt2": true, "t18_unsigned_inrange_unsat.smt2": true}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			b, _ := os.ReadFile(f)
			want := expectedStatus(string(b))
			_, _, a := analyzeScript(t, string(b))
			t.Logf("%s: %v (%s) %+v", name, a.Status, a.Stats.Outcome, a.Stats)
			if want == "sat" && a.Status == Unsat {
				t.Fatalf("pre-check claims unsat on a sat file")
			}
			if mustDecide[name] && a.Status != Unsat {
				t.Fatalf("pre-check did not decide %s: %s", name, a.Stats.Outcome)
			}
		})
	}
}
