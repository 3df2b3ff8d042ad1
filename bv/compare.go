package bv

import (
	"cmp"
	"math/big"
)

// Comp is bvcomp: the 1-bit vector #b1 when a and b are equal, else #b0.
func Comp(a, b Value) Value {
	sameWidth("bvcomp", a, b)
	if a.Equal(b) {
		return Value{w: 1, lo: 1}
	}
	return Value{w: 1}
}

// Ult is bvult: a < b as unsigned integers.
func Ult(a, b Value) bool { return ucmp("bvult", a, b) < 0 }

// Ule is bvule: a <= b as unsigned integers.
func Ule(a, b Value) bool { return ucmp("bvule", a, b) <= 0 }

// Slt is bvslt: a < b as two's complement integers.
func Slt(a, b Value) bool { return scmp("bvslt", a, b) < 0 }

// Sle is bvsle: a <= b as two's complement integers.
func Sle(a, b Value) bool { return scmp("bvsle", a, b) <= 0 }

// ucmp returns -1, 0 or +1 as a is below, equal to or above b, unsigned.
func ucmp(op string, a, b Value) int {
	w := sameWidth(op, a, b)
	if w <= 64 {
		return cmp.Compare(a.lo, b.lo)
	}
	return a.wide.Cmp(b.wide)
}

// scmp compares as two's complement: a negative number is below every
// non-negative one, and within one sign the unsigned order is the signed one.
func scmp(op string, a, b Value) int {
	w := sameWidth(op, a, b)
	if w <= 64 {
		return cmp.Compare(signExtend64(w, a.lo), signExtend64(w, b.lo))
	}
	return wideScmp(w, a.wide, b.wide)
}

func wideScmp(w uint32, x, y *big.Int) int {
	sx, sy := wideMsb(w, x), wideMsb(w, y)
	switch {
	case sx && !sy:
		return -1
	case !sx && sy:
		return 1
	}
	return x.Cmp(y)
}
