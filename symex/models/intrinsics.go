//go:build siftmodels

// Intrinsics: functions without a body that the executor answers itself
// (symex/intrinsics.go). Models call them for what plain Go cannot say
// without reflect.
package siftmodels

// sift_comparable reports whether x's dynamic type is comparable.
func sift_comparable(x any) bool

// sift_unsupported ends the path as unsupported with the message why.
func sift_unsupported(why string)

// sift_indexbyte is the index of the first byte c in s, -1 for none, and
// sift_countbyte the number of bytes c in s: terms over s's bytes, not
// loops that fork at each (symex/bytesearch.go).
func sift_indexbyte(s string, c byte) int
func sift_countbyte(s string, c byte) int
