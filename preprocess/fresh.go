package preprocess

import "github.com/sift-solver/sift/term"

// freshKey says what a fresh variable stands for: a role (what the pass uses
// it for), the term it replaces or belongs to, and, for variables that
// belong to no term, a sort and a number.
type freshKey struct {
	role string
	t    term.Term
	s    term.Sort
	n    int
}

// freshCache hands out one fresh variable per key, so that repeated checks
// of an incremental session build the same problem instead of growing the
// store with new names at every check-sat.
type freshCache struct {
	st   *term.Store
	vars map[freshKey]term.Term
}

// get returns the fresh variable of k, named after prefix.
func (c *freshCache) get(st *term.Store, k freshKey, prefix string, sort term.Sort) term.Term {
	if c.st != st {
		c.st, c.vars = st, map[freshKey]term.Term{}
	}
	if v, ok := c.vars[k]; ok && st.SortOf(v) == sort {
		return v
	}
	v := st.Fresh(prefix, sort)
	c.vars[k] = v
	return v
}
