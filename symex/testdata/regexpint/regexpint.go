// Package regexpint parses numbers behind a regular expression, as version
// and constraint parsers do: the expression admits any run of digits, and
// strconv.ParseInt then fails on one too long for its bit size. regexp's
// backtracker tests its visited set at indices over the input's length, and
// TestSettleByDomain counts the queries those tests cost.
package regexpint

import (
	"regexp"
	"strconv"
)

var number = regexp.MustCompile(`^\s*(=|<=)?\s*([0-9]+)\s*$`)

// Int8 panics when the digits overflow an int8: "128" and beyond.
//
// max-len: 3
// want: panic explicit panic
func Int8(s string) int {
	m := number.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	v, err := strconv.ParseInt(m[2], 10, 8)
	if err != nil {
		panic(err) // the expression let only digits through
	}
	return int(v)
}

// Int16 is Int8 with 16 bits: no input of 3 bytes panics.
//
// max-len: 3
// want: exhausted
func Int16(s string) int {
	m := number.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	v, err := strconv.ParseInt(m[2], 10, 16)
	if err != nil {
		panic(err)
	}
	return int(v)
}
