package engine

import "github.com/sift-solver/sift/term"

// termTable maps terms to terms densely: indexed by the term, NoTerm for
// none. The incremental attempt's passes look up every subterm of every
// new assertion at every check, and a Go map's hashing was most of their
// cost on a long unrolling.
type termTable []term.Term

func (t termTable) get(x term.Term) (term.Term, bool) {
	if int(x) < len(t) && t[x] != term.NoTerm {
		return t[x], true
	}
	return term.NoTerm, false
}

func (t *termTable) set(x, v term.Term) {
	if int(x) >= len(*t) {
		grown := make(termTable, max(int(x)+1, 2*len(*t), 1024))
		copy(grown, *t)
		*t = grown
	}
	(*t)[x] = v
}

// termSet is a set of terms, densely (termTable's reason).
type termSet []bool

func (s termSet) has(x term.Term) bool { return int(x) < len(s) && s[x] }

func (s *termSet) add(x term.Term) {
	if int(x) >= len(*s) {
		grown := make(termSet, max(int(x)+1, 2*len(*s), 1024))
		copy(grown, *s)
		*s = grown
	}
	(*s)[x] = true
}
