// Package pkgmode is a package for `sift symex PKG` (package mode) and
// --stop-at-panic: exported functions and methods of the input kinds the
// executor builds, one whose parameter it cannot build, and planted panics.
package pkgmode

// Census counts the bytes of b above 'm' and panics on a NUL byte. With
// --max-len 4: 46 paths, 31 that return (per length l ≤ 4, the 2^l words
// over {above 'm', neither}) and 15 that panic (a NUL at index k after k
// other bytes: 2^k, whatever the length beyond k). Depth-first, the second
// path panics (the first is the empty slice's).
func Census(b []byte) int {
	n := 0
	for _, c := range b {
		if c == 0 {
			panic("NUL byte")
		}
		if c > 'm' {
			n++
		}
	}
	return n
}

// Field returns the i-th comma-separated field of s; it indexes past the
// fields it found (a planted panic: index out of range, i ≥ the number
// of fields).
func Field(s string, i uint8) string {
	start, n := 0, 0
	var fields [4]string
	for j := 0; j < len(s); j++ {
		if s[j] == ',' {
			fields[n] = s[start:j]
			n++
			start = j + 1
		}
	}
	fields[n] = s[start:]
	n++
	return fields[:n][i]
}

// Ratio divides only large numerators, by a divisor it does not check (a
// planted panic: a > 100, b == 0).
func Ratio(a, b int32) int32 {
	if a > 100 {
		return a / b
	}
	return 0
}

// Pick reads a flag; no panic (k is reduced modulo the length).
func Pick(flags [3]bool, k uint8) bool { return flags[k%3] }

// Lookup finds k among keys; no panic.
func Lookup(keys []string, k string) int {
	for i, key := range keys {
		if key == k {
			return i
		}
	}
	return -1
}

// Level is a named integer type with a value-receiver method.
type Level int8

// String names the level; a planted panic for levels above 3 (the table
// has four names).
func (l Level) String() string {
	if l < 0 {
		return "off"
	}
	return [...]string{"error", "warn", "info", "debug"}[l]
}

// Point is a struct with a value-receiver method.
type Point struct{ X, Y int16 }

// Quadrant is 1..4, or 0 on an axis; no panic.
func (p Point) Quadrant() int {
	switch {
	case p.X == 0 || p.Y == 0:
		return 0
	case p.X > 0 && p.Y > 0:
		return 1
	case p.X < 0 && p.Y > 0:
		return 2
	case p.X < 0:
		return 3
	}
	return 4
}

// Buffer is read through a pointer receiver.
type Buffer struct {
	data []byte
	off  int
}

// Next returns the next n bytes; a planted panic when fewer are left
// (slice bounds out of range).
func (b *Buffer) Next(n int) []byte {
	s := b.data[b.off : b.off+n]
	b.off += n
	return s
}

// Drain takes a channel, an input kind the executor does not build.
func Drain(c chan int) int {
	n := 0
	for range c {
		n++
	}
	return n
}

// Max is generic: only its instantiations run.
func Max[T int | string](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Shape is an interface: its method has no body to explore.
type Shape interface{ Area() int }

// count is unexported: package mode leaves it out.
func count(s string) int { return len(s) }
