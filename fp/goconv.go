package fp

import (
	"math/big"

	"github.com/sift-solver/sift/bv"
)

// Go's conversions of floats to integers, as the gc compiler makes them on
// amd64: where the value fits the integer type, it is the float truncated
// toward zero (Go's spec); where it does not, the spec leaves the result to
// the implementation, and amd64 gives what CVTTSD2SQ/CVTTSS2SQ (64-bit) and
// CVTTSD2SL/CVTTSS2SL (32-bit) give: the "integer indefinite" 1<<(n-1) for
// NaN, infinities and values out of range. Measured on Go 1.26 (the tests
// compare with compiled conversions):
//
//	int64, int32         the n-bit instruction
//	int16, int8, uint16, uint8   the 32-bit instruction, low bits kept
//	uint32               the 64-bit instruction, low 32 bits kept
//	uint64               x < 2^63: the 64-bit instruction; otherwise (NaN
//	                     included) the 64-bit instruction on x - 2^63,
//	                     with bit 63 set

// TruncateAMD64 is the n-bit (32 or 64) truncating conversion instruction:
// x rounded toward zero when that fits n-bit two's complement, otherwise
// 1<<(n-1).
func TruncateAMD64(x Value, n uint32) bv.Value {
	if r, ok := ToSigned(RTZ, x, n); ok {
		return r
	}
	return bv.Shl(bv.New(n, 1), bv.New(n, uint64(n-1)))
}

// GoToInt is Go's conversion of x (Float32 or Float64) to an integer type
// of width bits (8, 16, 32 or 64), signed or not, on amd64.
func GoToInt(x Value, width uint32, signed bool) bv.Value {
	switch {
	case width == 64 && !signed:
		two63 := FromRat(x.Format(), RNE, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 63)))
		if Lt(x, two63) {
			return TruncateAMD64(x, 64)
		}
		r := TruncateAMD64(Sub(RNE, x, two63), 64)
		return bv.Or(r, bv.Shl(bv.New(64, 1), bv.New(64, 63)))
	case width == 64 || width == 32 && signed:
		return TruncateAMD64(x, width)
	case width == 32:
		return bv.Extract(TruncateAMD64(x, 64), 31, 0)
	}
	return bv.Extract(TruncateAMD64(x, 32), width-1, 0)
}

// TruncationBounds returns the least and the greatest value of x's format
// whose truncation toward zero fits n-bit two's complement: x converts in
// range exactly when lo <= x <= hi. Both are finite.
func TruncationBounds(f Format, n uint32) (lo, hi Value) {
	one := big.NewInt(1)
	half := new(big.Int).Lsh(one, uint(n-1))
	// trunc(x) >= -2^(n-1) iff x > -2^(n-1) - 1.
	below := new(big.Rat).SetInt(new(big.Int).Sub(new(big.Int).Neg(half), one))
	lo = FromRat(f, RTP, below)
	if r, _ := lo.Rat(); r.Cmp(below) == 0 {
		lo = nextUp(lo)
	}
	// trunc(x) <= 2^(n-1) - 1 iff x < 2^(n-1).
	above := new(big.Rat).SetInt(half)
	hi = FromRat(f, RTN, above)
	if r, _ := hi.Rat(); r.Cmp(above) == 0 {
		hi = nextDown(hi)
	}
	return lo, hi
}

// nextUp is the least value above a finite x; nextDown the greatest below.
func nextUp(x Value) Value {
	if x.IsZero() {
		return Value{f: x.f, bits: bv.New(x.f.Width(), 1)}
	}
	if x.Neg() {
		return Value{f: x.f, bits: bv.Sub(x.bits, bv.New(x.f.Width(), 1))}
	}
	return Value{f: x.f, bits: bv.Add(x.bits, bv.New(x.f.Width(), 1))}
}

func nextDown(x Value) Value { return Negate(nextUp(Negate(x))) }
