package bv

import "math/big"

// Neg is bvneg: two's complement negation, 2^w - a mod 2^w.
func Neg(a Value) Value {
	checkWidth(a.w)
	if a.w <= 64 {
		return Value{w: a.w, lo: -a.lo & mask64(a.w)}
	}
	return Value{w: a.w, wide: wideNeg(a.w, a.wide)}
}

// Add is bvadd: a + b mod 2^w.
func Add(a, b Value) Value {
	w := sameWidth("bvadd", a, b)
	if w <= 64 {
		return Value{w: w, lo: (a.lo + b.lo) & mask64(w)}
	}
	return Value{w: w, wide: wideAdd(w, a.wide, b.wide)}
}

// Sub is bvsub: a - b mod 2^w.
func Sub(a, b Value) Value {
	w := sameWidth("bvsub", a, b)
	if w <= 64 {
		return Value{w: w, lo: (a.lo - b.lo) & mask64(w)}
	}
	return Value{w: w, wide: wideSub(w, a.wide, b.wide)}
}

// Mul is bvmul: a * b mod 2^w.
func Mul(a, b Value) Value {
	w := sameWidth("bvmul", a, b)
	if w <= 64 {
		// The low 64 bits of a product depend only on the low 64 bits of the factors.
		return Value{w: w, lo: (a.lo * b.lo) & mask64(w)}
	}
	return Value{w: w, wide: wideMul(w, a.wide, b.wide)}
}

func wideNeg(w uint32, x *big.Int) *big.Int { return normalise(w, new(big.Int).Neg(x)) }

func wideAdd(w uint32, x, y *big.Int) *big.Int { return normalise(w, new(big.Int).Add(x, y)) }

func wideSub(w uint32, x, y *big.Int) *big.Int { return normalise(w, new(big.Int).Sub(x, y)) }

func wideMul(w uint32, x, y *big.Int) *big.Int { return normalise(w, new(big.Int).Mul(x, y)) }
