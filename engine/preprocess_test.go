package engine_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// runWithPreprocess runs script through the default pipeline, with the
// preprocess step dropped when off, and returns the output and sessions.
func runWithPreprocess(t *testing.T, script string, on bool, timeout time.Duration) (string, []*engine.Session) {
	t.Helper()
	var out bytes.Buffer
	var sessions []*engine.Session
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true,
		Timeout: timeout, // a bound for a stuck check, not an assertion
		NewSolver: func(st *term.Store) smtlib.Solver {
			opts := engine.Options{}
			if !on {
				opts.Disable = []string{"preprocess"}
			}
			s := engine.NewSession(st, opts)
			sessions = append(sessions, s)
			return s
		}}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	return out.String(), sessions
}

// TestPreprocessScripts checks answers and values of eliminated variables
// through the whole pipeline, including incremental use.
func TestPreprocessScripts(t *testing.T) {
	const x8 = "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))(declare-const z (_ BitVec 8))"
	tests := []struct {
		name, script, want string
	}{
		{"substituted value", x8 + "(assert (= x (bvadd y #x01)))(assert (= y #x41))(check-sat)(get-value (x y))",
			"sat\n((x #x42)\n (y #x41))\n"},
		{"unconstrained value", x8 + "(assert (= (bvadd x y) #x10))(assert (= y #x03))(check-sat)(get-value (x))",
			"sat\n((x #x0d))\n"},
		{"unsat by rewriting", x8 + "(assert (= (concat x y) #x0102))(assert (bvult x #x01))(check-sat)", "unsat\n"},
		{"push pop", x8 + "(assert (= x #x05))(push 1)(assert (= y x))(assert (not (= y #x05)))(check-sat)(pop 1)" +
			"(assert (= y (bvmul x #x02)))(check-sat)(get-value (y))", "unsat\nsat\n((y #x0a))\n"},
		{"assumptions keep failed assumptions", "(set-option :produce-unsat-assumptions true)" + x8 + "(declare-const p Bool)(declare-const q Bool)" +
			"(assert (=> p (= x #x01)))(assert (=> q (= x #x02)))(assert (= y (bvadd x #x01)))(check-sat-assuming (p q))(get-unsat-assumptions)" +
			"(check-sat-assuming (q))(get-value (x y))",
			"unsat\n(p q)\nsat\n((x #x02)\n (y #x03))\n"},
		{"get-model of eliminated", x8 + "(assert (= z (bvxor x y)))(assert (= x #x0f))(assert (= y #xf0))(check-sat)(get-value (z))",
			"sat\n((z #xff))\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, sessions := runWithPreprocess(t, tc.script, true, 20*time.Second)
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			for _, s := range sessions {
				if s.Driver().ValidationFailures != 0 {
					t.Errorf("%d models failed validation", s.Driver().ValidationFailures)
				}
			}
		})
	}
}

var preprocessAnswer = regexp.MustCompile(`(?m)^(sat|unsat|unknown)$`)

// TestPreprocessDevQFBV runs every QF_BV file of the attributed dev subset
// with the passes on and off. Each answer must be the expected status or
// unknown, and no model may fail validation against the original problem.
func TestPreprocessDevQFBV(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the whole pipeline on the dev QF_BV files")
	}
	const dir = "../testdata/dev"
	rows := readTSV(t, filepath.Join(dir, "ATTRIBUTION.tsv"))
	var total int
	decided := map[bool]int{}
	var elapsed = map[bool]time.Duration{}
	for _, r := range rows {
		if r["logic"] != "QF_BV" {
			continue
		}
		total++
		script, err := os.ReadFile(filepath.Join(dir, r["path"]))
		if err != nil {
			t.Fatal(err)
		}
		for _, on := range []bool{true, false} {
			start := time.Now()
			out, sessions := runWithPreprocess(t, string(script), on, 10*time.Second)
			elapsed[on] += time.Since(start)
			answers := preprocessAnswer.FindAllString(out, -1)
			ok := len(answers) > 0
			for _, a := range answers {
				if a != "unknown" && a != r["expected_status"] && len(answers) == 1 {
					t.Errorf("%s (passes on=%v): answer %s, expected %s", r["path"], on, a, r["expected_status"])
				}
				ok = ok && a != "unknown"
			}
			if ok {
				decided[on]++
			}
			for _, s := range sessions {
				if n := s.Driver().ValidationFailures; n != 0 {
					t.Errorf("%s (passes on=%v): %d models failed validation", r["path"], on, n)
				}
			}
		}
	}
	if total == 0 {
		t.Fatal("no QF_BV files")
	}
	t.Logf("dev QF_BV: %d files; decided with passes on %d (%v), off %d (%v)",
		total, decided[true], elapsed[true].Round(time.Millisecond), decided[false], elapsed[false].Round(time.Millisecond))
}

// TestDisablePass checks that --disable also switches single preprocessing
// passes off by name, and leaves the others on.
func TestDisablePass(t *testing.T) {
	const script = "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))" +
		"(assert (not (= (bvmul x y) (bvmul y (bvadd x #x00)))))(check-sat)"
	for _, tc := range []struct {
		disable  []string
		polyRuns string
	}{{nil, "1"}, {[]string{"poly-eq"}, "0"}} {
		out, sessions := runWith(t, script, engine.Options{Disable: tc.disable, NoFallback: true}, 0)
		if out != "unsat\n" {
			t.Errorf("disable %v: got %q, want unsat", tc.disable, out)
		}
		stats := map[string]string{}
		for _, kv := range sessions[0].Statistics() {
			stats[kv[0]] = kv[1]
		}
		if stats["preprocess-poly-eq-runs"] != tc.polyRuns || stats["preprocess-rewrite-runs"] != "1" {
			t.Errorf("disable %v: poly-eq runs %s (want %s), rewrite runs %s (want 1)", tc.disable,
				stats["preprocess-poly-eq-runs"], tc.polyRuns, stats["preprocess-rewrite-runs"])
		}
	}
}
