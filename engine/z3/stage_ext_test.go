package z3_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// These tests drive the stage through the engine's driver and sessions,
// which import this package: hence a package of their own, with the hooks
// of export_test.go.

// verdictStage answers with a fixed verdict.
type verdictStage struct{ v stage.Verdict }

func (verdictStage) Name() string { return "fixed" }

func (s verdictStage) Decide(context.Context, *stage.Problem) (stage.Verdict, error) { return s.v, nil }

// fallbackOf returns the Z3 stage of a session's pipeline: the stage as the
// engine makes it, with sift's own prover of models.
func fallbackOf(t *testing.T, s *engine.Session) *z3.Stage {
	t.Helper()
	for _, step := range s.Driver().Steps {
		if z, ok := step.(*z3.Stage); ok {
			return z
		}
	}
	t.Fatal("no Z3 stage in the pipeline")
	return nil
}

// TestDriverModelCheckGate checks that a model whose assertion passes the
// quantifier cap is accepted only through a model checker that confirms it.
func TestDriverModelCheckGate(t *testing.T) {
	p := z3.ScriptProblem(t, `(declare-const x (_ BitVec 32)) (assert (forall ((y (_ BitVec 32))) (= (bvand x y) y))) (check-sat)`)
	st := p.Store
	x := z3.VarByName(t, p, "x")
	good, bad := term.NewModel(), term.NewModel()
	good.Set(x, st.BVValue(bv.New(32, 0xffffffff)))
	bad.Set(x, st.BVValue(bv.New(32, 0x7fffffff)))
	z := z3.NewStage(z3.StageOptions{})
	checkAll := func(ctx context.Context, st *term.Store, m *term.Model, as []term.Term) error {
		return z.CheckModel(ctx, st, m, as, 0)
	}
	// With a budget for its own proof, and no Z3 to ask: sift's quantifier
	// procedure must prove the good model alone, and not the bad one.
	own := fallbackOf(t, engine.NewSession(st, engine.Options{}))
	own.SetRoute(z3.FailingZ3{})
	proveOwn := func(ctx context.Context, st *term.Store, m *term.Model, as []term.Term) error {
		return own.CheckModel(ctx, st, m, as, 10*time.Second)
	}
	tests := []struct {
		name  string
		model *term.Model
		check stage.ModelChecker
		want  term.Status
	}{
		{"no checker", good, nil, term.Unknown},
		{"confirmed by z3", good, checkAll, term.Sat},
		{"refuted by z3", bad, checkAll, term.Unknown},
		{"proved by qbv", good, proveOwn, term.Sat},
		{"not proved by qbv", bad, proveOwn, term.Unknown},
	}
	for _, tc := range tests {
		d := engine.NewDriver(verdictStage{stage.Verdict{Status: term.Sat, Model: tc.model, ModelCheck: tc.check}})
		if v := d.Decide(context.Background(), p); v.Status != tc.want {
			t.Errorf("%s: %v (%s), want %v", tc.name, v.Status, v.Reason, tc.want)
		}
	}
	if n := own.OwnProofs(); n != 1 {
		t.Errorf("own proofs = %d, want 1", n)
	}
}

// TestZ3StageVerdicts runs the stage alone on small problems of each answer.
func TestZ3StageVerdicts(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name, script string
		ctx          context.Context
		want         term.Status
		reason       string
	}{
		{"sat with UF and declared sort", `(declare-sort U 0) (declare-fun g (U) U) (declare-const u U) (declare-fun f ((_ BitVec 8)) (_ BitVec 8))
(assert (distinct u (g u))) (assert (forall ((y (_ BitVec 8))) (= (f y) (bvadd y #x01)))) (check-sat)`, context.Background(), term.Sat, ""},
		{"unsat quantified", `(declare-const x (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (bvult y x))) (check-sat)`,
			context.Background(), term.Unsat, ""},
		{"canceled", `(declare-const x (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (bvult y x))) (check-sat)`,
			canceled, term.Unknown, "z3 gave up: canceled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := z3.ScriptProblem(t, tc.script)
			v, err := z3.NewStage(z3.StageOptions{}).Decide(tc.ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if v.Status != tc.want || (tc.reason != "" && v.Reason != tc.reason) {
				t.Fatalf("%v (%s), want %v (%s)", v.Status, v.Reason, tc.want, tc.reason)
			}
			if v.Status == term.Sat {
				d := engine.NewDriver(verdictStage{v})
				if got := d.Decide(context.Background(), p); got.Status != term.Sat || d.ValidationFailures > 0 {
					t.Fatalf("model does not validate: %v (%s)", got.Status, got.Reason)
				}
			}
		})
	}
}

// scriptsSeen is a z3.Solver that runs Z3 in process and keeps every script
// it was handed, and whether it went to Z3's command interpreter.
type scriptsSeen struct {
	mu          sync.Mutex
	scripts     []string
	interpreted []bool
}

func (s *scriptsSeen) Solve(ctx context.Context, smt2 string) (z3.Result, error) {
	s.see(smt2, false)
	return z3.InProcess{}.Solve(ctx, smt2)
}

func (s *scriptsSeen) Interpret(ctx context.Context, smt2 string) (z3.Result, error) {
	s.see(smt2, true)
	return z3.InProcess{}.Interpret(ctx, smt2)
}

func (s *scriptsSeen) see(smt2 string, interpreted bool) {
	s.mu.Lock()
	s.scripts = append(s.scripts, smt2)
	s.interpreted = append(s.interpreted, interpreted)
	s.mu.Unlock()
}

// TestFallbackGetsPosedText checks which text the fallback hands Z3: the
// script's own (set-logic, declarations and assertions in force, as written)
// for the session's problem, sift's printing for a problem the passes
// rewrote, and sift's printing again when Z3 rejects the script's text.
func TestFallbackGetsPosedText(t *testing.T) {
	mustRead := func(t *testing.T, path string) []byte {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	quantified := []string{"svi", "preprocess", "quant", "qbv", "arrays-precheck", "bitblast", "constant"}
	tests := []struct {
		name, script string
		disable      []string
		answers      string
		// first is the start of the first script Z3 got; posed says
		// whether it is the script's own text.
		first string
		posed bool
		// timeout is the check's limit (none when 0).
		timeout time.Duration
	}{{
		name: "the session's problem goes as written",
		script: `(set-logic BV) (declare-const x (_ BitVec 8)) (push 1) (declare-const y (_ BitVec 8)) (assert (= y #x00)) (pop 1)
(assert (forall ((y (_ BitVec 8))) (bvsge (bvadd y x) (bvneg (_ bv3 8))))) (check-sat)`,
		disable: quantified, answers: "unsat",
		first: "(set-logic BV)\n(declare-const x (_ BitVec 8))\n(assert (forall ((y (_ BitVec 8))) (bvsge (bvadd y x) (bvneg (_ bv3 8)))))\n",
		posed: true,
	}, {
		name:    "assumptions as asserted text",
		script:  `(set-logic BV) (declare-const x (_ BitVec 8)) (assert (exists ((y (_ BitVec 8))) (= (bvmul y #x02) x))) (check-sat-assuming ((= x #x01)))`,
		disable: quantified, answers: "unsat",
		first: "(set-logic BV)\n(declare-const x (_ BitVec 8))\n(assert (exists ((y (_ BitVec 8))) (= (bvmul y #x02) x)))\n(assert (= x #x01))\n",
		posed: true,
	}, {
		name:    "text z3 rejects is printed",
		script:  `(set-logic BV) (declare-const x (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (bvuaddo x y))) (check-sat)`,
		disable: quantified, answers: "unsat",
		first: "(set-logic BV)\n(declare-const x (_ BitVec 8))\n(assert (forall ((y (_ BitVec 8))) (bvuaddo x y)))\n",
		posed: false,
	}, {
		// Z3's model (a function with an else branch, an array, a
		// constant; printed by the interpreter and read back) is validated
		// against sift's own terms: the session counts a validation and no
		// failure.
		name: "sat: the model is validated",
		script: `(set-logic AUFBV) (declare-fun f ((_ BitVec 8)) (_ BitVec 8)) (declare-const a (Array (_ BitVec 8) (_ BitVec 8))) (declare-const c (_ BitVec 8))
(assert (forall ((y (_ BitVec 8))) (= (f y) (bvadd y #x01)))) (assert (= (select a (f c)) #x07)) (assert (= (f c) #x06)) (check-sat)`,
		disable: quantified, answers: "sat",
		first: "(set-logic AUFBV)\n(declare-fun f ((_ BitVec 8)) (_ BitVec 8))\n(declare-const a (Array (_ BitVec 8) (_ BitVec 8)))\n(declare-const c (_ BitVec 8))\n" +
			"(assert (forall ((y (_ BitVec 8))) (= (f y) (bvadd y #x01))))\n(assert (= (select a (f c)) #x07))\n(assert (= (f c) #x06))\n",
		posed: true,
	}, {
		// A ∀∃ file the z3 binary decides in 0.3 s and libz3 does not
		// within seconds: the check is interrupted at the limit.
		name:    "the limit interrupts the check",
		script:  string(mustRead(t, filepath.Join("testdata", "rnd_6_8_unsat.smt2"))),
		disable: quantified, answers: "unknown", timeout: 150 * time.Millisecond,
		first: "(set-logic BV)\n(declare-fun y1 () (_ BitVec 32))\n", posed: true,
	}}
	// The routes: libz3's API, its interpreter, and the z3 executable
	// (when installed) with libz3's API behind it.
	routes := []string{"api", "interpreter"}
	z3Binary, err := z3.FindBinary("z3")
	if err == nil {
		routes = append(routes, "binary")
	} else {
		t.Log("no z3 executable on PATH: the binary route is not tested")
	}
	for _, route := range routes {
		interpreter := route == "interpreter"
		for _, tc := range tests {
			t.Run(route+"/"+tc.name, func(t *testing.T) {
				seen := &scriptsSeen{}
				var sessions []*engine.Session
				var out bytes.Buffer
				opts := engine.Options{Disable: tc.disable, Z3Interpreter: interpreter}
				if route == "binary" {
					opts.Z3Binary = z3Binary.Path
				}
				in := smtlib.NewInterpreter(smtlib.Config{Timeout: tc.timeout, NewSolver: func(st *term.Store) smtlib.Solver {
					s := engine.NewSession(st, opts)
					for _, step := range s.Driver().Steps {
						z, ok := step.(*z3.Stage)
						if !ok {
							continue
						}
						bf, viaBinary := z.Route().(*z3.BinaryFirst)
						if viaBinary != (route == "binary") {
							t.Fatalf("route %s: the stage's solver is %T", route, z.Route())
						}
						if !viaBinary {
							z.SetRoute(seen)
							continue
						}
						// Every script the executable gets is seen;
						// libz3 must not be needed.
						bf.SetBinary(func(ctx context.Context, smt2 string) (z3.Result, error) {
							seen.see(smt2, false)
							return z3Binary.Solve(ctx, smt2)
						})
						bf.SetNext(failingSolver{t})
					}
					sessions = append(sessions, s)
					return s
				}}, &out)
				if err := in.Run(context.Background(), strings.NewReader(tc.script)); err != nil {
					t.Fatal(err)
				}
				if got := strings.TrimSpace(out.String()); got != tc.answers {
					t.Fatalf("answers %q, want %q", got, tc.answers)
				}
				if len(seen.scripts) == 0 || !strings.HasPrefix(seen.scripts[0], tc.first) ||
					(tc.answers != "unknown" && seen.scripts[0] != tc.first) {
					t.Fatalf("first script to Z3:\n%s\nwant:\n%s", strings.Join(seen.scripts, "\n----\n"), tc.first)
				}
				// The script's text goes to Z3's command interpreter when asked,
				// sift's printing always through the API.
				if seen.interpreted[0] != interpreter {
					t.Fatalf("the script's text went to the interpreter: %v, want %v", seen.interpreted[0], interpreter)
				}
				if slices.Contains(seen.interpreted[1:], true) {
					t.Fatalf("sift's printing went to Z3's interpreter: %v", seen.interpreted)
				}
				last := sessions[len(sessions)-1]
				if d := last.Driver(); d.ValidationFailures > 0 || (tc.answers == "sat" && d.Validations == 0) {
					t.Fatalf("%d models validated, %d failed", d.Validations, d.ValidationFailures)
				}
				posedCalls := 0
				for _, step := range last.Driver().Steps {
					if z, ok := step.(*z3.Stage); ok {
						posedCalls = int(z.PosedCalls())
					}
				}
				if (posedCalls > 0) != tc.posed {
					t.Fatalf("%d checks went as posed; want posed=%v (scripts:\n%s)", posedCalls, tc.posed, strings.Join(seen.scripts, "\n----\n"))
				}
				if !tc.posed && (len(seen.scripts) < 2 || strings.Contains(seen.scripts[1], "bvuaddo")) {
					t.Fatalf("the rejected text was not printed by sift instead:\n%s", strings.Join(seen.scripts, "\n----\n"))
				}
			})
		}
	}
}

// failingSolver fails the test it is called in.
type failingSolver struct{ t *testing.T }

func (f failingSolver) Solve(context.Context, string) (z3.Result, error) {
	f.t.Error("libz3 called behind the z3 executable")
	return z3.Result{}, fmt.Errorf("not here")
}

func (f failingSolver) Interpret(ctx context.Context, smt2 string) (z3.Result, error) {
	return f.Solve(ctx, smt2)
}

// TestBinaryFallsBackToLibz3 checks that a z3 executable that does not
// answer leaves the check to libz3, which decides it.
func TestBinaryFallsBackToLibz3(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-z3")
	var fallback *z3.Stage
	var out bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
		s := engine.NewSession(st, engine.Options{Disable: []string{"svi", "preprocess", "quant", "qbv", "arrays-precheck", "bitblast", "constant"}, Z3Binary: missing})
		for _, step := range s.Driver().Steps {
			if z, ok := step.(*z3.Stage); ok {
				fallback = z
				z.Route().(*z3.BinaryFirst).SetNext(&scriptsSeen{})
			}
		}
		return s
	}}, &out)
	script := `(set-logic BV) (declare-const x (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (bvule y (bvor x y)))) (assert (= x #x05)) (check-sat)`
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(out.String()); got != "sat" {
		t.Fatalf("answer %q, want sat", got)
	}
	if n := fallback.Route().(*z3.BinaryFirst).FellBack(); n == 0 {
		t.Fatalf("libz3 decided no call")
	}
}
