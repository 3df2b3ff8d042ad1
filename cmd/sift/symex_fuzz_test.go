package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSymexFuzzCorpus: --fuzz-corpus writes the fuzz targets next to
// --tests and the seeds under testdata/fuzz/FuzzX, and `go test` in the
// package fails on the planted panic's seed; without --tests it is an
// error.
func TestSymexFuzzCorpus(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH")
	}
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "inputs.go"} {
		b, err := os.ReadFile(filepath.Join(symexData, "inputs", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	tests := filepath.Join(dir, "symex_test.go")
	if code := runSymex([]string{"--dir", dir, ".", "Reader", "--max-len", "3", "--tests", tests, "--fuzz-corpus", "--corpus-max", "2"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "fuzz corpus: "+filepath.Join(dir, "symex_fuzz_test.go")+", 2 seed files") {
		t.Errorf("output lacks the fuzz corpus line:\n%s", stdout.String())
	}
	seeds, _ := filepath.Glob(filepath.Join(dir, "testdata", "fuzz", "FuzzReader", "*"))
	if len(seeds) != 2 {
		t.Errorf("%d seeds under testdata/fuzz/FuzzReader, want 2 (--corpus-max)", len(seeds))
	}
	cmd := exec.Command("go", "test", "-count=1", "-run", "^FuzzReader$", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "plant: io.Reader") {
		t.Errorf("go test -run FuzzReader: %v, want the planted panic\n%s", err, out)
	}
	stdout.Reset()
	if code := runSymex([]string{"--dir", dir, ".", "Reader", "--fuzz-corpus"}, &stdout, &stderr); code == 0 {
		t.Errorf("--fuzz-corpus without --tests: exit 0")
	}
}
