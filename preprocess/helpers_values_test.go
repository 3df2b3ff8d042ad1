package preprocess

import (
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// smallValues returns every value of a small sort: Bool, bit-vectors of up
// to 2 bits, and arrays and functions over such sorts.
func smallValues(t *testing.T, st *term.Store, s term.Sort) []term.Value {
	t.Helper()
	switch st.Kind(s) {
	case term.KindBool:
		return []term.Value{term.BoolValue(false), term.BoolValue(true)}
	case term.KindBitVec:
		w := st.Width(s)
		if w > 2 {
			t.Fatalf("brute force cannot enumerate %s", st.SortString(s))
		}
		var out []term.Value
		for x := uint64(0); x < 1<<w; x++ {
			out = append(out, st.BVValue(bv.New(w, x)))
		}
		return out
	case term.KindArray:
		idx := smallValues(t, st, st.IndexSort(s))
		var out []term.Value
		forEachTable(t, st, len(idx), st.ElemSort(s), func(el []term.Value) {
			a := term.NewArrayValue(s, el[0])
			for k := 1; k < len(idx); k++ {
				a.Arr = a.Arr.Store(idx[k], el[k])
			}
			out = append(out, a)
		})
		return out
	case term.KindFun:
		rows := [][]term.Value{nil}
		for _, d := range st.Domain(s) {
			var next [][]term.Value
			for _, r := range rows {
				for _, v := range smallValues(t, st, d) {
					next = append(next, append(append([]term.Value(nil), r...), v))
				}
			}
			rows = next
		}
		var out []term.Value
		forEachTable(t, st, len(rows), st.Range(s), func(res []term.Value) {
			f := &term.FunValue{Args: rows, Results: res, Default: res[0]}
			out = append(out, term.Value{Kind: term.ValFun, Sort: s, Fun: f})
		})
		return out
	}
	t.Fatalf("brute force cannot enumerate %s", st.SortString(s))
	return nil
}

// forEachTable calls f with every tuple of n values of sort s.
func forEachTable(t *testing.T, st *term.Store, n int, s term.Sort, f func([]term.Value)) {
	t.Helper()
	vals := smallValues(t, st, s)
	cur := make([]term.Value, n)
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			f(append([]term.Value(nil), cur...))
			return
		}
		for _, v := range vals {
			cur[k] = v
			rec(k + 1)
		}
	}
	rec(0)
}

// bruteSolveSmall returns a model of as over its free variables, which may
// be arrays and functions of small sorts, or nil when there is none.
func bruteSolveSmall(t *testing.T, st *term.Store, as []term.Term) *term.Model {
	t.Helper()
	vars := freeVars(st, as)
	domains := make([][]term.Value, len(vars))
	total := 1
	for i, x := range vars {
		domains[i] = smallValues(t, st, st.SortOf(x))
		if total *= len(domains[i]); total > 1<<20 {
			t.Fatalf("brute force over %d assignments is too much", total)
		}
	}
	m := term.NewModel()
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == len(vars) {
			return holds(t, st, as, m)
		}
		for _, v := range domains[k] {
			m.Set(vars[k], v)
			if rec(k + 1) {
				return true
			}
		}
		return false
	}
	if rec(0) {
		return m
	}
	return nil
}

// checkSmallReconstruction is checkReconstruction for problems over arrays
// and functions of small sorts: preprocessing keeps satisfiability, and a
// model of the result, mapped back, satisfies the original.
func checkSmallReconstruction(t *testing.T, st *term.Store, orig []term.Term, s *State, wantSat bool) {
	t.Helper()
	if origModel := bruteSolveSmall(t, st, orig); (origModel != nil) != wantSat {
		t.Fatalf("input sat=%v, test expects %v", origModel != nil, wantSat)
	}
	if s.Unsat() {
		if wantSat {
			t.Fatalf("preprocessing said unsat, but the input has a model")
		}
		return
	}
	m := bruteSolveSmall(t, st, s.Assertions)
	if (m != nil) != wantSat {
		t.Fatalf("satisfiability changed: input sat=%v, result sat=%v\n%s", wantSat, m != nil, printed(st, s.Assertions))
	}
	if m != nil && !holds(t, st, orig, s.Reconstruct(m)) {
		t.Fatalf("reconstructed model does not satisfy the input")
	}
}
