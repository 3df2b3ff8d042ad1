package term

// Mark is a point in a store's history: the terms built before it.
type Mark struct {
	nodes, args, values, names int
}

// Mark returns the store's current point, for Rollback.
func (st *Store) Mark() Mark {
	return Mark{len(st.nodes), len(st.args), len(st.values), len(st.names)}
}

// Rollback forgets every term built since m and gives their memory back: the
// engine does it after a check that ran out of memory, so that the terms the
// check built do not stay. The caller must hold no term built since m (their
// ids will be reused). Sorts stay, as do fresh-name counters (a later Fresh
// may skip a few names).
func (st *Store) Rollback(m Mark) {
	if m.nodes >= len(st.nodes) {
		return
	}
	for t := m.nodes; t < len(st.nodes); t++ {
		if n := &st.nodes[t]; n.op == OpVar || n.op == OpBound {
			name := st.names[n.i0]
			if st.nameUse[name]--; st.nameUse[name] <= 0 {
				delete(st.nameUse, name)
			}
		}
	}
	st.nodes = shrink(st.nodes[:m.nodes])
	st.args = shrink(st.args[:m.args])
	st.values = shrink(st.values[:m.values])
	st.names = shrink(st.names[:m.names])
	st.count = len(st.nodes) - 1
	size := 1024
	for st.count*4 >= size*3 {
		size *= 2
	}
	st.table = make([]Term, size)
	for t := Term(1); int(t) < len(st.nodes); t++ {
		st.place(st.hashOf(t), t)
	}
}

// shrink returns s in a new array of its length when the old one is mostly
// unused, so that rolled-back memory can be freed.
func shrink[T any](s []T) []T {
	if cap(s) <= 2*len(s)+1024 {
		return s
	}
	return append(make([]T, 0, len(s)), s...)
}
