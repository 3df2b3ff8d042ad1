package engine_test

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// runOpts runs a script with options opts and returns its output, the
// statistics of its (last) session and the number of failed models.
func runOpts(tb testing.TB, script string, opts engine.Options) (string, map[string]string, int) {
	tb.Helper()
	var out bytes.Buffer
	var sessions []*engine.Session
	in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
		s := engine.NewSession(st, opts)
		sessions = append(sessions, s)
		return s
	}}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		tb.Fatal(err)
	}
	stats := map[string]string{}
	bad := 0
	for _, s := range sessions {
		for _, kv := range s.Statistics() {
			stats[kv[0]] = kv[1]
		}
		bad += s.Driver().ValidationFailures
	}
	return out.String(), stats, bad
}

// statInt is a numeric statistic; a missing one fails the test.
func statInt(t *testing.T, stats map[string]string, name string) int {
	t.Helper()
	s, ok := stats[name]
	if !ok {
		t.Fatalf("no statistic %s", name)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("statistic %s = %q", name, s)
	}
	return n
}
