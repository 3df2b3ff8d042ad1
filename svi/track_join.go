package svi

import "github.com/sift-solver/sift/term"

// Join returns sets of the disjunction of the conjunctions ss stand for
// (state merging: a merged path constraint implies one of its members').
// A variable keeps the union of the members' sets, and is full when some
// member leaves it full; members shown empty add nothing. Every solution
// of a member lies in its sets, hence in their union, so the join
// over-approximates the disjunction as Sets must. Pending literals are
// dropped: they hold in one member, not in the disjunction.
func (t *Tracker) Join(ss []*Sets) *Sets {
	var live []*Sets
	for _, s := range ss {
		if s == nil {
			return nil
		}
		if !s.empty {
			live = append(live, s)
		}
	}
	if len(live) == 0 {
		if len(ss) == 0 {
			return nil
		}
		return &Sets{empty: true}
	}
	dom := map[term.Term]Set{}
	for v, x := range live[0].dom {
		kept := true
		for _, s := range live[1:] {
			y, ok := s.dom[v]
			if !ok {
				kept = false
				break
			}
			x = Join(x, y).Set
		}
		if kept && !x.IsFull() {
			dom[v] = x
		}
	}
	return &Sets{dom: dom}
}
