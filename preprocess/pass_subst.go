package preprocess

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// VarSubst eliminates variables defined by top-level assertions: (= x t) and
// (= t x) with x a free variable that does not occur in t give x := t, and a
// Boolean assertion x or (not x) gives x := true or false. Every occurrence
// of x is replaced and x := t goes on the trail.
//
// One application picks a set of definitions whose right-hand sides mention
// none of the chosen variables (so the substitution is idempotent and
// acyclic): a right-hand side over chosen variables has their definitions
// substituted in first. Definitions it has to skip are found again in a
// later round.
type VarSubst struct{}

func (VarSubst) Name() string { return "var-subst" }

func (VarSubst) Apply(ctx context.Context, s *State) (bool, error) {
	st := s.Store
	sub := map[term.Term]term.Term{}
	// inValues holds every variable some chosen right-hand side mentions: it
	// may no longer be chosen, or the substitution would be cyclic.
	inValues := map[term.Term]bool{}
	fv := newVarSets(st)
	var order []term.Term
	// comp substitutes the chosen definitions into a later right-hand side;
	// budget bounds the nodes it walks in one application, so chains of
	// definitions stay linear in practice rather than quadratic.
	var comp *substituter
	budget := maxComposeNodes
	try := func(x, t term.Term) bool {
		if !s.Eliminable(x) || inValues[x] {
			return false
		}
		if _, done := sub[x]; done {
			return false
		}
		vars := fv.of(t)
		if mentionsChosen(vars, sub) {
			// Compose: x := t with the chosen definitions substituted in,
			// so that a definition over defined variables (z = x + y after
			// x and y) is taken in this round, before a rewrite of a later
			// round can turn it into a form that is no definition.
			if comp == nil {
				comp = newSubstituter(s, sub)
				comp.stop = func() bool { budget--; return budget < 0 || s.Interrupted() }
			}
			t = comp.apply(t)
			vars = fv.of(t)
			if mentionsChosen(vars, sub) {
				return false // out of budget: a later round takes it
			}
		}
		if vars[x] {
			return false // occurs check
		}
		for y := range vars {
			inValues[y] = true
		}
		sub[x] = t
		order = append(order, x)
		comp = nil // its memo does not know x
		return true
	}
	for _, a := range s.Assertions {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		switch st.Op(a) {
		case term.OpVar:
			try(a, st.True())
		case term.OpNot:
			if x := st.Arg(a, 0); st.Op(x) == term.OpVar {
				try(x, st.False())
			}
		case term.OpEq:
			l, r := st.Arg(a, 0), st.Arg(a, 1)
			if st.Op(l) == term.OpVar && try(l, r) {
				continue
			}
			if st.Op(r) == term.OpVar {
				try(r, l)
			}
		}
	}
	if len(sub) == 0 {
		return false, nil
	}
	for _, x := range order {
		s.Eliminate(x, sub[x])
	}
	applyAll(s, sub)
	s.NoteRewritten(len(sub))
	return true, nil
}

// maxComposeNodes bounds the nodes one application of VarSubst walks to
// substitute chosen definitions into later ones.
const maxComposeNodes = 1 << 18

// mentionsChosen reports whether a variable of vars has a definition in sub.
func mentionsChosen(vars map[term.Term]bool, sub map[term.Term]term.Term) bool {
	for y := range vars {
		if _, chosen := sub[y]; chosen {
			return true
		}
	}
	return false
}

// varSets computes the free variables of terms, sharing work between calls
// through a memo of the sets of small terms.
type varSets struct {
	st   *term.Store
	memo map[term.Term]map[term.Term]bool
}

func newVarSets(st *term.Store) *varSets {
	return &varSets{st: st, memo: map[term.Term]map[term.Term]bool{}}
}

// of returns the set of free variables of t; the caller must not modify it.
func (v *varSets) of(t term.Term) map[term.Term]bool {
	if m, ok := v.memo[t]; ok {
		return m
	}
	m := map[term.Term]bool{}
	for _, x := range v.st.FreeVars(t) {
		m[x] = true
	}
	v.memo[t] = m
	return m
}
