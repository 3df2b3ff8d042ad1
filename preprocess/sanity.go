package preprocess

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// CheckSanity verifies the invariants every pass must keep, in the spirit of
// go/ssa's sanity checker: it reports the first violation it finds.
//
//   - Sorts are intact: every assertion is Boolean.
//   - No eliminated variable occurs in an assertion (it would dangle: its
//     value comes from the trail, not from the solver).
//   - No frozen variable is on the trail.
//   - The trail is well formed for reverse application: the definition of
//     entry i mentions no variable eliminated at an entry j <= i, so walking
//     the trail backwards every definition sees only variables that have
//     their value already; and each definition has its variable's sort.
//   - An unsat state holds exactly the assertion false.
func CheckSanity(s *State) error {
	st := s.Store
	if s.unsat && (len(s.Assertions) != 1 || s.Assertions[0] != st.False()) {
		return fmt.Errorf("unsat state must hold exactly false")
	}
	seen := map[term.Term]bool{}
	var dangling term.Term
	var walk func(term.Term)
	walk = func(t term.Term) {
		if seen[t] || dangling != term.NoTerm {
			return
		}
		seen[t] = true
		if st.Op(t) == term.OpVar {
			if s.Eliminated(t) {
				dangling = t
			}
			return
		}
		for _, a := range st.Args(t) {
			walk(a)
		}
	}
	for i, a := range s.Assertions {
		if a == term.NoTerm || int(a) >= st.NumTerms() {
			return fmt.Errorf("assertion %d is not a term", i)
		}
		if !st.IsBool(st.SortOf(a)) {
			return fmt.Errorf("assertion %d has sort %s, not Bool", i, st.SortString(st.SortOf(a)))
		}
		walk(a)
		if dangling != term.NoTerm {
			return fmt.Errorf("assertion %d mentions the eliminated variable %s", i, st.Name(dangling))
		}
	}
	for i, e := range s.trail {
		if st.Op(e.Var) != term.OpVar {
			return fmt.Errorf("trail entry %d eliminates a term that is not a variable", i)
		}
		if s.frozen[e.Var] {
			return fmt.Errorf("trail entry %d eliminates the frozen variable %s", i, st.Name(e.Var))
		}
		if j := s.eliminated[e.Var]; j != i {
			return fmt.Errorf("variable %s is eliminated twice (entries %d and %d)", st.Name(e.Var), j, i)
		}
		if e.Value != nil {
			continue // a computed value (function table) has no definition term
		}
		if st.SortOf(e.Def) != st.SortOf(e.Var) {
			return fmt.Errorf("trail entry %d: definition of %s has sort %s, the variable %s", i, st.Name(e.Var),
				st.SortString(st.SortOf(e.Def)), st.SortString(st.SortOf(e.Var)))
		}
		for _, x := range st.FreeVars(e.Def) {
			if j, ok := s.eliminated[x]; ok && j <= i {
				return fmt.Errorf("trail entry %d (%s) uses %s, eliminated at entry %d: reverse application would read it unset",
					i, st.Name(e.Var), st.Name(x), j)
			}
		}
	}
	return nil
}
