package bv

import (
	"fmt"
	"math/big"
)

// maxWidth is the largest width a Value can have.
const maxWidth = 1<<32 - 1

// ParseBinary reads the digits of a #b literal ("0101", without "#b"); the
// width is the number of digits.
func ParseBinary(digits string) (Value, error) {
	if err := checkDigits(digits, "binary", isBinaryDigit, 1); err != nil {
		return Value{}, err
	}
	w := uint32(len(digits))
	if w <= 64 {
		var x uint64
		for i := 0; i < len(digits); i++ {
			x = x<<1 | uint64(digits[i]-'0')
		}
		return Value{w: w, lo: x}, nil
	}
	x, _ := new(big.Int).SetString(digits, 2)
	return Value{w: w, wide: x}, nil
}

// ParseHex reads the digits of a #x literal ("0f", without "#x"; either
// case); the width is four bits per digit.
func ParseHex(digits string) (Value, error) {
	if err := checkDigits(digits, "hexadecimal", isHexDigit, 4); err != nil {
		return Value{}, err
	}
	w := uint32(4 * len(digits))
	if w <= 64 {
		var x uint64
		for i := 0; i < len(digits); i++ {
			x = x<<4 | uint64(hexDigitValue(digits[i]))
		}
		return Value{w: w, lo: x}, nil
	}
	x, _ := new(big.Int).SetString(digits, 16)
	return Value{w: w, wide: x}, nil
}

// ParseDecimal reads the numeral N of (_ bvN width) and returns N mod
// 2^width. SMT-LIB leaves N >= 2^width unspecified; z3 reduces it, and so do
// we.
func ParseDecimal(digits string, width uint32) (Value, error) {
	if width == 0 {
		return Value{}, fmt.Errorf("bv: (_ bv%s 0): width must be at least 1", digits)
	}
	if err := checkDigits(digits, "decimal", isDecimalDigit, 0); err != nil {
		return Value{}, err
	}
	if len(digits) <= 19 { // below 10^19 < 2^64: no overflow
		var x uint64
		for i := 0; i < len(digits); i++ {
			x = x*10 + uint64(digits[i]-'0')
		}
		return New(width, x), nil
	}
	x, _ := new(big.Int).SetString(digits, 10)
	return fromNormalised(width, normalise(width, x)), nil
}

// checkDigits rejects empty input, any byte outside the digit set, and
// literals whose width would not fit in a uint32 (bitsPerDigit 0: no limit).
func checkDigits(digits, kind string, ok func(byte) bool, bitsPerDigit uint64) error {
	if digits == "" {
		return fmt.Errorf("bv: empty %s literal", kind)
	}
	if bitsPerDigit != 0 && uint64(len(digits))*bitsPerDigit > maxWidth {
		return fmt.Errorf("bv: %s literal of %d digits is too wide", kind, len(digits))
	}
	for i := 0; i < len(digits); i++ {
		if !ok(digits[i]) {
			return fmt.Errorf("bv: invalid %s digit %q at offset %d in %q", kind, digits[i], i, digits)
		}
	}
	return nil
}

func isBinaryDigit(c byte) bool { return c == '0' || c == '1' }

func isDecimalDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHexDigit(c byte) bool {
	return isDecimalDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// hexDigitValue assumes isHexDigit(c).
func hexDigitValue(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
