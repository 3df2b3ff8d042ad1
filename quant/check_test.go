package quant_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/quant"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// qfEngine is a quantifier-free solver for the procedure backed by an
// engine session without the Z3 fallback; it records every problem asked.
type qfEngine struct {
	sess  *engine.Session
	calls [][]term.Term
}

func newQFEngine(st *term.Store) *qfEngine {
	return &qfEngine{sess: engine.NewSession(st, engine.Options{NoFallback: true})}
}

func (e *qfEngine) solve(ctx context.Context, as []term.Term) (quant.Status, *term.Model, error) {
	e.calls = append(e.calls, slices.Clone(as))
	e.sess.ResetAssertions()
	for _, a := range as {
		e.sess.Assert(a, "")
	}
	r := e.sess.CheckSat(ctx, nil)
	if r.Status != quant.Sat {
		return r.Status, nil, nil
	}
	m, err := e.sess.Model()
	return r.Status, m, err
}

// allA is the 64-bit scan ∀i. 1 ≤ i ≤ k → s[i−1] = 'a' of a count k.
const allA = `
(declare-fun s () (Array (_ BitVec 64) (_ BitVec 8)))
(declare-fun k () (_ BitVec 64))
(assert (forall ((i (_ BitVec 64))) (=> (and (bvule #x0000000000000001 i) (bvule i k)) (= (select s (bvsub i #x0000000000000001)) #x61))))
`

// aArray is the array value with default def and the given cells.
func aArray(st *term.Store, def uint64, cells map[uint64]uint64) term.Value {
	v := term.NewArrayValue(st.ArraySort(st.BitVecSort(64), st.BitVecSort(8)), st.BVValue(bv.New(8, def)))
	for i, x := range cells {
		v.Arr = v.Arr.Store(st.BVValue(bv.New(64, i)), st.BVValue(bv.New(8, x)))
	}
	return v
}

// TestCheckSymbolic checks models of a bounded ∀ whose range is far past
// the old enumeration cap (2^16) and past any enumeration: a true model
// validates (the ground query has no counterexample index), a false one is
// refused, whatever k is.
func TestCheckSymbolic(t *testing.T) {
	cases := []struct {
		name  string
		k     uint64
		def   uint64
		cells map[uint64]uint64
		want  bool
	}{
		{"k=2^20, every cell 'a'", 1 << 20, 0x61, nil, true},
		{"k=2^63, 'a' but past the range", 1 << 63, 0x61, map[uint64]uint64{1 << 63: 0}, true},
		{"k=2^20, one cell inside the range breaks it", 1 << 20, 0x61, map[uint64]uint64{123456: 0x62}, false},
		{"k=2^20, the last cell breaks it", 1 << 20, 0x61, map[uint64]uint64{1<<20 - 1: 0}, false},
		{"k=2^20, default not 'a'", 1 << 20, 0, map[uint64]uint64{0: 0x61}, false},
		{"k=3, enumerated", 3, 0, map[uint64]uint64{0: 0x61, 1: 0x61, 2: 0x61}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, as := quant.Parse(t, allA)
			s, k := st.Var("s", st.ArraySort(st.BitVecSort(64), st.BitVecSort(8))), st.Var("k", st.BitVecSort(64))
			m := term.NewModel()
			m.Set(k, st.BVValue(bv.New(64, c.k)))
			m.Set(s, aArray(st, c.def, c.cells))
			if _, err := term.NewEvaluator(st, m).EvalBool(as[0]); c.k > term.DefaultQuantifierCap && err == nil {
				t.Fatal("the evaluator decided a range past its cap: the case tests nothing")
			}
			qf := newQFEngine(st)
			solver := quant.NewSolver(qf.solve)
			err := solver.Check(context.Background(), st, m, as)
			if got := err == nil; got != c.want {
				t.Errorf("Check = %v, want holds=%v", err, c.want)
			}
			if c.k > 1<<12 && solver.Stats.Symbolic == 0 {
				t.Error("no ground query was asked")
			}
		})
	}
}

// TestSolvePastTheCap is the failure: a true model whose count is
// beyond the enumeration cap must be accepted, so the procedure answers sat
// itself (wide duplication, then the ground-query check), and the engine's
// validation, which evaluates the original assertions, accepts it too.
func TestSolvePastTheCap(t *testing.T) {
	script := allA + `
(assert (bvuge k #x0000000000100000))
(assert (not (= (select s #x0000000001000000) #x61)))
(check-sat)
`
	var sess *engine.Session
	var out strings.Builder
	in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
		sess = engine.NewSession(st, engine.Options{NoFallback: true})
		return sess
	}}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(out.String()); got != "sat" {
		t.Fatalf("answered %q, want sat", got)
	}
	if !strings.HasPrefix(sess.LastStage(), "quant-") {
		t.Errorf("decided by %q, want the quant stage", sess.LastStage())
	}
	for _, kv := range sess.Statistics() {
		if kv[0] == "validation-failures" && kv[1] != "0" {
			t.Errorf("%s validation failures", kv[1])
		}
	}
}

// TestCheckConnectives checks that the exact check reaches a ∀ under every
// Boolean connective, and an ∃ as the negated ∀ of its negation. ∀v. y ≤ v
// holds iff y = 0 and ∃v. v < y iff y ≠ 0; both range over 2^32 values, past
// any enumeration. Before, a ∀ under xor made a true model fail validation.
func TestCheckConnectives(t *testing.T) {
	const decls = `(declare-fun y () (_ BitVec 32))(declare-fun p () Bool)`
	const all, some = `(forall ((v (_ BitVec 32))) (bvule y v))`, `(exists ((v (_ BitVec 32))) (bvult v y))`
	cases := []struct {
		assertion string
		y         uint64
		p, want   bool
	}{
		{"(xor p " + all + ")", 0, false, true},
		{"(xor p " + all + ")", 0, true, false},
		{"(xor p " + all + " true)", 5, false, true},
		{"(xor p " + all + " true)", 0, false, false},
		{"(= p " + all + ")", 5, false, true},
		{"(= p " + all + ")", 0, false, false},
		{"(distinct p " + all + ")", 0, false, true},
		{"(ite p " + all + " (not " + all + "))", 0, true, true},
		{"(ite p " + all + " (not " + all + "))", 0, false, false},
		{some, 5, false, true},
		{some, 0, false, false},
		{"(not " + some + ")", 0, false, true},
		{"(xor " + some + " " + all + ")", 7, false, true},
		// binders the body does not mention are dropped
		{"(exists ((u (_ BitVec 6)) (v (_ BitVec 32)) (b Bool)) (bvult v y))", 5, false, true},
		{"(exists ((u (_ BitVec 6)) (v (_ BitVec 32)) (b Bool)) (bvult v y))", 0, false, false},
		{"(forall ((u (_ BitVec 16)) (v (_ BitVec 32))) (bvule y v))", 3, false, false},
		{"(forall ((u (_ BitVec 16))) (not p))", 3, false, true},
	}
	for _, c := range cases {
		st, as := quant.Parse(t, decls+"(assert "+c.assertion+")")
		m := term.NewModel()
		m.Set(st.Var("y", st.BitVecSort(32)), st.BVValue(bv.New(32, c.y)))
		m.Set(st.Var("p", st.BoolSort()), term.BoolValue(c.p))
		err := quant.NewSolver(newQFEngine(st).solve).Check(context.Background(), st, m, as)
		if got := err == nil; got != c.want {
			t.Errorf("%s with y=%d p=%v: Check = %v, want holds=%v", c.assertion, c.y, c.p, err, c.want)
		}
	}
}
