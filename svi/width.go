package svi

import "math/bits"

// MaxWidth is the widest bit-vector the domain represents. Wider sets are
// always the full set (top): see Set.Wide.
const MaxWidth = 64

// mask returns 2^w - 1 for 1 <= w <= 64.
func mask(w uint) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

// signBit returns 2^(w-1).
func signBit(w uint) uint64 { return 1 << (w - 1) }

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// trailingZeros is the number of trailing zero bits of v seen as a w-bit
// value; it is w for v = 0.
func trailingZeros(v uint64, w uint) uint {
	v &= mask(w)
	if v == 0 {
		return w
	}
	return uint(bits.TrailingZeros64(v))
}

// mulFits reports whether a*b < 2^w as exact integers.
func mulFits(a, b uint64, w uint) bool {
	hi, lo := bits.Mul64(a, b)
	return hi == 0 && lo <= mask(w)
}

// addFits reports whether a+b < 2^w as exact integers.
func addFits(a, b uint64, w uint) bool {
	s, c := bits.Add64(a, b, 0)
	return c == 0 && s <= mask(w)
}
