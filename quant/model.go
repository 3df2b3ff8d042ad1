package quant

import "github.com/sift-solver/sift/term"

// cloneModel copies the assignment; values are immutable, so sharing them
// is safe.
func cloneModel(m *term.Model) *term.Model {
	c := term.NewModel()
	for k, v := range m.Values {
		c.Values[k] = v
	}
	return c
}

// cell is one array element: an array variable and an index value's key.
type cell struct {
	array term.Term
	index string
}

// access is a read a[o(i)] of an array variable at an i-dependent offset.
type access struct {
	array, offset term.Term
}

// indexedReads returns the reads of array variables below t whose index
// satisfies dependent (or every read when dependent is nil), in first
// occurrence order.
func indexedReads(st *term.Store, t term.Term, dependent func(term.Term) bool) []access {
	var out []access
	st.PostOrder([]term.Term{t}, func(t term.Term) {
		if st.Op(t) == term.OpSelect {
			a, o := st.Arg(t, 0), st.Arg(t, 1)
			if st.Op(a) == term.OpVar && (dependent == nil || dependent(o)) {
				out = append(out, access{array: a, offset: o})
			}
		}
	})
	return out
}

// dependentReads returns the reads of array variables in ψ whose offset
// mentions i.
func (f *Forall) dependentReads(st *term.Store) []access {
	memo := map[term.Term]bool{}
	return indexedReads(st, f.Psi, func(o term.Term) bool { return st.HasBound(o, memo) })
}

// writeCells returns arr with the given cells overwritten, in one pass.
func writeCells(arr *term.ArrayValue, idx, elem []term.Value) *term.ArrayValue {
	pos := map[string]int{}
	out := &term.ArrayValue{Default: arr.Default}
	put := func(i, e term.Value) {
		k := i.Key()
		if p, ok := pos[k]; ok {
			out.Elem[p] = e
			return
		}
		pos[k] = len(out.Index)
		out.Index = append(out.Index, i)
		out.Elem = append(out.Elem, e)
	}
	for p := range arr.Index {
		put(arr.Index[p], arr.Elem[p])
	}
	for p := range idx {
		put(idx[p], elem[p])
	}
	// Entries never map to the default.
	n := 0
	for p := range out.Index {
		if !out.Elem[p].Equal(out.Default) {
			out.Index[n], out.Elem[n] = out.Index[p], out.Elem[p]
			n++
		}
	}
	out.Index, out.Elem = out.Index[:n], out.Elem[:n]
	return out
}
