package smt

import (
	"fmt"
	"math"
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// The FloatingPoint theory (QF_FP, QF_BVFP), with SMT-LIB's names and
// semantics: IEEE 754 binary formats of any exponent width eb >= 2 and
// significand width sb >= 2 (the hidden bit counted), one NaN per format,
// signed zeros, and five rounding modes. fp.min and fp.max of zeros of
// opposite sign, and FPToUBV/FPToSBV of NaN, infinities and values out of
// range, are left open by the theory: a model chooses them (Model.Eval
// shows the choice). Go's float32 and float64 are Float32Sort and
// Float64Sort, and Go's arithmetic on them is RNE.

// RoundingMode is one of the five IEEE 754 rounding modes.
type RoundingMode = fp.RoundingMode

const (
	RNE = fp.RNE // round to nearest, ties to even (Go's)
	RNA = fp.RNA // round to nearest, ties away from zero
	RTP = fp.RTP // toward +∞
	RTN = fp.RTN // toward -∞
	RTZ = fp.RTZ // toward zero
)

// FloatSort returns (_ FloatingPoint eb sb).
func (s *Solver) FloatSort(eb, sb int) Sort {
	if s.closed {
		return Sort{err: ErrClosed}
	}
	f := fp.Format{EB: uint32(eb), SB: uint32(sb)}
	if eb < 2 || sb < 2 || eb > fp.MaxEB || sb > fp.MaxSB {
		return Sort{err: fmt.Errorf("%w: floating-point format %d %d (eb in 2..%d, sb in 2..%d)", ErrSort, eb, sb, fp.MaxEB, fp.MaxSB)}
	}
	return Sort{s: s, id: s.st.FloatSort(f)}
}

// Float32Sort returns Float32, (_ FloatingPoint 8 24): Go's float32.
func (s *Solver) Float32Sort() Sort { return s.FloatSort(8, 24) }

// Float64Sort returns Float64, (_ FloatingPoint 11 53): Go's float64.
func (s *Solver) Float64Sort() Sort { return s.FloatSort(11, 53) }

// RoundingModeSort returns RoundingMode.
func (s *Solver) RoundingModeSort() Sort {
	if s.closed {
		return Sort{err: ErrClosed}
	}
	return Sort{s: s, id: s.st.RoundingModeSort()}
}

// Format returns the exponent and significand widths of a floating-point
// sort (0, 0 for any other sort).
func (x Sort) Format() (eb, sb int) {
	if x.Kind() != KindFloat {
		return 0, 0
	}
	f := x.s.st.FloatFormat(x.id)
	return int(f.EB), int(f.SB)
}

// RM returns the rounding-mode constant r.
func (s *Solver) RM(r RoundingMode) Term {
	if s.closed {
		return bad(ErrClosed)
	}
	if r >= fp.NumRoundingModes {
		return bad(fmt.Errorf("%w: rounding mode %d", ErrSort, r))
	}
	return Term{s: s, id: s.st.RoundingModeConst(r)}
}

// Float64 returns the Float64 constant x, bit for bit (every NaN is the
// one NaN).
func (s *Solver) Float64(x float64) Term {
	return s.FloatBits(s.Float64Sort(), new(big.Int).SetUint64(math.Float64bits(x)))
}

// Float32 returns the Float32 constant x, bit for bit.
func (s *Solver) Float32(x float32) Term {
	return s.FloatBits(s.Float32Sort(), new(big.Int).SetUint64(uint64(math.Float32bits(x))))
}

// FloatBits returns the constant of the floating-point sort whose IEEE 754
// encoding is bits (eb+sb bits; a NaN pattern gives the NaN).
func (s *Solver) FloatBits(sort Sort, bits *big.Int) Term {
	f, err := s.floatFormat(sort)
	if err != nil {
		return bad(err)
	}
	if bits == nil || bits.Sign() < 0 || bits.BitLen() > int(f.Width()) {
		return bad(fmt.Errorf("%w: %v is not a %d-bit encoding", ErrSort, bits, f.Width()))
	}
	return Term{s: s, id: s.st.FloatConst(fp.FromBits(f, bv.FromBig(f.Width(), bits)))}
}

// FloatRat returns the value of the floating-point sort nearest, under r, to
// the rational x.
func (s *Solver) FloatRat(sort Sort, r RoundingMode, x *big.Rat) Term {
	f, err := s.floatFormat(sort)
	if err != nil {
		return bad(err)
	}
	if x == nil || r >= fp.NumRoundingModes {
		return bad(fmt.Errorf("%w: FloatRat of %v under %v", ErrSort, x, r))
	}
	return Term{s: s, id: s.st.FloatConst(fp.FromRat(f, r, x))}
}

// NaN, Inf and Zero return the special values of a floating-point sort.
func (s *Solver) NaN(sort Sort) Term {
	return s.special(sort, func(f fp.Format) fp.Value { return fp.NaN(f) })
}

func (s *Solver) Inf(sort Sort, negative bool) Term {
	return s.special(sort, func(f fp.Format) fp.Value { return fp.Inf(f, negative) })
}

func (s *Solver) Zero(sort Sort, negative bool) Term {
	return s.special(sort, func(f fp.Format) fp.Value { return fp.Zero(f, negative) })
}

func (s *Solver) special(sort Sort, v func(fp.Format) fp.Value) Term {
	f, err := s.floatFormat(sort)
	if err != nil {
		return bad(err)
	}
	return Term{s: s, id: s.st.FloatConst(v(f))}
}

func (s *Solver) floatFormat(sort Sort) (fp.Format, error) {
	if err := s.checkSorts(sort); err != nil {
		return fp.Format{}, err
	}
	if sort.Kind() != KindFloat {
		return fp.Format{}, fmt.Errorf("%w: %s is not a floating-point sort", ErrSort, sort)
	}
	return s.st.FloatFormat(sort.id), nil
}

// FP is (fp sign exponent significand): the float of these encoding fields
// (bit-vectors of widths 1, eb and sb-1).
func (s *Solver) FP(sign, exponent, significand Term) Term {
	return s.mk(term.OpFP, nil, sign, exponent, significand)
}

func (s *Solver) FPAbs(x Term) Term { return s.mk(term.OpFPAbs, nil, x) }
func (s *Solver) FPNeg(x Term) Term { return s.mk(term.OpFPNeg, nil, x) }

// FPAdd, FPSub, FPMul and FPDiv round the exact result under rm.
func (s *Solver) FPAdd(rm, x, y Term) Term { return s.mk(term.OpFPAdd, nil, rm, x, y) }
func (s *Solver) FPSub(rm, x, y Term) Term { return s.mk(term.OpFPSub, nil, rm, x, y) }
func (s *Solver) FPMul(rm, x, y Term) Term { return s.mk(term.OpFPMul, nil, rm, x, y) }
func (s *Solver) FPDiv(rm, x, y Term) Term { return s.mk(term.OpFPDiv, nil, rm, x, y) }

// FPFma is x × y + z with one rounding (math.FMA under RNE).
func (s *Solver) FPFma(rm, x, y, z Term) Term { return s.mk(term.OpFPFma, nil, rm, x, y, z) }

func (s *Solver) FPSqrt(rm, x Term) Term { return s.mk(term.OpFPSqrt, nil, rm, x) }

// FPRem is the IEEE remainder x - y × n, n the integer nearest x / y (ties
// to even): math.Remainder.
func (s *Solver) FPRem(x, y Term) Term { return s.mk(term.OpFPRem, nil, x, y) }

// FPRoundToIntegral rounds x to an integer in its own format: under RTN it
// is math.Floor, RTP math.Ceil, RTZ math.Trunc, RNA math.Round, RNE
// math.RoundToEven.
func (s *Solver) FPRoundToIntegral(rm, x Term) Term {
	return s.mk(term.OpFPRoundToIntegral, nil, rm, x)
}

// FPMin and FPMax ignore a NaN operand; of zeros of opposite sign either
// may result (the model's choice).
func (s *Solver) FPMin(x, y Term) Term { return s.mk(term.OpFPMin, nil, x, y) }
func (s *Solver) FPMax(x, y Term) Term { return s.mk(term.OpFPMax, nil, x, y) }

// The IEEE comparisons: false on NaN, and -0 equals +0 (Go's ==, <, <=).
// Eq is SMT-LIB's =: NaN equals NaN, -0 differs from +0.
func (s *Solver) FPEq(x, y Term) Term  { return s.mk(term.OpFPEq, nil, x, y) }
func (s *Solver) FPLt(x, y Term) Term  { return s.mk(term.OpFPLt, nil, x, y) }
func (s *Solver) FPLeq(x, y Term) Term { return s.mk(term.OpFPLeq, nil, x, y) }
func (s *Solver) FPGt(x, y Term) Term  { return s.mk(term.OpFPGt, nil, x, y) }
func (s *Solver) FPGeq(x, y Term) Term { return s.mk(term.OpFPGeq, nil, x, y) }

// The classification predicates (FPIsNegative and FPIsPositive are false
// on NaN).
func (s *Solver) FPIsNormal(x Term) Term    { return s.mk(term.OpFPIsNormal, nil, x) }
func (s *Solver) FPIsSubnormal(x Term) Term { return s.mk(term.OpFPIsSubnormal, nil, x) }
func (s *Solver) FPIsZero(x Term) Term      { return s.mk(term.OpFPIsZero, nil, x) }
func (s *Solver) FPIsInfinite(x Term) Term  { return s.mk(term.OpFPIsInfinite, nil, x) }
func (s *Solver) FPIsNaN(x Term) Term       { return s.mk(term.OpFPIsNaN, nil, x) }
func (s *Solver) FPIsNegative(x Term) Term  { return s.mk(term.OpFPIsNegative, nil, x) }
func (s *Solver) FPIsPositive(x Term) Term  { return s.mk(term.OpFPIsPositive, nil, x) }

// ToFPBits reads the bit-vector b (eb+sb bits) as an IEEE 754 encoding of
// the sort (math.Float64frombits).
func (s *Solver) ToFPBits(sort Sort, b Term) Term { return s.toFP(term.OpToFP, sort, b) }

// ToFPFloat converts the float x to the sort, rounding under rm
// (float32(x) of a float64 under RNE).
func (s *Solver) ToFPFloat(sort Sort, rm, x Term) Term {
	if err := s.wantKind(x, term.KindFloatingPoint, "ToFPFloat"); err != nil {
		return bad(err)
	}
	return s.toFP(term.OpToFP, sort, rm, x)
}

// ToFPSigned and ToFPUnsigned convert the integer the bit-vector b holds
// (two's complement, or unsigned) to the sort, rounding under rm.
func (s *Solver) ToFPSigned(sort Sort, rm, b Term) Term {
	if err := s.wantKind(b, term.KindBitVec, "ToFPSigned"); err != nil {
		return bad(err)
	}
	return s.toFP(term.OpToFP, sort, rm, b)
}

// wantKind checks the sort family of an argument where an overloaded
// SMT-LIB operator would otherwise read it another way.
func (s *Solver) wantKind(x Term, k term.SortKind, op string) error {
	if err := s.checkTerms([]Term{x}); err != nil {
		return err
	}
	if s.st.Kind(s.st.SortOf(x.id)) != k {
		return fmt.Errorf("%w: %s of %s", ErrSort, op, s.st.SortString(s.st.SortOf(x.id)))
	}
	return nil
}
func (s *Solver) ToFPUnsigned(sort Sort, rm, b Term) Term {
	return s.toFP(term.OpToFPUnsigned, sort, rm, b)
}

func (s *Solver) toFP(op term.Op, sort Sort, args ...Term) Term {
	f, err := s.floatFormat(sort)
	if err != nil {
		return bad(err)
	}
	return s.mk(op, []uint32{f.EB, f.SB}, args...)
}

// FPToUBV and FPToSBV round x to an integer under rm and give it as a
// width-bit vector (unsigned, or two's complement). Out of range, and for
// NaN and infinities, the result is the model's choice.
func (s *Solver) FPToUBV(width int, rm, x Term) Term { return s.indexed2(term.OpFPToUBV, width, rm, x) }
func (s *Solver) FPToSBV(width int, rm, x Term) Term { return s.indexed2(term.OpFPToSBV, width, rm, x) }

func (s *Solver) indexed2(op term.Op, k int, a, b Term) Term {
	if k < 1 {
		return bad(fmt.Errorf("%w: %s width %d", ErrSort, op, k))
	}
	i, err := index(op.String(), k)
	if err != nil {
		return bad(err)
	}
	return s.mk(op, []uint32{i}, a, b)
}

// GoFloatToInt is Go's conversion of the float32 or float64 x to an integer
// type of width bits (8, 16, 32 or 64), signed or not, as gc compiles it on
// amd64: x truncated toward zero where that fits; where it does not (and
// for NaN and infinities) the Go spec leaves the result to the
// implementation, and this is what amd64 gives (fp.GoToInt): the
// truncating instruction's "integer indefinite" 1<<(n-1), kept to the low
// bits, and for uint64 the conversion of x - 2^63 with bit 63 set when x is
// not below 2^63.
func (s *Solver) GoFloatToInt(x Term, width int, signed bool) Term {
	if err := s.checkTerms([]Term{x}); err != nil {
		return bad(err)
	}
	if width < 0 || width > 64 {
		return bad(fmt.Errorf("%w: GoFloatToInt to %d bits", ErrSort, width))
	}
	t, err := s.st.GoFloatToInt(x.id, uint32(width), signed)
	if err != nil {
		return bad(fmt.Errorf("%w: %v", ErrSort, err))
	}
	return Term{s: s, id: t}
}

// Float64 returns the value of a Float64 term, bit for bit.
func (m *Model) Float64(t Term) (float64, error) {
	v, err := m.Eval(t)
	if err != nil {
		return 0, err
	}
	return v.Float64()
}

// Float64 returns a Float64 value (a NaN as Go's math.NaN()).
func (v Value) Float64() (float64, error) {
	b, err := v.floatBits(fp.Float64)
	if err != nil {
		return 0, err
	}
	return math.Float64frombits(b), nil
}

// Float32 returns a Float32 value.
func (v Value) Float32() (float32, error) {
	b, err := v.floatBits(fp.Float32)
	if err != nil {
		return 0, err
	}
	return math.Float32frombits(uint32(b)), nil
}

func (v Value) floatBits(f fp.Format) (uint64, error) {
	if v.v.Kind != term.ValFloat || v.v.Float().Format() != f {
		return 0, fmt.Errorf("%w: not a %s value", ErrValue, f)
	}
	x, _ := v.v.BV.Uint64()
	return x, nil
}

// FloatBits returns a floating-point value's IEEE 754 encoding (NaN in the
// one pattern sift gives it: sign 0, significand 10…0).
func (v Value) FloatBits() (*big.Int, error) {
	if v.v.Kind != term.ValFloat {
		return nil, fmt.Errorf("%w: not a floating-point value", ErrValue)
	}
	return v.v.BV.Big(), nil
}

// RoundingMode returns a rounding-mode value.
func (v Value) RoundingMode() (RoundingMode, error) {
	if v.v.Kind != term.ValRoundingMode {
		return 0, fmt.Errorf("%w: not a rounding mode", ErrValue)
	}
	return v.v.RoundingMode(), nil
}
