package qbv

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Variables private to one comparison. In ∀xs.(d ∨ R) where the bit-vector
// x of xs occurs in the disjunct d alone, and d is a comparison (or its
// negation) whose one side is c·x + t with c odd and whose other side u is
// free of x, the side takes every value as x does (c is invertible modulo
// 2^w). So ∀x.d is the comparison over all values v: false for =, ≠ and
// the strict orders, u = max for v ≤ u and u = min for u ≤ v. With c even
// the side takes the values that agree with t in c's trailing zero bits,
// and ∀x.d compares u with the extreme of those (evenComparison); several
// variables in one sum range like one with the coefficient of fewest
// trailing zeros (strengthen.go closes disjuncts so). Since R does
// not mention x, ∀xs.(d ∨ R) is ∀xs∖x.((∀x.d) ∨ R): d is replaced by that
// closed form and x goes. This is quantifier elimination by an
// invertibility condition (Niemetz et al., CAV 2018) for the case where the
// condition depends on u alone; on Scholl's random linear problems it
// removes the innermost alternations, ∃y.a·y + t ≠ k among them.

// eliminatePrivate replaces one disjunct of ∀xs.∨ds that holds a variable
// private to it, as above. It returns the remaining variables and disjuncts
// (nil disjuncts: the disjunction became true) and whether it did.
func (n *normalizer) eliminatePrivate(xs, ds []term.Term) ([]term.Term, []term.Term, bool) {
	st := n.st
	occurs := func(t, x term.Term) bool { return st.Contains(t, func(u term.Term) bool { return u == x }) }
	for _, x := range xs {
		if !st.IsBitVec(st.SortOf(x)) {
			continue
		}
		at := -1
		for i, d := range ds {
			if occurs(d, x) {
				if at >= 0 {
					at = -2
					break
				}
				at = i
			}
		}
		if at < 0 {
			continue
		}
		closed, ok := n.forallComparison(ds[at], []term.Term{x})
		if !ok {
			continue
		}
		n.stats.Private++
		var rest []term.Term
		for _, y := range xs {
			if y != x {
				rest = append(rest, y)
			}
		}
		if closed == st.True() {
			return rest, nil, true
		}
		out := make([]term.Term, 0, len(ds))
		for i, d := range ds {
			switch {
			case i != at:
				out = append(out, d)
			case closed != st.False():
				out = append(out, closed)
			}
		}
		if len(out) == 0 {
			out = []term.Term{st.False()}
		}
		return rest, out, true
	}
	return xs, ds, false
}

// forallComparison returns the closed form of ∀xs.d for a literal d that
// compares Σ cᵢ·xᵢ + t (some cᵢ ≠ 0) with a term free of xs, or false when d
// is not of that shape. Ranging jointly, the xs give the sum the multiples
// of 2^j for j the fewest trailing zeros among the cᵢ, as one variable
// with coefficient 2^j does.
func (n *normalizer) forallComparison(d term.Term, xs []term.Term) (term.Term, bool) {
	st := n.st
	pos := true
	if st.Op(d) == term.OpNot {
		d, pos = st.Arg(d, 0), false
	}
	if st.NumArgs(d) != 2 || n.hasQuantifier(d) {
		return term.NoTerm, false
	}
	op, swap, ok := canonicalComparison(st.Op(d), pos)
	if !ok {
		return term.NoTerm, false
	}
	mentions := func(t term.Term) bool {
		return st.Contains(t, func(v term.Term) bool { return slices.Contains(xs, v) })
	}
	for k := 0; k < 2; k++ {
		s, u := st.Arg(d, k), st.Arg(d, 1-k)
		if !st.IsBitVec(st.SortOf(s)) || mentions(u) {
			continue
		}
		c, t, ok := jointCoefficient(st, s, xs)
		if !ok || c.IsZero() {
			continue
		}
		// The literal is op(a, b) with s at position k, or at 1−k when swap.
		left := (k == 0) != swap
		w := c.Width()
		if !c.Bit(0) {
			return evenComparison(st, op, left, c, t, u), true
		}
		switch op {
		case term.OpEq, term.OpDistinct, term.OpBVUlt, term.OpBVSlt:
			return st.False(), true
		case term.OpBVUle: // ∀v. v ≤u u is u = max; ∀v. u ≤u v is u = 0
			if left {
				return st.Eq(u, st.Const(bv.Not(bv.New(w, 0)))), true
			}
			return st.Eq(u, st.Const(bv.New(w, 0))), true
		case term.OpBVSle: // the signed extremes
			minS := bv.Shl(bv.New(w, 1), bv.New(w, uint64(w-1)))
			if left {
				return st.Eq(u, st.Const(bv.Not(minS))), true
			}
			return st.Eq(u, st.Const(minS)), true
		}
	}
	return term.NoTerm, false
}

// jointCoefficient writes s as Σ cᵢ·xᵢ + t with t free of xs and returns
// 2^j for j the fewest trailing zeros among the non-zero cᵢ (zero when all
// are) and t; it fails when s is not linear in some xᵢ of its sort.
func jointCoefficient(st *term.Store, s term.Term, xs []term.Term) (bv.Value, term.Term, bool) {
	w := st.Width(st.SortOf(s))
	j, t := w, s
	for _, x := range xs {
		if st.SortOf(x) != st.SortOf(s) {
			if st.Contains(t, func(v term.Term) bool { return v == x }) {
				return bv.Value{}, term.NoTerm, false
			}
			continue
		}
		c, rest, ok := linearIn(st, t, x)
		if !ok {
			return bv.Value{}, term.NoTerm, false
		}
		t = rest
		for b := uint32(0); b < j; b++ {
			if c.Bit(b) {
				j = b
				break
			}
		}
	}
	if j == w {
		return bv.New(w, 0), t, true
	}
	return bv.Shl(bv.New(w, 1), bv.New(w, uint64(j))), t, true
}

// evenComparison is forallComparison's closed form when the coefficient c
// is even, c = 2^j·odd with 0 < j < w: as x ranges, c·x + t takes exactly
// the values whose low j bits are t's, so ∀x.d compares u with the extreme
// of that set on its side (the set has 2^(w−j) ≥ 2 members, so = fails,
// and ≠ holds when u is outside it).
func evenComparison(st *term.Store, op term.Op, left bool, c bv.Value, t, u term.Term) term.Term {
	w := c.Width()
	j := uint64(0)
	for !c.Bit(uint32(j)) {
		j++
	}
	mask := bv.Sub(bv.Shl(bv.New(w, 1), bv.New(w, j)), bv.New(w, 1)) // the low j bits
	low := st.MustMake(term.OpBVAnd, nil, t, st.Const(mask))
	with := func(high bv.Value) term.Term { // high's bits above j, t's below
		return st.MustMake(term.OpBVOr, nil, low, st.Const(bv.And(high, bv.Not(mask))))
	}
	minS := bv.Shl(bv.New(w, 1), bv.New(w, uint64(w-1)))
	cmp := func(o term.Op, a, b term.Term) term.Term { return st.MustMake(o, nil, a, b) }
	// The set's extreme on d's side: its greatest member when it is on the
	// left of ≤ or <, its least when on the right.
	var ext term.Term
	switch op {
	case term.OpEq:
		return st.False()
	case term.OpDistinct:
		// u − t has a non-zero low j bits: (u − t)·2^(w−j) ≠ 0, linear in u and t.
		shifted := st.MustMake(term.OpBVMul, nil, st.Const(bv.Shl(bv.New(w, 1), bv.New(w, uint64(w)-j))), st.MustMake(term.OpBVSub, nil, u, t))
		return st.Not(st.Eq(shifted, st.Const(bv.New(w, 0))))
	case term.OpBVUlt, term.OpBVUle:
		ext = low
		if left {
			ext = with(bv.Not(bv.New(w, 0)))
		}
	case term.OpBVSlt, term.OpBVSle:
		ext = with(minS)
		if left {
			ext = with(bv.Not(minS))
		}
	}
	if left {
		return cmp(op, ext, u)
	}
	return cmp(op, u, ext)
}

// canonicalComparison writes the literal op(a, b), negated when pos is
// false, as op'(a, b) (swap false) or op'(b, a) (swap true) with op' one of
// =, distinct, bvult, bvule, bvslt, bvsle.
func canonicalComparison(op term.Op, pos bool) (term.Op, bool, bool) {
	type form struct {
		op   term.Op
		swap bool
	}
	forms := map[term.Op]form{
		term.OpEq: {term.OpEq, false}, term.OpDistinct: {term.OpDistinct, false},
		term.OpBVUlt: {term.OpBVUlt, false}, term.OpBVUle: {term.OpBVUle, false},
		term.OpBVUgt: {term.OpBVUlt, true}, term.OpBVUge: {term.OpBVUle, true},
		term.OpBVSlt: {term.OpBVSlt, false}, term.OpBVSle: {term.OpBVSle, false},
		term.OpBVSgt: {term.OpBVSlt, true}, term.OpBVSge: {term.OpBVSle, true},
	}
	f, ok := forms[op]
	if !ok {
		return 0, false, false
	}
	if pos {
		return f.op, f.swap, true
	}
	// ¬(a = b) is a ≠ b; ¬(a < b) is b ≤ a; ¬(a ≤ b) is b < a.
	negated := map[term.Op]term.Op{
		term.OpEq: term.OpDistinct, term.OpDistinct: term.OpEq,
		term.OpBVUlt: term.OpBVUle, term.OpBVUle: term.OpBVUlt,
		term.OpBVSlt: term.OpBVSle, term.OpBVSle: term.OpBVSlt,
	}
	swap := f.swap
	if f.op != term.OpEq && f.op != term.OpDistinct {
		swap = !swap
	}
	return negated[f.op], swap, true
}
