package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResponseStreams runs the scripts of testdata/streams and compares what
// sift writes to stdout (the responses, one per command) and to stderr (the
// diagnostics) with the golden files next to each script (.out and .err;
// rerun with -update when a change is meant).
func TestResponseStreams(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "streams", "*.smt2"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts in testdata/streams (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run([]string{"--no-fallback", file}, strings.NewReader(""), &out, &errb); code != 0 {
				t.Fatalf("exit code %d (stderr %q)", code, errb.String())
			}
			base := strings.TrimSuffix(file, ".smt2")
			checkGolden(t, base+".out", out.Bytes(), "stdout of "+file)
			checkGolden(t, base+".err", errb.Bytes(), "stderr of "+file)
			if n, cmds := strings.Count(out.String(), "\n"), countCommands(t, file); n != cmds {
				t.Errorf("%d response lines for %d commands", n, cmds)
			}
		})
	}
}

// countCommands counts the top-level commands of an SMT-LIB file whose
// lines hold one command each (comments aside).
func countCommands(t *testing.T, file string) int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "(") {
			n++
		}
	}
	return n
}
