package qbv

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// Splitting a bound bit-vector variable at the boundaries of its extracts.
// A variable that the body reads only through extracts (a state vector of
// fields, as yosys-smtbmc's -stbv encoding writes it: ∀s'. p(s) = p(s') ⇒
// φ(s') with p(s') = s'[49:18]) ranges over the same values as the
// concatenation of one fresh variable per slice between the cut points, so
// ∀x.φ(x) ≡ ∀x₁…xₙ.φ(x₁∘…∘xₙ). Once substituted, each extract reaches into
// the concatenation (the store folds extract over concat), and a field
// equation p(s) = x₂ is destructive equality resolution of that field:
// the ∀ over a 50-bit state becomes a ∀ over its one free field.

// splitSlices replaces every bit-vector variable of xs that ds read only
// through extracts, and that those extracts cut into more than one slice,
// by the concatenation of fresh variables for its slices. It reports
// whether it replaced any.
func (n *normalizer) splitSlices(xs, ds []term.Term) ([]term.Term, []term.Term, bool) {
	st := n.st
	cuts := map[term.Term][]uint32{} // variable → cut points (low bit of each slice but the lowest)
	bad := map[term.Term]bool{}
	isVar := map[term.Term]bool{}
	for _, x := range xs {
		if st.IsBitVec(st.SortOf(x)) {
			isVar[x] = true
		}
	}
	for _, d := range ds {
		if isVar[d] {
			bad[d] = true
		}
	}
	st.PostOrder(ds, func(t term.Term) {
		op := st.Op(t)
		for _, a := range st.Args(t) {
			if !isVar[a] || bad[a] {
				continue
			}
			if op != term.OpExtract {
				bad[a] = true
				continue
			}
			hi, lo := st.Indices(t)
			for _, c := range []uint32{lo, hi + 1} {
				if c > 0 && c < st.Width(st.SortOf(a)) && !slices.Contains(cuts[a], c) {
					cuts[a] = append(cuts[a], c)
				}
			}
		}
	})
	sub := map[term.Term]term.Term{}
	var out []term.Term
	for _, x := range xs {
		if !isVar[x] || bad[x] || len(cuts[x]) == 0 {
			out = append(out, x)
			continue
		}
		cs := append(cuts[x], st.Width(st.SortOf(x)))
		slices.Sort(cs)
		var whole term.Term // the concatenation, most significant slice first
		lo := uint32(0)
		for _, c := range cs {
			v := n.freshBound(st.BitVecSort(c - lo))
			out = append(out, v)
			if whole == term.NoTerm {
				whole = v
			} else {
				whole = st.MustMake(term.OpConcat, nil, v, whole)
			}
			lo = c
		}
		sub[x] = whole
	}
	if len(sub) == 0 {
		return xs, ds, false
	}
	n.stats.Split += len(sub)
	nds := make([]term.Term, len(ds))
	for i, d := range ds {
		nds[i] = st.Substitute(d, sub)
	}
	return out, nds, true
}
