package term

import "sync"

// The walks' visited sets. A walk marks each node it visits; a map per
// walk made the map's growth (hashing, rehashing) most of the walk's cost
// on the large DAGs of a symbolic executor's queries (an ite tree over a
// table of a thousand entries). A visited set is a stamp per term id
// instead: a node is marked when its stamp is the walk's, so a new walk
// clears the set by taking a new stamp, and the Store keeps the sets for
// the next walks. Walks may nest (a visit that walks again) or run side
// by side on a store no one mutates: each takes a set of its own.

// visited is the set of the nodes one walk has seen.
type visited struct {
	stamp []uint32 // by term id; the nodes whose stamp is gen are in the set
	gen   uint32
}

// visitedPool holds a store's idle visited sets.
type visitedPool struct {
	mu   sync.Mutex
	free []*visited
}

// visitedSet returns an empty set for the terms of st, to be given back
// with putVisited.
func (st *Store) visitedSet() *visited {
	p := &st.walks
	p.mu.Lock()
	var v *visited
	if n := len(p.free); n > 0 {
		v, p.free = p.free[n-1], p.free[:n-1]
	}
	p.mu.Unlock()
	if v == nil {
		v = &visited{}
	}
	if n := len(st.nodes); len(v.stamp) < n {
		v.stamp = append(v.stamp, make([]uint32, n-len(v.stamp))...)
	}
	if v.gen++; v.gen == 0 { // the stamps wrapped: clear them
		clear(v.stamp)
		v.gen = 1
	}
	return v
}

// putVisited gives v back to st's pool.
func (st *Store) putVisited(v *visited) {
	st.walks.mu.Lock()
	st.walks.free = append(st.walks.free, v)
	st.walks.mu.Unlock()
}

// add marks t and reports whether it was not marked before.
func (v *visited) add(t Term) bool {
	if v.stamp[t] == v.gen {
		return false
	}
	v.stamp[t] = v.gen
	return true
}
