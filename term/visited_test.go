package term

import (
	"slices"
	"testing"
)

// The walks' visited sets: each walk sees every node once, whether walks
// nest, follow one another on a store that grew or was rolled back, or
// run after the stamps wrapped.
func TestVisitedSets(t *testing.T) {
	st, roots := walkDAG(40)
	count := func() int {
		n := 0
		st.Walk(roots, func(Term) bool { n++; return false })
		return n
	}
	want := count()
	tests := []struct {
		name string
		run  func() int
	}{
		{"again", count},
		{"post-order", func() int {
			n := 0
			st.PostOrder(roots, func(Term) { n++ })
			return n
		}},
		{"nested", func() int {
			n := 0
			st.Walk(roots, func(r Term) bool {
				if r == roots[0] && count() != want {
					n = -1 << 20 // the inner walk saw the outer's marks
				}
				n++
				return false
			})
			return n
		}},
		{"after growth", func() int {
			st.MustMake(OpBVAdd, nil, st.Var("y", st.BitVecSort(32)), st.ConstUint64(32, 7))
			return count()
		}},
		{"after rollback", func() int {
			m := st.Mark()
			st.MustMake(OpBVMul, nil, st.Var("z", st.BitVecSort(32)), st.ConstUint64(32, 3))
			count()
			st.Rollback(m)
			return count()
		}},
		{"stamps wrapped", func() int {
			v := st.visitedSet()
			v.gen = ^uint32(0) - 1 // the next walk takes the last stamp, the one after wraps
			st.putVisited(v)
			count()
			return count()
		}},
	}
	for _, tt := range tests {
		if got := tt.run(); got != want {
			t.Errorf("%s: %d nodes visited, want %d", tt.name, got, want)
		}
	}
}

// A walk that sees each node once reports the same nodes as a walk with
// a map would.
func TestWalkVisitsEachNodeOnce(t *testing.T) {
	st, roots := walkDAG(40)
	var order []Term
	st.Walk(roots, func(n Term) bool { order = append(order, n); return false })
	sorted := slices.Clone(order)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(order) {
		t.Fatalf("a node visited twice: %v", order)
	}
}
