package engine

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

	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

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
		script:  string(mustRead(t, filepath.Join("z3", "testdata", "rnd_6_8_unsat.smt2"))),
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
				var sessions []*Session
				var out bytes.Buffer
				opts := Options{Disable: tc.disable, Z3Interpreter: interpreter}
				if route == "binary" {
					opts.Z3Binary = z3Binary.Path
				}
				in := smtlib.NewInterpreter(smtlib.Config{Timeout: tc.timeout, NewSolver: func(st *term.Store) smtlib.Solver {
					s := NewSession(st, opts)
					for _, step := range s.driver.Steps {
						z, ok := step.(*z3Stage)
						if !ok {
							continue
						}
						bf, viaBinary := z.solver.(*binaryFirst)
						if viaBinary != (route == "binary") {
							t.Fatalf("route %s: the stage's solver is %T", route, z.solver)
						}
						if !viaBinary {
							z.solver = seen
							continue
						}
						// Every script the executable gets is seen;
						// libz3 must not be needed.
						bf.binary = func(ctx context.Context, smt2 string) (z3.Result, error) {
							seen.see(smt2, false)
							return z3Binary.Solve(ctx, smt2)
						}
						bf.next = failingSolver{t}
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
				for _, step := range last.driver.Steps {
					if z, ok := step.(*z3Stage); ok {
						posedCalls = int(z.posedCalls.Load())
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
	var stage *z3Stage
	var out bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
		s := NewSession(st, Options{Disable: []string{"svi", "preprocess", "quant", "qbv", "arrays-precheck", "bitblast", "constant"}, Z3Binary: missing})
		for _, step := range s.driver.Steps {
			if z, ok := step.(*z3Stage); ok {
				stage = z
				z.solver.(*binaryFirst).next = &scriptsSeen{}
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
	if n := stage.solver.(*binaryFirst).fellBack.Load(); n == 0 {
		t.Fatalf("libz3 decided no call")
	}
}
