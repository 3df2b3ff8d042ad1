// Package floats holds Go functions with float branches for sift symex's
// tests. Each function's comment says what an exploration must find.
package floats

import "math"

// ParseDecimal reads an unsigned decimal with an optional fraction
// ("12.5"), as parsers of numbers do: digits into an integer, the
// fraction's digits scaled by powers of ten. It panics when the value
// is exactly 2.5.
func ParseDecimal(s string) float64 {
	var v float64
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		v = v*10 + float64(s[i]-'0')
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		scale := 0.1
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			v += float64(s[i]-'0') * scale
			scale /= 10
			i++
		}
	}
	if v == 2.5 {
		panic("two and a half")
	}
	return v
}

// Clamp limits x to [lo, hi]. It panics on a NaN bound that slipped
// through: x is returned unchanged when the comparisons are all false,
// so the result is NaN only if x or a bound is.
func Clamp(x, lo, hi float64) float64 {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	if x != x {
		panic("NaN input")
	}
	return x
}

// Ratio panics when a/b is NaN (0/0, Inf/Inf) and checks the sign of zero.
func Ratio(a, b float64) int {
	r := a / b
	if math.IsNaN(r) {
		panic("ratio is NaN")
	}
	if math.IsInf(r, 1) {
		return 2
	}
	if r == 0 && math.Signbit(r) {
		return -1 // -0
	}
	return 0
}

// RoundTrip converts an integer to float64 and back: the value changes
// above 2^53, and that panics.
func RoundTrip(n int64) int64 {
	f := float64(n)
	m := int64(f)
	if m != n {
		panic("lost precision")
	}
	return m
}

// Bits flips a float's sign through its bits and panics on a negative
// zero coming back.
func Bits(b uint64) float64 {
	f := math.Float64frombits(b ^ 1<<63)
	if f == 0 && math.Float64bits(f) == 1<<63 {
		panic("negative zero")
	}
	return math.Abs(f)
}

// Floor32 panics when float32 rounding and math.Floor meet at 3.
func Floor32(x float32) int {
	y := math.Floor(float64(x) * 1.5)
	if y == 3 && x < 2.01 {
		panic("three")
	}
	return int(y)
}

// Sqrt panics on a perfect square above 100.
func Sqrt(x float64) float64 {
	r := math.Sqrt(x)
	if r == math.Trunc(r) && r > 10 && r < 12 {
		panic("eleven")
	}
	return r
}

// ToUint8 converts out of range as amd64 does: float64(300) → uint8 is
// the low byte of the 32-bit conversion, 44. It panics when that is 44.
func ToUint8(f float64) uint8 {
	u := uint8(f)
	if u == 44 && f > 256 {
		panic("wrapped")
	}
	return u
}

// HalfBits classifies x/2 by its bits: negative (1), zero or subnormal (2),
// or neither (3).
func HalfBits(x float64) int {
	b := math.Float64bits(x / 2)
	switch {
	case b>>63 != 0:
		return 1
	case b>>52 == 0:
		return 2
	}
	return 3
}
