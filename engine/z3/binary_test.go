package z3

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The z3 executable, when installed, is a third way a script reaches Z3:
// TestSolveStatus, TestSolveErrors, TestSolveLimits and TestModels run it
// too (sat answers with their models checked, BV and arrays, unsat, errors,
// limits).
func init() {
	if b, err := FindBinary("z3"); err == nil {
		deciders = append(deciders, struct {
			name   string
			decide func(context.Context, string) (Result, error)
		}{"binary", b.Solve})
	}
}

func needBinary(t *testing.T) Binary {
	t.Helper()
	b, err := FindBinary("z3")
	if err != nil {
		t.Skip("no z3 executable on PATH: the binary route is not tested")
	}
	return b
}

// fakeZ3 writes an executable shell script standing for z3.
func fakeZ3(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "z3")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBinaryFailures checks that a z3 that cannot run, dies, says something
// else than an answer, or prints a model that does not read back fails the
// call with an error (the engine then goes to libz3), and that a rejection
// is marked as one.
func TestBinaryFailures(t *testing.T) {
	script := `(set-logic QF_BV) (declare-fun x () (_ BitVec 8)) (assert (= x #x01))`
	tests := []struct {
		name     string
		path     string
		rejected bool
		want     string
	}{
		{"missing", filepath.Join(t.TempDir(), "no-z3-here"), false, "no-z3-here"},
		{"killed", fakeZ3(t, "kill -9 $$"), false, "without an answer"},
		{"exits at once", fakeZ3(t, "exit 0"), false, "without an answer"},
		{"says something else", fakeZ3(t, "echo maybe; cat >/dev/null"), false, "maybe"},
		{"unreadable model", fakeZ3(t, "read line; echo sat; cat >/dev/null; echo '((define-fun x () (_ BitVec 8) #x0001))'"), false, ""},
		{"an error", fakeZ3(t, `echo '(error "line 1 column 2: unknown constant y")'; echo sat; cat >/dev/null`), true, "unknown constant y"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := decideSlowly(Binary{Path: tc.path}.Solve, script)
			if err == nil {
				t.Fatalf("no error, result %+v", res)
			}
			if errors.Is(err, ErrRejected) != tc.rejected || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q: want rejected=%v and a mention of %q", err, tc.rejected, tc.want)
			}
		})
	}
}

// TestBinaryLimitKills checks that the deadline ends the z3 process, not
// z3's own limit: a z3 that never answers is killed at the deadline.
func TestBinaryLimitKills(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    Binary
	}{
		{"hanging process", Binary{Path: fakeZ3(t, "exec sleep 60")}},
		{"hard file", Binary{Path: needBinary(t).Path}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const limit = 300 * time.Millisecond
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			defer cancel()
			start := time.Now()
			res, err := tc.b.Solve(ctx, readTestdata(t, "factor96.smt2"))
			if err != nil || res.Status != Unknown || res.Reason != "timeout" {
				t.Fatalf("got %+v, %v; want unknown, timeout", res, err)
			}
			// Killed, and waited for: well within z3's own -T: second.
			if took := time.Since(start); took > limit+time.Second {
				t.Fatalf("the call ended %v after it started, limit %v", took, limit)
			}
		})
	}
}
