package engine

import "github.com/sift-solver/sift/term"

// denseTable maps terms to values densely: indexed by the term, the zero
// value for none (NoTerm, false). The incremental attempt's passes look up
// every subterm of every new assertion at every check, and a Go map's
// hashing was most of their cost on a long unrolling.
type denseTable[V comparable] []V

// termTable maps terms to terms; termSet is a set of terms.
type (
	termTable = denseTable[term.Term]
	termSet   = denseTable[bool]
)

func (t denseTable[V]) get(x term.Term) (V, bool) {
	var zero V
	if int(x) < len(t) && t[x] != zero {
		return t[x], true
	}
	return zero, false
}

func (t denseTable[V]) has(x term.Term) bool {
	_, ok := t.get(x)
	return ok
}

func (t *denseTable[V]) set(x term.Term, v V) {
	if int(x) >= len(*t) {
		grown := make(denseTable[V], max(int(x)+1, 2*len(*t), 1024))
		copy(grown, *t)
		*t = grown
	}
	(*t)[x] = v
}
