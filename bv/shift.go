package bv

import "math/big"

// Shl is bvshl: a shifted left by b (read as unsigned); 0 when b >= width.
func Shl(a, b Value) Value {
	w := sameWidth("bvshl", a, b)
	if w <= 64 {
		if b.lo >= uint64(w) {
			return Value{w: w}
		}
		return Value{w: w, lo: a.lo << b.lo & mask64(w)}
	}
	return Value{w: w, wide: wideShl(w, a.wide, b.wide)}
}

// Lshr is bvlshr: a shifted right by b filling with zeros; 0 when b >= width.
func Lshr(a, b Value) Value {
	w := sameWidth("bvlshr", a, b)
	if w <= 64 {
		if b.lo >= uint64(w) {
			return Value{w: w}
		}
		return Value{w: w, lo: a.lo >> b.lo}
	}
	return Value{w: w, wide: wideLshr(w, a.wide, b.wide)}
}

// Ashr is bvashr: a shifted right by b filling with copies of the sign bit;
// all sign bits when b >= width.
func Ashr(a, b Value) Value {
	w := sameWidth("bvashr", a, b)
	if w <= 64 {
		s := b.lo
		if s >= uint64(w) {
			s = uint64(w - 1) // the same as shifting out every bit but the sign
		}
		return Value{w: w, lo: uint64(signExtend64(w, a.lo)>>s) & mask64(w)}
	}
	return Value{w: w, wide: wideAshr(w, a.wide, b.wide)}
}

// wideShiftAmount returns y as a shift count when y < w, and ok == false when
// y >= w (every bit is shifted out).
func wideShiftAmount(w uint32, y *big.Int) (n uint, ok bool) {
	if y.BitLen() > 32 || y.Uint64() >= uint64(w) {
		return 0, false
	}
	return uint(y.Uint64()), true
}

func wideShl(w uint32, x, y *big.Int) *big.Int {
	n, ok := wideShiftAmount(w, y)
	if !ok {
		return new(big.Int)
	}
	return normalise(w, new(big.Int).Lsh(x, n))
}

func wideLshr(w uint32, x, y *big.Int) *big.Int {
	n, ok := wideShiftAmount(w, y)
	if !ok {
		return new(big.Int)
	}
	return new(big.Int).Rsh(x, n)
}

func wideAshr(w uint32, x, y *big.Int) *big.Int {
	n, ok := wideShiftAmount(w, y)
	if !ok {
		n = uint(w - 1)
	}
	// big.Int's Rsh on the two's complement reading rounds toward minus
	// infinity, which is exactly filling with the sign bit.
	s := wideSigned(w, x)
	return normalise(w, s.Rsh(s, n))
}
