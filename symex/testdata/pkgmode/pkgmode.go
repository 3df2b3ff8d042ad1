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
