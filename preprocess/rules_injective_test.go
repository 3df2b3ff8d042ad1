package preprocess

import "testing"

// TestInjective checks the verdicts of the meet in the middle on
// coefficient vectors whose answer is known: polynomial hashes of 2 and 3
// bytes modulo 2^32 are injective, of 4 bytes not (the symex run finds a
// collision); byte concatenation is, a shift by less than a byte is not.
func TestInjective(t *testing.T) {
	var p uint64 = 16777619 // internal/bytealg.PrimeRK
	bytes := func(cs ...uint64) []injectivePair {
		ps := make([]injectivePair, len(cs))
		for i, c := range cs {
			ps[i] = injectivePair{c: c, ma: 255, mb: 255}
		}
		return ps
	}
	m32 := func(x uint64) uint64 { return x & (1<<32 - 1) }
	for _, tc := range []struct {
		name    string
		w       uint32
		ps      []injectivePair
		inj, ok bool
	}{
		{"hash-2", 32, bytes(p, 1), true, true},
		{"hash-3", 32, bytes(m32(p*p), p, 1), true, true},
		{"hash-4", 32, bytes(m32(p*p*p), m32(p*p), p, 1), false, true},
		{"concat", 16, bytes(256, 1), true, true},
		{"shift-7", 16, bytes(128, 1), false, true},
		{"same-coefficient", 32, bytes(3, 3), false, true},
		{"one-bit-pairs", 8, []injectivePair{{c: 1, ma: 1, mb: 1}, {c: 2, ma: 1, mb: 1}}, true, true},
		{"too-many", 32, bytes(1, 3, 5, 7, 9), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inj, ok := meetInMiddle(tc.w, tc.ps)
			if inj != tc.inj || ok != tc.ok {
				t.Errorf("meetInMiddle = %v, %v; want %v, %v", inj, ok, tc.inj, tc.ok)
			}
		})
	}
}
