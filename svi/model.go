package svi

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TermModel is a Sat decision's model as a term.Model: each bit-vector
// variable its value, each array variable read by the assertions the array
// that holds the read elements and 0 everywhere else.
func (d Decision) TermModel(st *term.Store) *term.Model {
	m := term.NewModel()
	for v, x := range d.Model {
		m.Set(v, bvValue(st, st.SortOf(v), x))
	}
	for a, elems := range d.Arrays {
		m.Set(a, arrayValue(st, st.SortOf(a), elems))
	}
	return m
}

func bvValue(st *term.Store, s term.Sort, x uint64) term.Value {
	return st.BVValue(bv.New(st.Width(s), x))
}

// arrayValue is the array of sort s that holds elems (index -> element) and
// 0 everywhere else.
func arrayValue(st *term.Store, s term.Sort, elems map[uint64]uint64) term.Value {
	is, es := st.IndexSort(s), st.ElemSort(s)
	v := term.NewArrayValue(s, bvValue(st, es, 0))
	idx := make([]uint64, 0, len(elems))
	for i := range elems {
		idx = append(idx, i)
	}
	slices.Sort(idx) // a deterministic model
	for _, i := range idx {
		v.Arr = v.Arr.Store(bvValue(st, is, i), bvValue(st, es, elems[i]))
	}
	return v
}
