package smt_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/smt"
)

//go:noinline
func compiledToInts(f float64) [8]uint64 {
	return [8]uint64{uint64(int64(f)), uint64(uint32(int32(f))), uint64(uint16(int16(f))), uint64(uint8(int8(f))),
		uint64(f), uint64(uint32(f)), uint64(uint16(f)), uint64(uint8(f))}
}

// TestGoFloatToIntAgainstCompiled evaluates GoFloatToInt on constants (the
// builder folds it through package fp) and on a constant-valued variable
// (through the solver and its model) against the compiled conversions.
func TestGoFloatToIntAgainstCompiled(t *testing.T) {
	s := smt.NewSolver(smt.Options{NoFallback: true})
	defer s.Close()
	types := [8]struct {
		w      int
		signed bool
	}{{64, true}, {32, true}, {16, true}, {8, true}, {64, false}, {32, false}, {16, false}, {8, false}}
	r := rand.New(rand.NewPCG(9, 9))
	x := s.Const("x", s.Float64Sort())
	for i := 0; i < 3000; i++ {
		f := math.Ldexp(r.Float64()*2-1, r.IntN(70))
		switch i {
		case 0:
			f = math.NaN()
		case 1:
			f = math.Inf(-1)
		case 2:
			f = 1.9e19
		}
		want := compiledToInts(f)
		for k, ty := range types {
			c := s.GoFloatToInt(s.Float64(f), ty.w, ty.signed)
			m, err := smtModel(s)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := m.Uint64(c); err != nil || got != want[k] {
				t.Fatalf("GoFloatToInt(%v, %d, %v) = %#x %v, compiled %#x", f, ty.w, ty.signed, got, err, want[k])
			}
		}
		if i%100 == 0 { // the circuits, through the whole pipeline
			conv := s.GoFloatToInt(x, 32, false)
			res, err := s.Check(context.Background(), s.Eq(x, s.Float64(f)))
			if err != nil || res.Status != smt.Sat {
				t.Fatalf("x = %v: %v %v", f, res, err)
			}
			m, _ := s.Model()
			if got, _ := m.Uint64(conv); got != want[5] {
				t.Fatalf("uint32(x) for x = %v: %#x, compiled %#x", f, got, want[5])
			}
		}
	}
	if err := s.GoFloatToInt(s.Const("h", s.FloatSort(5, 11)), 32, true).Err(); !errors.Is(err, smt.ErrSort) {
		t.Errorf("GoFloatToInt of a Float16: %v", err)
	}
}

// smtModel returns a model of the empty problem (every constant default),
// under which constant terms evaluate.
func smtModel(s *smt.Solver) (*smt.Model, error) {
	if _, err := s.Check(context.Background()); err != nil {
		return nil, err
	}
	return s.Model()
}

func TestFloatSortsAndValues(t *testing.T) {
	s := smt.NewSolver(smt.Options{})
	defer s.Close()
	if eb, sb := s.Float32Sort().Format(); eb != 8 || sb != 24 {
		t.Errorf("Float32 format %d %d", eb, sb)
	}
	if err := s.FloatSort(1, 5).Err(); !errors.Is(err, smt.ErrSort) {
		t.Errorf("eb 1: %v", err)
	}
	if err := s.ToFPFloat(s.Float32Sort(), s.RM(smt.RNE), s.BV(8, 1)).Err(); !errors.Is(err, smt.ErrSort) {
		t.Errorf("ToFPFloat of a bit-vector: %v", err)
	}
	m, err := smtModel(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []float64{0.1, -0.0, math.Inf(1), 5e-324, math.MaxFloat64} {
		v, err := m.Float64(s.Float64(f))
		if err != nil || math.Float64bits(v) != math.Float64bits(f) {
			t.Errorf("Float64(%v) reads back as %v %v", f, v, err)
		}
	}
	if v, _ := m.Float64(s.NaN(s.Float64Sort())); !math.IsNaN(v) {
		t.Errorf("NaN reads back as %v", v)
	}
	third := s.FPDiv(s.RM(smt.RNE), s.Float32(1), s.Float32(3))
	if v, err := m.Eval(third); err != nil || v.String() != "(fp #b0 #b01111101 #b01010101010101010101011)" {
		t.Errorf("1/3 as float32 = %v %v", v, err)
	}
	if v, _ := m.Eval(third); func() bool { f, _ := v.Float32(); return f != float32(1)/3 }() {
		t.Errorf("1/3 differs from Go's")
	}
}
