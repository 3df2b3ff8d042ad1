package fp

import (
	"fmt"
	"math/big"

	"github.com/sift-solver/sift/bv"
)

// Format is a binary floating-point format: EB exponent bits and SB
// significand bits, the hidden bit included, so that a value takes EB+SB
// bits. SMT-LIB's (_ FloatingPoint eb sb).
type Format struct {
	EB, SB uint32
}

// The IEEE interchange formats SMT-LIB names.
var (
	Float16  = Format{5, 11}
	Float32  = Format{8, 24}
	Float64  = Format{11, 53}
	Float128 = Format{15, 113}
)

// MaxEB and MaxSB bound the formats this package computes in: exponents of
// values are int64s (no operation builds a number of 2^eb bits), and a
// format's widest intermediate has a few times SB bits. Wider formats are
// rejected where sorts are made.
const (
	MaxEB = 60
	MaxSB = 1 << 16
)

// Valid reports whether f is a format of the theory (eb, sb >= 2) within
// this package's bounds.
func (f Format) Valid() bool { return f.EB >= 2 && f.SB >= 2 && f.EB <= MaxEB && f.SB <= MaxSB }

// Width is the number of bits of a value: EB + SB.
func (f Format) Width() uint32 { return f.EB + f.SB }

// Bias is the exponent bias 2^(EB-1) - 1.
func (f Format) Bias() int { return 1<<(f.EB-1) - 1 }

// Emax is the largest exponent of a finite value (= Bias).
func (f Format) Emax() int { return f.Bias() }

// Emin is the exponent of the least normal value, 1 - Emax.
func (f Format) Emin() int { return 1 - f.Bias() }

// MinExp is the exponent of the last bit of a subnormal significand: every
// finite value is an integer multiple of 2^MinExp.
func (f Format) MinExp() int { return f.Emin() - int(f.SB-1) }

func (f Format) String() string { return fmt.Sprintf("(_ FloatingPoint %d %d)", f.EB, f.SB) }

// RoundingMode is one of the five rounding modes of IEEE 754-2008.
type RoundingMode uint8

const (
	RNE RoundingMode = iota // roundNearestTiesToEven
	RNA                     // roundNearestTiesToAway
	RTP                     // roundTowardPositive
	RTN                     // roundTowardNegative
	RTZ                     // roundTowardZero
	NumRoundingModes
)

var rmNames = [NumRoundingModes]string{"RNE", "RNA", "RTP", "RTN", "RTZ"}
var rmLongNames = [NumRoundingModes]string{"roundNearestTiesToEven", "roundNearestTiesToAway",
	"roundTowardPositive", "roundTowardNegative", "roundTowardZero"}

// String is the short SMT-LIB name (RNE, …).
func (r RoundingMode) String() string {
	if r < NumRoundingModes {
		return rmNames[r]
	}
	return "<invalid rounding mode>"
}

// LongName is the long SMT-LIB name (roundNearestTiesToEven, …).
func (r RoundingMode) LongName() string {
	if r < NumRoundingModes {
		return rmLongNames[r]
	}
	return "<invalid rounding mode>"
}

// ParseRoundingMode reads a short or long SMT-LIB name of a rounding mode.
func ParseRoundingMode(name string) (RoundingMode, bool) {
	for r := RoundingMode(0); r < NumRoundingModes; r++ {
		if name == rmNames[r] || name == rmLongNames[r] {
			return r, true
		}
	}
	return 0, false
}

// Value is a floating-point value of some format: its IEEE 754 bit pattern,
// with NaN held canonically. The zero Value is invalid. Values are not
// comparable with ==; use Equal.
type Value struct {
	f    Format
	bits bv.Value
}

// Class is what kind of value a Value is.
type Class uint8

const (
	ClassZero Class = iota
	ClassSubnormal
	ClassNormal
	ClassInf
	ClassNaN
)

// FromBits returns the value whose IEEE 754 encoding in format f is bits
// (width f.Width()); any NaN pattern gives the NaN. SMT-LIB's
// ((_ to_fp eb sb) b).
func FromBits(f Format, bits bv.Value) Value {
	if bits.Width() != f.Width() {
		panic(fmt.Sprintf("fp: %d-bit pattern for %s", bits.Width(), f))
	}
	v := Value{f: f, bits: bits}
	if v.Class() == ClassNaN {
		return NaN(f)
	}
	return v
}

// FromComponents is SMT-LIB's (fp s e m): the value with sign bit s (1 bit),
// biased exponent e (EB bits) and trailing significand m (SB-1 bits).
func FromComponents(s, e, m bv.Value) Value {
	f := Format{EB: e.Width(), SB: m.Width() + 1}
	if s.Width() != 1 {
		panic("fp: sign of width other than 1")
	}
	return FromBits(f, bv.Concat(bv.Concat(s, e), m))
}

// Bits returns the IEEE 754 encoding (NaN in its canonical pattern).
func (v Value) Bits() bv.Value { return v.bits }

// Format returns v's format.
func (v Value) Format() Format { return v.f }

// IsValid reports whether v was built by this package.
func (v Value) IsValid() bool { return v.f.EB != 0 }

// Equal is SMT-LIB's =: the same value (NaN equals NaN, +0 differs from -0).
func (v Value) Equal(u Value) bool { return v.f == u.f && v.bits.Equal(u.bits) }

// Hash hashes v; Equal values hash equally.
func (v Value) Hash() uint64 { return v.bits.Hash() ^ uint64(v.f.EB)<<40 ^ uint64(v.f.SB)<<20 }

// SignBit, ExponentField and TrailingField are the three parts of the
// encoding: (fp SignBit ExponentField TrailingField) denotes v.
func (v Value) SignBit() bv.Value { w := v.f.Width(); return bv.Extract(v.bits, w-1, w-1) }

func (v Value) ExponentField() bv.Value {
	return bv.Extract(v.bits, v.f.Width()-2, v.f.SB-1)
}

func (v Value) TrailingField() bv.Value { return bv.Extract(v.bits, v.f.SB-2, 0) }

// Neg reports whether the sign bit is set (false for NaN).
func (v Value) Neg() bool { return v.bits.Bit(v.f.Width() - 1) }

// Class classifies v.
func (v Value) Class() Class {
	e, m := v.ExponentField(), v.TrailingField()
	switch {
	case e.IsOnes() && m.IsZero():
		return ClassInf
	case e.IsOnes():
		return ClassNaN
	case e.IsZero() && m.IsZero():
		return ClassZero
	case e.IsZero():
		return ClassSubnormal
	}
	return ClassNormal
}

func (v Value) IsNaN() bool       { return v.Class() == ClassNaN }
func (v Value) IsInf() bool       { return v.Class() == ClassInf }
func (v Value) IsZero() bool      { return v.Class() == ClassZero }
func (v Value) IsNormal() bool    { return v.Class() == ClassNormal }
func (v Value) IsSubnormal() bool { return v.Class() == ClassSubnormal }

// IsNegative is fp.isNegative: -0 or below it (never NaN).
func (v Value) IsNegative() bool { return !v.IsNaN() && v.Neg() }

// IsPositive is fp.isPositive: +0 or above it (never NaN).
func (v Value) IsPositive() bool { return !v.IsNaN() && !v.Neg() }

// NaN returns the NaN of f.
func NaN(f Format) Value {
	m := bv.Shl(bv.New(f.SB-1, 1), bv.New(f.SB-1, uint64(f.SB-2)))
	return Value{f: f, bits: bv.Concat(bv.Concat(bv.Zero(1), bv.Ones(f.EB)), m)}
}

// Inf returns +oo or, with neg, -oo of f.
func Inf(f Format, neg bool) Value {
	return Value{f: f, bits: bv.Concat(bv.Concat(signBit(neg), bv.Ones(f.EB)), bv.Zero(f.SB-1))}
}

// Zero returns +0 or, with neg, -0 of f.
func Zero(f Format, neg bool) Value {
	return Value{f: f, bits: bv.Concat(signBit(neg), bv.Zero(f.EB+f.SB-1))}
}

// MaxFinite returns the finite value of f of largest magnitude, negated
// with neg.
func MaxFinite(f Format, neg bool) Value {
	e := bv.Sub(bv.Ones(f.EB), bv.New(f.EB, 1))
	return Value{f: f, bits: bv.Concat(bv.Concat(signBit(neg), e), bv.Ones(f.SB-1))}
}

// MinPositive returns the least positive value of f (a subnormal).
func MinPositive(f Format) Value { return Value{f: f, bits: bv.New(f.Width(), 1)} }

func signBit(neg bool) bv.Value {
	if neg {
		return bv.New(1, 1)
	}
	return bv.Zero(1)
}

// Abs is fp.abs: the sign bit cleared (NaN stays NaN).
func Abs(x Value) Value {
	if x.IsNaN() {
		return x
	}
	return Value{f: x.f, bits: bv.Concat(bv.Zero(1), bv.Extract(x.bits, x.f.Width()-2, 0))}
}

// Negate is fp.neg: the sign bit flipped (NaN stays NaN).
func Negate(x Value) Value {
	if x.IsNaN() {
		return x
	}
	return Value{f: x.f, bits: bv.Xor(x.bits, bv.Shl(bv.New(x.f.Width(), 1), bv.New(x.f.Width(), uint64(x.f.Width()-1))))}
}

// finite returns the exact magnitude of a finite value: |x| = sig × 2^exp
// with sig >= 0 (0 for zeros).
func (v Value) finite() (sig *big.Int, exp int) {
	e := v.ExponentField()
	m := v.TrailingField().Big()
	eb, _ := e.Uint64()
	if eb == 0 {
		return m, v.f.MinExp()
	}
	m.SetBit(m, int(v.f.SB-1), 1)
	return m, int(eb) - v.f.Bias() - int(v.f.SB-1)
}

// Rat returns the exact value of a finite x as a rational; ok is false for
// NaN and infinities.
func (v Value) Rat() (r *big.Rat, ok bool) {
	switch v.Class() {
	case ClassNaN, ClassInf:
		return nil, false
	}
	sig, exp := v.finite()
	r = new(big.Rat).SetInt(sig)
	if exp >= 0 {
		r.Mul(r, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(exp))))
	} else {
		r.Quo(r, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(-exp))))
	}
	if v.Neg() {
		r.Neg(r)
	}
	return r, true
}

// String prints v as the SMT-LIB value term: (_ NaN eb sb) for NaN, and
// (fp #b… #b… #b…) for every other value.
func (v Value) String() string {
	if v.IsNaN() {
		return fmt.Sprintf("(_ NaN %d %d)", v.f.EB, v.f.SB)
	}
	return "(fp " + v.SignBit().BinaryString() + " " + v.ExponentField().BinaryString() + " " + v.TrailingField().BinaryString() + ")"
}
