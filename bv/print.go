package bv

import (
	"strconv"
	"strings"
)

// String is the SMT-LIB literal z3 prints: "#x…" when the width is a multiple
// of 4, else "#b…", with every leading zero kept so the width is readable.
func (v Value) String() string {
	if !v.IsValid() {
		return "<invalid bv>"
	}
	if v.w%4 == 0 {
		return "#x" + v.digits(16, v.w/4)
	}
	return v.BinaryString()
}

// BinaryString is the "#b…" literal with one digit per bit.
func (v Value) BinaryString() string {
	if !v.IsValid() {
		return "<invalid bv>"
	}
	return "#b" + v.digits(2, v.w)
}

// DecimalString is the "(_ bvN w)" literal.
func (v Value) DecimalString() string {
	if !v.IsValid() {
		return "<invalid bv>"
	}
	var n string
	if v.wide == nil {
		n = strconv.FormatUint(v.lo, 10)
	} else {
		n = v.wide.Text(10)
	}
	return "(_ bv" + n + " " + strconv.FormatUint(uint64(v.w), 10) + ")"
}

// digits renders the unsigned value in base 2 or 16, left-padded with zeros
// to exactly n digits.
func (v Value) digits(base int, n uint32) string {
	var s string
	if v.wide == nil {
		s = strconv.FormatUint(v.lo, base)
	} else {
		s = v.wide.Text(base)
	}
	if pad := int(n) - len(s); pad > 0 {
		return strings.Repeat("0", pad) + s
	}
	return s
}
