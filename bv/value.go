package bv

import (
	"fmt"
	"math/big"
	"math/bits"
)

// Value is an immutable bit-vector of Width() >= 1 bits.
//
// Invariants: for w <= 64, wide == nil and lo < 2^w; for w > 64, lo == 0 and
// wide holds the bits in [0, 2^w) and is never mutated. The zero Value is
// invalid (Width() == 0).
type Value struct {
	_    [0]func() // not comparable: == would compare wide values by pointer; use Equal
	w    uint32
	lo   uint64
	wide *big.Int
}

// New returns the width-bit vector holding x truncated to width bits.
func New(width uint32, x uint64) Value {
	checkWidth(width)
	if width <= 64 {
		return Value{w: width, lo: x & mask64(width)}
	}
	return Value{w: width, wide: new(big.Int).SetUint64(x)}
}

// FromBig returns x mod 2^width; a negative x yields its two's complement.
// x is not retained.
func FromBig(width uint32, x *big.Int) Value {
	checkWidth(width)
	return fromNormalised(width, new(big.Int).And(x, wideMask(width)))
}

// Zero returns the width-bit vector with every bit clear.
func Zero(width uint32) Value { return New(width, 0) }

// Ones returns the width-bit vector with every bit set.
func Ones(width uint32) Value {
	checkWidth(width)
	if width <= 64 {
		return Value{w: width, lo: mask64(width)}
	}
	return Value{w: width, wide: wideMask(width)}
}

// Width is the number of bits; 0 only for the invalid zero Value.
func (v Value) Width() uint32 { return v.w }

// IsValid reports whether v was built by this package (width >= 1).
func (v Value) IsValid() bool { return v.w >= 1 }

// Uint64 returns the value as an unsigned integer; ok is false when it does
// not fit in 64 bits (which can only happen when Width() > 64).
func (v Value) Uint64() (x uint64, ok bool) {
	if v.wide == nil {
		return v.lo, true
	}
	if v.wide.BitLen() > 64 {
		return 0, false
	}
	return v.wide.Uint64(), true
}

// Big returns a fresh copy of the unsigned value.
func (v Value) Big() *big.Int {
	if v.wide == nil {
		return new(big.Int).SetUint64(v.lo)
	}
	return new(big.Int).Set(v.wide)
}

// Signed returns a fresh copy of the two's complement value.
func (v Value) Signed() *big.Int {
	if v.wide == nil {
		return big.NewInt(signExtend64(v.w, v.lo))
	}
	return wideSigned(v.w, v.wide)
}

// wideSigned returns a fresh two's complement reading of x in [0, 2^w).
func wideSigned(w uint32, x *big.Int) *big.Int {
	s := new(big.Int).Set(x)
	if s.Bit(int(w-1)) == 1 {
		s.Sub(s, new(big.Int).Lsh(bigOne, uint(w)))
	}
	return s
}

// Bit reports bit i (0 is the least significant). It panics when i >= Width().
func (v Value) Bit(i uint32) bool {
	if i >= v.w {
		panic(fmt.Sprintf("bv: bit %d of a %d-bit value", i, v.w))
	}
	if v.wide == nil {
		return v.lo>>i&1 == 1
	}
	return v.wide.Bit(int(i)) == 1
}

// msb is the sign bit.
func (v Value) msb() bool { return v.Bit(v.w - 1) }

// IsZero reports whether every bit is clear.
func (v Value) IsZero() bool {
	if v.wide == nil {
		return v.lo == 0
	}
	return v.wide.Sign() == 0
}

// IsOnes reports whether every bit is set.
func (v Value) IsOnes() bool {
	if v.wide == nil {
		return v.lo == mask64(v.w)
	}
	return v.wide.Cmp(wideMask(v.w)) == 0
}

// Equal reports whether u and v have the same width and the same bits.
func (v Value) Equal(u Value) bool {
	if v.w != u.w {
		return false
	}
	if v.wide == nil {
		return v.lo == u.lo
	}
	return v.wide.Cmp(u.wide) == 0
}

// Hash returns a hash of width and bits; Equal values hash equally.
func (v Value) Hash() uint64 {
	h := mix64(uint64(v.w) ^ 0x9e3779b97f4a7c15)
	if v.wide == nil {
		return mix64(h ^ v.lo)
	}
	for _, word := range v.wide.Bits() {
		h = mix64(h ^ uint64(word))
	}
	return h
}

// mix64 is a bijective avalanche finaliser (the splitmix64 constants).
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// checkWidth rejects width 0, which no SMT-LIB sort has.
func checkWidth(width uint32) {
	if width == 0 {
		panic("bv: width 0")
	}
}

// sameWidth returns the common width of a and b, panicking when they differ:
// the caller has type-checked the term, so a mismatch is a bug.
func sameWidth(op string, a, b Value) uint32 {
	if a.w != b.w || a.w == 0 {
		panic(fmt.Sprintf("bv: %s on widths %d and %d", op, a.w, b.w))
	}
	return a.w
}

// addWidths returns a+b, panicking when the sum does not fit a width.
func addWidths(op string, a, b uint32) uint32 {
	s, carry := bits.Add32(a, b, 0)
	if carry != 0 {
		panic(fmt.Sprintf("bv: %s result width %d+%d overflows", op, a, b))
	}
	return s
}
