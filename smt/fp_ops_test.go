package smt

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

// fpOpCase is a floating-point operator as the API builds it.
type fpOpCase struct {
	op  term.Op
	idx []uint32
	api func(s *Solver, rm, x, y, z, b Term) Term
	// args lists the arguments term.Make gets: r rounding mode, x y z
	// floats, b an 8-bit vector, c the encoding-width vector.
	args string
}

var fpOpCases = []fpOpCase{
	{term.OpFP, nil, func(s *Solver, _, _, _, _, _ Term) Term {
		return s.FP(s.BV(1, 1), s.BV(3, 2), s.BV(3, 5))
	}, ""},
	{term.OpFPAbs, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPAbs(x) }, "x"},
	{term.OpFPNeg, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPNeg(x) }, "x"},
	{term.OpFPAdd, nil, func(s *Solver, r, x, y, _, _ Term) Term { return s.FPAdd(r, x, y) }, "rxy"},
	{term.OpFPSub, nil, func(s *Solver, r, x, y, _, _ Term) Term { return s.FPSub(r, x, y) }, "rxy"},
	{term.OpFPMul, nil, func(s *Solver, r, x, y, _, _ Term) Term { return s.FPMul(r, x, y) }, "rxy"},
	{term.OpFPDiv, nil, func(s *Solver, r, x, y, _, _ Term) Term { return s.FPDiv(r, x, y) }, "rxy"},
	{term.OpFPFma, nil, func(s *Solver, r, x, y, z, _ Term) Term { return s.FPFma(r, x, y, z) }, "rxyz"},
	{term.OpFPSqrt, nil, func(s *Solver, r, x, _, _, _ Term) Term { return s.FPSqrt(r, x) }, "rx"},
	{term.OpFPRem, nil, func(s *Solver, _, x, y, _, _ Term) Term { return s.FPRem(x, y) }, "xy"},
	{term.OpFPRoundToIntegral, nil, func(s *Solver, r, x, _, _, _ Term) Term { return s.FPRoundToIntegral(r, x) }, "rx"},
	{term.OpFPMin, nil, func(s *Solver, _, x, y, _, _ Term) Term { return s.FPMin(x, y) }, "xy"},
	{term.OpFPMax, nil, func(s *Solver, _, x, y, _, _ Term) Term { return s.FPMax(x, y) }, "xy"},
	{term.OpFPLeq, nil, func(s *Solver, _, x, y, _, _ Term) Term { return s.FPLeq(x, y) }, "xy"},
	{term.OpFPLt, nil, func(s *Solver, _, x, y, _, _ Term) Term { return s.FPLt(x, y) }, "xy"},
	{term.OpFPGeq, nil, func(s *Solver, _, x, y, _, _ Term) Term { return s.FPGeq(x, y) }, "xy"},
	{term.OpFPGt, nil, func(s *Solver, _, x, y, _, _ Term) Term { return s.FPGt(x, y) }, "xy"},
	{term.OpFPEq, nil, func(s *Solver, _, x, y, _, _ Term) Term { return s.FPEq(x, y) }, "xy"},
	{term.OpFPIsNormal, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPIsNormal(x) }, "x"},
	{term.OpFPIsSubnormal, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPIsSubnormal(x) }, "x"},
	{term.OpFPIsZero, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPIsZero(x) }, "x"},
	{term.OpFPIsInfinite, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPIsInfinite(x) }, "x"},
	{term.OpFPIsNaN, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPIsNaN(x) }, "x"},
	{term.OpFPIsNegative, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPIsNegative(x) }, "x"},
	{term.OpFPIsPositive, nil, func(s *Solver, _, x, _, _, _ Term) Term { return s.FPIsPositive(x) }, "x"},
	{term.OpToFP, []uint32{3, 4}, func(s *Solver, _, _, _, _, _ Term) Term {
		return s.ToFPBits(s.FloatSort(3, 4), s.Const("c", s.BitVecSort(7)))
	}, "c"},
	{term.OpToFPUnsigned, []uint32{5, 11}, func(s *Solver, r, _, _, _, b Term) Term {
		return s.ToFPUnsigned(s.FloatSort(5, 11), r, b)
	}, "rb"},
	{term.OpFPToUBV, []uint32{8}, func(s *Solver, r, x, _, _, _ Term) Term { return s.FPToUBV(8, r, x) }, "rx"},
	{term.OpFPToSBV, []uint32{8}, func(s *Solver, r, x, _, _, _ Term) Term { return s.FPToSBV(8, r, x) }, "rx"},
}

// TestFloatOpsMatchTerm checks that each floating-point constructor builds
// the term term.Make builds, and that ToFPFloat and ToFPSigned reach the
// overloads of to_fp they name.
func TestFloatOpsMatchTerm(t *testing.T) {
	s := NewSolver(Options{})
	defer s.Close()
	fs := s.FloatSort(3, 4)
	r := s.Const("r", s.RoundingModeSort())
	x, y, z := s.Const("x", fs), s.Const("y", fs), s.Const("z", fs)
	b := s.Const("b", s.BitVecSort(8))
	c := s.Const("c", s.BitVecSort(7))
	byLetter := map[rune]Term{'r': r, 'x': x, 'y': y, 'z': z, 'b': b, 'c': c}
	for _, tc := range fpOpCases {
		got := tc.api(s, r, x, y, z, b)
		if got.Err() != nil {
			t.Errorf("%s: %v", tc.op, got.Err())
			continue
		}
		var ids []term.Term
		for _, l := range tc.args {
			ids = append(ids, byLetter[l].id)
		}
		if tc.op == term.OpFP {
			ids = []term.Term{s.BV(1, 1).id, s.BV(3, 2).id, s.BV(3, 5).id}
		}
		want, err := s.st.Make(tc.op, tc.idx, ids...)
		if err != nil || want != got.id {
			t.Errorf("%s: API built %s, term.Make %d (%v)", tc.op, got, want, err)
		}
	}
	g := s.FloatSort(5, 11)
	if op := s.st.Op(s.ToFPFloat(g, r, x).id); op != term.OpToFPFloat {
		t.Errorf("ToFPFloat built %s", op)
	}
	if op := s.st.Op(s.ToFPSigned(g, r, b).id); op != term.OpToFPSigned {
		t.Errorf("ToFPSigned built %s", op)
	}
}
