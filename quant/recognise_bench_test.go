package quant_test

import (
	"fmt"
	"testing"

	"github.com/sift-solver/sift/quant"
	"github.com/sift-solver/sift/term"
)

// sharedMergeChain builds the shape of a path constraint after depth
// merges whose values were merged again: v(k+1) = ite(q ∧ x_k = k, v(k),
// v(k)+1), with q a bounded ∀ inside every condition, and returns
// v(depth) = 0. The DAG has O(depth) nodes; as a tree it has 2^depth.
func sharedMergeChain(st *term.Store, depth int) term.Term {
	bv8, bv64 := st.BitVecSort(8), st.BitVecSort(64)
	a := st.Var("a", st.ArraySort(bv64, bv8))
	n := st.Var("n", bv64)
	i := st.BoundVar("i", bv64)
	body := st.Implies(st.MustMake(term.OpBVUlt, nil, i, n),
		st.Not(st.Eq(st.MustMake(term.OpSelect, nil, a, i), st.ConstUint64(8, 0))))
	q := st.MustMake(term.OpForall, nil, i, body)
	v := st.Var("v", bv64)
	for k := range depth {
		x := st.Var(fmt.Sprintf("x%d", k), bv64)
		c := st.And(q, st.Eq(x, st.ConstUint64(64, uint64(k))))
		v = st.Ite(c, v, st.MustMake(term.OpBVAdd, nil, v, st.ConstUint64(64, 1)))
	}
	return st.Eq(v, st.ConstUint64(64, 0))
}

// BenchmarkRecogniseSharedDAG recognises a ∀ shared by every level of a
// merged ite chain (the lifter takes it out of each condition); the lifter
// walks each subterm once per polarity, so the time grows with the depth,
// not with 2^depth.
func BenchmarkRecogniseSharedDAG(b *testing.B) {
	for _, depth := range []int{8, 16, 24} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			for b.Loop() {
				st := term.NewStore()
				root := sharedMergeChain(st, depth)
				if _, err := quant.Recognise(st, []term.Term{root}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
