//go:build siftmodels

// Models without imports: assembly functions (internal/bytealg, sync/atomic),
// pointer tricks (abi.NoEscape, Clone), and the UTF-8 decoding step of range
// over a string. Each function stands in for the one its //sift:model line
// names and behaves exactly like it on every input (a single goroutine runs,
// so atomic operations are plain loads and stores).
package siftmodels

import "unsafe"

//sift:model internal/bytealg.IndexByteString
func indexByteString(s string, c byte) int { return sift_indexbyte(s, c) }

//sift:model internal/bytealg.IndexByte
func indexByte(b []byte, c byte) int {
	for i := 0; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}

//sift:model internal/bytealg.CountString
func countString(s string, c byte) int { return sift_countbyte(s, c) }

//sift:model internal/bytealg.Count
func count(b []byte, c byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		if b[i] == c {
			n++
		}
	}
	return n
}

//sift:model internal/bytealg.Equal
func equal(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

//sift:model internal/bytealg.Compare
func compare(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	if len(a) < len(b) {
		return -1
	}
	if len(a) > len(b) {
		return 1
	}
	return 0
}

// Index and IndexString find b in a; callers guarantee 2 <= len(b) <= MaxLen.
//
//sift:model internal/bytealg.IndexString
func indexString(a, b string) int {
	for i := 0; i+len(b) <= len(a); i++ {
		if a[i:i+len(b)] == b {
			return i
		}
	}
	return -1
}

//sift:model internal/bytealg.Index
func index(a, b []byte) int {
	for i := 0; i+len(b) <= len(a); i++ {
		j := 0
		for j < len(b) && a[i+j] == b[j] {
			j++
		}
		if j == len(b) {
			return i
		}
	}
	return -1
}

// MakeNoZero leaves the contents unspecified; zero is one of its behaviours.
//
//sift:model internal/bytealg.MakeNoZero
func makeNoZero(n int) []byte { return make([]byte, n) }

//sift:model internal/stringslite.Clone
func stringsliteClone(s string) string { return s }

//sift:model strings.Clone
func stringsClone(s string) string { return s }

// NoEscape round-trips its pointer through uintptr to hide it from escape
// analysis; the pointer comes back unchanged.
//
//sift:model internal/abi.NoEscape
func noEscape(p unsafe.Pointer) unsafe.Pointer { return p }

//sift:model sync/atomic.LoadInt32
func loadInt32(addr *int32) int32 { return *addr }

//sift:model sync/atomic.LoadInt64
func loadInt64(addr *int64) int64 { return *addr }

//sift:model sync/atomic.LoadUint32
func loadUint32(addr *uint32) uint32 { return *addr }

//sift:model sync/atomic.LoadUint64
func loadUint64(addr *uint64) uint64 { return *addr }

//sift:model sync/atomic.LoadUintptr
func loadUintptr(addr *uintptr) uintptr { return *addr }

//sift:model sync/atomic.LoadPointer
func loadPointer(addr *unsafe.Pointer) unsafe.Pointer { return *addr }

//sift:model sync/atomic.StoreInt32
func storeInt32(addr *int32, v int32) { *addr = v }

//sift:model sync/atomic.StoreInt64
func storeInt64(addr *int64, v int64) { *addr = v }

//sift:model sync/atomic.StoreUint32
func storeUint32(addr *uint32, v uint32) { *addr = v }

//sift:model sync/atomic.StoreUint64
func storeUint64(addr *uint64, v uint64) { *addr = v }

//sift:model sync/atomic.StoreUintptr
func storeUintptr(addr *uintptr, v uintptr) { *addr = v }

//sift:model sync/atomic.StorePointer
func storePointer(addr *unsafe.Pointer, v unsafe.Pointer) { *addr = v }

//sift:model sync/atomic.SwapInt32
func swapInt32(addr *int32, v int32) int32 { old := *addr; *addr = v; return old }

//sift:model sync/atomic.SwapInt64
func swapInt64(addr *int64, v int64) int64 { old := *addr; *addr = v; return old }

//sift:model sync/atomic.SwapUint32
func swapUint32(addr *uint32, v uint32) uint32 { old := *addr; *addr = v; return old }

//sift:model sync/atomic.SwapUint64
func swapUint64(addr *uint64, v uint64) uint64 { old := *addr; *addr = v; return old }

//sift:model sync/atomic.SwapPointer
func swapPointer(addr *unsafe.Pointer, v unsafe.Pointer) unsafe.Pointer {
	old := *addr
	*addr = v
	return old
}

//sift:model sync/atomic.CompareAndSwapInt32
func casInt32(addr *int32, old, v int32) bool {
	if *addr != old {
		return false
	}
	*addr = v
	return true
}

//sift:model sync/atomic.CompareAndSwapInt64
func casInt64(addr *int64, old, v int64) bool {
	if *addr != old {
		return false
	}
	*addr = v
	return true
}

//sift:model sync/atomic.CompareAndSwapUint32
func casUint32(addr *uint32, old, v uint32) bool {
	if *addr != old {
		return false
	}
	*addr = v
	return true
}

//sift:model sync/atomic.CompareAndSwapUint64
func casUint64(addr *uint64, old, v uint64) bool {
	if *addr != old {
		return false
	}
	*addr = v
	return true
}

//sift:model sync/atomic.CompareAndSwapPointer
func casPointer(addr *unsafe.Pointer, old, v unsafe.Pointer) bool {
	if *addr != old {
		return false
	}
	*addr = v
	return true
}

//sift:model sync/atomic.AddInt32
func addInt32(addr *int32, d int32) int32 { *addr += d; return *addr }

//sift:model sync/atomic.AddInt64
func addInt64(addr *int64, d int64) int64 { *addr += d; return *addr }

//sift:model sync/atomic.AddUint32
func addUint32(addr *uint32, d uint32) uint32 { *addr += d; return *addr }

//sift:model sync/atomic.AddUint64
func addUint64(addr *uint64, d uint64) uint64 { *addr += d; return *addr }

//sift:model sync/atomic.AddUintptr
func addUintptr(addr *uintptr, d uintptr) uintptr { *addr += d; return *addr }

//sift:model sync/atomic.AndInt32
func andInt32(addr *int32, m int32) int32 { old := *addr; *addr &= m; return old }

//sift:model sync/atomic.AndUint32
func andUint32(addr *uint32, m uint32) uint32 { old := *addr; *addr &= m; return old }

//sift:model sync/atomic.OrInt32
func orInt32(addr *int32, m int32) int32 { old := *addr; *addr |= m; return old }

//sift:model sync/atomic.OrUint32
func orUint32(addr *uint32, m uint32) uint32 { old := *addr; *addr |= m; return old }

// decodeRune is the step of range over a string for a first byte >= 0x80:
// it returns the rune and the index after it, RuneError and k+1 when the
// bytes at k are not valid UTF-8 (the runtime's decoderune).
func decodeRune(s string, k int) (rune, int) {
	const bad = 0xFFFD
	n := len(s) - k
	b0 := s[k]
	if b0 < 0xC2 || b0 > 0xF4 {
		return bad, k + 1
	}
	if n < 2 {
		return bad, k + 1
	}
	b1 := s[k+1]
	if b0 < 0xE0 {
		if b1 < 0x80 || b1 > 0xBF {
			return bad, k + 1
		}
		return rune(b0&0x1F)<<6 | rune(b1&0x3F), k + 2
	}
	lo, hi := byte(0x80), byte(0xBF)
	if b0 == 0xE0 {
		lo = 0xA0
	} else if b0 == 0xED {
		hi = 0x9F
	} else if b0 == 0xF0 {
		lo = 0x90
	} else if b0 == 0xF4 {
		hi = 0x8F
	}
	if b1 < lo || b1 > hi {
		return bad, k + 1
	}
	if n < 3 {
		return bad, k + 1
	}
	b2 := s[k+2]
	if b2 < 0x80 || b2 > 0xBF {
		return bad, k + 1
	}
	if b0 < 0xF0 {
		return rune(b0&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F), k + 3
	}
	if n < 4 {
		return bad, k + 1
	}
	b3 := s[k+3]
	if b3 < 0x80 || b3 > 0xBF {
		return bad, k + 1
	}
	return rune(b0&0x07)<<18 | rune(b1&0x3F)<<12 | rune(b2&0x3F)<<6 | rune(b3&0x3F), k + 4
}

// runtimeError is what recover returns for a run-time panic (an index out
// of range, a nil dereference, …): a runtime.Error whose text is the
// executor's message for the panic.
type runtimeError struct{ msg string }

func (e runtimeError) Error() string { return e.msg }

func (e runtimeError) RuntimeError() {}

// Conversions the executor runs as Go code: string(runes), []rune(s) and
// string(r) of a symbolic integer.

func runesToString(rs []rune) string {
	var b []byte
	for _, r := range rs {
		b = appendRune(b, r)
	}
	return string(b)
}

func stringToRunes(s string) []rune {
	var rs []rune
	for _, r := range s {
		rs = append(rs, r)
	}
	return rs
}

// runeToString is string(x) for an integer x (widened to int64; a uint64
// above the int64 range arrives negative and is invalid either way).
func runeToString(x int64) string {
	if x < 0 || x > 0x10FFFF {
		x = 0xFFFD
	}
	return string(appendRune(nil, rune(x)))
}

// appendRune appends the UTF-8 encoding of r, RuneError's for a surrogate
// or an out-of-range r.
func appendRune(b []byte, r rune) []byte {
	if r < 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF) {
		r = 0xFFFD
	}
	switch {
	case r < 0x80:
		return append(b, byte(r))
	case r < 0x800:
		return append(b, 0xC0|byte(r>>6), 0x80|byte(r)&0x3F)
	case r < 0x10000:
		return append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
	}
	return append(b, 0xF0|byte(r>>18), 0x80|byte(r>>12)&0x3F, 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
}
