package qbv

import (
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// cheapProducts rewrites each product k·x by a literal k into shifts of x
// added and subtracted by the canonical signed digits of k (k = Σ ±2^i,
// no two digits adjacent) when that takes fewer adders than k has set
// bits. A shift-add multiplier costs one adder per set bit of k, and
// instances and counterexample checks are full of products by constants
// with long runs of ones (small negative numbers, 2^32 − 4 zero-extended
// to 65 bits), which cost an adder per bit that way and two as digits.
func cheapProducts(st *term.Store, t term.Term, memo map[term.Term]term.Term) term.Term {
	if r, ok := memo[t]; ok {
		return r
	}
	out := t
	if !st.Op(t).IsLeaf() && !st.Op(t).IsQuantifier() {
		out = st.MapArgs(t, func(a term.Term) term.Term { return cheapProducts(st, a, memo) })
		if st.Op(out) == term.OpBVMul && st.NumArgs(out) == 2 {
			for k := 0; k < 2; k++ {
				c, x := st.Arg(out, k), st.Arg(out, 1-k)
				if st.Op(c) != term.OpBVConst {
					continue
				}
				v := st.Value(c)
				plus, minus := signedDigits(v)
				if len(plus)+len(minus) < popcount(v) {
					out = shiftSum(st, x, plus, minus)
				}
				break
			}
		}
	}
	memo[t] = out
	return out
}

// signedDigits returns the positions of the +1 and of the −1 digits of v's
// canonical signed-digit form modulo 2^width (the non-adjacent form: the
// fewest non-zero digits of any signed binary form).
func signedDigits(v bv.Value) (plus, minus []uint32) {
	x := new(big.Int).Set(v.Big())
	for i := uint32(0); x.Sign() != 0 && i < v.Width(); i++ {
		if x.Bit(0) == 1 {
			if x.Bit(1) == 1 { // …11: digit −1, carry up
				minus = append(minus, i)
				x.Add(x, big.NewInt(1))
			} else {
				plus = append(plus, i)
				x.Sub(x, big.NewInt(1))
			}
		}
		x.Rsh(x, 1)
	}
	return plus, minus
}

// shiftSum is Σ x·2^p over plus minus Σ x·2^m over minus, shifts written as
// concatenations (wiring for the bit-blaster).
func shiftSum(st *term.Store, x term.Term, plus, minus []uint32) term.Term {
	w := st.Width(st.SortOf(x))
	shifted := func(i uint32) term.Term {
		if i == 0 {
			return x
		}
		low := st.MustMake(term.OpExtract, []uint32{w - 1 - i, 0}, x)
		return st.MustMake(term.OpConcat, nil, low, st.ConstUint64(i, 0))
	}
	sum := func(ps []uint32) term.Term {
		ts := make([]term.Term, len(ps))
		for j, p := range ps {
			ts[j] = shifted(p)
		}
		if len(ts) == 1 {
			return ts[0]
		}
		return st.MustMake(term.OpBVAdd, nil, ts...)
	}
	switch {
	case len(plus) == 0 && len(minus) == 0:
		return st.ConstUint64(w, 0)
	case len(minus) == 0:
		return sum(plus)
	case len(plus) == 0:
		return st.MustMake(term.OpBVNeg, nil, sum(minus))
	}
	return st.MustMake(term.OpBVSub, nil, sum(plus), sum(minus))
}

// popcount is the number of set bits of v.
func popcount(v bv.Value) int {
	n := 0
	for _, w := range v.Big().Bits() {
		for ; w != 0; w &= w - 1 {
			n++
		}
	}
	return n
}
