package chain

import "github.com/sift-solver/sift/term"

// symbols remembers the atoms of each constraint term: its free variables,
// except that a read of an array variable at a constant index (one byte of
// a symbolic string) is an atom of its own, as KLEE splits constraints by
// the bytes of its arrays. A string's bytes are one array variable, so
// without byte atoms every constraint on any byte would be in one group.
// Path constraints share their conjuncts (states fork by copying the
// list), so each conjunct is walked once per run.
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
	var out []term.Term
	seen := map[term.Term]bool{}
	var walk func(term.Term)
	walk = func(t term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch {
		case s.byteAtom(t):
			out = append(out, t)
			return
		case s.st.Op(t) == term.OpVar:
			out = append(out, t)
			return
		}
		for _, a := range s.st.Args(t) {
			walk(a)
		}
	}
	walk(t)
	s.memo[t] = out
	return out
}

// byteAtom reports whether t reads an array variable at a constant index.
func (s *symbols) byteAtom(t term.Term) bool {
	if s.st.Op(t) != term.OpSelect {
		return false
	}
	as := s.st.Args(t)
	return s.st.Op(as[0]) == term.OpVar && s.st.IsConst(as[1])
}

// unionFind is a disjoint-set forest over atoms, rebuilt per question.
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

// relevant returns the conjuncts of pc that share an atom with cond,
// directly or through other conjuncts, in pc's order. A byte atom joins
// its array's group when the array also occurs whole (at a symbolic index,
// under a store, in an equality). A conjunct without atoms (a constant) is
// kept only if it is false, which makes the whole question unsatisfiable
// on its own.
func (s *symbols) relevant(pc []term.Term, cond term.Term) []term.Term {
	cv := s.of(cond)
	if len(cv) == 0 {
		return nil
	}
	u := unionFind{parent: make(map[term.Term]term.Term, 2*len(pc))}
	whole := map[term.Term]bool{}
	var bytes []term.Term
	add := func(vs []term.Term) {
		for _, v := range vs {
			if s.st.Op(v) == term.OpVar {
				whole[v] = true
			} else {
				bytes = append(bytes, v)
			}
		}
		for _, v := range vs[min(1, len(vs)):] {
			u.union(vs[0], v)
		}
	}
	for _, c := range pc {
		add(s.of(c))
	}
	add(cv)
	for _, b := range bytes {
		if arr := s.st.Args(b)[0]; whole[arr] {
			u.union(b, arr)
		}
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
