package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files")

// TestHelpGolden fixes the command line's surface: the help of every
// command and subcommand, at 100 columns, must equal its file in
// testdata/help (rerun with -update when a change is meant).
func TestHelpGolden(t *testing.T) {
	t.Setenv("COLUMNS", "100")
	cases := []struct {
		golden string
		args   []string
	}{
		{"sift.txt", []string{"--help"}},
		{"solve.txt", []string{"solve", "--help"}},
		{"bench.txt", []string{"bench", "--help"}},
		{"bench-run.txt", []string{"bench", "run", "--help"}},
		{"bench-compare.txt", []string{"bench", "compare", "--help"}},
		{"bench-report.txt", []string{"bench", "report", "--help"}},
		{"bench-merge.txt", []string{"bench", "merge", "--help"}},
		{"bench-peers.txt", []string{"bench", "peers", "--help"}},
		{"symex.txt", []string{"symex", "--help"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(c.args, strings.NewReader(""), &stdout, &stderr); code != 0 || stderr.Len() > 0 {
				t.Fatalf("%v: exit %d, stderr %q", c.args, code, stderr.String())
			}
			checkGolden(t, filepath.Join("testdata", "help", c.golden), stdout.Bytes(), "sift "+strings.Join(c.args, " "))
		})
	}
}

// checkGolden compares got, the output of what, with the golden file
// (rewritten first under -update).
func checkGolden(t *testing.T, golden string, got []byte, what string) {
	t.Helper()
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (rerun with -update if the change is meant):\n%s", what, golden, got)
	}
}
