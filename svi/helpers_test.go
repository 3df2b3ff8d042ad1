package svi

import (
	"math/rand/v2"
	"testing"
)

// bset is a set of values below 256, for brute force at w <= 8.
type bset [4]uint64

func (b *bset) add(v uint64)        { b[v>>6] |= 1 << (v & 63) }
func (b bset) has(v uint64) bool    { return b[v>>6]&(1<<(v&63)) != 0 }
func (b bset) subsetOf(c bset) bool { return b[0]&^c[0]|b[1]&^c[1]|b[2]&^c[2]|b[3]&^c[3] == 0 }
func (b bset) empty() bool          { return b == bset{} }
func (b bset) each(w uint, f func(v uint64)) {
	for v := uint64(0); v <= mask(w); v++ {
		if b.has(v) {
			f(v)
		}
	}
}

func toBset(t *testing.T, s Set) bset {
	t.Helper()
	var b bset
	vals, ok := s.Elements(256)
	if !ok {
		t.Fatalf("set %v too large", s)
	}
	for _, v := range vals {
		b.add(v)
	}
	return b
}

// checkInvariants fails if s breaks the Set invariants.
func checkInvariants(t *testing.T, s Set) {
	t.Helper()
	for i, p := range s.parts {
		if p.Lo > p.Hi || p.S == 0 || (p.Hi-p.Lo)%p.S != 0 || p.Hi > mask(s.w) || p.Lo == p.Hi && p.S != 1 {
			t.Fatalf("invalid part %v in %v", p, s)
		}
		if i > 0 && s.parts[i-1].Hi >= p.Lo {
			t.Fatalf("overlapping hulls in %v", s)
		}
	}
}

// family returns a deterministic list of w-bit test sets: strided intervals
// (wrapping ones included) over representative bounds, strides and lengths,
// plus unions of two of them.
func family(w uint, lows []uint64, strides []uint64, ns []uint64, unions int) []Set {
	m := mask(w)
	var out []Set
	for _, lo := range lows {
		for _, s := range strides {
			for _, n := range ns {
				if !mulFits(n, s, w) {
					continue
				}
				set, ok := Strided(w, lo&m, (lo+n*s)&m, s)
				if ok {
					out = append(out, set)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, uint64(w)))
	base := len(out)
	for range unions {
		out = append(out, Join(out[r.IntN(base)], out[r.IntN(base)]).Set)
	}
	return out
}

func family6Small() []Set {
	return family(6, []uint64{0, 5, 31, 60}, []uint64{1, 3, 4, 16}, []uint64{0, 2, 7, 40}, 20)
}

// randomSVISet returns a random w-bit strided interval with at most maxN+1
// elements (it may wrap).
func randomSVISet(r *rand.Rand, w uint, maxN uint64) Set {
	m := mask(w)
	for {
		lo := r.Uint64() & m
		s := uint64(1) << r.UintN(uint(w)) // powers of two and odd strides
		if r.IntN(2) == 0 {
			s = r.Uint64N(16) + 1
		}
		n := r.Uint64N(maxN + 1)
		if !mulFits(n, s, w) {
			continue
		}
		set, ok := Strided(w, lo, (lo+n*s)&m, s)
		if ok {
			return set
		}
	}
}
