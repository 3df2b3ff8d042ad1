package arrays

import "github.com/sift-solver/sift/term"

// Filter selects which proofs of "never equal" the pruning may use (the
// ablation of --array-pruning).
type Filter int8

const (
	// FilterIntervals uses constants and disjoint intervals only.
	FilterIntervals Filter = iota + 1
	// FilterFull adds residues modulo powers of two (verified access sizes
	// and offsets) and nonzero constant differences.
	FilterFull
)

// MayBeEqual reports whether two index terms i, j of reads of the same base
// array can take the same value in some model of the analysed assertions.
// It answers false only when that is proven: both constant and different,
// disjoint intervals, different residues modulo a power of two (which covers
// different offsets modulo a verified access size), or i - j a nonzero
// constant. Anything else is true. base is accepted for the API's shape; the
// facts used hold for the index terms whatever array they index.
//
// It may memoise into the Analysis, so it is not safe for concurrent use.
func (a *Analysis) MayBeEqual(base, i, j term.Term) bool {
	return a.MayBeEqualUnder(FilterFull, i, j)
}

// MayBeEqualUnder is MayBeEqual restricted to the proofs filter allows.
func (a *Analysis) MayBeEqualUnder(f Filter, i, j term.Term) bool {
	if i == j {
		return true
	}
	if f == FilterFull && a.provenDifferentByType(i, j) {
		return false
	}
	return !a.provenDifferentByInterval(i, j)
}

// provenDifferentByType is the structural part of the pruning (the paper's
// type filter, verified): constants, residues and constant differences.
func (a *Analysis) provenDifferentByType(i, j term.Term) bool {
	st := a.st
	if i == j {
		return false
	}
	if st.Op(i) == term.OpBVConst && st.Op(j) == term.OpBVConst {
		return true // interned constants of one sort differ
	}
	ri, rj := a.cong.of(i), a.cong.of(j)
	if m := min(ri.m, rj.m); m > 0 && (ri.r^rj.r)&lowMask(m) != 0 {
		return true
	}
	bi, oi := splitOffset(st, i)
	bj, oj := splitOffset(st, j)
	return bi == bj && oi != oj
}

// provenDifferentByInterval is the interval part: disjoint ranges (which
// covers two different constants).
func (a *Analysis) provenDifferentByInterval(i, j term.Term) bool {
	if a.st.Width(a.st.SortOf(i)) > 64 {
		return false
	}
	x, okx := a.IntervalOf(i)
	y, oky := a.IntervalOf(j)
	if !okx || !oky {
		return false
	}
	return x.Hi < y.Lo || y.Hi < x.Lo
}
