package chain

import (
	"slices"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// queryCache maps an exact constraint set to the backend's answer (sat with
// its model, or unsat). Unknown answers are not kept: a later question may
// have more time.
type queryCache struct {
	byHash map[uint64][]cached
}

type cached struct {
	set    []term.Term
	status smtlib.Status
	model  *term.Model
}

func newQueryCache() *queryCache { return &queryCache{byHash: map[uint64][]cached{}} }

func (q *queryCache) get(set []term.Term) (cached, bool) {
	for _, c := range q.byHash[hashSet(set)] {
		if slices.Equal(c.set, set) {
			return c, true
		}
	}
	return cached{}, false
}

func (q *queryCache) put(set []term.Term, st smtlib.Status, m *term.Model) {
	h := hashSet(set)
	for _, c := range q.byHash[h] {
		if slices.Equal(c.set, set) {
			return
		}
	}
	q.byHash[h] = append(q.byHash[h], cached{set: set, status: st, model: m})
}
