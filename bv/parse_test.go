package bv

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		kind, digits string
		width        uint32 // input width for decimal; expected width otherwise
		wantWidth    uint32
		want         string // expected value in decimal
	}{
		{"bin", "0", 0, 1, "0"},
		{"bin", "1", 0, 1, "1"},
		{"bin", "0101", 0, 4, "5"},
		{"bin", "1" + strings.Repeat("0", 64), 0, 65, "18446744073709551616"},
		{"bin", strings.Repeat("1", 64), 0, 64, "18446744073709551615"},
		{"hex", "0f", 0, 8, "15"},
		{"hex", "Ff", 0, 8, "255"},
		{"hex", "aBcD", 0, 16, "43981"},
		{"hex", "00000000000000000", 0, 68, "0"},
		{"hex", "10000000000000000", 0, 68, "18446744073709551616"},
		{"hex", "ffffffffffffffff", 0, 64, "18446744073709551615"},
		{"dec", "5", 8, 8, "5"},
		{"dec", "0", 1, 1, "0"},
		{"dec", "256", 8, 8, "0"}, // reduced mod 2^w, as z3 does
		{"dec", "257", 8, 8, "1"},
		{"dec", "18446744073709551615", 64, 64, "18446744073709551615"},
		{"dec", "18446744073709551616", 64, 64, "0"},
		{"dec", "18446744073709551617", 65, 65, "18446744073709551617"},
		{"dec", "9999999999999999999", 64, 64, "9999999999999999999"},
		{"dec", "99999999999999999999", 64, 64, "7766279631452241919"}, // 10^20-1 - 5*2^64
		{"dec", "340282366920938463463374607431768211457", 128, 128, "1"},
		{"dec", "007", 3, 3, "7"},
	}
	for _, c := range cases {
		var v Value
		var err error
		switch c.kind {
		case "bin":
			v, err = ParseBinary(c.digits)
		case "hex":
			v, err = ParseHex(c.digits)
		default:
			v, err = ParseDecimal(c.digits, c.width)
		}
		if err != nil {
			t.Errorf("%s %q: %v", c.kind, c.digits, err)
			continue
		}
		want, _ := new(big.Int).SetString(c.want, 10)
		checkValue(t, c.kind+" "+c.digits, v, c.wantWidth, want)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		kind, digits string
		width        uint32
	}{
		{"bin", "", 0},
		{"bin", "012", 0},
		{"bin", "1 0", 0},
		{"bin", "#b1", 0},
		{"hex", "", 0},
		{"hex", "0g", 0},
		{"hex", "0x1", 0},
		{"dec", "", 8},
		{"dec", "-1", 8},
		{"dec", "+1", 8},
		{"dec", "1_0", 8},
		{"dec", "12a", 8},
		{"dec", " 1", 8},
		{"dec", "1", 0},
		{"dec", strings.Repeat("9", 30) + "x", 200},
	}
	for _, c := range cases {
		var err error
		switch c.kind {
		case "bin":
			_, err = ParseBinary(c.digits)
		case "hex":
			_, err = ParseHex(c.digits)
		default:
			_, err = ParseDecimal(c.digits, c.width)
		}
		if err == nil {
			t.Errorf("%s %q (width %d): no error", c.kind, c.digits, c.width)
		}
	}
}

func TestPrint(t *testing.T) {
	cases := []struct {
		v                    Value
		str, binary, decimal string
	}{
		{New(1, 1), "#b1", "#b1", "(_ bv1 1)"},
		{New(3, 5), "#b101", "#b101", "(_ bv5 3)"},
		{New(8, 15), "#x0f", "#b00001111", "(_ bv15 8)"},
		{New(4, 0), "#x0", "#b0000", "(_ bv0 4)"},
		{New(64, 1<<63), "#x8000000000000000", "#b1" + strings.Repeat("0", 63), "(_ bv9223372036854775808 64)"},
		{Ones(65), "#b" + strings.Repeat("1", 65), "#b" + strings.Repeat("1", 65), "(_ bv36893488147419103231 65)"},
		{New(68, 0xab), "#x000000000000000ab", "#b" + strings.Repeat("0", 60) + "10101011", "(_ bv171 68)"},
		{Value{}, "<invalid bv>", "<invalid bv>", "<invalid bv>"},
	}
	for _, c := range cases {
		if got := c.v.String(); got != c.str {
			t.Errorf("String() = %q, want %q", got, c.str)
		}
		if got := c.v.BinaryString(); got != c.binary {
			t.Errorf("BinaryString() = %q, want %q", got, c.binary)
		}
		if got := c.v.DecimalString(); got != c.decimal {
			t.Errorf("DecimalString() = %q, want %q", got, c.decimal)
		}
	}
}

// Printing then parsing gives the value back, in each of the three forms.
func TestPrintParseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, w := range []uint32{1, 3, 4, 7, 8, 31, 63, 64, 65, 68, 100, 128, 257} {
		for range 50 {
			v := valueOf(w, randomOperand(rng, w))
			round := []struct {
				form string
				back func() (Value, error)
			}{
				{"String", func() (Value, error) { return lit(t, v.String()), nil }},
				{"BinaryString", func() (Value, error) { return ParseBinary(strings.TrimPrefix(v.BinaryString(), "#b")) }},
				{"DecimalString", func() (Value, error) { return lit(t, v.DecimalString()), nil }},
			}
			for _, r := range round {
				got, err := r.back()
				if err != nil || !got.Equal(v) {
					t.Fatalf("%s round trip of %s (width %d): got %s, %v", r.form, v.Big(), w, got.Big(), err)
				}
			}
		}
	}
}

func TestAccessors(t *testing.T) {
	big65 := FromBig(65, big.NewInt(-1))
	cases := []struct {
		name         string
		v            Value
		width        uint32
		u64          uint64
		fits         bool
		signed       string
		zero, ones   bool
		bit0, bitTop bool
	}{
		{"1-bit one", New(1, 1), 1, 1, true, "-1", false, true, true, true},
		{"8-bit truncated", New(8, 0x1ff), 8, 0xff, true, "-1", false, true, true, true},
		{"8-bit 0x7f", New(8, 0x7f), 8, 0x7f, true, "127", false, false, true, false},
		{"64-bit INT_MIN", New(64, 1<<63), 64, 1 << 63, true, "-9223372036854775808", false, false, false, true},
		{"65-bit -1", big65, 65, 0, false, "-1", false, true, true, true},
		{"65-bit small", New(65, 42), 65, 42, true, "42", false, false, false, false},
		{"100-bit zero", Zero(100), 100, 0, true, "0", true, false, false, false},
		{"FromBig negative", FromBig(8, big.NewInt(-128)), 8, 0x80, true, "-128", false, false, false, true},
		{"FromBig wraps", FromBig(70, new(big.Int).Lsh(big.NewInt(3), 69)), 70, 0, false, "-590295810358705651712", false, false, false, true},
	}
	for _, c := range cases {
		checkInvariant(t, c.v)
		u, ok := c.v.Uint64()
		if c.v.Width() != c.width || ok != c.fits || (ok && u != c.u64) {
			t.Errorf("%s: width %d Uint64 %d,%v; want %d %d,%v", c.name, c.v.Width(), u, ok, c.width, c.u64, c.fits)
		}
		if got := c.v.Signed().String(); got != c.signed {
			t.Errorf("%s: Signed() = %s, want %s", c.name, got, c.signed)
		}
		if c.v.IsZero() != c.zero || c.v.IsOnes() != c.ones {
			t.Errorf("%s: IsZero %v IsOnes %v, want %v %v", c.name, c.v.IsZero(), c.v.IsOnes(), c.zero, c.ones)
		}
		if c.v.Bit(0) != c.bit0 || c.v.Bit(c.width-1) != c.bitTop {
			t.Errorf("%s: Bit(0) %v Bit(top) %v, want %v %v", c.name, c.v.Bit(0), c.v.Bit(c.width-1), c.bit0, c.bitTop)
		}
		if !c.v.IsValid() {
			t.Errorf("%s: not valid", c.name)
		}
	}
	if (Value{}).IsValid() {
		t.Errorf("zero Value is valid")
	}
}

func TestEqualAndHash(t *testing.T) {
	cases := []struct {
		name  string
		a, b  Value
		equal bool
	}{
		{"same narrow", New(8, 5), New(8, 5), true},
		{"different bits", New(8, 5), New(8, 6), false},
		{"different widths", New(8, 5), New(9, 5), false},
		{"same wide, built differently", Ones(100), FromBig(100, big.NewInt(-1)), true},
		{"wide built by an operator", Add(New(128, 1<<63), New(128, 1<<63)), lit(t, "#x00000000000000010000000000000000"), true},
		{"wide different", New(65, 1), New(65, 2), false},
		{"64 vs 65", New(64, 7), New(65, 7), false},
	}
	for _, c := range cases {
		if got := c.a.Equal(c.b); got != c.equal {
			t.Errorf("%s: Equal = %v, want %v", c.name, got, c.equal)
		}
		if c.equal && c.a.Hash() != c.b.Hash() {
			t.Errorf("%s: equal values hash differently", c.name)
		}
		if !c.equal && c.a.Hash() == c.b.Hash() {
			t.Errorf("%s: distinct values collide (possible but not for these)", c.name)
		}
	}
}
