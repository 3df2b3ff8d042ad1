package quant

import (
	"github.com/sift-solver/sift/term"
)

// NegatingTerms returns ground terms t such that the clauses imply ¬ψ[t/i]
// (seed 000 §2.5, "E-matching"): then ¬G(t) follows from the ∀, which is the
// stripping lemma. A body atom is matched against a clause by unifying their
// structure; where the atom has an i-dependent bit-vector subterm idx(i) and
// the clause has a ground u, the index equation idx(t) = u is solved for t
// instead of comparing text. Conjunctions take the union of their parts'
// terms (¬ of one conjunct refutes ψ), disjunctions the intersection.
func NegatingTerms(st *term.Store, f *Forall, clauses []term.Term) []term.Term {
	m := &matcher{st: st, i: f.Var, hasI: map[term.Term]bool{}}
	return m.negating(f.Psi, true, clauses)
}

type matcher struct {
	st   *term.Store
	i    term.Term
	hasI map[term.Term]bool
}

func (m *matcher) mentionsI(t term.Term) bool {
	if r, ok := m.hasI[t]; ok {
		return r
	}
	r := t == m.i
	if !r {
		for _, a := range m.st.Args(t) {
			if m.mentionsI(a) {
				r = true
				break
			}
		}
	}
	m.hasI[t] = r
	return r
}

// negating returns the terms t for which the clauses refute ψ[t/i] when pos,
// or refute ¬ψ[t/i] when not pos.
func (m *matcher) negating(psi term.Term, pos bool, clauses []term.Term) []term.Term {
	st := m.st
	if !m.mentionsI(psi) {
		return nil
	}
	switch st.Op(psi) {
	case term.OpNot:
		return m.negating(st.Arg(psi, 0), !pos, clauses)
	case term.OpAnd, term.OpOr:
		union := (st.Op(psi) == term.OpAnd) == pos
		var acc []term.Term
		for n, a := range st.Args(psi) {
			ts := m.negating(a, pos, clauses)
			if union {
				acc = appendNew(acc, ts...)
			} else if n == 0 {
				acc = ts
			} else {
				acc = intersect(acc, ts)
			}
		}
		return acc
	case term.OpImplies:
		// a → b is ¬a ∨ b.
		ta := m.negating(st.Arg(psi, 0), !pos, clauses)
		tb := m.negating(st.Arg(psi, 1), pos, clauses)
		if pos {
			return intersect(ta, tb)
		}
		return appendNew(ta, tb...)
	}
	var out []term.Term
	for _, c := range clauses {
		if t, ok := m.refutes(psi, pos, c); ok {
			out = appendNew(out, t)
		}
	}
	return out
}

// refutes reports whether the clause c implies ¬atom[t/i] (pos) or
// atom[t/i] (not pos), and gives t.
func (m *matcher) refutes(atom term.Term, pos bool, c term.Term) (term.Term, bool) {
	st := m.st
	cneg := st.Op(c) == term.OpNot
	g := c
	if cneg {
		g = st.Arg(c, 0)
	}
	if cneg == pos {
		// Same atom with the opposite polarity.
		if t, ok := m.unify(atom, g); ok {
			return t, true
		}
	}
	aop, gop := st.Op(atom), st.Op(g)
	if !cneg && pos && aop == term.OpEq && gop == term.OpEq {
		// a[idx(i)] = c1 is refuted by a[u] = c2 for distinct constants.
		for _, sw := range [2]bool{false, true} {
			x, y := st.Arg(atom, 0), st.Arg(atom, 1)
			if sw {
				x, y = y, x
			}
			for _, gsw := range [2]bool{false, true} {
				gx, gy := st.Arg(g, 0), st.Arg(g, 1)
				if gsw {
					gx, gy = gy, gx
				}
				if st.Op(y) == term.OpBVConst && st.Op(gy) == term.OpBVConst && y != gy {
					if t, ok := m.unify(x, gx); ok {
						return t, true
					}
				}
			}
		}
	}
	// x ≤ y is refuted by y < x, and x < y by y ≤ x (either polarity of c).
	flip := map[term.Op]term.Op{term.OpBVUle: term.OpBVUlt, term.OpBVUlt: term.OpBVUle}
	if want, ok := flip[aop]; ok && gop == want && cneg != pos {
		if t, ok := m.unifyPair(st.Arg(atom, 0), st.Arg(g, 1), st.Arg(atom, 1), st.Arg(g, 0)); ok {
			return t, true
		}
	}
	return term.NoTerm, false
}

func (m *matcher) unifyPair(p1, g1, p2, g2 term.Term) (term.Term, bool) {
	t1, ok := m.unify(p1, g1)
	if !ok {
		return term.NoTerm, false
	}
	t2, ok := m.unify(p2, g2)
	if !ok {
		return term.NoTerm, false
	}
	return merge(t1, t2)
}

// unify matches the pattern p (which may mention i) against the ground term
// g and returns the t with p[t/i] ≡ g. It fails when p does not mention i.
func (m *matcher) unify(p, g term.Term) (term.Term, bool) {
	t, ok := m.match(p, g)
	return t, ok && t != term.NoTerm
}

// match returns NoTerm with ok when p has no i and equals g.
func (m *matcher) match(p, g term.Term) (term.Term, bool) {
	st := m.st
	if !m.mentionsI(p) {
		return term.NoTerm, p == g
	}
	if m.mentionsI(g) || st.HasBound(g, map[term.Term]bool{}) {
		return term.NoTerm, false
	}
	if st.Op(p) == st.Op(g) && st.NumArgs(p) == st.NumArgs(g) && p != m.i && sameIndices(st, p, g) {
		t := term.NoTerm
		ok := true
		for n := range st.NumArgs(p) {
			tn, okn := m.match(st.Arg(p, n), st.Arg(g, n))
			if !okn {
				ok = false
				break
			}
			if t, okn = merge(t, tn); !okn {
				ok = false
				break
			}
		}
		if ok {
			return t, true
		}
	}
	if st.IsBitVec(st.SortOf(p)) {
		if t, ok := SolveIndex(st, m.i, p, g); ok {
			return t, true
		}
	}
	return term.NoTerm, false
}

func sameIndices(st *term.Store, a, b term.Term) bool {
	a0, a1 := st.Indices(a)
	b0, b1 := st.Indices(b)
	switch st.Op(a) {
	case term.OpBVConst, term.OpVar, term.OpBound:
		return a == b
	}
	return a0 == b0 && a1 == b1 && st.SortOf(a) == st.SortOf(b)
}

// merge combines two partial answers: they must agree where both are set.
func merge(a, b term.Term) (term.Term, bool) {
	switch {
	case a == term.NoTerm:
		return b, true
	case b == term.NoTerm || a == b:
		return a, true
	}
	return term.NoTerm, false
}

// SolveIndex solves idx(t) = u for a ground t, where idx mentions the bound
// variable i and u is ground. It inverts i, ±, negation, complement, xor
// with ground terms and low extracts (taking the zero-extended solution);
// every answer satisfies the equation identically, so a lemma built from it
// is sound whatever the values.
func SolveIndex(st *term.Store, i, idx, u term.Term) (term.Term, bool) {
	mk := func(op term.Op, a, b term.Term) term.Term { return st.MustMake(op, nil, a, b) }
	has := func(t term.Term) bool { return st.HasBound(t, map[term.Term]bool{}) }
	if st.SortOf(idx) != st.SortOf(u) {
		return term.NoTerm, false
	}
	for {
		if idx == i {
			return u, true
		}
		switch st.Op(idx) {
		case term.OpBVAdd, term.OpBVXor:
			var inner term.Term = term.NoTerm
			var rest []term.Term
			for _, a := range st.Args(idx) {
				if has(a) {
					if inner != term.NoTerm {
						return term.NoTerm, false
					}
					inner = a
				} else {
					rest = append(rest, a)
				}
			}
			if inner == term.NoTerm {
				return term.NoTerm, false
			}
			for _, r := range rest {
				if st.Op(idx) == term.OpBVAdd {
					u = mk(term.OpBVSub, u, r)
				} else {
					u = mk(term.OpBVXor, u, r)
				}
			}
			idx = inner
		case term.OpBVSub:
			a, b := st.Arg(idx, 0), st.Arg(idx, 1)
			switch {
			case has(a) && !has(b):
				u, idx = mk(term.OpBVAdd, u, b), a
			case has(b) && !has(a):
				u, idx = mk(term.OpBVSub, a, u), b
			default:
				return term.NoTerm, false
			}
		case term.OpBVNeg:
			u, idx = st.MustMake(term.OpBVNeg, nil, u), st.Arg(idx, 0)
		case term.OpBVNot:
			u, idx = st.MustMake(term.OpBVNot, nil, u), st.Arg(idx, 0)
		case term.OpExtract:
			hi, lo := st.Indices(idx)
			inner := st.Arg(idx, 0)
			w := st.Width(st.SortOf(inner))
			if lo != 0 || hi+1 >= w {
				return term.NoTerm, false
			}
			// extract(zext(u)) = u: one solution among many, enough for a lemma.
			u, idx = st.MustMake(term.OpZeroExtend, []uint32{w - hi - 1}, u), inner
		default:
			return term.NoTerm, false
		}
	}
}

func appendNew(acc []term.Term, ts ...term.Term) []term.Term {
next:
	for _, t := range ts {
		for _, a := range acc {
			if a == t {
				continue next
			}
		}
		acc = append(acc, t)
	}
	return acc
}

func intersect(a, b []term.Term) []term.Term {
	var out []term.Term
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
				break
			}
		}
	}
	return out
}
