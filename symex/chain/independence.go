package chain

import "github.com/sift-solver/sift/term"

// symbols remembers the free variables of each constraint term. Path
// constraints share their conjuncts (states fork by copying the list), so
// each conjunct is walked once per run.
type symbols struct {
	st   *term.Store
	memo map[term.Term][]term.Term
}

func newSymbols(st *term.Store) *symbols {
	return &symbols{st: st, memo: map[term.Term][]term.Term{}}
}

func (s *symbols) of(t term.Term) []term.Term {
	if vs, ok := s.memo[t]; ok {
		return vs
	}
	vs := s.st.FreeVarsOf(t)
	s.memo[t] = vs
	return vs
}

// unionFind is a disjoint-set forest over variables, rebuilt per question.
type unionFind struct {
	parent map[term.Term]term.Term
}

func (u *unionFind) find(x term.Term) term.Term {
	p, ok := u.parent[x]
	if !ok {
		u.parent[x] = x
		return x
	}
	if p == x {
		return x
	}
	r := u.find(p)
	u.parent[x] = r
	return r
}

func (u *unionFind) union(a, b term.Term) {
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		u.parent[ra] = rb
	}
}

// relevant returns the conjuncts of pc that share a symbol with cond,
// directly or through other conjuncts, in pc's order. A conjunct without
// symbols (a constant) is kept only if it is false, which makes the whole
// question unsatisfiable on its own.
func (s *symbols) relevant(pc []term.Term, cond term.Term) []term.Term {
	cv := s.of(cond)
	if len(cv) == 0 {
		return nil
	}
	u := unionFind{parent: make(map[term.Term]term.Term, 2*len(pc))}
	for _, c := range pc {
		vs := s.of(c)
		for _, v := range vs[min(1, len(vs)):] {
			u.union(vs[0], v)
		}
	}
	for _, v := range cv[1:] {
		u.union(cv[0], v)
	}
	root := u.find(cv[0])
	var out []term.Term
	for _, c := range pc {
		vs := s.of(c)
		if len(vs) == 0 {
			if c == s.st.False() {
				out = append(out, c)
			}
			continue
		}
		if u.find(vs[0]) == root {
			out = append(out, c)
		}
	}
	return out
}
