package qbv

import (
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Solving an equation for a bound variable. A disjunct ¬(l = r) of a ∀
// body where l − r is c·x + t, with x not in t and c odd, defines x as
// −c⁻¹·t: c is invertible modulo 2^w, so x ≠ −c⁻¹·t ∨ φ(x) is
// destructive equality resolution of the solved form. (An ∃ over a
// conjunct l = r comes here through ∃x.ψ = ¬∀x.¬ψ.)

// solveFor returns the term x equals when l = r, or NoTerm when l − r is
// not linear in x with an odd coefficient.
func solveFor(st *term.Store, l, r, x term.Term) term.Term {
	if !st.IsBitVec(st.SortOf(x)) || st.SortOf(l) != st.SortOf(x) {
		return term.NoTerm
	}
	cl, tl, ok := linearIn(st, l, x)
	if !ok {
		return term.NoTerm
	}
	cr, tr, ok := linearIn(st, r, x)
	if !ok {
		return term.NoTerm
	}
	c := bv.Sub(cl, cr)
	if !c.Bit(0) {
		return term.NoTerm
	}
	w := c.Width()
	inv := new(big.Int).ModInverse(c.Big(), new(big.Int).Lsh(big.NewInt(1), uint(w)))
	rest := st.MustMake(term.OpBVSub, nil, tr, tl) // c·x = tr − tl
	return st.MustMake(term.OpBVMul, nil, st.Const(bv.FromBig(w, inv)), rest)
}

// linearIn writes t as c·x + rest with x not in rest, through bvadd, bvsub,
// bvneg and products by literals.
func linearIn(st *term.Store, t, x term.Term) (bv.Value, term.Term, bool) {
	w := st.Width(st.SortOf(t))
	zero := bv.New(w, 0)
	if t == x {
		return bv.New(w, 1), st.ConstUint64(w, 0), true
	}
	if !st.Contains(t, func(u term.Term) bool { return u == x }) {
		return zero, t, true
	}
	args := st.Args(t)
	switch st.Op(t) {
	case term.OpBVAdd, term.OpBVSub:
		c := zero
		rests := make([]term.Term, len(args))
		for i, a := range args {
			ca, ra, ok := linearIn(st, a, x)
			if !ok {
				return zero, term.NoTerm, false
			}
			if i > 0 && st.Op(t) == term.OpBVSub {
				ca = bv.Neg(ca)
			}
			c, rests[i] = bv.Add(c, ca), ra
		}
		return c, st.MustMake(st.Op(t), nil, rests...), true
	case term.OpBVNeg:
		c, r, ok := linearIn(st, args[0], x)
		if !ok {
			return zero, term.NoTerm, false
		}
		return bv.Neg(c), st.MustMake(term.OpBVNeg, nil, r), true
	case term.OpBVMul:
		if len(args) != 2 {
			return zero, term.NoTerm, false
		}
		for k := 0; k < 2; k++ {
			if st.Op(args[k]) != term.OpBVConst {
				continue
			}
			c, r, ok := linearIn(st, args[1-k], x)
			if !ok {
				return zero, term.NoTerm, false
			}
			kv := st.Value(args[k])
			return bv.Mul(kv, c), st.MustMake(term.OpBVMul, nil, args[k], r), true
		}
	}
	return zero, term.NoTerm, false
}
