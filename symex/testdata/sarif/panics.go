// Package sarif holds functions with panics of several kinds, for the test
// of `sift symex --sarif` (symex/sarif_test.go).
package sarif

// Pick panics with an index out of range when s starts with 'i', divides by
// zero on "d" and panics itself on "p!".
func Pick(s string) int {
	if len(s) == 0 {
		return 0
	}
	switch s[0] {
	case 'i':
		return int(s[5])
	case 'd':
		z := len(s) - 1
		return 10 / z
	case 'p':
		if len(s) > 1 && s[1] == '!' {
			panic("bang")
		}
	}
	return 1
}

// Safe never panics.
func Safe(s string) int { return len(s) }
