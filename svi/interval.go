package svi

import "fmt"

// SVI is one non-wrapping strided value interval: the values Lo, Lo+S, ...,
// Hi. Invariants (kept by every constructor in this package): Lo <= Hi,
// S >= 1, S divides Hi-Lo, and a singleton has S = 1.
//
// The paper's wrapped SVI ⟨a,b,s⟩ with a > b is held as two SVIs (its
// formula (1) split); Range and Strided build them.
type SVI struct{ Lo, Hi, S uint64 }

// mkSVI builds a normalised SVI; the caller guarantees lo <= hi and s | hi-lo.
func mkSVI(lo, hi, s uint64) SVI {
	if lo == hi || s == 0 {
		return SVI{lo, lo, 1}
	}
	return SVI{lo, hi, s}
}

// N is the number of elements minus one; it never overflows.
func (p SVI) N() uint64 { return (p.Hi - p.Lo) / p.S }

// IsSingleton reports whether p has exactly one element.
func (p SVI) IsSingleton() bool { return p.Lo == p.Hi }

// Contains reports whether v is one of p's elements.
func (p SVI) Contains(v uint64) bool {
	return v >= p.Lo && v <= p.Hi && (v-p.Lo)%p.S == 0
}

// Lub is the largest element of p that is <= v (the paper's lub_I).
func (p SVI) Lub(v uint64) (uint64, bool) {
	if v < p.Lo {
		return 0, false
	}
	if v >= p.Hi {
		return p.Hi, true
	}
	return p.Lo + (v-p.Lo)/p.S*p.S, true
}

// Glb is the smallest element of p that is >= v (the paper's glb_I).
func (p SVI) Glb(v uint64) (uint64, bool) {
	if v > p.Hi {
		return 0, false
	}
	if v <= p.Lo {
		return p.Lo, true
	}
	q := (v - p.Lo) / p.S
	if (v-p.Lo)%p.S != 0 {
		q++
	}
	return p.Lo + q*p.S, true // <= Hi because Hi is on the lattice and >= v
}

// Clip returns p ∩ [lo, hi], aligned to p's lattice.
func (p SVI) Clip(lo, hi uint64) (SVI, bool) {
	if lo > hi {
		return SVI{}, false
	}
	a, ok1 := p.Glb(lo)
	b, ok2 := p.Lub(hi)
	if !ok1 || !ok2 || a > b {
		return SVI{}, false
	}
	return mkSVI(a, b, p.S), true
}

// subsetOf reports whether every element of p is an element of q.
func (p SVI) subsetOf(q SVI) bool {
	if !q.Contains(p.Lo) || p.Hi > q.Hi {
		return false
	}
	return p.IsSingleton() || p.S%q.S == 0
}

func (p SVI) String() string {
	return fmt.Sprintf("<%d,%d,%d>", p.Lo, p.Hi, p.S)
}
