package symex

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMainReportsPanicsAndWritesTests(t *testing.T) {
	out := filepath.Join(t.TempDir(), "div_test.go")
	cases := []struct {
		args     []string
		code     int
		contains []string
	}{
		{[]string{"--dir", "testdata/corpus", ".", "Div", "--tests", out, "--coverage"}, 0,
			[]string{"integer divide by zero", "paths 2 (returned 1, panicked 1)", "blocks 1/1"}},
		{[]string{"--dir", "testdata/corpus", ".", "Halve"}, 0,
			[]string{"unsupported: ", "corpus.go:", "unsupported 1"}},
		{[]string{"--dir", "testdata/corpus", ".", "NoSuchFunc"}, 1, nil},
		{[]string{"--dir", "testdata/corpus", ".", "Div", "--search", "sideways"}, 2, nil},
		{[]string{"--dir", "testdata/corpus", ".", "Diamonds", "--merge", "std", "--merge-after", "0", "--replay"}, 0,
			[]string{"replay: 0 mismatches", "paths 1 (returned 1, panicked 0)", "merging: 5 merges of 10 states"}},
		// The default warm-up explores this small space without merging.
		{[]string{"--dir", "testdata/corpus", ".", "Diamonds", "--merge", "std"}, 0,
			[]string{"paths 32 (returned 32, panicked 0)", "merging: 0 merges of 0 states",
				"warm-up: 32 paths without merging, the whole space"}},
		{[]string{"--dir", "testdata/corpus", ".", "Diamonds", "--merge", "std", "--merge-after", "100"}, 0,
			[]string{"merging: 5 merges of 10 states", "then from the start with merging"}},
		{[]string{"--dir", "testdata/corpus", ".", "Diamonds", "--merge", "pat", "--incremental-merge", "--merge-after", "5"}, 1, nil},
		{[]string{"--dir", "testdata/corpus", ".", "Diamonds", "--merge", "sideways"}, 1, nil},
		{[]string{"--dir", "testdata/corpus", ".", "Diamonds", "--merge", "std", "--merge-points", "corners"}, 1, nil},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := Main(c.args, &stdout, &stderr)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", c.args, code, c.code, stdout.String(), stderr.String())
		}
		for _, s := range c.contains {
			if !strings.Contains(stdout.String(), s) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, s, stdout.String())
			}
		}
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "func TestSymexPanics_Div(t *testing.T)") || !strings.Contains(string(src), "arg_b: 0") {
		t.Errorf("generated test:\n%s", src)
	}
}
