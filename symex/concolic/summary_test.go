package concolic

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/sift-solver/sift/symex"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files")

// TestJSONSummaryGolden fixes concolic mode's --json format: the command
// on seed 001's diamonds D3 with DAG merging (its one panic needs the
// unique input 1, 1, 1), times zeroed and positions cut to the file name,
// must equal testdata/summary.golden.json.
func TestJSONSummaryGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run.json")
	var stdout, stderr bytes.Buffer
	args := []string{"--concolic", "--merge", "dag", "--search", "bfs", "../testdata/concolic", "D3", "--json", out}
	if code := symex.Main(args, &stdout, &stderr); code != 0 {
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
	if s.TimeS <= 0 || s.CPUS < 0 {
		t.Errorf("times: %v s, cpu %v s", s.TimeS, s.CPUS)
	}
	s.TimeS, s.CPUS = 0, 0
	for i := range s.Panics {
		s.Panics[i].Position = filepath.Base(s.Panics[i].Position)
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
