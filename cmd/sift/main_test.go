package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun checks the command line end to end: where answers go, exit codes,
// and the z3-compatible spellings.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "q.smt2")
	if err := os.WriteFile(file, []byte("(set-option :produce-models true)(declare-const x (_ BitVec 4))(assert (bvult x #x1))(check-sat)(get-value (x))"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name          string
		args          []string
		stdin         string
		code          int
		stdout        string
		stderrPattern string
	}{
		{"file", []string{file}, "", 0, "sat\n((x #x0))\n", ""},
		{"stdin", nil, "(check-sat)", 0, "sat\n", ""},
		{"-in", []string{"-in"}, "(assert false)(check-sat)", 0, "unsat\n", ""},
		{"z3 timeout spelling", []string{"-t:1000", file}, "", 0, "sat\n((x #x0))\n", ""},
		{"timeout seconds", []string{"-t", "2", file}, "", 0, "sat\n((x #x0))\n", ""},
		{"version", []string{"--version"}, "", 0, "sift 0.1.0\n", ""},
		{"stats go to stderr", []string{"--stats", file}, "", 0, "sat\n((x #x0))\n", "checks 1"},
		{"trace goes to stderr", []string{"--trace", file}, "", 0, "sat\n((x #x0))\n", "; stage"},
		{"errors keep the session", nil, "(assert (= x x))(check-sat)", 0, "(error \"line 1 col 12: unknown constant \"\"x\"\"\")\nsat\n", ""},
		{"models are off by default", nil, "(check-sat)(get-model)", 0,
			"sat\n(error \"line 1 col 12: model generation is not enabled: (set-option :produce-models true) first\")\n", ""},
		{"--produce-models", []string{"--produce-models"}, "(check-sat)(get-model)", 0, "sat\n(\n)\n", ""},
		{"-m", []string{"-m"}, "(check-sat)(get-model)", 0, "sat\n(\n)\n", ""},
		{"--compat=z3 has models on", []string{"--compat=z3"}, "(check-sat)(get-model)", 0, "sat\n(\n)\n", ""},
		{"bad dialect", []string{"--compat=cvc4"}, "", 2, "", "--compat must be one of"},
		{"missing file", []string{filepath.Join(dir, "none.smt2")}, "", 1, "", "no such file"},
		{"bad flag", []string{"--frobnicate"}, "", 2, "", "unknown flag"},
		{"array pruning off", []string{"--array-pruning=off", "--stats", file}, "", 0, "sat\n((x #x0))\n", "array-lemmas-generated 0"},
		{"array pruning bad mode", []string{"--array-pruning=some", file}, "", 2, "", "--array-pruning must be one of"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.stdin), &out, &errb)
			if code != tc.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tc.code, errb.String())
			}
			if out.String() != tc.stdout {
				t.Errorf("stdout %q, want %q", out.String(), tc.stdout)
			}
			if tc.stderrPattern != "" && !strings.Contains(errb.String(), tc.stderrPattern) {
				t.Errorf("stderr %q does not contain %q", errb.String(), tc.stderrPattern)
			}
		})
	}
}

// TestInteractive drives sift over pipes the way a client does: each answer
// must arrive before the next command is sent and before input ends.
func TestInteractive(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run([]string{"-in"}, inR, outW, io.Discard)
		outW.Close()
	}()
	lines := bufio.NewReader(outR)
	ask := func(cmd, want string) {
		t.Helper()
		if _, err := io.WriteString(inW, cmd+"\n"); err != nil {
			t.Fatal(err)
		}
		got, err := lines.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if got != want+"\n" {
			t.Fatalf("%s: got %q, want %q", cmd, got, want)
		}
	}
	io.WriteString(inW, "(set-option :produce-models true)(declare-const x (_ BitVec 8))\n")
	ask("(push 1)(assert (= x #x05))(check-sat)", "sat")
	ask("(get-value (x))", "((x #x05))")
	ask("(pop 1)(assert (distinct x x))(check-sat)", "unsat")
	inW.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit code %d", code)
	}
}
