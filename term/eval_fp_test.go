package term

import (
	"math"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
)

// fpEvalCase is a floating-point operator and its meaning in package fp,
// which has exhaustive tests of its own against a rational reference: here
// the builder (folding and local rewrites) and Eval are checked to agree with
// it on every value of small formats.
type fpEvalCase struct {
	op    Op
	idx   []uint32
	rm    bool // the first argument is a rounding mode
	nargs int  // floating-point arguments
	// want is the meaning; open reports an unspecified result.
	want func(rm fp.RoundingMode, x []fp.Value) (v Value, open bool)
}

func fpEvalCases(st *Store, f fp.Format) []fpEvalCase {
	fv := st.FloatValue
	flt := func(g func(fp.RoundingMode, []fp.Value) fp.Value) func(fp.RoundingMode, []fp.Value) (Value, bool) {
		return func(rm fp.RoundingMode, x []fp.Value) (Value, bool) { return fv(g(rm, x)), false }
	}
	pred := func(g func([]fp.Value) bool) func(fp.RoundingMode, []fp.Value) (Value, bool) {
		return func(_ fp.RoundingMode, x []fp.Value) (Value, bool) { return BoolValue(g(x)), false }
	}
	minMax := func(g func(x, y fp.Value) (fp.Value, bool)) func(fp.RoundingMode, []fp.Value) (Value, bool) {
		return func(_ fp.RoundingMode, x []fp.Value) (Value, bool) {
			r, ok := g(x[0], x[1])
			if !ok {
				return Value{}, true
			}
			return fv(r), false
		}
	}
	toInt := func(g func(fp.RoundingMode, fp.Value, uint32) (bv.Value, bool)) func(fp.RoundingMode, []fp.Value) (Value, bool) {
		return func(rm fp.RoundingMode, x []fp.Value) (Value, bool) {
			r, ok := g(rm, x[0], 3)
			if !ok {
				return Value{}, true
			}
			return st.BVValue(r), false
		}
	}
	g := fp.Format{EB: 3, SB: 2} // the other format of conversions
	return []fpEvalCase{
		{OpFPAbs, nil, false, 1, flt(func(_ fp.RoundingMode, x []fp.Value) fp.Value { return fp.Abs(x[0]) })},
		{OpFPNeg, nil, false, 1, flt(func(_ fp.RoundingMode, x []fp.Value) fp.Value { return fp.Negate(x[0]) })},
		{OpFPAdd, nil, true, 2, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.Add(rm, x[0], x[1]) })},
		{OpFPSub, nil, true, 2, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.Sub(rm, x[0], x[1]) })},
		{OpFPMul, nil, true, 2, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.Mul(rm, x[0], x[1]) })},
		{OpFPDiv, nil, true, 2, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.Div(rm, x[0], x[1]) })},
		{OpFPFma, nil, true, 3, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.Fma(rm, x[0], x[1], x[2]) })},
		{OpFPSqrt, nil, true, 1, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.Sqrt(rm, x[0]) })},
		{OpFPRem, nil, false, 2, flt(func(_ fp.RoundingMode, x []fp.Value) fp.Value { return fp.Rem(x[0], x[1]) })},
		{OpFPRoundToIntegral, nil, true, 1, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.RoundToIntegral(rm, x[0]) })},
		{OpFPMin, nil, false, 2, minMax(fp.Min)},
		{OpFPMax, nil, false, 2, minMax(fp.Max)},
		{OpFPLeq, nil, false, 2, pred(func(x []fp.Value) bool { return fp.Leq(x[0], x[1]) })},
		{OpFPLt, nil, false, 2, pred(func(x []fp.Value) bool { return fp.Lt(x[0], x[1]) })},
		{OpFPGeq, nil, false, 2, pred(func(x []fp.Value) bool { return fp.Leq(x[1], x[0]) })},
		{OpFPGt, nil, false, 2, pred(func(x []fp.Value) bool { return fp.Lt(x[1], x[0]) })},
		{OpFPEq, nil, false, 2, pred(func(x []fp.Value) bool { return fp.Eq(x[0], x[1]) })},
		{OpFPIsNormal, nil, false, 1, pred(func(x []fp.Value) bool { return x[0].IsNormal() })},
		{OpFPIsSubnormal, nil, false, 1, pred(func(x []fp.Value) bool { return x[0].IsSubnormal() })},
		{OpFPIsZero, nil, false, 1, pred(func(x []fp.Value) bool { return x[0].IsZero() })},
		{OpFPIsInfinite, nil, false, 1, pred(func(x []fp.Value) bool { return x[0].IsInf() })},
		{OpFPIsNaN, nil, false, 1, pred(func(x []fp.Value) bool { return x[0].IsNaN() })},
		{OpFPIsNegative, nil, false, 1, pred(func(x []fp.Value) bool { return x[0].IsNegative() })},
		{OpFPIsPositive, nil, false, 1, pred(func(x []fp.Value) bool { return x[0].IsPositive() })},
		{OpToFPFloat, []uint32{g.EB, g.SB}, true, 1, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.Convert(g, rm, x[0]) })},
		{OpToFP, []uint32{f.EB, f.SB}, true, 1, flt(func(rm fp.RoundingMode, x []fp.Value) fp.Value { return fp.Convert(f, rm, x[0]) })},
		{OpFPToUBV, []uint32{3}, true, 1, toInt(fp.ToUnsigned)},
		{OpFPToSBV, []uint32{3}, true, 1, toInt(fp.ToSigned)},
	}
}

// shapes are the argument terms an operand is built as: a variable, and
// forms the builder rewrites around (negations, absolute values).
func fpShapes(st *Store, x Term) []struct {
	t    Term
	want func(fp.Value) fp.Value
} {
	return []struct {
		t    Term
		want func(fp.Value) fp.Value
	}{
		{x, func(v fp.Value) fp.Value { return v }},
		{st.MustMake(OpFPNeg, nil, x), fp.Negate},
		{st.MustMake(OpFPAbs, nil, x), fp.Abs},
		{st.MustMake(OpFPNeg, nil, st.MustMake(OpFPNeg, nil, x)), func(v fp.Value) fp.Value { return v }},
		{st.MustMake(OpFPAbs, nil, st.MustMake(OpFPNeg, nil, x)), fp.Abs},
	}
}

func TestEvalFloatingPointOperators(t *testing.T) {
	for _, f := range []fp.Format{{EB: 2, SB: 3}, {EB: 3, SB: 3}} {
		st := NewStore()
		s := st.FloatSort(f)
		x, y, z := st.Var("x", s), st.Var("y", s), st.Var("z", s)
		r := st.Var("r", st.RoundingModeSort())
		vals := canonicalValues(f)
		n := len(vals)
		for _, c := range fpEvalCases(st, f) {
			rms := []fp.RoundingMode{fp.RNE}
			if c.rm {
				rms = []fp.RoundingMode{fp.RNE, fp.RNA, fp.RTP, fp.RTN, fp.RTZ}
			}
			// Second operands: all values for binary operators, one for
			// unary ones; fma's third is a function of the first two.
			seconds := 1
			if c.nargs >= 2 {
				seconds = n
			}
			shapes := fpShapes(st, x)
			if f.Width() > 5 {
				shapes = shapes[:1] // the rewrites are checked at the smaller format
			}
			for _, shape := range shapes {
				for _, rm := range rms {
					for i := 0; i < n; i++ {
						for j := 0; j < seconds; j++ {
							k := (7*i + j) % n
							operands := []fp.Value{shape.want(vals[i]), vals[j], vals[k]}[:c.nargs]
							m := NewModel()
							m.Set(x, st.FloatValue(vals[i]))
							m.Set(y, st.FloatValue(vals[j]))
							m.Set(z, st.FloatValue(vals[k]))
							m.Set(r, st.RoundingModeValue(rm))
							args := []Term{shape.t, y, z}[:c.nargs]
							consts := make([]Term, c.nargs)
							for a, v := range operands {
								consts[a] = st.FloatConst(v)
							}
							if c.rm {
								args = append([]Term{r}, args...)
								consts = append([]Term{st.RoundingModeConst(rm)}, consts...)
							}
							want, open := c.want(rm, operands)
							for _, built := range []Term{st.MustMake(c.op, c.idx, args...), st.MustMake(c.op, c.idx, consts...)} {
								got, err := st.Eval(built, m)
								if err != nil {
									t.Fatalf("%s %s: %v", f, c.op, err)
								}
								w := want
								if open {
									if st.IsConst(built) {
										t.Fatalf("%s %s %v folded an unspecified result", f, c.op, operands)
									}
									w = st.DefaultChoice(st.choiceKey(built))
								}
								if !got.Equal(w) {
									t.Fatalf("%s %s %s %v = %s, want %s", f, c.op, rm, operands, got.Key(), w.Key())
								}
							}
						}
					}
				}
			}
		}
	}
}

// canonicalValues lists every value of f once.
func canonicalValues(f fp.Format) []fp.Value {
	var vals []fp.Value
	for p := uint64(0); p < 1<<f.Width(); p++ {
		if v := fp.FromBits(f, bv.New(f.Width(), p)); v.Bits().Equal(bv.New(f.Width(), p)) {
			vals = append(vals, v)
		}
	}
	return vals
}

func TestEvalFloatingPointFromBitVectors(t *testing.T) {
	st := NewStore()
	f := fp.Format{EB: 2, SB: 3}
	r := st.Var("r", st.RoundingModeSort())
	for w := uint32(1); w <= 5; w++ {
		b := st.Var("b", st.BitVecSort(w))
		for p := uint64(0); p < 1<<w; p++ {
			bits := bv.New(w, p)
			for rm := fp.RoundingMode(0); rm < fp.NumRoundingModes; rm++ {
				m := NewModel()
				m.Set(b, st.BVValue(bits))
				m.Set(r, st.RoundingModeValue(rm))
				cases := []struct {
					t    Term
					want fp.Value
				}{
					{st.MustMake(OpToFP, []uint32{f.EB, f.SB}, r, b), fp.FromSigned(f, rm, bits)},
					{st.MustMake(OpToFPUnsigned, []uint32{f.EB, f.SB}, r, b), fp.FromUnsigned(f, rm, bits)},
				}
				if w == f.Width() {
					cases = append(cases, struct {
						t    Term
						want fp.Value
					}{st.MustMake(OpToFP, []uint32{f.EB, f.SB}, b), fp.FromBits(f, bits)},
						struct {
							t    Term
							want fp.Value
						}{st.MustMake(OpFP, nil, st.MustMake(OpExtract, []uint32{4, 4}, b),
							st.MustMake(OpExtract, []uint32{3, 2}, b), st.MustMake(OpExtract, []uint32{1, 0}, b)), fp.FromBits(f, bits)})
				}
				for _, c := range cases {
					if got := mustEval(t, st, c.t, m); !got.Equal(st.FloatValue(c.want)) {
						t.Fatalf("%s of %v under %s = %s, want %v", st.Op(c.t), bits, rm, got.Key(), c.want)
					}
				}
			}
		}
	}
}

func TestEvalFloatingPointSameOperands(t *testing.T) {
	st := NewStore()
	f := fp.Format{EB: 3, SB: 3}
	x := st.Var("x", st.FloatSort(f))
	for p := uint64(0); p < 1<<f.Width(); p++ {
		v := fp.FromBits(f, bv.New(f.Width(), p))
		m := NewModel()
		m.Set(x, st.FloatValue(v))
		for _, c := range []struct {
			op   Op
			want bool
		}{{OpFPLeq, fp.Leq(v, v)}, {OpFPLt, fp.Lt(v, v)}, {OpFPEq, fp.Eq(v, v)}} {
			if got := mustEval(t, st, st.MustMake(c.op, nil, x, x), m); got.Bool != c.want {
				t.Fatalf("%s %v %v = %v", c.op, v, v, got.Bool)
			}
		}
		for _, op := range []Op{OpFPMin, OpFPMax} {
			if got := mustEval(t, st, st.MustMake(op, nil, x, x), m); !got.Equal(st.FloatValue(v)) {
				t.Fatalf("%s %v %v = %s", op, v, v, got.Key())
			}
		}
	}
}

func TestEvalFloatingPointChoices(t *testing.T) {
	st := NewStore()
	f := fp.Format{EB: 2, SB: 3}
	s := st.FloatSort(f)
	x, y := st.Var("x", s), st.Var("y", s)
	minT := st.MustMake(OpFPMin, nil, x, y)
	pz, nz := st.FloatValue(fp.Zero(f, false)), st.FloatValue(fp.Zero(f, true))
	m := NewModel()
	m.Set(x, pz)
	m.Set(y, nz)
	if got := mustEval(t, st, minT, m); !got.Equal(nz) {
		t.Fatalf("default choice of fp.min(+0, -0) = %s, want -0", got.Key())
	}
	m.SetChoice(st.ChoiceKeyOf(minT), &FunValue{Args: [][]Value{{pz, nz}}, Results: []Value{pz}, Default: nz})
	if got := mustEval(t, st, minT, m); !got.Equal(pz) {
		t.Fatalf("chosen fp.min(+0, -0) = %s, want +0", got.Key())
	}
	m.Set(x, nz)
	m.Set(y, pz)
	if got := mustEval(t, st, minT, m); !got.Equal(nz) {
		t.Fatalf("chosen fp.min(-0, +0) = %s, want the table's default -0", got.Key())
	}
	// fp.to_ubv of NaN: the model's choice, one per rounding mode and value.
	r := st.Var("r", st.RoundingModeSort())
	toU := st.MustMake(OpFPToUBV, []uint32{4}, r, x)
	m.Set(x, st.FloatValue(fp.NaN(f)))
	m.Set(r, st.RoundingModeValue(fp.RTZ))
	m.SetChoice(st.ChoiceKeyOf(toU), &FunValue{Default: st.BVValue(bv.New(4, 9))})
	if got := mustEval(t, st, toU, m); got.BV.String() != "#x9" {
		t.Fatalf("chosen fp.to_ubv of NaN = %s", got.Key())
	}
	if c := st.MustMake(OpFPToUBV, []uint32{4}, r, st.FloatConst(fp.NaN(f))); st.IsConst(c) {
		t.Fatalf("fp.to_ubv of NaN folded")
	}
}

func TestFloatingPointSortErrors(t *testing.T) {
	st := NewStore()
	s := st.FloatSort(fp.Format{EB: 2, SB: 3})
	x := st.Var("x", s)
	b := st.Var("b", st.BitVecSort(4))
	for _, c := range []struct {
		op   Op
		idx  []uint32
		args []Term
	}{
		{OpFPAdd, nil, []Term{x, x}},
		{OpFPAdd, nil, []Term{x, x, x}},
		{OpFPAbs, nil, []Term{b}},
		{OpToFP, []uint32{2, 3}, []Term{b}},    // width 4, not 5
		{OpToFP, []uint32{1, 3}, []Term{b}},    // eb < 2
		{OpFP, nil, []Term{b, b, b}},           // sign of width 4
		{OpFPToUBV, []uint32{0}, []Term{x, x}}, // m = 0
		{OpFPLeq, nil, []Term{x, st.Var("w", st.FloatSort(fp.Format{EB: 3, SB: 3}))}},
	} {
		if _, err := st.Make(c.op, c.idx, c.args...); err == nil {
			t.Errorf("%s %v accepted", c.op, c.args)
		}
	}
}

func TestFoldUnderAnyRoundingMode(t *testing.T) {
	st := NewStore()
	f := fp.Float32
	r := st.Var("r", st.RoundingModeSort())
	c := func(x float32) Term { return st.FloatConst(fp.FromBits(f, bv.New(32, uint64(math.Float32bits(x))))) }
	if got := st.MustMake(OpFPAdd, nil, r, c(1), c(2)); got != c(3) {
		t.Errorf("1 + 2 under any rounding mode is not folded to 3")
	}
	if got := st.MustMake(OpFPAdd, nil, r, c(1), c(1e-10)); st.IsConst(got) {
		t.Errorf("1 + 1e-10 folded without a rounding mode")
	}
	if got := st.MustMake(OpFPToSBV, []uint32{8}, r, c(7)); !st.IsConst(got) {
		t.Errorf("fp.to_sbv of 7 is not folded")
	}
	if got := st.MustMake(OpFPToSBV, []uint32{8}, r, c(1000)); st.IsConst(got) {
		t.Errorf("an unspecified fp.to_sbv folded")
	}
}

// TestRewritesWithUnitsAndZeros checks the builder's rewrites of x ± 0,
// x × ±1 and x / ±1 on every value and rounding mode.
func TestRewritesWithUnitsAndZeros(t *testing.T) {
	st := NewStore()
	f := fp.Format{EB: 3, SB: 3}
	x, r := st.Var("x", st.FloatSort(f)), st.Var("r", st.RoundingModeSort())
	one := fp.FromSigned(f, fp.RNE, bv.New(2, 1))
	for _, c := range []fp.Value{fp.Zero(f, false), fp.Zero(f, true), one, fp.Negate(one)} {
		k := st.FloatConst(c)
		cases := []struct {
			t    Term
			want func(fp.RoundingMode, fp.Value) fp.Value
		}{
			{st.MustMake(OpFPAdd, nil, r, x, k), func(m fp.RoundingMode, v fp.Value) fp.Value { return fp.Add(m, v, c) }},
			{st.MustMake(OpFPAdd, nil, r, k, x), func(m fp.RoundingMode, v fp.Value) fp.Value { return fp.Add(m, c, v) }},
			{st.MustMake(OpFPSub, nil, r, x, k), func(m fp.RoundingMode, v fp.Value) fp.Value { return fp.Sub(m, v, c) }},
			{st.MustMake(OpFPMul, nil, r, x, k), func(m fp.RoundingMode, v fp.Value) fp.Value { return fp.Mul(m, v, c) }},
			{st.MustMake(OpFPMul, nil, r, k, x), func(m fp.RoundingMode, v fp.Value) fp.Value { return fp.Mul(m, c, v) }},
			{st.MustMake(OpFPDiv, nil, r, x, k), func(m fp.RoundingMode, v fp.Value) fp.Value { return fp.Div(m, v, c) }},
		}
		for _, v := range canonicalValues(f) {
			for m := fp.RoundingMode(0); m < fp.NumRoundingModes; m++ {
				mod := NewModel()
				mod.Set(x, st.FloatValue(v))
				mod.Set(r, st.RoundingModeValue(m))
				for i, tc := range cases {
					if got := mustEval(t, st, tc.t, mod); !got.Equal(st.FloatValue(tc.want(m, v))) {
						t.Fatalf("case %d with %v: %v under %s = %s, want %v", i, c, v, m, got.Key(), tc.want(m, v))
					}
				}
			}
		}
	}
}
