package symex

import (
	"slices"
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestPinned checks that a query gets x = v for an input variable its
// path's value sets hold to one value, and nothing else: the length of a
// loop that counted down (n-2 ≥ 0, n-3 < 0) is pinned to 2; a bound alone
// pins nothing; an equality already in the path is not repeated; without
// value sets the path constraint is the query's.
func TestPinned(t *testing.T) {
	st := term.NewStore()
	w := uint32(64)
	n := st.Var("n", st.BitVecSort(w))
	c := func(x uint64) term.Term { return st.ConstUint64(w, x) }
	atLeast := func(k uint64) term.Term { // 0 ≤ n - k, signed
		return st.MustMake(term.OpBVSle, nil, c(0), st.MustMake(term.OpBVSub, nil, n, c(k)))
	}
	pin2 := st.Eq(n, c(2))
	for _, tc := range []struct {
		name      string
		valueSets bool
		pc        []term.Term
		want      []term.Term // the terms added to pc
	}{
		{"counted-down", true, []term.Term{st.MustMake(term.OpBVUle, nil, n, c(4)), atLeast(2), st.Not(atLeast(3))}, []term.Term{pin2}},
		{"bound-only", true, []term.Term{st.MustMake(term.OpBVUle, nil, n, c(4))}, nil},
		{"already-equal", true, []term.Term{pin2}, nil},
		{"no-value-sets", false, []term.Term{atLeast(2), st.Not(atLeast(3))}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &Executor{st: st, modelTerms_: []term.Term{n}}
			if tc.valueSets {
				e.vs = newValueSets(st)
			}
			s := &State{}
			for _, l := range tc.pc {
				s.pc = append(s.pc, l)
				e.vs.assume(s, l)
			}
			pc := slices.Clone(s.pc)
			got := e.pinned(s, s.pc)
			if !slices.Equal(s.pc, pc) {
				t.Fatal("pinned changed the path constraint")
			}
			if !slices.Equal(got[:len(pc)], pc) || !slices.Equal(got[len(pc):], tc.want) {
				t.Errorf("query %v, want the path constraint and %v", got, tc.want)
			}
		})
	}
}
