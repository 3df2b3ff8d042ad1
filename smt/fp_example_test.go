package smt_test

import (
	"context"
	"fmt"

	"github.com/sift-solver/sift/smt"
)

// Floating point as Go computes it: a float64 that adding 1 leaves
// unchanged, below 1e17; and a proof that doubling is exact.
func Example_floatingPoint() {
	s := smt.NewSolver(smt.Options{NoFallback: true})
	defer s.Close()
	rne := s.RM(smt.RNE) // Go's rounding
	x := s.Const("x", s.Float64Sort())
	s.Assert(s.FPEq(s.FPAdd(rne, x, s.Float64(1)), x), s.FPIsNormal(x), s.FPLt(x, s.Float64(1e17)))
	r, err := s.Check(context.Background())
	if err != nil || r.Status != smt.Sat {
		fmt.Println(r, err)
		return
	}
	m, _ := s.Model()
	v, _ := m.Float64(x)
	fmt.Println(r, v+1 == v, v < 1e17)

	// For every float32 y, y*2 and y+y are the same value (NaN and the
	// infinities included): no y tells them apart.
	s2 := smt.NewSolver(smt.Options{NoFallback: true})
	defer s2.Close()
	y := s2.Const("y", s2.Float32Sort())
	two := s2.Float32(2)
	r, _ = s2.Check(context.Background(), s2.Not(s2.Eq(s2.FPMul(s2.RM(smt.RNE), y, two), s2.FPAdd(s2.RM(smt.RNE), y, y))))
	fmt.Println(r)
	// Output:
	// sat true true
	// unsat
}

// int32(f) of a float64 beyond 2^31 is implementation-defined in Go; on
// amd64 it is math.MinInt32, and GoFloatToInt says so.
func Example_goFloatToInt() {
	s := smt.NewSolver(smt.Options{NoFallback: true})
	defer s.Close()
	f := s.Const("f", s.Float64Sort())
	i := s.GoFloatToInt(f, 32, true)
	r, _ := s.Check(context.Background(), s.FPGt(f, s.Float64(3e9)), s.Not(s.Eq(i, s.BV(32, 0x80000000))))
	fmt.Println(r)
	// Output: unsat
}
