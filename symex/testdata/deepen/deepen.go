// Package deepen has panics that only inputs longer than a small length
// bound reach (the lines marked "plant"), for TestDeepening: a run that
// deepens the bound within its budget finds them, one bound too short
// does not.
package deepen

// Long panics on a string of at least 6 bytes: "ab???!".
func Long(s string) int {
	if len(s) < 6 {
		return 0
	}
	if s[0] == 'a' && s[1] == 'b' && s[5] == '!' {
		panic("plant: length 6")
	}
	return 1
}

// Keys panics when it gets 5 keys, the last "k" (the variadic count is
// bounded as lengths are).
func Keys(keys ...string) int {
	if len(keys) == 5 && len(keys[4]) == 1 && keys[4][0] == 'k' {
		panic("plant: five keys")
	}
	return len(keys)
}

// Short panics at length 2: the first round finds it and deepening stops
// there under StopAtPanic.
func Short(b []byte) {
	if len(b) == 2 && b[1] == 'x' {
		panic("plant: length 2")
	}
}

// Never has no panic: deepening goes on until the bound passes the
// maximum, and every round exhausts its space.
func Never(b []byte) int {
	n := 0
	for _, c := range b {
		if c == 0 {
			n++
		}
	}
	return n
}

// Sign has no input the length bound limits: one round is all there is.
func Sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}
