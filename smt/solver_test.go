package smt

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func check(t *testing.T, s *Solver, want Status, assumptions ...Term) Result {
	t.Helper()
	r, err := s.Check(context.Background(), assumptions...)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != want {
		t.Fatalf("check: %v, want %v", r, want)
	}
	return r
}

// TestParseAndPrint reads scripts into a solver: their symbols meet the
// API's, printed terms read back to the same term, and bad text is an
// error with a line and column.
func TestParseAndPrint(t *testing.T) {
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	x := s.Const("x", s.BitVecSort(8))
	as, err := s.ParseSMTLIB(`
(set-logic QF_ABV)
(declare-const y (_ BitVec 8))
(declare-fun m () (Array (_ BitVec 8) (_ BitVec 8)))
(define-fun twice ((v (_ BitVec 8))) (_ BitVec 8) (bvadd v v))
(assert (= (twice x) y))
(assert (= (select m y) #x2a))
(check-sat)`)
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 2 {
		t.Fatalf("%d assertions, want 2", len(as))
	}
	y := s.Const("y", s.BitVecSort(8))
	if want := s.Eq(s.BVAdd(x, x), y); as[0] != want {
		t.Errorf("first assertion %s, want %s", as[0], want)
	}
	s.Assert(as...)
	s.Assert(s.Eq(x, s.BV(8, 3)))
	check(t, s, Sat)
	m, _ := s.Model()
	if v, _ := m.Uint64(y); v != 6 {
		t.Errorf("y = %d, want 6", v)
	}
	mem := s.Const("m", s.ArraySort(s.BitVecSort(8), s.BitVecSort(8)))
	if v, _ := m.Uint64(s.Select(mem, y)); v != 42 {
		t.Errorf("m[y] = %d, want 42", v)
	}
	if !strings.Contains(m.String(), "define-fun y () (_ BitVec 8) #x06") {
		t.Errorf("model text:\n%s", m)
	}

	// Text out and in again gives the same term, let-shared subterms too.
	shared := s.BVMul(s.BVAdd(x, y), s.BVAdd(x, y))
	for _, f := range []Term{as[0], as[1], s.Eq(shared, s.BVNot(shared)), s.BVULT(s.Extract(3, 0, x), s.BV(4, 9))} {
		back := s.ParseTerm(f.String())
		if back.Err() != nil || back != f {
			t.Errorf("%s read back as %s (%v)", f, back, back.Err())
		}
	}

	for _, bad := range []struct{ text, want string }{
		{"(assert (bvadd x))\n", "line 1"},
		{"(declare-const z (_ BitVec 8))\n(assert (= z x y))\n(assert (bvadd z true))", "line 3"},
		{"(assert (= x", "line 1"},
		{"(declare-const x Bool)", "x"},
		{"(reset)", "reset"},
		{"(assert (foo x))", "foo"},
	} {
		if _, err := s.ParseSMTLIB(bad.text); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want one mentioning %q", bad.text, err, bad.want)
		}
	}
	if bad := s.ParseTerm("(bvadd x q)"); bad.Err() == nil {
		t.Errorf("a term with an undeclared symbol parsed")
	}
}

// TestUFAndCore checks uninterpreted functions, named assertions and the
// unsat core.
func TestUFAndCore(t *testing.T) {
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	b8 := s.BitVecSort(8)
	f := s.Func("f", []Sort{b8, b8}, b8)
	x, y := s.Const("x", b8), s.Const("y", b8)
	if err := s.AssertNamed("fx", s.Eq(f.Apply(x, y), s.BV(8, 1))); err != nil {
		t.Fatal(err)
	}
	s.Assert(s.BVULT(x, s.BV(8, 10)))
	r := check(t, s, Sat)
	if r.Stage == "" {
		t.Errorf("sat without a stage")
	}
	m, _ := s.Model()
	if v, _ := m.Uint64(f.Apply(x, y)); v != 1 {
		t.Errorf("f(x, y) = %d in the model", v)
	}
	s.Push()
	s.AssertNamed("fy", s.Eq(f.Apply(s.BV(8, 3), y), s.BV(8, 2)))
	xis3 := s.Eq(x, s.BV(8, 3))
	check(t, s, Unsat, xis3)
	core, err := s.UnsatCore()
	if err != nil {
		t.Fatal(err)
	}
	got := map[Term]bool{}
	for _, c := range core {
		got[c] = true
	}
	if !got[xis3] || !got[s.Eq(f.Apply(x, y), s.BV(8, 1))] || !got[s.Eq(f.Apply(s.BV(8, 3), y), s.BV(8, 2))] {
		t.Errorf("core %v misses a needed formula", core)
	}
	s.Pop()
	check(t, s, Sat, xis3)
	if _, err := s.UnsatCore(); !errors.Is(err, ErrNoModel) {
		t.Errorf("core after sat: %v", err)
	}
	// The name fy went with its level: it can be used again.
	if err := s.AssertNamed("fy", s.True()); err != nil {
		t.Errorf("reusing a popped name: %v", err)
	}
}

// TestForAllRange checks that the merge fragment's bounded ∀ reaches sift's
// quant stage and that its models are right.
func TestForAllRange(t *testing.T) {
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	b32 := s.BitVecSort(32)
	a := s.Const("a", s.ArraySort(b32, s.BitVecSort(8)))
	n := s.Const("n", b32)
	i := s.BoundVar("i", b32)
	// a[0..n] are all 7, n is at least 3, and a[2] is something else.
	all7 := s.ForAllRange(i, s.BV(32, 0), n, s.Eq(s.Select(a, i), s.BV(8, 7)))
	s.Assert(all7, s.BVUGE(n, s.BV(32, 3)), s.BVULE(n, s.BV(32, 100)))
	r := check(t, s, Sat)
	if !strings.HasPrefix(r.Stage, "quant") {
		t.Errorf("decided by %q, want the quant stage", r.Stage)
	}
	m, _ := s.Model()
	if ok, err := m.Bool(all7); err != nil || !ok {
		t.Errorf("the model breaks the ∀: %v %v", ok, err)
	}
	nv, _ := m.Uint64(n)
	av := mustEval(t, m, a)
	for k := uint64(0); k <= nv; k++ {
		e, _ := av.Select(mustEval(t, m, s.BV(32, k)))
		if v, _ := e.Uint64(); v != 7 {
			t.Fatalf("a[%d] = %d", k, v)
		}
	}
	r = check(t, s, Unsat, s.Not(s.Eq(s.Select(a, s.BV(32, 2)), s.BV(8, 7))))
	if !strings.HasPrefix(r.Stage, "quant") {
		t.Errorf("unsat decided by %q, want the quant stage", r.Stage)
	}
	// Exists is outside the fragment: with the fallback off it may be
	// unknown, never wrong.
	j := s.BoundVar("j", b32)
	r, err := s.Check(context.Background(), s.Exists([]Term{j}, s.Eq(s.Select(a, j), s.BV(8, 9))))
	if err != nil || r.Status == Unsat {
		t.Errorf("∃ j. a[j] = 9 beside the ∀: %v %v", r, err)
	}
}

// TestArraysAgainstEval builds random store chains and reads through the
// API and checks the model's values against term.Eval of the same terms.
func TestArraysAgainstEval(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 18))
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	b4, b8 := s.BitVecSort(4), s.BitVecSort(8)
	for k := 0; k < 20; k++ {
		s.Push()
		a := s.Const("a", s.ArraySort(b4, b8))
		i := s.Const("i", b4)
		arr := a
		if r.IntN(2) == 0 {
			arr = s.ConstArray(s.ArraySort(b4, b8), s.BV(8, uint64(r.IntN(256))))
		}
		for n := r.IntN(4); n > 0; n-- {
			idx := s.BV(4, uint64(r.IntN(16)))
			if r.IntN(3) == 0 {
				idx = i
			}
			arr = s.Store(arr, idx, s.BV(8, uint64(r.IntN(256))))
		}
		read := s.Select(arr, s.BVAdd(i, s.BV(4, uint64(r.IntN(16)))))
		s.Assert(s.Eq(read, s.BV(8, uint64(r.IntN(256)))))
		res, err := s.Check(context.Background())
		if err != nil || res.Status == Unknown {
			t.Fatalf("%v %v", res, err)
		}
		if res.Status == Sat {
			m, _ := s.Model()
			for _, x := range []Term{arr, read, s.Eq(arr, a)} {
				got := mustEval(t, m, x)
				want, err := s.st.Eval(x.id, m.m)
				if err != nil || !got.v.Equal(want) {
					t.Fatalf("%s: model %s, term.Eval %s (%v)", x, got, s.printer.ValueString(want), err)
				}
			}
			entries, def, err := mustEval(t, m, arr).Map()
			if err != nil {
				t.Fatal(err)
			}
			for idx := uint64(0); idx < 16; idx++ {
				want, _ := mustEval(t, m, arr).Select(mustEval(t, m, s.BV(4, idx)))
				got, ok := entries[idx]
				if !ok {
					got = def
				}
				if !got.Equal(want) {
					t.Fatalf("Map at %d: %s, Select %s", idx, got, want)
				}
			}
		}
		s.Pop()
	}
}

// TestTimeoutAndStats checks the time limit (a 64-bit factoring problem
// under 1 ms is unknown, with the reason) and the per-stage statistics.
func TestTimeoutAndStats(t *testing.T) {
	s := NewSolver(Options{NoFallback: true, Timeout: time.Millisecond})
	defer s.Close()
	b64 := s.BitVecSort(64)
	p, q := s.Const("p", b64), s.Const("q", b64)
	one := s.BV(64, 1)
	s.Assert(s.BVUGT(p, one), s.BVUGT(q, one), s.Not(s.BVUMulO(p, q)),
		s.Eq(s.BVMul(p, q), s.BV(64, 0xfffffffb*0xffffffef)))
	r, err := s.Check(context.Background())
	if err != nil || r.Status != Unknown || r.Reason != "timeout" {
		t.Errorf("factoring in 1 ms: %v %v, want unknown (timeout)", r, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, _ := s.Check(ctx); r.Status != Unknown || r.Reason != "canceled" {
		t.Errorf("canceled check: %v", r)
	}
	st := s.Stats()
	if st.Checks != 2 || len(st.Stages) == 0 {
		t.Fatalf("stats: %+v", st)
	}
	calls := 0
	for _, g := range st.Stages {
		calls += g.Calls
		if g.Name == "z3-fallback" {
			t.Errorf("the fallback is in the pipeline with NoFallback")
		}
	}
	if calls == 0 {
		t.Errorf("no stage was called: %+v", st.Stages)
	}
}

// TestOneSolverPerGoroutine runs solvers on several goroutines at once (go
// test -race checks they share nothing).
func TestOneSolverPerGoroutine(t *testing.T) {
	done := make(chan error)
	for g := 0; g < 4; g++ {
		go func() {
			s := NewSolver(Options{NoFallback: true})
			defer s.Close()
			x := s.Const("x", s.BitVecSort(16))
			s.Assert(s.Eq(s.BVMul(x, s.BV(16, 3)), s.BV(16, uint64(g))))
			r, err := s.Check(context.Background())
			if err == nil && r.Status != Sat {
				err = errors.New(r.String())
			}
			done <- err
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
