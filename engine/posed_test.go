package engine

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// scriptsSeen is a z3.Solver that runs Z3 in process and keeps every script
// it was handed.
type scriptsSeen struct {
	mu      sync.Mutex
	scripts []string
}

func (s *scriptsSeen) Solve(ctx context.Context, smt2 string) (z3.Result, error) {
	s.mu.Lock()
	s.scripts = append(s.scripts, smt2)
	s.mu.Unlock()
	return z3.InProcess{}.Solve(ctx, smt2)
}

// TestFallbackGetsPosedText checks which text the fallback hands Z3: the
// script's own (set-logic, declarations and assertions in force, as written)
// for the session's problem, sift's printing for a problem the passes
// rewrote, and sift's printing again when Z3 rejects the script's text.
func TestFallbackGetsPosedText(t *testing.T) {
	quantified := []string{"svi", "preprocess", "quant", "qbv", "arrays-precheck", "bitblast", "constant"}
	tests := []struct {
		name, script string
		disable      []string
		answers      string
		// first is the start of the first script Z3 got; posed says
		// whether it is the script's own text.
		first string
		posed bool
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
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seen := &scriptsSeen{}
			var sessions []*Session
			var out bytes.Buffer
			in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
				s := NewSession(st, Options{Disable: tc.disable})
				for _, step := range s.driver.Steps {
					if z, ok := step.(*z3Stage); ok {
						z.solver = seen
					}
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
			if len(seen.scripts) == 0 || seen.scripts[0] != tc.first {
				t.Fatalf("first script to Z3:\n%s\nwant:\n%s", strings.Join(seen.scripts, "\n----\n"), tc.first)
			}
			posedCalls := 0
			for _, step := range sessions[len(sessions)-1].driver.Steps {
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

// TestPosedTextStandsForItsProblemOnly checks that a problem derived from
// the session's (other assertions or assumptions) does not get its text.
func TestPosedTextStandsForItsProblemOnly(t *testing.T) {
	st := term.NewStore()
	a, b := st.Var("a", st.BoolSort()), st.Var("b", st.BoolSort())
	posed := &Posed{text: func() (string, bool) { return "(assert a)", true }, assertions: []term.Term{a}}
	for _, tc := range []struct {
		name string
		p    *Problem
		ok   bool
	}{
		{"the same problem", &Problem{Assertions: []term.Term{a}, Posed: posed}, true},
		{"other assertions", &Problem{Assertions: []term.Term{b}, Posed: posed}, false},
		{"an assumption more", &Problem{Assertions: []term.Term{a}, Assumptions: []term.Term{b}, Posed: posed}, false},
		{"no text", &Problem{Assertions: []term.Term{a}}, false},
	} {
		if _, ok := tc.p.posedText(); ok != tc.ok {
			t.Errorf("%s: posed text %v, want %v", tc.name, ok, tc.ok)
		}
	}
}
