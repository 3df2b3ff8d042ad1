package bv

import "math/big"

// Udiv is bvudiv: a / b rounded down; a / 0 is all ones.
func Udiv(a, b Value) Value {
	w := sameWidth("bvudiv", a, b)
	if w <= 64 {
		return Value{w: w, lo: udiv64(w, a.lo, b.lo)}
	}
	return Value{w: w, wide: wideUdiv(w, a.wide, b.wide)}
}

// Urem is bvurem: a mod b; a mod 0 is a.
func Urem(a, b Value) Value {
	w := sameWidth("bvurem", a, b)
	if w <= 64 {
		return Value{w: w, lo: urem64(a.lo, b.lo)}
	}
	return Value{w: w, wide: wideUrem(w, a.wide, b.wide)}
}

// Sdiv is bvsdiv: signed division rounding toward zero, defined by SMT-LIB
// through bvudiv on magnitudes. Hence a / 0 is all ones for a >= 0 and 1 for
// a < 0, and INT_MIN / -1 is INT_MIN.
func Sdiv(a, b Value) Value {
	w := sameWidth("bvsdiv", a, b)
	if w <= 64 {
		return Value{w: w, lo: sdiv64(w, a.lo, b.lo)}
	}
	return Value{w: w, wide: wideSdiv(w, a.wide, b.wide)}
}

// Srem is bvsrem: the remainder of Sdiv, whose sign follows the dividend;
// a srem 0 is a.
func Srem(a, b Value) Value {
	w := sameWidth("bvsrem", a, b)
	if w <= 64 {
		return Value{w: w, lo: srem64(w, a.lo, b.lo)}
	}
	return Value{w: w, wide: wideSrem(w, a.wide, b.wide)}
}

// Smod is bvsmod: the remainder of floored signed division, whose sign
// follows the divisor; a smod 0 is a.
func Smod(a, b Value) Value {
	w := sameWidth("bvsmod", a, b)
	if w <= 64 {
		return Value{w: w, lo: smod64(w, a.lo, b.lo)}
	}
	return Value{w: w, wide: wideSmod(w, a.wide, b.wide)}
}

// The uint64 kernels below take and return values in [0, 2^w).

func udiv64(w uint32, x, y uint64) uint64 {
	if y == 0 {
		return mask64(w)
	}
	return x / y
}

func urem64(x, y uint64) uint64 {
	if y == 0 {
		return x
	}
	return x % y
}

func neg64(w uint32, x uint64) uint64 { return -x & mask64(w) }

func msb64(w uint32, x uint64) bool { return x>>(w-1)&1 == 1 }

// sdiv64 follows the SMT-LIB definition case by case on the two sign bits.
func sdiv64(w uint32, x, y uint64) uint64 {
	switch sx, sy := msb64(w, x), msb64(w, y); {
	case !sx && !sy:
		return udiv64(w, x, y)
	case sx && !sy:
		return neg64(w, udiv64(w, neg64(w, x), y))
	case !sx && sy:
		return neg64(w, udiv64(w, x, neg64(w, y)))
	default:
		return udiv64(w, neg64(w, x), neg64(w, y))
	}
}

func srem64(w uint32, x, y uint64) uint64 {
	switch sx, sy := msb64(w, x), msb64(w, y); {
	case !sx && !sy:
		return urem64(x, y)
	case sx && !sy:
		return neg64(w, urem64(neg64(w, x), y))
	case !sx && sy:
		return urem64(x, neg64(w, y))
	default:
		return neg64(w, urem64(neg64(w, x), neg64(w, y)))
	}
}

func smod64(w uint32, x, y uint64) uint64 {
	sx, sy := msb64(w, x), msb64(w, y)
	absX, absY := x, y
	if sx {
		absX = neg64(w, x)
	}
	if sy {
		absY = neg64(w, y)
	}
	u := urem64(absX, absY)
	switch {
	case u == 0, !sx && !sy:
		return u
	case sx && !sy:
		return (neg64(w, u) + y) & mask64(w)
	case !sx && sy:
		return (u + y) & mask64(w)
	default:
		return neg64(w, u)
	}
}

// The wide kernels mirror the uint64 ones on math/big.

func wideUdiv(w uint32, x, y *big.Int) *big.Int {
	if y.Sign() == 0 {
		return new(big.Int).Set(wideMask(w))
	}
	return new(big.Int).Quo(x, y)
}

func wideUrem(_ uint32, x, y *big.Int) *big.Int {
	if y.Sign() == 0 {
		return new(big.Int).Set(x)
	}
	return new(big.Int).Rem(x, y)
}

func wideMsb(w uint32, x *big.Int) bool { return x.Bit(int(w-1)) == 1 }

func wideSdiv(w uint32, x, y *big.Int) *big.Int {
	switch sx, sy := wideMsb(w, x), wideMsb(w, y); {
	case !sx && !sy:
		return wideUdiv(w, x, y)
	case sx && !sy:
		return wideNeg(w, wideUdiv(w, wideNeg(w, x), y))
	case !sx && sy:
		return wideNeg(w, wideUdiv(w, x, wideNeg(w, y)))
	default:
		return wideUdiv(w, wideNeg(w, x), wideNeg(w, y))
	}
}

func wideSrem(w uint32, x, y *big.Int) *big.Int {
	switch sx, sy := wideMsb(w, x), wideMsb(w, y); {
	case !sx && !sy:
		return wideUrem(w, x, y)
	case sx && !sy:
		return wideNeg(w, wideUrem(w, wideNeg(w, x), y))
	case !sx && sy:
		return wideUrem(w, x, wideNeg(w, y))
	default:
		return wideNeg(w, wideUrem(w, wideNeg(w, x), wideNeg(w, y)))
	}
}

func wideSmod(w uint32, x, y *big.Int) *big.Int {
	sx, sy := wideMsb(w, x), wideMsb(w, y)
	absX, absY := x, y
	if sx {
		absX = wideNeg(w, x)
	}
	if sy {
		absY = wideNeg(w, y)
	}
	u := wideUrem(w, absX, absY)
	switch {
	case u.Sign() == 0, !sx && !sy:
		return u
	case sx && !sy:
		return wideAdd(w, wideNeg(w, u), y)
	case !sx && sy:
		return wideAdd(w, u, y)
	default:
		return wideNeg(w, u)
	}
}
