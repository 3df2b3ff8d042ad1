// Package initorder reaches two packages only through blank imports: Go
// runs their initializers before main (pluga before plugb, by import
// path, whatever the order of the imports), and they register in reg
// (globals_test.go).
package initorder

import (
	_ "initorder/plugb"

	_ "initorder/pluga"

	"initorder/reg"
)

// Registered panics on a one-byte input: a is registered.
func Registered(s string) int {
	if reg.Get("a") == 1 && len(s) == 1 {
		panic("registered")
	}
	return 0
}

// Ordered panics on a one-byte input: a was registered first.
func Ordered(s string) int {
	if reg.Order() == "ab" && len(s) == 1 {
		panic("ordered")
	}
	return 0
}
