package smt

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestBadUse covers the errors of bad use: each case must give an error
// (never a panic) that errors.Is recognises.
func TestBadUse(t *testing.T) {
	ctx := context.Background()
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	other := NewSolver(Options{NoFallback: true})
	defer other.Close()
	closed := NewSolver(Options{NoFallback: true})
	cx := closed.Const("x", closed.BitVecSort(8))
	closed.Close()

	b8, b16 := s.BitVecSort(8), s.BitVecSort(16)
	x, y := s.Const("x", b8), s.Const("y", b16)
	p := s.Const("p", s.BoolSort())
	arr := s.Const("a", s.ArraySort(b8, b8))
	ox := other.Const("x", other.BitVecSort(8))
	f := s.Func("f", []Sort{b8}, b8)

	cases := []struct {
		name string
		err  error
		want error
	}{
		{"bvadd of two widths", s.BVAdd(x, y).Err(), ErrSort},
		{"bvadd of a Bool", s.BVAdd(x, p).Err(), ErrSort},
		{"and of a bit-vector", s.And(p, x).Err(), ErrSort},
		{"eq of two sorts", s.Eq(x, y).Err(), ErrSort},
		{"ite branches of two sorts", s.Ite(p, x, y).Err(), ErrSort},
		{"ite on a bit-vector condition", s.Ite(x, x, x).Err(), ErrSort},
		{"extract past the width", s.Extract(8, 0, x).Err(), ErrSort},
		{"extract hi below lo", s.Extract(2, 3, x).Err(), ErrSort},
		{"extract negative", s.Extract(-1, 0, x).Err(), ErrSort},
		{"repeat 0", s.Repeat(0, x).Err(), ErrSort},
		{"zero_extend negative", s.ZeroExtend(-2, x).Err(), ErrSort},
		{"width 0", s.BitVecSort(0).Err(), ErrSort},
		{"constant of width 0", s.BV(0, 1).Err(), ErrSort},
		{"nil big.Int", s.BVBig(8, nil).Err(), ErrSort},
		{"select with a wrong index", s.Select(arr, y).Err(), ErrSort},
		{"store with a wrong value", s.Store(arr, x, y).Err(), ErrSort},
		{"select of a bit-vector", s.Select(x, x).Err(), ErrSort},
		{"const array of a non-array sort", s.ConstArray(b8, x).Err(), ErrSort},
		{"const array of the wrong element", s.ConstArray(s.ArraySort(b8, b8), y).Err(), ErrSort},
		{"distinct of one", s.Distinct(x).Err(), ErrSort},
		{"apply with a wrong sort", f.Apply(y).Err(), ErrSort},
		{"apply with too many arguments", f.Apply(x, x).Err(), ErrSort},
		{"function without parameters", s.Func("g", nil, b8).Err(), ErrSort},
		{"forall over a free constant", s.ForAll([]Term{x}, p).Err(), ErrSort},
		{"forall of a bit-vector body", s.ForAll([]Term{s.BoundVar("i", b8)}, x).Err(), ErrSort},
		{"forall without variables", s.ForAll(nil, p).Err(), ErrSort},
		{"a name with two sorts", s.Const("x", b16).Err(), ErrName},
		{"a function named like a constant", s.Func("x", []Sort{b8}, b8).Err(), ErrName},
		{"a term of another solver", s.BVAdd(x, ox).Err(), ErrForeign},
		{"a sort of another solver", s.Const("z", other.BitVecSort(8)).Err(), ErrForeign},
		{"the zero Term", s.Not(Term{}).Err(), ErrZero},
		{"the zero Sort", s.Const("w", Sort{}).Err(), ErrZero},
		{"the zero Func", Func{}.Apply(x).Err(), ErrZero},
		{"a constructor after Close", closed.BV(8, 1).Err(), ErrClosed},
		{"a term of a closed solver", closed.BVNeg(cx).Err(), ErrClosed},
		{"a sort after Close", closed.BoolSort().Err(), ErrClosed},
		{"assert a bit-vector", s.Assert(x), ErrSort},
		{"assert a broken term", s.Assert(s.Not(s.BVAdd(x, y))), ErrSort},
		{"assert a foreign term", s.Assert(other.True()), ErrForeign},
		{"assert after Close", closed.Assert(closed.True()), ErrClosed},
		{"push after Close", closed.Push(), ErrClosed},
		{"pop after Close", closed.Pop(), ErrClosed},
		{"pop without push", s.Pop(), ErrNoLevel},
		{"assert named twice", twice(s, p), ErrName},
		{"parse after Close", second(closed.ParseSMTLIB("(assert true)")), ErrClosed},
		{"model after Close", second(closed.Model()), ErrClosed},
		{"core after Close", second(closed.UnsatCore()), ErrClosed},
		{"model before a check", second(s.Model()), ErrNoModel},
		{"core before a check", second(s.UnsatCore()), ErrNoModel},
	}
	for _, c := range cases {
		if c.err == nil || !errors.Is(c.err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, c.err, c.want)
		}
	}

	// Errors travel: a term built on a broken term carries its error.
	broken := s.BVAdd(x, y)
	chain := s.Eq(s.BVMul(broken, x), x)
	if !errors.Is(chain.Err(), ErrSort) || !strings.Contains(chain.String(), "bvadd") {
		t.Errorf("a chain on a broken term: %v (%s)", chain.Err(), chain)
	}
	if _, err := s.Check(ctx, chain); !errors.Is(err, ErrSort) {
		t.Errorf("check with a broken assumption: %v", err)
	}
	if _, err := closed.Check(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("check after Close: %v", err)
	}
	if _, err := s.Check(ctx, x); !errors.Is(err, ErrSort) {
		t.Errorf("check with a bit-vector assumption: %v", err)
	}

	// Model reading errors.
	if r, err := s.Check(ctx); err != nil || r.Status != Sat {
		t.Fatalf("empty check: %v %v", r, err)
	}
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	wide := s.Const("wide", s.BitVecSort(100))
	for name, err := range map[string]error{
		"Uint64 of a Bool":     second(m.Uint64(p)),
		"Bool of a bit-vector": second(m.Bool(x)),
		"Uint64 of 100 bits":   second(m.Uint64(wide)),
		"BigInt of a Bool":     second(m.BigInt(p)),
		"Map of a bit-vector":  third(mustEval(t, m, x).Map()),
		"Select of a Bool":     second(mustEval(t, m, p).Select(mustEval(t, m, x))),
	} {
		if !errors.Is(err, ErrValue) {
			t.Errorf("%s: %v, want ErrValue", name, err)
		}
	}
	if _, err := m.Eval(ox); !errors.Is(err, ErrForeign) {
		t.Errorf("eval of a foreign term: %v", err)
	}
	if _, err := m.Eval(s.BoundVar("i", b8)); err == nil {
		t.Errorf("eval of a bound variable outside its binder: no error")
	}
	// A Model outlives Close of nothing but its solver's terms: reading it
	// after Close is an error too.
	if _, err := m.Eval(cx); !errors.Is(err, ErrForeign) {
		t.Errorf("eval of another (closed) solver's term: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Eval(x); !errors.Is(err, ErrClosed) {
		t.Errorf("eval after Close: %v", err)
	}
	if got := x.String(); !strings.Contains(got, "closed") {
		t.Errorf("String after Close: %q", got)
	}
}

func twice(s *Solver, p Term) error {
	if err := s.AssertNamed("n", p); err != nil {
		return err
	}
	return s.AssertNamed("n", p)
}

func second[T any](_ T, err error) error { return err }

func third[T, U any](_ T, _ U, err error) error { return err }

func mustEval(t *testing.T, m *Model, x Term) Value {
	t.Helper()
	v, err := m.Eval(x)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestBusy checks that a second Check while one runs fails with ErrBusy.
func TestBusy(t *testing.T) {
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	s.busy.Store(true) // as if a Check were running on another goroutine
	if _, err := s.Check(context.Background()); !errors.Is(err, ErrBusy) {
		t.Errorf("concurrent check: %v, want ErrBusy", err)
	}
	s.busy.Store(false)
	if _, err := s.Check(context.Background()); err != nil {
		t.Errorf("check after the other ended: %v", err)
	}
}
