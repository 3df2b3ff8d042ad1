package bv

import (
	"fmt"
	"strings"
	"testing"
)

// Hand-computed answers at the edges of each operator, at widths 1, 8, 32,
// 64, 65 and 128. Operands are SMT-LIB literals.

// lit parses "#b…", "#x…" or "(_ bvN w)".
func lit(t testing.TB, s string) Value {
	t.Helper()
	var v Value
	var err error
	switch {
	case strings.HasPrefix(s, "#b"):
		v, err = ParseBinary(s[2:])
	case strings.HasPrefix(s, "#x"):
		v, err = ParseHex(s[2:])
	default:
		var n string
		var w uint32
		if _, err = fmt.Sscanf(s, "(_ bv%s %d)", &n, &w); err == nil {
			v, err = ParseDecimal(n, w)
		}
	}
	if err != nil {
		t.Fatalf("bad literal %q: %v", s, err)
	}
	return v
}

// Frequently used wide literals.
const (
	min65  = "(_ bv18446744073709551616 65)" // 2^64, the sign bit of width 65
	ones65 = "(_ bv36893488147419103231 65)"
	one65  = "(_ bv1 65)"
	zero65 = "(_ bv0 65)"
	min128 = "#x80000000000000000000000000000000"
	max128 = "#x7fffffffffffffffffffffffffffffff"
	one128 = "#x00000000000000000000000000000001"
	neg128 = "#xffffffffffffffffffffffffffffffff"
	// Shift amounts whose high bits are set: not shifts by their low bits.
	hugeShift128 = "#x80000000000000000000000000000001"
	word1Shift   = "#x00000000000000010000000000000001"
)

func TestEdgeValues(t *testing.T) {
	cases := []struct{ op, a, b, want string }{
		// width 1: -1 is #b1 and INT_MIN at once
		{"bvudiv", "#b1", "#b0", "#b1"},
		{"bvudiv", "#b0", "#b0", "#b1"},
		{"bvurem", "#b1", "#b0", "#b1"},
		{"bvsdiv", "#b1", "#b1", "#b1"},
		{"bvsdiv", "#b1", "#b0", "#b1"},
		{"bvsdiv", "#b0", "#b0", "#b1"},
		{"bvsrem", "#b1", "#b0", "#b1"},
		{"bvsmod", "#b1", "#b1", "#b0"},
		{"bvsmod", "#b1", "#b0", "#b1"},
		{"bvshl", "#b1", "#b1", "#b0"},
		{"bvashr", "#b1", "#b1", "#b1"},
		{"bvneg", "#b1", "", "#b1"},
		{"bvcomp", "#b1", "#b1", "#b1"},
		// width 8
		{"bvudiv", "#x07", "#x00", "#xff"},
		{"bvurem", "#x07", "#x00", "#x07"},
		{"bvsdiv", "#x80", "#xff", "#x80"},
		{"bvsrem", "#x80", "#xff", "#x00"},
		{"bvsmod", "#x80", "#xff", "#x00"},
		{"bvsdiv", "#xf9", "#x02", "#xfd"}, // -7 / 2 = -3
		{"bvsrem", "#xf9", "#x02", "#xff"}, // -1
		{"bvsmod", "#xf9", "#x02", "#x01"}, // 1
		{"bvsdiv", "#x07", "#xfe", "#xfd"}, // 7 / -2 = -3
		{"bvsrem", "#x07", "#xfe", "#x01"},
		{"bvsmod", "#x07", "#xfe", "#xff"},
		{"bvsdiv", "#xf9", "#xfe", "#x03"}, // -7 / -2 = 3
		{"bvsrem", "#xf9", "#xfe", "#xff"},
		{"bvsmod", "#xf9", "#xfe", "#xff"},
		{"bvsmod", "#xfa", "#x03", "#x00"}, // divides evenly
		{"bvsmod", "#x06", "#xfd", "#x00"},
		{"bvsdiv", "#xf9", "#x00", "#x01"},
		{"bvsdiv", "#x07", "#x00", "#xff"},
		{"bvsrem", "#xf9", "#x00", "#xf9"},
		{"bvsmod", "#xf9", "#x00", "#xf9"},
		{"bvshl", "#x01", "#x07", "#x80"},
		{"bvshl", "#x01", "#x08", "#x00"},
		{"bvshl", "#xff", "#xff", "#x00"},
		{"bvlshr", "#x80", "#x07", "#x01"},
		{"bvlshr", "#x80", "#x08", "#x00"},
		{"bvashr", "#x80", "#x01", "#xc0"},
		{"bvashr", "#x80", "#x07", "#xff"},
		{"bvashr", "#x80", "#x08", "#xff"},
		{"bvashr", "#x80", "#xff", "#xff"},
		{"bvashr", "#x7f", "#x09", "#x00"},
		{"bvmul", "#x10", "#x10", "#x00"},
		{"bvadd", "#xff", "#x01", "#x00"},
		{"bvsub", "#x00", "#x01", "#xff"},
		{"bvneg", "#x80", "", "#x80"},
		{"bvnot", "#x5a", "", "#xa5"},
		{"bvnand", "#xf0", "#x3c", "#xcf"},
		{"bvnor", "#xf0", "#x3c", "#x03"},
		{"bvxnor", "#xf0", "#x3c", "#x33"},
		{"bvcomp", "#x01", "#x02", "#b0"},
		// width 32
		{"bvsdiv", "#x80000000", "#xffffffff", "#x80000000"},
		{"bvudiv", "#xffffffff", "#x00000000", "#xffffffff"},
		{"bvshl", "#x00000001", "#x0000001f", "#x80000000"},
		{"bvshl", "#x00000001", "#x00000020", "#x00000000"},
		{"bvashr", "#x80000000", "#x0000001f", "#xffffffff"},
		{"bvashr", "#x80000000", "#x80000000", "#xffffffff"},
		// width 64
		{"bvsdiv", "#x8000000000000000", "#xffffffffffffffff", "#x8000000000000000"},
		{"bvsrem", "#x8000000000000000", "#xffffffffffffffff", "#x0000000000000000"},
		{"bvsdiv", "#x8000000000000000", "#x0000000000000000", "#x0000000000000001"},
		{"bvudiv", "#xffffffffffffffff", "#x0000000000000000", "#xffffffffffffffff"},
		{"bvurem", "#xffffffffffffffff", "#x0000000000000000", "#xffffffffffffffff"},
		{"bvshl", "#x0000000000000001", "#x000000000000003f", "#x8000000000000000"},
		{"bvshl", "#x0000000000000001", "#x0000000000000040", "#x0000000000000000"},
		{"bvshl", "#x0000000000000001", "#xffffffffffffffff", "#x0000000000000000"},
		{"bvlshr", "#x8000000000000000", "#x0000000000000040", "#x0000000000000000"},
		{"bvashr", "#x8000000000000000", "#x0000000000000040", "#xffffffffffffffff"},
		{"bvashr", "#x8000000000000000", "#x000000000000003f", "#xffffffffffffffff"},
		{"bvmul", "#xffffffffffffffff", "#xffffffffffffffff", "#x0000000000000001"},
		// width 65: one bit past the machine word
		{"bvsdiv", min65, ones65, min65},
		{"bvsrem", min65, ones65, zero65},
		{"bvsmod", min65, ones65, zero65},
		{"bvudiv", min65, zero65, ones65},
		{"bvurem", min65, zero65, min65},
		{"bvsdiv", min65, zero65, one65},
		{"bvsdiv", one65, zero65, ones65},
		{"bvsmod", ones65, zero65, ones65},
		{"bvshl", one65, "(_ bv64 65)", min65},
		{"bvshl", one65, "(_ bv65 65)", zero65},
		{"bvlshr", min65, "(_ bv64 65)", one65},
		{"bvlshr", min65, "(_ bv65 65)", zero65},
		{"bvashr", min65, "(_ bv64 65)", ones65},
		{"bvashr", min65, "(_ bv65 65)", ones65},
		{"bvashr", min65, ones65, ones65},
		{"bvadd", ones65, one65, zero65},
		{"bvadd", "(_ bv18446744073709551615 65)", one65, min65}, // carry out of the low word
		{"bvsub", zero65, one65, ones65},
		{"bvmul", "(_ bv4294967296 65)", "(_ bv4294967296 65)", min65},
		{"bvmul", min65, "(_ bv2 65)", zero65},
		{"bvneg", min65, "", min65},
		{"bvneg", one65, "", ones65},
		{"bvnot", zero65, "", ones65},
		// width 128, including shift amounts with high bits set
		{"bvshl", one128, hugeShift128, "#x00000000000000000000000000000000"},
		{"bvshl", one128, word1Shift, "#x00000000000000000000000000000000"},
		{"bvlshr", neg128, hugeShift128, "#x00000000000000000000000000000000"},
		{"bvashr", min128, hugeShift128, neg128},
		{"bvashr", max128, hugeShift128, "#x00000000000000000000000000000000"},
		{"bvashr", min128, "#x0000000000000000000000000000007f", neg128},
		{"bvshl", one128, "#x0000000000000000000000000000007f", min128},
		{"bvlshr", min128, "#x0000000000000000000000000000007f", one128},
		{"bvsdiv", min128, neg128, min128},
		{"bvsdiv", "#xfffffffffffffffffffffffffffffff9", "#x00000000000000000000000000000002",
			"#xfffffffffffffffffffffffffffffffd"},
		{"bvsmod", "#xfffffffffffffffffffffffffffffff9", "#x00000000000000000000000000000002", one128},
		{"bvsrem", "#xfffffffffffffffffffffffffffffff9", "#x00000000000000000000000000000002", neg128},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s %s %s", c.op, c.a, c.b)
		want := lit(t, c.want)
		var got Value
		if c.b == "" {
			got = findUnary(t, c.op)(lit(t, c.a))
		} else {
			got = findBinary(t, c.op)(lit(t, c.a), lit(t, c.b))
		}
		checkInvariant(t, got)
		if !got.Equal(want) {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
}

func TestEdgePredicates(t *testing.T) {
	cases := []struct {
		op, a, b string
		want     bool
	}{
		// width 1
		{"bvnego", "#b1", "", true},
		{"bvnego", "#b0", "", false},
		{"bvsdivo", "#b1", "#b1", true},
		{"bvsdivo", "#b0", "#b1", false},
		{"bvsmulo", "#b1", "#b1", true},
		{"bvsaddo", "#b1", "#b1", true},
		{"bvsaddo", "#b0", "#b1", false},
		{"bvssubo", "#b0", "#b1", true},
		{"bvuaddo", "#b1", "#b1", true},
		{"bvumulo", "#b1", "#b1", false},
		{"bvslt", "#b1", "#b0", true},
		{"bvult", "#b1", "#b0", false},
		// width 8
		{"bvuaddo", "#xff", "#x01", true},
		{"bvuaddo", "#xfe", "#x01", false},
		{"bvsaddo", "#x7f", "#x01", true},
		{"bvsaddo", "#x7e", "#x01", false},
		{"bvsaddo", "#x80", "#xff", true},
		{"bvsaddo", "#x80", "#x00", false},
		{"bvusubo", "#x00", "#x01", true},
		{"bvusubo", "#x01", "#x01", false},
		{"bvssubo", "#x80", "#x01", true},
		{"bvssubo", "#x7f", "#xff", true},
		{"bvssubo", "#xff", "#x7f", false}, // -1 - 127 = -128 fits
		{"bvumulo", "#x10", "#x10", true},
		{"bvumulo", "#x0f", "#x11", false}, // 255
		{"bvsmulo", "#x10", "#x08", true},  // 128
		{"bvsmulo", "#xf0", "#x08", false}, // -128
		{"bvsmulo", "#x80", "#xff", true},
		{"bvsmulo", "#x80", "#x01", false},
		{"bvsdivo", "#x80", "#xff", true},
		{"bvsdivo", "#x80", "#xfe", false},
		{"bvsdivo", "#x7f", "#xff", false},
		{"bvsdivo", "#x80", "#x00", false}, // division by zero is not an overflow
		{"bvnego", "#x80", "", true},
		{"bvnego", "#x7f", "", false},
		{"bvslt", "#x80", "#x7f", true},
		{"bvult", "#x80", "#x7f", false},
		{"bvsle", "#xff", "#xff", true},
		{"bvule", "#x00", "#xff", true},
		// width 32
		{"bvsmulo", "#x00010000", "#x00008000", true},  // 2^31
		{"bvsmulo", "#xffff0000", "#x00008000", false}, // -2^31
		{"bvumulo", "#x00010000", "#x00010000", true},
		{"bvumulo", "#x0000ffff", "#x00010001", false},
		// width 64
		{"bvuaddo", "#xffffffffffffffff", "#x0000000000000001", true},
		{"bvuaddo", "#xfffffffffffffffe", "#x0000000000000001", false},
		{"bvumulo", "#x0000000100000000", "#x0000000100000000", true},
		{"bvumulo", "#x00000000ffffffff", "#x0000000100000001", false},
		{"bvsmulo", "#x0000000100000000", "#x0000000080000000", true},  // 2^63
		{"bvsmulo", "#xffffffff00000000", "#x0000000080000000", false}, // -2^63
		{"bvsmulo", "#x8000000000000000", "#xffffffffffffffff", true},
		{"bvsaddo", "#x7fffffffffffffff", "#x0000000000000001", true},
		{"bvssubo", "#x8000000000000000", "#x0000000000000001", true},
		{"bvsdivo", "#x8000000000000000", "#xffffffffffffffff", true},
		{"bvnego", "#x8000000000000000", "", true},
		{"bvslt", "#x8000000000000000", "#x7fffffffffffffff", true},
		// width 65 and 128
		{"bvnego", min65, "", true},
		{"bvnego", one65, "", false},
		{"bvsdivo", min65, ones65, true},
		{"bvuaddo", ones65, one65, true},
		{"bvuaddo", min65, "(_ bv18446744073709551615 65)", false},
		{"bvusubo", zero65, one65, true},
		{"bvsmulo", "#x00000000000000010000000000000000", "#x00000000000000008000000000000000", true},  // 2^127
		{"bvsmulo", "#xffffffffffffffff0000000000000000", "#x00000000000000008000000000000000", false}, // -2^127
		{"bvumulo", "#x00000000000000010000000000000000", "#x00000000000000010000000000000000", true},
		{"bvumulo", "#x0000000000000000ffffffffffffffff", "#x00000000000000010000000000000001", false},
		{"bvsaddo", max128, one128, true},
		{"bvsaddo", max128, neg128, false},
		{"bvssubo", min128, one128, true},
		{"bvsdivo", min128, neg128, true},
		{"bvnego", min128, "", true},
		{"bvslt", min128, max128, true},
		{"bvult", min128, max128, false},
	}
	for _, c := range cases {
		var got bool
		if c.b == "" {
			if c.op != "bvnego" {
				t.Fatalf("unknown unary predicate %s", c.op)
			}
			got = Nego(lit(t, c.a))
		} else {
			got = findPredicate(t, c.op)(lit(t, c.a), lit(t, c.b))
		}
		if got != c.want {
			t.Errorf("%s %s %s = %v, want %v", c.op, c.a, c.b, got, c.want)
		}
	}
}

func TestEdgeResize(t *testing.T) {
	v128 := "#x0123456789abcdeffedcba9876543210"
	cases := []struct {
		name string
		got  func(t testing.TB) Value
		want string
	}{
		{"concat 64+1", func(t testing.TB) Value { return Concat(lit(t, "#xffffffffffffffff"), lit(t, "#b1")) }, ones65},
		{"concat 1+64", func(t testing.TB) Value { return Concat(lit(t, "#b1"), lit(t, "#x0000000000000000")) }, min65},
		{"concat 32+32", func(t testing.TB) Value { return Concat(lit(t, "#x01234567"), lit(t, "#x89abcdef")) }, "#x0123456789abcdef"},
		{"concat 64+64", func(t testing.TB) Value {
			return Concat(lit(t, "#x0123456789abcdef"), lit(t, "#xfedcba9876543210"))
		}, v128},
		{"extract 127 64", func(t testing.TB) Value { return Extract(lit(t, v128), 127, 64) }, "#x0123456789abcdef"},
		{"extract 63 0", func(t testing.TB) Value { return Extract(lit(t, v128), 63, 0) }, "#xfedcba9876543210"},
		{"extract 64 64", func(t testing.TB) Value { return Extract(lit(t, v128), 64, 64) }, "#b1"},
		{"extract 65 62", func(t testing.TB) Value { return Extract(lit(t, v128), 65, 62) }, "#xf"},
		{"extract 71 56", func(t testing.TB) Value { return Extract(lit(t, v128), 71, 56) }, "#xeffe"},
		{"extract 67 61", func(t testing.TB) Value { return Extract(lit(t, v128), 67, 61) }, "#b1111111"},
		{"extract 64 1 of 65", func(t testing.TB) Value { return Extract(lit(t, ones65), 64, 1) }, "#xffffffffffffffff"},
		{"extract 64 0 of 65", func(t testing.TB) Value { return Extract(lit(t, min65), 64, 0) }, min65},
		{"zero_extend 64 by 1", func(t testing.TB) Value { return ZeroExtend(lit(t, "#xffffffffffffffff"), 1) }, "(_ bv18446744073709551615 65)"},
		{"sign_extend 64 by 1", func(t testing.TB) Value { return SignExtend(lit(t, "#x8000000000000000"), 1) }, "(_ bv27670116110564327424 65)"},
		{"sign_extend 8 by 120", func(t testing.TB) Value { return SignExtend(lit(t, "#x80"), 120) }, "#xffffffffffffffffffffffffffffff80"},
		{"sign_extend 65 by 0", func(t testing.TB) Value { return SignExtend(lit(t, min65), 0) }, min65},
		{"repeat 65 of #b1", func(t testing.TB) Value { return Repeat(lit(t, "#b1"), 65) }, ones65},
		{"repeat 2 of 64", func(t testing.TB) Value { return Repeat(lit(t, "#x8000000000000001"), 2) }, "#x80000000000000018000000000000001"},
		{"repeat 3 of #xa", func(t testing.TB) Value { return Repeat(lit(t, "#xa"), 3) }, "#xaaa"},
		{"rotate_left 64 of 64", func(t testing.TB) Value { return RotateLeft(lit(t, "#x8000000000000001"), 64) }, "#x8000000000000001"},
		{"rotate_left 1 of 64", func(t testing.TB) Value { return RotateLeft(lit(t, "#x8000000000000001"), 1) }, "#x0000000000000003"},
		{"rotate_right 1 of 64", func(t testing.TB) Value { return RotateRight(lit(t, "#x8000000000000001"), 1) }, "#xc000000000000000"},
		{"rotate_left 130 of 65", func(t testing.TB) Value { return RotateLeft(lit(t, min65), 130) }, min65},
		{"rotate_left 1 of 65", func(t testing.TB) Value { return RotateLeft(lit(t, min65), 1) }, one65},
		{"rotate_right 1 of 65", func(t testing.TB) Value { return RotateRight(lit(t, one65), 1) }, min65},
		{"rotate_right 128 of 128", func(t testing.TB) Value { return RotateRight(lit(t, v128), 128) }, v128},
		{"rotate_left 64 of 128", func(t testing.TB) Value { return RotateLeft(lit(t, v128), 64) }, "#xfedcba98765432100123456789abcdef"},
		{"rotate_right 4 of 128", func(t testing.TB) Value { return RotateRight(lit(t, v128), 4) }, "#x00123456789abcdeffedcba987654321"},
		{"rotate_left 0 of 1", func(t testing.TB) Value { return RotateLeft(lit(t, "#b1"), 0) }, "#b1"},
	}
	for _, c := range cases {
		got, want := c.got(t), lit(t, c.want)
		checkInvariant(t, got)
		if !got.Equal(want) {
			t.Errorf("%s = %s, want %s", c.name, got, want)
		}
	}
}

// Widths that must match do match; a mismatch is a caller bug and panics.
func TestWidthMismatchPanics(t *testing.T) {
	calls := map[string]func(){
		"bvadd 8 16":     func() { Add(Zero(8), Zero(16)) },
		"bvult 64 65":    func() { Ult(Zero(64), Zero(65)) },
		"extract 8 of 8": func() { Extract(Zero(8), 8, 0) },
		"extract lo>hi":  func() { Extract(Zero(8), 2, 3) },
		"repeat 0":       func() { Repeat(Zero(8), 0) },
		"new width 0":    func() { New(0, 1) },
		"bit 8 of 8":     func() { Zero(8).Bit(8) },
		"invalid not":    func() { Not(Value{}) },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			call()
		})
	}
}

func findBinary(t testing.TB, name string) func(a, b Value) Value {
	for _, op := range binaryOps {
		if op.name == name {
			return op.impl
		}
	}
	t.Fatalf("unknown operator %s", name)
	return nil
}

func findUnary(t testing.TB, name string) func(a Value) Value {
	for _, op := range unaryOps {
		if op.name == name {
			return op.impl
		}
	}
	t.Fatalf("unknown operator %s", name)
	return nil
}

func findPredicate(t testing.TB, name string) func(a, b Value) bool {
	for _, p := range predicates {
		if p.name == name {
			return p.impl
		}
	}
	t.Fatalf("unknown predicate %s", name)
	return nil
}
