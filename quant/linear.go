package quant

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// indexNormalizer rewrites the index of every array read to one canonical
// linear form: Σ c_a·a + c0 modulo 2^w, atoms in term order. An instance at
// i = k2 reads s[k1 + (k2 − 1)] where the query reads s[(k1 + k2) − 1];
// bit-blasted as they are, the two reads are equal only after the SAT
// solver proves two adders equal, which costs it hundreds of milliseconds
// per pair, while in the normal form they are one term. The rewriting is an
// equivalence, so it changes no answer.
type indexNormalizer struct {
	st   *term.Store
	memo map[term.Term]term.Term // whole terms, reads rewritten
	lin  map[term.Term]term.Term // normal forms of index terms
}

func newIndexNormalizer(st *term.Store) *indexNormalizer {
	return &indexNormalizer{st: st, memo: map[term.Term]term.Term{}, lin: map[term.Term]term.Term{}}
}

// all rewrites the reads of every term.
func (n *indexNormalizer) all(ts []term.Term) []term.Term {
	out := make([]term.Term, len(ts))
	for i, t := range ts {
		out[i] = n.reads(t)
	}
	return out
}

// reads rewrites the index of every read below t.
func (n *indexNormalizer) reads(t term.Term) term.Term {
	if r, ok := n.memo[t]; ok {
		return r
	}
	st := n.st
	r := t
	if st.NumArgs(t) > 0 {
		r = st.MapArgs(t, n.reads)
		if st.Op(r) == term.OpSelect {
			if idx := n.index(st.Arg(r, 1)); idx != st.Arg(r, 1) {
				r = st.MustMake(term.OpSelect, nil, st.Arg(r, 0), idx)
			}
		}
	}
	n.memo[t] = r
	return r
}

// index returns the normal form of a bit-vector term.
func (n *indexNormalizer) index(t term.Term) term.Term {
	if r, ok := n.lin[t]; ok {
		return r
	}
	st := n.st
	w := st.Width(st.SortOf(t))
	sum := linearSum{coef: map[term.Term]bv.Value{}, c: bv.Zero(w)}
	n.add(&sum, t, bv.New(w, 1))
	r := sum.term(st, w)
	n.lin[t] = r
	return r
}

// linearSum is Σ coef[a]·a + c.
type linearSum struct {
	coef map[term.Term]bv.Value
	c    bv.Value
}

// add adds k·t to the sum, splitting t through +, −, negation and
// multiplication by a constant; any other term is an atom whose own
// arguments are normalized (an extract of a sum, say).
func (n *indexNormalizer) add(s *linearSum, t term.Term, k bv.Value) {
	st := n.st
	switch st.Op(t) {
	case term.OpBVConst:
		s.c = bv.Add(s.c, bv.Mul(k, st.Value(t)))
		return
	case term.OpBVAdd:
		for _, a := range st.Args(t) {
			n.add(s, a, k)
		}
		return
	case term.OpBVSub:
		n.add(s, st.Arg(t, 0), k)
		n.add(s, st.Arg(t, 1), bv.Neg(k))
		return
	case term.OpBVNeg:
		n.add(s, st.Arg(t, 0), bv.Neg(k))
		return
	case term.OpBVMul:
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if st.Op(b) == term.OpBVConst {
			a, b = b, a
		}
		if st.Op(a) == term.OpBVConst {
			n.add(s, b, bv.Mul(k, st.Value(a)))
			return
		}
	}
	atom := t
	if st.NumArgs(t) > 0 {
		atom = st.MapArgs(t, func(a term.Term) term.Term {
			if st.IsBitVec(st.SortOf(a)) {
				return n.index(a)
			}
			return n.reads(a)
		})
	}
	if c, ok := s.coef[atom]; ok {
		s.coef[atom] = bv.Add(c, k)
	} else {
		s.coef[atom] = k
	}
}

// term builds the sum as ((x1 ± x2) ± …) + c with the atoms in term order,
// leaving out zero coefficients and a zero constant. A coefficient −1 is a
// subtraction and only others a multiplication: bit-blasted, a product by
// all ones is a full multiplier.
func (s *linearSum) term(st *term.Store, w uint32) term.Term {
	atoms := make([]term.Term, 0, len(s.coef))
	for a, c := range s.coef {
		if !c.IsZero() {
			atoms = append(atoms, a)
		}
	}
	slices.Sort(atoms)
	r := term.NoTerm
	one, minusOne := bv.New(w, 1), bv.Ones(w)
	for _, a := range atoms {
		op, x := term.OpBVAdd, a
		switch c := s.coef[a]; {
		case c.Equal(one):
		case c.Equal(minusOne):
			op = term.OpBVSub
		default:
			x = st.MustMake(term.OpBVMul, nil, st.Const(c), a)
		}
		switch {
		case r != term.NoTerm:
			r = st.MustMake(op, nil, r, x)
		case op == term.OpBVSub:
			r = st.MustMake(term.OpBVNeg, nil, x)
		default:
			r = x
		}
	}
	switch {
	case r == term.NoTerm:
		return st.Const(s.c)
	case s.c.IsZero():
		return r
	}
	return st.MustMake(term.OpBVAdd, nil, r, st.Const(s.c))
}
