package term

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
)

// IsFloat reports whether o is an operator of the FloatingPoint theory
// (its constants included).
func (o Op) IsFloat() bool { return o >= OpFPConst && o <= OpFPToSBV }

// applyFP computes a floating-point operator on values: the one definition
// of the theory's semantics that constant folding and Eval share, as
// applyBV is for bit-vectors. open reports a point where the theory leaves
// the result unspecified (fp.min/fp.max of zeros of opposite sign,
// fp.to_ubv/fp.to_sbv of NaN, infinities and values out of range): there
// the result is the model's choice (Model.Choices), and r is not set.
func (st *Store) applyFP(op Op, i0, i1 uint32, v []Value) (r Value, open bool) {
	float := func(i int) fp.Value { return v[i].Float() }
	rm := func() fp.RoundingMode { return v[0].RoundingMode() }
	fv := st.FloatValue
	switch op {
	case OpFP:
		return fv(fp.FromComponents(v[0].BV, v[1].BV, v[2].BV)), false
	case OpFPAbs:
		return fv(fp.Abs(float(0))), false
	case OpFPNeg:
		return fv(fp.Negate(float(0))), false
	case OpFPAdd:
		return fv(fp.Add(rm(), float(1), float(2))), false
	case OpFPSub:
		return fv(fp.Sub(rm(), float(1), float(2))), false
	case OpFPMul:
		return fv(fp.Mul(rm(), float(1), float(2))), false
	case OpFPDiv:
		return fv(fp.Div(rm(), float(1), float(2))), false
	case OpFPFma:
		return fv(fp.Fma(rm(), float(1), float(2), float(3))), false
	case OpFPSqrt:
		return fv(fp.Sqrt(rm(), float(1))), false
	case OpFPRem:
		return fv(fp.Rem(float(0), float(1))), false
	case OpFPRoundToIntegral:
		return fv(fp.RoundToIntegral(rm(), float(1))), false
	case OpFPMin, OpFPMax:
		f := fp.Min
		if op == OpFPMax {
			f = fp.Max
		}
		x, ok := f(float(0), float(1))
		if !ok {
			return Value{}, true
		}
		return fv(x), false
	case OpFPLeq:
		return BoolValue(fp.Leq(float(0), float(1))), false
	case OpFPLt:
		return BoolValue(fp.Lt(float(0), float(1))), false
	case OpFPGeq:
		return BoolValue(fp.Leq(float(1), float(0))), false
	case OpFPGt:
		return BoolValue(fp.Lt(float(1), float(0))), false
	case OpFPEq:
		return BoolValue(fp.Eq(float(0), float(1))), false
	case OpFPIsNormal:
		return BoolValue(float(0).IsNormal()), false
	case OpFPIsSubnormal:
		return BoolValue(float(0).IsSubnormal()), false
	case OpFPIsZero:
		return BoolValue(float(0).IsZero()), false
	case OpFPIsInfinite:
		return BoolValue(float(0).IsInf()), false
	case OpFPIsNaN:
		return BoolValue(float(0).IsNaN()), false
	case OpFPIsNegative:
		return BoolValue(float(0).IsNegative()), false
	case OpFPIsPositive:
		return BoolValue(float(0).IsPositive()), false
	case OpToFPBits:
		return fv(fp.FromBits(fp.Format{EB: i0, SB: i1}, v[0].BV)), false
	case OpToFPFloat:
		return fv(fp.Convert(fp.Format{EB: i0, SB: i1}, rm(), float(1))), false
	case OpToFPSigned:
		return fv(fp.FromSigned(fp.Format{EB: i0, SB: i1}, rm(), v[1].BV)), false
	case OpToFPUnsigned:
		return fv(fp.FromUnsigned(fp.Format{EB: i0, SB: i1}, rm(), v[1].BV)), false
	case OpFPToUBV, OpFPToSBV:
		f := fp.ToUnsigned
		if op == OpFPToSBV {
			f = fp.ToSigned
		}
		b, ok := f(rm(), float(1), i0)
		if !ok {
			return Value{}, true
		}
		return st.BVValue(b), false
	}
	panic("term: applyFP on " + op.String())
}

// ChoiceKey names a function of the results the theory leaves open: an
// operator (OpFPMin, OpFPMax, OpFPToUBV, OpFPToSBV), its index (the m of
// fp.to_ubv and fp.to_sbv) and the sort of its floating-point argument.
// Each is a function of the operator's arguments, fixed by a model.
type ChoiceKey struct {
	Op    Op
	Index uint32
	Arg   Sort
}

// choiceKey returns the key of an application t with an open result.
func (st *Store) choiceKey(t Term) ChoiceKey {
	i0, _ := st.Indices(t)
	return ChoiceKey{Op: st.Op(t), Index: i0, Arg: st.SortOf(st.Arg(t, st.NumArgs(t)-1))}
}

// ChoiceKeyOf is choiceKey for callers outside the package (the lowering
// of floating-point terms names its choice functions by it).
func (st *Store) ChoiceKeyOf(t Term) ChoiceKey { return st.choiceKey(t) }

// DefaultChoice is what an open result is when the model fixes none: the
// IEEE 754-2019 minimum/maximum order (-0 < +0), and zero bits for the
// integer conversions.
func (st *Store) DefaultChoice(k ChoiceKey) Value {
	f := st.FloatFormat(k.Arg)
	switch k.Op {
	case OpFPMin:
		return st.FloatValue(fp.Zero(f, true))
	case OpFPMax:
		return st.FloatValue(fp.Zero(f, false))
	}
	return st.BVValue(bv.Zero(k.Index))
}

// choice returns the model's value of the open result of t at args.
func (e *Evaluator) choice(t Term, args []Value) (Value, error) {
	k := e.st.choiceKey(t)
	if f := e.model.Choices[k]; f != nil {
		return f.Eval(args)
	}
	return e.st.DefaultChoice(k), nil
}
