// Package corpus holds small Go functions with known path counts and panics,
// written for the symex tests.
package corpus

// Memspn is seed 000's running example (uClibc strspn) ported to Go: the
// length of the prefix of s[:n] made of bytes in chars.
func Memspn(s []byte, n int, chars string) int {
	p := 0
	count := 0
	for p < len(chars) && count < n {
		if count < len(s) && chars[p] == s[count] {
			count++
			p = 0
		} else {
			p++
		}
	}
	return count
}

// MemspnA is Memspn with chars = "a", as in seed 000's Fig. 2.
func MemspnA(s []byte, n uint8) int {
	if n > 3 {
		n = 3
	}
	return Memspn(s, int(n), "a")
}

// MarkA is MemspnA that copies the prefix it matched into a buffer: the
// store gives its loop an effect, so the loop forks and merges (MemspnA's
// loop, without effects, runs once as ite terms, loopite.go).
func MarkA(s []byte, n uint8) int {
	if n > 3 {
		n = 3
	}
	var buf [3]byte
	p, count := 0, 0
	for p < 1 && count < int(n) {
		if count < len(s) && s[count] == 'a' {
			buf[count] = s[count]
			count++
			p = 0
		} else {
			p++
		}
	}
	return count
}

// Strspn is the length of the prefix of s made of bytes in accept.
func Strspn(s, accept string) int {
	i := 0
	for i < len(s) {
		found := false
		for j := 0; j < len(accept); j++ {
			if s[i] == accept[j] {
				found = true
				break
			}
		}
		if !found {
			break
		}
		i++
	}
	return i
}

// StrspnAB is Strspn with accept = "ab" (seed 000 E7).
func StrspnAB(s string) int { return Strspn(s, "ab") }

// CountA counts the 'a' bytes of s.
func CountA(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == 'a' {
			n++
		}
	}
	return n
}

// SumBytes adds the bytes of b with wrap-around.
func SumBytes(b []byte) byte {
	var t byte
	for _, x := range b {
		t += x
	}
	return t
}

// AddOverflows panics when a+b overflows int8.
func AddOverflows(a, b int8) int8 {
	c := a + b
	if a > 0 && b > 0 && c < 0 {
		panic("overflow")
	}
	return c
}

// Div divides and panics on zero.
func Div(a, b int32) int32 {
	return a / b
}

// Guarded indexes out of range only behind a condition.
func Guarded(s []int16, i int) int16 {
	if len(s) == 2 && i >= 0 {
		return s[i] // out of range for i >= 2
	}
	return 0
}

// Last reads s[len(s)-1]: out of range on the empty string.
func Last(s string) byte {
	return s[len(s)-1]
}

// Runes counts the runes of s that are not ASCII.
func Runes(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x80 {
			n++
		}
	}
	return n
}

type point struct {
	X, Y uint8
}

// Quadrant classifies a point; a struct parameter.
func Quadrant(p point, shift uint) int {
	if p.X<<shift > 100 {
		if p.Y > 100 {
			return 1
		}
		return 2
	}
	return 3
}

// Table reads an array through a computed index.
func Table(a [4]uint8, k uint8) uint8 {
	return a[k&3] + a[k>>6]
}

// Build appends and copies.
func Build(b []byte) int {
	out := make([]byte, 0, 2)
	out = append(out, b...)
	out = append(out, 'z')
	buf := make([]byte, 3)
	n := copy(buf, out)
	if buf[n-1] == 'z' {
		return n
	}
	return -n
}

// MapUse looks a symbolic key up in a map literal: k == 1 or not.
func MapUse(k int) int {
	m := map[int]int{1: 2}
	return m[k]
}

// Diamonds is seed 002's T1 with n = 5: independent ifs whose values are
// only added up at the end. Without merging 2^5 paths; merging at each join
// leaves one state.
func Diamonds(a, b, c, d, e int8) int8 {
	y0, y1, y2, y3, y4 := int8(2), int8(2), int8(2), int8(2), int8(2)
	if a > 0 {
		y0 = 1
	}
	if b > 0 {
		y1 = 1
	}
	if c > 0 {
		y2 = 1
	}
	if d > 0 {
		y3 = 1
	}
	if e > 0 {
		y4 = 1
	}
	return y0 + y1 + y2 + y3 + y4
}

// PCMerge is seed 002's T7 without pointers: a path that panics between the
// fork and the join must not come back through the merged path constraint.
// Only "abort" is reachable; a merge that kept only the common part of the
// path constraints would also reach "bug 1" (and, merging in one order,
// "bug 2").
func PCMerge(c, d int8) int8 {
	var x int8
	if c > 0 {
		x = d
	} else {
		x = 7
		if d == 3 {
			panic("abort")
		}
	}
	if c <= 0 && d == 3 {
		panic("bug 1")
	}
	if x == 7 && d == 3 {
		panic("bug 2")
	}
	return x
}

// MergedIndex indexes with a value two joins merged: under merging the
// panic is reached from a merged state, and its input comes from a model of
// the merged path constraint.
func MergedIndex(s []byte, k int8) byte {
	i := 0
	if k > 10 {
		i = 3
	} else if k < -10 {
		i = 1
	}
	return s[i]
}

// Halve needs complex numbers, which the executor does not model: the path
// must be reported as unsupported, not explored wrongly.
func Halve(k int) int {
	return int(real(complex(float64(k), 0) * 0.5))
}
