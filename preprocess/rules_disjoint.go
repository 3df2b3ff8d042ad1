package preprocess

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Operands that cannot both have a one at any bit add without carries: when
// the parts of their concatenations that are not constant zero occupy
// disjoint bit ranges, a + b is the one concatenation of those parts, and
// the linear form of a sum (rules_linear.go) joins them. Programs assemble
// words from bytes this way ((b << 8) + a, the zero extensions and shifts of
// a little-endian load), and the sum costs an adder per byte where the
// concatenation costs nothing. (The same join for bvor and bvxor chains made
// eq_special_const_bvand's SAT search 1.4x slower and was left out.)

// maxSpans bounds the pieces one operand is taken apart into.
const maxSpans = 64

// A span is the part [lo, lo+w) of a term that may hold ones: a part of a
// concatenation that is not a constant, or a run of ones of a constant.
type span struct {
	lo, w uint32
	t     term.Term
}

// spans returns the spans of t that may hold ones, or false when t is not
// a concatenation or constant (a plain term occupies every bit) or has more
// than maxSpans of them.
func (r *rewriter) spans(t term.Term) ([]span, bool) {
	st := r.st
	if st.Op(t) != term.OpConcat && !r.isConst(t) {
		return nil, false
	}
	var out []span
	var walk func(x term.Term, lo uint32) bool
	walk = func(x term.Term, lo uint32) bool {
		switch {
		case st.Op(x) == term.OpConcat:
			lw := r.width(st.Arg(x, 1))
			return walk(st.Arg(x, 1), lo) && walk(st.Arg(x, 0), lo+lw)
		case r.isConst(x):
			v := st.Value(x)
			for i := uint32(0); i < v.Width(); {
				if !v.Bit(i) {
					i++
					continue
				}
				j := i
				for j < v.Width() && v.Bit(j) {
					j++
				}
				out = append(out, span{lo: lo + i, w: j - i, t: r.konst(bv.Extract(v, j-1, i))})
				i = j
			}
		default:
			out = append(out, span{lo: lo, w: r.width(x), t: x})
		}
		return len(out) <= maxSpans
	}
	if !walk(t, 0) {
		return nil, false
	}
	return out, true
}

// overlaps reports whether a span of a and a span of b share a bit.
func overlaps(a, b []span) bool {
	for _, p := range a {
		for _, q := range b {
			if p.lo < q.lo+q.w && q.lo < p.lo+p.w {
				return true
			}
		}
	}
	return false
}

// joinSpans returns the width-w concatenation of disjoint pieces, with
// zeros between them.
func (r *rewriter) joinSpans(ps []span, w uint32) term.Term {
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b span) int { return int(b.lo) - int(a.lo) })
	acc := term.NoTerm
	push := func(x term.Term) {
		if acc == term.NoTerm {
			acc = x
		} else {
			acc = r.mk(term.OpConcat, nil, acc, x)
		}
	}
	top := w
	for _, p := range ps {
		if gap := top - (p.lo + p.w); gap > 0 {
			push(r.konst(bv.Zero(gap)))
		}
		push(p.t)
		top = p.lo
	}
	if top > 0 {
		push(r.konst(bv.Zero(top)))
	}
	return acc
}

// A disjointBin collects operands whose pieces are pairwise disjoint.
type disjointBin struct {
	members []term.Term
	ps      []span
}

// binDisjoint puts each operand, in order, into the first bin whose pieces
// it does not overlap (operands with no pieces get bins of their own), and
// reports whether some bin took two.
func (r *rewriter) binDisjoint(xs []term.Term) ([]*disjointBin, bool) {
	var bins []*disjointBin
	merged := false
	for _, x := range xs {
		ps, ok := r.spans(x)
		var into *disjointBin
		if ok {
			for _, b := range bins {
				if b.ps != nil && !overlaps(b.ps, ps) {
					into = b
					break
				}
			}
		}
		if into == nil {
			into = &disjointBin{}
			bins = append(bins, into)
		} else {
			merged = true
		}
		into.members = append(into.members, x)
		if ok {
			into.ps = append(into.ps, ps...)
		}
	}
	return bins, merged
}

// disjointLeaves merges the leaves of p with one coefficient whose pieces
// are disjoint (c·a + c·b = c·(a|b) when a & b = 0), and the constant into
// a leaf with coefficient one when it fits into its zeros.
func (r *rewriter) disjointLeaves(p *linear) *linear {
	if p == nil || len(p.coef) == 0 || len(p.coef) == 1 && p.k.IsZero() {
		return p
	}
	// Group the leaves that are concatenations by coefficient.
	type group struct {
		c  bv.Value
		xs []term.Term
	}
	var groups []*group
	for _, x := range p.leaves() {
		if r.st.Op(x) != term.OpConcat {
			continue
		}
		c := p.coef[x]
		var g *group
		for _, h := range groups {
			if h.c.Equal(c) {
				g = h
				break
			}
		}
		if g == nil {
			g = &group{c: c}
			groups = append(groups, g)
		}
		g.xs = append(g.xs, x)
	}
	one := bv.New(p.w, 1)
	var out *linear
	for _, g := range groups {
		xs := g.xs
		if !p.k.IsZero() && g.c.Equal(one) {
			xs = append(slices.Clone(xs), r.konst(p.k))
		}
		if len(xs) < 2 {
			continue
		}
		bins, merged := r.binDisjoint(xs)
		if !merged {
			continue
		}
		if out == nil {
			out = newLinear(p.w).addScaled(p, one)
		}
		for _, b := range bins {
			if len(b.members) < 2 {
				continue
			}
			for _, x := range b.members {
				if r.isConst(x) {
					out.k = bv.Zero(p.w)
				} else {
					delete(out.coef, x)
				}
			}
			m := r.joinSpans(b.ps, p.w)
			if v := bv.Add(out.get(m), g.c); v.IsZero() {
				delete(out.coef, m)
			} else {
				out.coef[m] = v
			}
		}
	}
	if out == nil {
		return p
	}
	return out
}
