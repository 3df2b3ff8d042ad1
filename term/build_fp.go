package term

import (
	"fmt"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
)

// FloatConst returns the floating-point constant v.
func (st *Store) FloatConst(v fp.Value) Term {
	return st.valueLeaf(OpFPConst, st.FloatSort(v.Format()), v.Bits())
}

// RoundingModeConst returns the rounding-mode constant r.
func (st *Store) RoundingModeConst(r fp.RoundingMode) Term {
	return st.intern(node{op: OpRMConst, sort: st.RoundingModeSort(), i0: uint32(r)}, nil)
}

// FloatConstValue returns the value of a floating-point constant.
func (st *Store) FloatConstValue(t Term) fp.Value {
	return fp.FromBits(st.FloatFormat(st.SortOf(t)), st.Value(t))
}

// RoundingModeOf returns the value of a rounding-mode constant.
func (st *Store) RoundingModeOf(t Term) fp.RoundingMode { return fp.RoundingMode(st.nodes[t].i0) }

// makeFP checks and builds the floating-point operators.
func (st *Store) makeFP(op Op, idx []uint32, args []Term) (Term, error) {
	arity := func(n int) error {
		if len(args) != n {
			return fmt.Errorf("%s expects %d arguments, got %d", op, n, len(args))
		}
		return nil
	}
	// floats checks that args[from:] are floating-point terms of one sort.
	floats := func(from int) error {
		for i, a := range args[from:] {
			if !st.IsFloat(st.SortOf(a)) {
				return fmt.Errorf("argument %d of %s must be a floating-point term, got %s", from+i+1, op, st.SortString(st.SortOf(a)))
			}
		}
		return st.wantSameSort(op, args[from:])
	}
	roundingMode := func() error {
		if !st.IsRoundingMode(st.SortOf(args[0])) {
			return fmt.Errorf("argument 1 of %s must be a RoundingMode, got %s", op, st.SortString(st.SortOf(args[0])))
		}
		return nil
	}
	rmFloats := func(n int) error {
		if err := arity(n); err != nil {
			return err
		}
		if err := roundingMode(); err != nil {
			return err
		}
		return floats(1)
	}
	format := func() (fp.Format, error) {
		f := fp.Format{EB: idx[0], SB: idx[1]}
		if !f.Valid() {
			return f, fmt.Errorf("(_ %s %d %d): floating-point formats need eb, sb >= 2 (and eb <= %d, sb <= %d here)",
				op, idx[0], idx[1], fp.MaxEB, fp.MaxSB)
		}
		return f, nil
	}
	bitVec := func(i int) (uint32, error) {
		s := st.SortOf(args[i])
		if !st.IsBitVec(s) {
			return 0, fmt.Errorf("argument %d of %s must be a bit-vector, got %s", i+1, op, st.SortString(s))
		}
		return st.Width(s), nil
	}
	var err error
	switch op {
	case OpFP:
		if err = arity(3); err != nil {
			return NoTerm, err
		}
		var w [3]uint32
		for i := range w {
			if w[i], err = bitVec(i); err != nil {
				return NoTerm, err
			}
		}
		f := fp.Format{EB: w[1], SB: w[2] + 1}
		if w[0] != 1 || !f.Valid() {
			return NoTerm, fmt.Errorf("fp expects bit-vectors of widths 1, eb >= 2 and sb-1 >= 1, got %d, %d and %d", w[0], w[1], w[2])
		}
	case OpFPAbs, OpFPNeg, OpFPIsNormal, OpFPIsSubnormal, OpFPIsZero, OpFPIsInfinite, OpFPIsNaN,
		OpFPIsNegative, OpFPIsPositive:
		if err = arity(1); err == nil {
			err = floats(0)
		}
	case OpFPAdd, OpFPSub, OpFPMul, OpFPDiv:
		err = rmFloats(3)
	case OpFPFma:
		err = rmFloats(4)
	case OpFPSqrt, OpFPRoundToIntegral:
		err = rmFloats(2)
	case OpFPRem, OpFPMin, OpFPMax:
		if err = arity(2); err == nil {
			err = floats(0)
		}
	case OpFPLeq, OpFPLt, OpFPGeq, OpFPGt, OpFPEq:
		if len(args) < 2 {
			return NoTerm, fmt.Errorf("%s expects at least 2 arguments, got %d", op, len(args))
		}
		if err = floats(0); err != nil {
			return NoTerm, err
		}
		// Chainable: (fp.leq a b c) is (and (fp.leq a b) (fp.leq b c)).
		conj := make([]Term, 0, len(args)-1)
		for i := 0; i+1 < len(args); i++ {
			conj = append(conj, st.mkFP(op, nil, []Term{args[i], args[i+1]}))
		}
		return st.mkAndOr(OpAnd, conj), nil
	case OpToFP, OpToFPBits, OpToFPFloat, OpToFPSigned:
		f, err := format()
		if err != nil {
			return NoTerm, err
		}
		switch {
		case len(args) == 1 && st.IsBitVec(st.SortOf(args[0])):
			if w := st.Width(st.SortOf(args[0])); w != f.Width() {
				return NoTerm, fmt.Errorf("(_ to_fp %d %d) of a bit-vector needs width %d, got %d", f.EB, f.SB, f.Width(), w)
			}
			op = OpToFPBits
		case len(args) == 2 && st.IsFloat(st.SortOf(args[1])):
			op = OpToFPFloat
		case len(args) == 2 && st.IsBitVec(st.SortOf(args[1])):
			op = OpToFPSigned
		default:
			return NoTerm, fmt.Errorf("(_ to_fp %d %d) expects a bit-vector, or a RoundingMode and a floating-point or bit-vector term", f.EB, f.SB)
		}
		if op != OpToFPBits {
			err = roundingMode()
		}
	case OpToFPUnsigned:
		if _, err = format(); err != nil {
			return NoTerm, err
		}
		if err = arity(2); err == nil {
			if err = roundingMode(); err == nil {
				_, err = bitVec(1)
			}
		}
	case OpFPToUBV, OpFPToSBV:
		if idx[0] == 0 || idx[0] > MaxWidth {
			return NoTerm, fmt.Errorf("(_ %s %d): the width must be in 1..%d", op, idx[0], MaxWidth)
		}
		err = rmFloats(2)
	default:
		return NoTerm, fmt.Errorf("%s cannot be built with Make", op)
	}
	if err != nil {
		return NoTerm, err
	}
	return st.mkFP(op, idx, args), nil
}

// fpResultSort returns the sort of a well-sorted floating-point application.
func (st *Store) fpResultSort(op Op, idx []uint32, args []Term) Sort {
	switch op {
	case OpFP:
		return st.FloatSort(fp.Format{EB: st.Width(st.SortOf(args[1])), SB: st.Width(st.SortOf(args[2])) + 1})
	case OpFPLeq, OpFPLt, OpFPGeq, OpFPGt, OpFPEq, OpFPIsNormal, OpFPIsSubnormal, OpFPIsZero,
		OpFPIsInfinite, OpFPIsNaN, OpFPIsNegative, OpFPIsPositive:
		return BoolSortID
	case OpToFPBits, OpToFPFloat, OpToFPSigned, OpToFPUnsigned:
		return st.FloatSort(fp.Format{EB: idx[0], SB: idx[1]})
	case OpFPToUBV, OpFPToSBV:
		return st.BitVecSort(idx[0])
	}
	return st.SortOf(args[len(args)-1])
}

// mkFP folds constants and applies the local rewrites of floating-point
// terms (each exact: checked against the theory by the tests), then
// interns.
func (st *Store) mkFP(op Op, idx []uint32, args []Term) Term {
	allConst := true
	for _, a := range args {
		allConst = allConst && st.IsConst(a)
	}
	var i0, i1 uint32
	if len(idx) > 0 {
		i0 = idx[0]
	}
	if len(idx) > 1 {
		i1 = idx[1]
	}
	if allConst {
		vals := make([]Value, len(args))
		for i, a := range args {
			vals[i] = st.constValue(a)
		}
		if r, open := st.applyFP(op, i0, i1, vals); !open {
			return st.ValueTerm(r)
		}
	} else if r := st.foldAnyRoundingMode(op, i0, i1, args); r != NoTerm {
		return r
	}
	if t, ok := st.simplifyFP(op, idx, args); ok {
		return t
	}
	return st.intern(node{op: op, sort: st.fpResultSort(op, idx, args), i0: i0, i1: i1}, args)
}

// foldAnyRoundingMode folds an operation on constants under a rounding
// mode that is not one, when all five modes give the same result (an exact
// sum, a conversion that needs no rounding).
func (st *Store) foldAnyRoundingMode(op Op, i0, i1 uint32, args []Term) Term {
	if len(args) < 2 || !st.IsRoundingMode(st.SortOf(args[0])) {
		return NoTerm
	}
	for _, a := range args[1:] {
		if !st.IsConst(a) {
			return NoTerm
		}
	}
	vals := make([]Value, len(args))
	for i, a := range args[1:] {
		vals[i+1] = st.constValue(a)
	}
	var first Value
	for r := fp.RoundingMode(0); r < fp.NumRoundingModes; r++ {
		vals[0] = st.RoundingModeValue(r)
		v, open := st.applyFP(op, i0, i1, vals)
		if open || r > 0 && !v.Equal(first) {
			return NoTerm
		}
		first = v
	}
	return st.ValueTerm(first)
}

// constValue is the value of a constant term.
func (st *Store) constValue(t Term) Value {
	switch st.Op(t) {
	case OpTrue, OpFalse:
		return BoolValue(t == st.trueT)
	case OpBVConst:
		return st.BVValue(st.Value(t))
	case OpFPConst:
		return st.FloatValue(st.FloatConstValue(t))
	case OpRMConst:
		return st.RoundingModeValue(st.RoundingModeOf(t))
	}
	panic("term: constValue of a non-constant")
}

// simplifyFP applies the identities of floating-point terms that hold for
// every value, NaN and signed zeros included.
func (st *Store) simplifyFP(op Op, idx []uint32, args []Term) (Term, bool) {
	a := args[0]
	switch op {
	case OpFPSub: // x - y is x + (-y) (IEEE 754 §5.4.1)
		return st.mkFP(OpFPAdd, nil, []Term{args[0], args[1], st.mkFP(OpFPNeg, nil, []Term{args[2]})}), true
	case OpFPGeq:
		return st.mkFP(OpFPLeq, nil, []Term{args[1], args[0]}), true
	case OpFPGt:
		return st.mkFP(OpFPLt, nil, []Term{args[1], args[0]}), true
	case OpFPNeg:
		if st.Op(a) == OpFPNeg {
			return st.Arg(a, 0), true
		}
	case OpFPAbs:
		switch st.Op(a) {
		case OpFPAbs:
			return a, true
		case OpFPNeg:
			return st.mkFP(OpFPAbs, nil, []Term{st.Arg(a, 0)}), true
		}
	case OpFPIsNaN, OpFPIsInfinite, OpFPIsZero, OpFPIsNormal, OpFPIsSubnormal:
		// The class does not depend on the sign.
		if o := st.Op(a); o == OpFPNeg || o == OpFPAbs {
			return st.mkFP(op, nil, []Term{st.Arg(a, 0)}), true
		}
	case OpFPLt:
		if args[0] == args[1] {
			return st.falseT, true
		}
	case OpFPLeq, OpFPEq:
		if args[0] == args[1] {
			return st.mkNot(st.mkFP(OpFPIsNaN, nil, []Term{a})), true
		}
	case OpFPMin, OpFPMax:
		if args[0] == args[1] {
			return a, true
		}
	case OpFPAdd:
		// x + ±0 is x except for zeros: x + -0 is -0 only for x = +0
		// under RTN; x + +0 turns -0 into +0 except under RTN.
		rm, x, c := args[0], args[1], args[2]
		if st.Op(x) == OpFPConst {
			x, c = c, x
		}
		if st.Op(c) == OpFPConst && st.FloatConstValue(c).IsZero() {
			f := st.FloatFormat(st.SortOf(x))
			pz, nz := st.FloatConst(fp.Zero(f, false)), st.FloatConst(fp.Zero(f, true))
			rtn := st.mkEq(rm, st.RoundingModeConst(fp.RTN))
			if st.FloatConstValue(c).Neg() {
				return st.mkIte(st.mkAndOr(OpAnd, []Term{st.mkEq(x, pz), rtn}), nz, x), true
			}
			return st.mkIte(st.mkFP(OpFPIsZero, nil, []Term{x}), st.mkIte(rtn, x, pz), x), true
		}
	case OpFPMul, OpFPDiv:
		// x × ±1 and x / ±1 are x or -x exactly.
		x, c := args[1], args[2]
		if op == OpFPMul && st.Op(x) == OpFPConst {
			x, c = c, x
		}
		if st.Op(c) == OpFPConst {
			v := st.FloatConstValue(c)
			f := v.Format()
			if one := fp.FromSigned(f, fp.RNE, bv.New(2, 1)); fp.Abs(v).Equal(one) {
				if v.Neg() {
					return st.mkFP(OpFPNeg, nil, []Term{x}), true
				}
				return x, true
			}
		}
	case OpToFPFloat:
		if st.SortOf(args[1]) == st.fpResultSort(op, idx, args) {
			return args[1], true // to its own format: exact
		}
	}
	return NoTerm, false
}
