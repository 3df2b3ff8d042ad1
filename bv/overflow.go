package bv

import (
	"math/big"
	"math/bits"
)

// The SMT-LIB 2.7 overflow predicates: each is true iff the exact integer
// result of the operation is not representable in the operands' width
// (unsigned range [0, 2^w) or signed range [-2^(w-1), 2^(w-1))).

// Nego is bvnego: -a overflows, i.e. a is the most negative value.
func Nego(a Value) bool {
	checkWidth(a.w)
	if a.w <= 64 {
		return a.lo == 1<<(a.w-1)
	}
	// 2^(w-1) is the only value of w bits whose lowest set bit is bit w-1.
	return a.wide.BitLen() == int(a.w) && a.wide.TrailingZeroBits() == uint(a.w-1)
}

// Uaddo is bvuaddo: a + b >= 2^w.
func Uaddo(a, b Value) bool {
	w := sameWidth("bvuaddo", a, b)
	if w <= 64 {
		s, carry := bits.Add64(a.lo, b.lo, 0)
		return carry != 0 || s > mask64(w)
	}
	return wideUaddo(w, a.wide, b.wide)
}

func wideUaddo(w uint32, x, y *big.Int) bool { return new(big.Int).Add(x, y).BitLen() > int(w) }

// Saddo is bvsaddo: the signed sum leaves the signed range. That happens
// exactly when both operands have one sign and the wrapped sum the other.
func Saddo(a, b Value) bool {
	sameWidth("bvsaddo", a, b)
	sa, sb, sr := a.msb(), b.msb(), Add(a, b).msb()
	return sa == sb && sr != sa
}

// Usubo is bvusubo: a - b < 0, i.e. a < b.
func Usubo(a, b Value) bool { return ucmp("bvusubo", a, b) < 0 }

// Ssubo is bvssubo: the signed difference leaves the signed range. That
// happens exactly when the operands differ in sign and the wrapped
// difference does not have the sign of a.
func Ssubo(a, b Value) bool {
	sameWidth("bvssubo", a, b)
	sa, sb, sr := a.msb(), b.msb(), Sub(a, b).msb()
	return sa != sb && sr != sa
}

// Umulo is bvumulo: a * b >= 2^w.
func Umulo(a, b Value) bool {
	w := sameWidth("bvumulo", a, b)
	if w <= 64 {
		hi, lo := bits.Mul64(a.lo, b.lo)
		return hi != 0 || lo > mask64(w)
	}
	return wideUmulo(w, a.wide, b.wide)
}

func wideUmulo(w uint32, x, y *big.Int) bool { return new(big.Int).Mul(x, y).BitLen() > int(w) }

// Smulo is bvsmulo: the signed product leaves the signed range.
func Smulo(a, b Value) bool {
	w := sameWidth("bvsmulo", a, b)
	if w <= 64 {
		return smulo64(w, a.lo, b.lo)
	}
	return wideSmulo(w, a.wide, b.wide)
}

func wideSmulo(w uint32, x, y *big.Int) bool {
	p := new(big.Int).Mul(wideSigned(w, x), wideSigned(w, y))
	limit := wideSignBit(w) // |p| may reach 2^(w-1) only when p is negative
	if p.Sign() < 0 {
		return p.Neg(p).Cmp(limit) > 0
	}
	return p.Cmp(limit) >= 0
}

// smulo64 multiplies the magnitudes (each <= 2^63) into 128 bits and compares
// with the bound of the product's sign.
func smulo64(w uint32, x, y uint64) bool {
	sx, sy := msb64(w, x), msb64(w, y)
	if sx {
		x = neg64(w, x)
	}
	if sy {
		y = neg64(w, y)
	}
	hi, lo := bits.Mul64(x, y)
	if hi != 0 {
		return true
	}
	limit := uint64(1) << (w - 1)
	if sx != sy {
		return lo > limit
	}
	return lo >= limit
}

// Sdivo is bvsdivo: a sdiv b overflows, which happens only for INT_MIN / -1.
func Sdivo(a, b Value) bool {
	sameWidth("bvsdivo", a, b)
	return Nego(a) && b.IsOnes()
}
