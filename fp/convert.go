package fp

import (
	"math/big"

	"github.com/sift-solver/sift/bv"
)

// Convert is ((_ to_fp eb sb) rm x) from another format: x rounded to f
// (NaN, infinities and zeros carry over).
func Convert(f Format, rm RoundingMode, x Value) Value {
	switch x.Class() {
	case ClassNaN:
		return NaN(f)
	case ClassInf:
		return Inf(f, x.Neg())
	case ClassZero:
		return Zero(f, x.Neg())
	}
	sig, exp := x.finite()
	return round(f, rm, x.Neg(), sig, exp, false)
}

// FromSigned is ((_ to_fp eb sb) rm b): the two's complement integer b
// rounded to f (0 gives +0).
func FromSigned(f Format, rm RoundingMode, b bv.Value) Value {
	return fromInt(f, rm, b.Signed())
}

// FromUnsigned is ((_ to_fp_unsigned eb sb) rm b).
func FromUnsigned(f Format, rm RoundingMode, b bv.Value) Value {
	return fromInt(f, rm, b.Big())
}

func fromInt(f Format, rm RoundingMode, n *big.Int) Value {
	if n.Sign() == 0 {
		return Zero(f, false)
	}
	neg := n.Sign() < 0
	return round(f, rm, neg, new(big.Int).Abs(n), 0, false)
}

// FromRat is ((_ to_fp eb sb) rm r) of a real number r (0 gives +0).
func FromRat(f Format, rm RoundingMode, r *big.Rat) Value {
	if r.Sign() == 0 {
		return Zero(f, false)
	}
	num := new(big.Int).Abs(r.Num())
	den := r.Denom()
	// The quotient gets at least SB+3 bits.
	k := int(f.SB) + 3 + den.BitLen() - num.BitLen()
	if k >= 0 {
		num.Lsh(num, uint(k))
	} else {
		den = new(big.Int).Lsh(den, uint(-k))
	}
	q, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	return round(f, rm, r.Sign() < 0, q, -k, rem.Sign() != 0)
}

// toInt returns x rounded to an integer under rm, as a sign and magnitude,
// when its magnitude is below 2^limit; ok is false for NaN, infinities and
// larger values.
func toInt(rm RoundingMode, x Value, limit int) (neg bool, n *big.Int, ok bool) {
	switch x.Class() {
	case ClassNaN, ClassInf:
		return false, nil, false
	case ClassZero:
		return x.Neg(), new(big.Int), true
	}
	sig, exp := x.finite()
	if exp >= 0 {
		if exp+sig.BitLen() > limit {
			return false, nil, false
		}
		n = sig.Lsh(sig, uint(exp))
	} else {
		n = roundShift(rm, x.Neg(), sig, -exp, false)
	}
	if n.BitLen() > limit {
		return false, nil, false
	}
	return x.Neg(), n, true
}

// ToUnsigned is ((_ fp.to_ubv m) rm x): x rounded to an integer under rm,
// as m bits. ok is false where the theory leaves the result unspecified:
// NaN, infinities, and integers outside [0, 2^m - 1] (-0.4 rounded toward
// zero is 0, in range).
func ToUnsigned(rm RoundingMode, x Value, m uint32) (bv.Value, bool) {
	neg, n, ok := toInt(rm, x, int(m))
	if !ok || neg && n.Sign() != 0 {
		return bv.Value{}, false
	}
	return bv.FromBig(m, n), true
}

// ToSigned is ((_ fp.to_sbv m) rm x): as ToUnsigned, for the two's
// complement range [-2^(m-1), 2^(m-1) - 1].
func ToSigned(rm RoundingMode, x Value, m uint32) (bv.Value, bool) {
	neg, n, ok := toInt(rm, x, int(m))
	if !ok {
		return bv.Value{}, false
	}
	lim := new(big.Int).Lsh(bigOne, uint(m-1))
	if c := n.Cmp(lim); c > 0 || c == 0 && !neg {
		return bv.Value{}, false
	}
	if neg {
		n.Neg(n)
	}
	return bv.FromBig(m, n), true
}
