package symex

// modelSource is Go code that stands in for functions whose bodies the executor
// cannot run: assembly (internal/bytealg), unsafe tricks (Clone) and the UTF-8
// decoding step of range over a string. A model named pkg_path__Fn replaces
// pkg/path.Fn. Models must be plain Go with no imports and behave exactly like
// what they replace on every input.
const modelSource = `package siftmodels

func internal_bytealg__IndexByteString(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func internal_bytealg__IndexByte(b []byte, c byte) int {
	for i := 0; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}

func internal_bytealg__CountString(s string, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

func internal_bytealg__Count(b []byte, c byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		if b[i] == c {
			n++
		}
	}
	return n
}

func internal_bytealg__Equal(a, b []byte) bool {
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

func internal_stringslite__Clone(s string) string { return s }

func strings__Clone(s string) string { return s }

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
`
