package term

import "testing"

// walkDAG is a KLEE-shaped DAG for the walk benchmarks: sums of byte reads
// of one array, each level sharing the one below, over n levels.
func walkDAG(n int) (*Store, []Term) {
	st := NewStore()
	b8, b32 := st.BitVecSort(8), st.BitVecSort(32)
	mem := st.Var("mem", st.ArraySort(b32, b8))
	x := st.Var("x", b32)
	acc := x
	var roots []Term
	for i := 0; i < n; i++ {
		idx := st.MustMake(OpBVAdd, nil, x, st.ConstUint64(32, uint64(i)))
		rd := st.MustMake(OpZeroExtend, []uint32{24}, st.MustMake(OpSelect, nil, mem, idx))
		acc = st.MustMake(OpBVAdd, nil, acc, st.MustMake(OpBVMul, nil, rd, acc))
		if i%64 == 0 {
			roots = append(roots, st.MustMake(OpBVUlt, nil, acc, x))
		}
	}
	return st, roots
}

// The plain walks over every node of a problem: free variables (PostOrder), a
// search that finds nothing (Contains), and a collection in Walk's order.
func BenchmarkFreeVarsOf(b *testing.B) {
	st, roots := walkDAG(5000)
	for b.Loop() {
		if len(st.FreeVarsOf(roots...)) != 2 {
			b.Fatal("want mem and x")
		}
	}
}

func BenchmarkContainsNothing(b *testing.B) {
	st, roots := walkDAG(5000)
	top := st.MustMake(OpAnd, nil, roots...)
	for b.Loop() {
		if st.Contains(top, func(t Term) bool { return st.Op(t) == OpForall }) {
			b.Fatal("found a quantifier")
		}
	}
}

func BenchmarkWalkCollect(b *testing.B) {
	st, roots := walkDAG(5000)
	for b.Loop() {
		var reach []Term
		st.Walk(roots, func(t Term) bool { reach = append(reach, t); return false })
	}
}
