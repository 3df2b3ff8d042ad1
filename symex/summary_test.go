package symex

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files")

// TestJSONSummaryGolden fixes the --json format: a run of the command on a
// corpus function with std merging from the start (--merge-after 0), its
// times zeroed and its positions cut to the file name, must equal
// testdata/summary.golden.json.
func TestJSONSummaryGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run.json")
	var stdout, stderr bytes.Buffer
	args := []string{"--dir", "testdata/corpus", ".", "MergedIndex", "--max-len", "3", "--merge", "std", "--merge-after", "0", "--json", out}
	if code := Main(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var s Summary
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if s.TimeS <= 0 || s.SolverTimeS <= 0 || s.SolverTimeS > s.TimeS {
		t.Errorf("times: solver %v s of %v s", s.SolverTimeS, s.TimeS)
	}
	if s.CPUS < 0 {
		t.Errorf("cpu_s %v", s.CPUS)
	}
	s.TimeS, s.SolverTimeS, s.CPUS = 0, 0, 0
	for id := range s.CoverageFirstS {
		s.CoverageFirstS[id] = 0
	}
	for i := range s.Panics {
		s.Panics[i].Position = shortFile(s.Panics[i].Position)
	}
	for i := range s.Unsupported {
		s.Unsupported[i].Position = shortFile(s.Unsupported[i].Position)
	}
	got, err := json.MarshalIndent(&s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden := "testdata/summary.golden.json"
	if *updateGolden {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("--json output differs from %s (rerun with -update if the change is meant):\n%s", golden, got)
	}
}
