package chain

import (
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// cexCache is KLEE's counterexample cache. It keeps every constraint set
// the backend decided with its answer, indexed by each of its constraints,
// and answers a question set S when
//
//   - a stored unsatisfiable set U is a subset of S (S is unsatisfiable);
//   - a stored satisfiable set T is a superset of S (T's model satisfies S);
//   - the model of a stored set that shares S's condition, or one of the
//     most recent models, satisfies S by evaluation.
//
// Only sets that contain the question's condition are looked at: the rest
// of S is the path constraint, which the path's model already satisfies, so
// a stored set that helps almost always mentions the condition. Lookups are
// bounded (postings per constraint, models tried), so a miss stays cheap.
type cexCache struct {
	st      *term.Store
	entries []cexEntry
	byTerm  map[term.Term][]int // entry ids, oldest first, at most maxPostings
	recent  []int               // ids of the last sat entries, a ring of maxRecent
	next    int                 // next slot of recent
}

type cexEntry struct {
	set   []term.Term
	sat   bool
	model *term.Model
}

const (
	maxPostings = 32 // entries kept per constraint
	maxTries    = 8  // models of related entries tried per question
	maxRecent   = 4  // most recent models, tried after the related ones
)

func newCexCache(st *term.Store) *cexCache {
	return &cexCache{st: st, byTerm: map[term.Term][]int{}}
}

// cexHit says how the cache answered.
type cexHit uint8

const (
	cexMiss cexHit = iota
	cexUnsatSubset
	cexSatSuperset
	cexModel
)

// lookup answers set (sorted) whose condition is cond, or returns cexMiss.
func (c *cexCache) lookup(set []term.Term, cond term.Term) (cexHit, *term.Model) {
	posts := c.byTerm[cond]
	for i := len(posts) - 1; i >= 0; i-- {
		e := &c.entries[posts[i]]
		if !e.sat && subset(e.set, set) {
			return cexUnsatSubset, nil
		}
		if e.sat && subset(set, e.set) {
			return cexSatSuperset, e.model
		}
	}
	tried := 0
	try := func(id int) bool {
		e := &c.entries[id]
		if !e.sat || e.model == nil {
			return false
		}
		tried++
		return holds(c.st, e.model, set)
	}
	for i := len(posts) - 1; i >= 0 && tried < maxTries; i-- {
		if try(posts[i]) {
			return cexModel, c.entries[posts[i]].model
		}
	}
	for _, id := range c.recent {
		if try(id) {
			return cexModel, c.entries[id].model
		}
	}
	return cexMiss, nil
}

// put records the backend's answer for set.
func (c *cexCache) put(set []term.Term, st smtlib.Status, m *term.Model) {
	if st == smtlib.Unknown || (st == smtlib.Sat && m == nil) {
		return
	}
	id := len(c.entries)
	c.entries = append(c.entries, cexEntry{set: set, sat: st == smtlib.Sat, model: m})
	for _, t := range set {
		p := append(c.byTerm[t], id)
		if len(p) > maxPostings {
			p = append(p[:0], p[len(p)-maxPostings:]...)
		}
		c.byTerm[t] = p
	}
	if st == smtlib.Sat {
		if len(c.recent) < maxRecent {
			c.recent = append(c.recent, id)
		} else {
			c.recent[c.next] = id
			c.next = (c.next + 1) % maxRecent
		}
	}
}
