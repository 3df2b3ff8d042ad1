package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// runTraced runs a script with opts and returns the answers, the trace, the
// statistics of the last session and its validation failures.
func runTraced(t *testing.T, script string, opts Options, timeout time.Duration) (answers []string, trace string, stats map[string]string, bad int) {
	t.Helper()
	var out, tr bytes.Buffer
	opts.Trace = &tr
	var sessions []*Session
	in := smtlib.NewInterpreter(smtlib.Config{Timeout: timeout, NewSolver: func(st *term.Store) smtlib.Solver {
		s := NewSession(st, opts)
		sessions = append(sessions, s)
		return s
	}}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(out.String(), "\n") {
		switch l = strings.TrimSpace(l); l {
		case "sat", "unsat", "unknown":
			answers = append(answers, l)
		}
	}
	stats = map[string]string{}
	for _, s := range sessions {
		for _, kv := range s.Statistics() {
			stats[kv[0]] = kv[1]
		}
		bad += s.Driver().ValidationFailures
	}
	return answers, tr.String(), stats, bad
}

// TestQBVRegressions runs every file of testdata/qbv without the Z3 fallback
// and without the merge-fragment stage: qbv must decide each per its
// :status, and every sat model must pass validation.
func TestQBVRegressions(t *testing.T) {
	dir := filepath.Join("..", "testdata", "qbv")
	files, err := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if err != nil {
		t.Fatal(err)
	}
	tsv, err := os.ReadFile(filepath.Join(dir, "ATTRIBUTION.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(tsv)), "\n")[1:] {
		files = append(files, filepath.Join(dir, "dev", strings.Split(line, "\t")[0]))
	}
	if len(files) < 15 {
		t.Fatalf("%d files under testdata/qbv", len(files))
	}
	for _, f := range files {
		t.Run(strings.TrimPrefix(f, filepath.Join("..", "testdata", "qbv")+"/"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := statusInfo.FindSubmatch(src)
			if m == nil {
				t.Fatal("no :status")
			}
			want := string(m[1])
			got, trace, _, bad := runTraced(t, string(src), Options{NoFallback: true, Disable: []string{"quant"}}, 20*time.Second)
			if len(got) != 1 || got[0] != want {
				t.Fatalf("answers %v, want %s\n%s", got, want, trace)
			}
			if !strings.Contains(trace, "stage qbv: "+want) {
				t.Errorf("qbv did not decide:\n%s", trace)
			}
			if bad > 0 {
				t.Errorf("%d validation failures", bad)
			}
		})
	}
}

// TestQBVTraceAndStats checks that the trace names the rule that decided and
// the rounds, and that --stats has the procedure's counters.
func TestQBVTraceAndStats(t *testing.T) {
	const script = `(set-logic BV)
(declare-const a (_ BitVec 32))
(assert (forall ((x (_ BitVec 32))) (bvule x (bvor x a))))
(check-sat)
(assert (forall ((x (_ BitVec 32))) (bvult (bvadd x a) (bvadd x #x00000007))))
(check-sat)`
	// The merge-fragment stage is left out: it decides some of these too.
	// (With x on one side only, normalisation would eliminate x,
	// qbv/private.go, and leave no instance to count.)
	got, trace, stats, bad := runTraced(t, script, Options{NoFallback: true, Disable: []string{"quant"}}, 10*time.Second)
	if strings.Join(got, " ") != "sat unsat" || bad > 0 {
		t.Fatalf("answers %v (%d validation failures)\n%s", got, bad, trace)
	}
	for _, want := range []string{
		"qbv: sat by verified-model after",
		"proved by qbv instead of evaluated",
		"qbv: unsat by refutation after",
		"stage qbv: unsat",
	} {
		if !strings.Contains(trace, want) {
			t.Errorf("trace lacks %q:\n%s", want, trace)
		}
	}
	for _, k := range []string{"qbv-rounds", "qbv-instances", "qbv-sat", "qbv-unsat", "qbv-model-checks"} {
		if v, ok := stats[k]; !ok || v == "0" {
			t.Errorf("statistic %s = %q", k, v)
		}
	}
}

// TestQBVNestedReused checks that a nested counterexample check posed
// again takes its recorded answer: the regression's ∀ check recurs under
// one value of its free symbol while the atoms of its instances are decided.
func TestQBVNestedReused(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "testdata", "regress", "qbv", "nested-check-reused-unsat.smt2"))
	if err != nil {
		t.Fatal(err)
	}
	got, trace, stats, _ := runTraced(t, string(src), Options{NoFallback: true, Disable: []string{"quant"}}, 20*time.Second)
	if strings.Join(got, " ") != "unsat" {
		t.Fatalf("answers %v, want unsat\n%s", got, trace)
	}
	if v := stats["qbv-nested-reused"]; v == "" || v == "0" {
		t.Errorf("qbv-nested-reused = %q, qbv-nested-checks = %q", v, stats["qbv-nested-checks"])
	}
}

// TestQBVStrengthened checks that ground models under the strengthenings
// of the ∀ (qbv/strengthen.go) decide the regression in a few rounds, where
// instances at counterexample values took 88, and that a refuted guess is
// dropped rather than taken for unsat.
func TestQBVStrengthened(t *testing.T) {
	tests := []struct {
		file, want, off string
		maxRounds       int
	}{
		{"strengthened-forall-unsigned-sat.smt2", "sat", "0", 8},
		{"strengthened-guess-refuted-unsat.smt2", "unsat", "1", 0},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "testdata", "regress", "qbv", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			got, trace, stats, _ := runTraced(t, string(src), Options{NoFallback: true, Disable: []string{"quant"}}, 20*time.Second)
			if strings.Join(got, " ") != tc.want {
				t.Fatalf("answers %v, want %s\n%s", got, tc.want, trace)
			}
			if v := stats["qbv-strengthened"]; v == "" || v == "0" {
				t.Errorf("qbv-strengthened = %q", v)
			}
			if v := stats["qbv-strengthened-off"]; v != tc.off {
				t.Errorf("qbv-strengthened-off = %q, want %s", v, tc.off)
			}
			if n, _ := strconv.Atoi(stats["qbv-rounds"]); tc.maxRounds > 0 && n > tc.maxRounds {
				t.Errorf("qbv-rounds = %d, want at most %d", n, tc.maxRounds)
			}
		})
	}
}

// TestQBVTimeShare checks the stage's share of the time: qbvShare of what
// is left before the Z3 fallback, all of it without one.
func TestQBVTimeShare(t *testing.T) {
	for _, noFallback := range []bool{false, true} {
		s := NewSession(term.NewStore(), Options{NoFallback: noFallback})
		var share float64
		for _, step := range s.Driver().Steps {
			if q, ok := step.(*qbvStage); ok {
				share = q.TimeShare()
			}
		}
		want := qbvShare
		if noFallback {
			want = 1
		}
		if share != want {
			t.Errorf("NoFallback=%v: share %v, want %v", noFallback, share, want)
		}
	}
}

// capStage answers sat with the empty model and a model check that fails
// with err.
type capStage struct{ err error }

func (capStage) Name() string { return "cap" }

func (s capStage) Decide(ctx context.Context, p *stage.Problem) (stage.Verdict, error) {
	check := func(context.Context, *term.Store, *term.Model, []term.Term) error { return s.err }
	return stage.Verdict{Status: term.Sat, Model: term.NewModel(), ModelCheck: check}, nil
}

// TestModelCheckOutOfTime checks that a model check that runs out of time
// makes the answer unknown without counting a validation failure (it found
// nothing wrong), while one that fails otherwise still counts.
func TestModelCheckOutOfTime(t *testing.T) {
	st := term.NewStore()
	w := st.BitVecSort(32)
	x, a := st.BoundVar("x", w), st.Var("a", w)
	// Past the enumeration cap: only the model check can confirm it.
	f := st.MustMake(term.OpForall, nil, x, st.MustMake(term.OpBVUle, nil, x, st.MustMake(term.OpBVOr, nil, x, a)))
	for _, tc := range []struct {
		err      error
		failures int
	}{
		{fmt.Errorf("not proved: %w", context.DeadlineExceeded), 0},
		{errors.New("false under the model"), 1},
	} {
		d := NewDriver(capStage{tc.err})
		v := d.Decide(context.Background(), &stage.Problem{Store: st, Assertions: []term.Term{f}, Labels: []string{""}})
		if v.Status != term.Unknown || d.ValidationFailures != tc.failures {
			t.Errorf("%v: %s with %d validation failures, want unknown with %d", tc.err, v.Status, d.ValidationFailures, tc.failures)
		}
	}
}

// TestQBVFiniteDomains: quantifiers over an uninterpreted sort are decided
// in a bounded domain. Sat is proved in the model's domain; unsat counts
// only when the bound is justified: a strict order in which every element
// has a successor has infinite models only, so its bounded encoding is
// unsat and the answer must stay unknown.
func TestQBVFiniteDomains(t *testing.T) {
	const decls = "(set-logic UFBV)(declare-sort U 0)(declare-fun r (U U) Bool)(declare-const c U)(declare-const d U)(declare-fun g (U) (_ BitVec 4))\n"
	tests := []struct{ name, assertions, want string }{
		{"only infinite models", `(assert (forall ((x U)) (not (r x x))))
(assert (forall ((x U) (y U) (z U)) (=> (and (r x y) (r y z)) (r x z))))
(assert (forall ((x U)) (exists ((y U)) (r x y))))`, "unknown"},
		{"a successor within two elements", `(assert (forall ((x U)) (not (r x x))))
(assert (forall ((x U)) (exists ((y U)) (r x y))))`, "sat"},
		{"constants and a top-level exists", `(assert (distinct c d))
(assert (exists ((y U)) (and (distinct y c) (distinct y d) (= (g y) #x1))))
(assert (forall ((x U)) (= (g x) #x0)))`, "unsat"},
		{"two values for every element", `(assert (forall ((x U)) (or (= (g x) #x1) (= (g x) #x2))))
(assert (distinct (g c) (g d)))
(assert (exists ((y U)) (and (distinct y c) (distinct y d))))`, "sat"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, trace, _, bad := runTraced(t, decls+tc.assertions+"\n(check-sat)", Options{NoFallback: true}, 10*time.Second)
			if len(got) != 1 || got[0] != tc.want {
				t.Fatalf("answers %v, want %s\n%s", got, tc.want, trace)
			}
			if tc.want != "unknown" && !strings.Contains(trace, "stage qbv: "+tc.want) {
				t.Errorf("qbv did not decide:\n%s", trace)
			}
			if bad > 0 {
				t.Errorf("%d validation failures", bad)
			}
		})
	}
}
