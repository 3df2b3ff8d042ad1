package qbv

import (
	"math/big"
	"math/bits"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// cheapProducts rewrites each product k·x by a literal k with more set bits
// than −k has (by more than one) into −((−k)·x). A shift-add multiplier
// costs one adder per set bit of k, and instances and counterexample checks
// are full of products by small negative numbers (all ones above a few
// bits), which would otherwise cost an adder per bit of the width.
func cheapProducts(st *term.Store, t term.Term, memo map[term.Term]term.Term) term.Term {
	if r, ok := memo[t]; ok {
		return r
	}
	out := t
	if !st.Op(t).IsLeaf() && !st.Op(t).IsQuantifier() {
		out = st.MapArgs(t, func(a term.Term) term.Term { return cheapProducts(st, a, memo) })
		if st.Op(out) == term.OpBVMul {
			for k := 0; k < 2; k++ {
				c, x := st.Arg(out, k), st.Arg(out, 1-k)
				if st.Op(c) != term.OpBVConst {
					continue
				}
				v := st.Value(c)
				nv := bv.Neg(v)
				if popcount(v) > popcount(nv)+1 {
					out = st.MustMake(term.OpBVNeg, nil, st.MustMake(term.OpBVMul, nil, st.Const(nv), x))
				}
				break
			}
		}
	}
	memo[t] = out
	return out
}

// popcount is the number of set bits of v.
func popcount(v bv.Value) int {
	n := 0
	for _, w := range new(big.Int).Set(v.Big()).Bits() {
		n += bits.OnesCount(uint(w))
	}
	return n
}
