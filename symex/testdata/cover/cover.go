// Package cover holds functions for the test of `sift symex --coverprofile`
// (symex/coverprofile_test.go): each statement form that go test -cover
// splits into blocks of its own.
package cover

// Classify branches on the input's bytes through if/else chains, a loop,
// a switch, a closure and a deferred recover.
func Classify(s string) (n int) {
	defer func() {
		if r := recover(); r != nil {
			n = -1
		}
	}()
	if len(s) == 0 {
		n = 10
		return n
	} else if s[0] == 'a' {
		n = 1
	} else {
		n = 2
	}
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '!':
			panic("bang")
		default:
			n += 3
		}
	}
	double := func(x int) int {
		if x > 4 {
			return x
		}
		return 2 * x
	}
	n = double(n + digits)
	return n
}

// Never is not explored: its statements count as not covered.
func Never(x int) int {
	if x > 0 {
		return 1
	}
	return 0
}

// Sign has a branch that a length bound of one byte cannot reach past.
func Sign(s string) int {
	if len(s) > 1 && s[1] == 'z' {
		return 7
	}
	if len(s) > 0 && s[0] == '-' {
		x := -1
		return x
	}
	return 1
}
