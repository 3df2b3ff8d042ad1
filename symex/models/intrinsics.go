//go:build siftmodels

// Intrinsics: functions without a body that the executor answers itself
// (symex/intrinsics.go). Models call them for what plain Go cannot say
// without reflect.
package siftmodels

// sift_comparable reports whether x's dynamic type is comparable.
func sift_comparable(x any) bool

// sift_unsupported ends the path as unsupported with the message why.
func sift_unsupported(why string)
