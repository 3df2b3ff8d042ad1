// Package oraclefound keeps the shapes on which the exhaustive concrete
// oracle (internal/oracle) found symex wrong, each with what Go does;
// oraclefound_test.go checks symex on them.
package oraclefound

// DeferThenPanic panics on "_" (division by zero) through a deferred
// call that returns normally: the unwinding that the deferred call's
// return resumed reached the entry, and the executor crashed.
func DeferThenPanic(s string) int {
	defer func() {}()
	if len(s) > 0 {
		return 37 / (int(s[0]) - '_')
	}
	return 0
}

// ClosureDeferPanic is the same one call down, in a closure with a
// deferred call that changes a captured variable.
func ClosureDeferPanic(s string) int {
	acc := 0
	func() {
		defer func() {
			acc += 8
		}()
		if len(s) > 0 && s[0] == 'x' {
			panic("x")
		}
	}()
	return acc
}
