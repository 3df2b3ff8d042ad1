// Package modes holds small programs that every mode of symex's
// interpreter (forking, replaying, following) must run alike: the same
// branches, the same panics, the same value of every operator
// (modes_test.go). Each function returns its operators' values.
package modes

import "math"

// Shift shifts by a signed count: Go panics on a negative count.
func Shift(x int32, n int) (int32, int32) { return x << n, x >> n }

// ShiftWide: unsigned counts at and past the width give 0, or the sign
// fill of a signed >>.
func ShiftWide(x int8, n uint8) (int8, int8, uint8, uint64) {
	return x << n, x >> n, uint8(x) >> n, uint64(1) << n
}

// Div divides: by zero panics, the lowest value by -1 wraps.
func Div(x, y int8) (int8, int8) { return x / y, x % y }

// DivU is unsigned division and remainder.
func DivU(x, y uint16) (uint16, uint16) { return x / y, x % y }

// Arith is the other binary operators.
func Arith(x, y int16) (int16, int16, int16, int16, int16, int16, int16) {
	return x + y, x - y, x * y, x & y, x | y, x ^ y, x &^ y
}

// Compare branches on every comparison, signed and unsigned.
func Compare(x, y int8, a, b uint8) int {
	n := 0
	if x < y {
		n |= 1
	}
	if x <= y {
		n |= 2
	}
	if a > b {
		n |= 4
	}
	if a >= b {
		n |= 8
	}
	if x == y {
		n |= 16
	}
	if a != b {
		n |= 32
	}
	return n
}

// Convert truncates and extends.
func Convert(x int16, u uint8) (int8, int64, uint64, int32, uint16) {
	return int8(x), int64(x), uint64(x), int32(u), uint16(int8(u))
}

// Unary negates and complements; the comparison's negation is a branch.
func Unary(x, y int8) (int8, int8, int) {
	if !(x < y) {
		return -x, ^x, 1
	}
	return -x, ^x, 0
}

// Loop sums in a loop with two exits and a call.
func Loop(n uint8) int {
	s := 0
	for i := uint8(0); i < n && i < 5; i++ {
		s += triple(int(i))
	}
	return s
}

func triple(v int) int { return 3 * v }

// FloatArith is the float operators, rounded to nearest even.
func FloatArith(x, y float64) (float64, float64, float64, float64, float64) {
	return x + y, x - y, x * y, x / y, -x
}

// FloatCompare branches on every comparison: NaN compares false, -0 == +0.
func FloatCompare(x, y float32) int {
	n := 0
	if x < y {
		n++
	}
	if x <= y {
		n += 2
	}
	if x == y {
		n += 4
	}
	if x != y {
		n += 8
	}
	if x > y {
		n += 16
	}
	if x >= y {
		n += 32
	}
	return n
}

// FloatConvert converts between floats and integers of every kind (out
// of range as amd64 does).
func FloatConvert(i int8, u uint64, f float64) (float32, float64, int64, uint64, int8, uint8, uint16, int32, uint32, float64, float32) {
	return float32(f), float64(float32(f)), int64(f), uint64(f), int8(f), uint8(f), uint16(f), int32(f), uint32(f), float64(i), float32(u)
}

// FloatMath is the modelled functions of package math.
func FloatMath(x float64, n int) (float64, float64, float64, float64, float64, bool, bool, float64) {
	return math.Floor(x), math.Ceil(x), math.Trunc(x), math.Sqrt(x), math.Round(x), math.IsNaN(x), math.IsInf(x, n), math.Inf(n)
}
