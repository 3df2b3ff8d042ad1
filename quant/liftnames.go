package quant

import "github.com/sift-solver/sift/term"

// liftNames gives each lifted ∀ (fragment.go: the fresh Boolean p with
// p ⇔ Q, and the Skolem witness c of ¬Q) the same symbols in every problem
// of one store. Symbolic execution asks one query after another over one
// path constraint that grows: with fresh symbols per problem, every clause
// that mentions a lifted ∀ was a new term each time, so a quantifier-free
// solver kept across problems encoded it again and kept the old copies
// (netip.ParseAddr at 8 bytes under pat, kept solver: 3.3 times as long as
// a fresh one per problem, 7fd4477). With the same symbols, the problems
// share those terms, and the kept solver blasts them once.
//
// Reuse is sound because each problem is decided on its own: the symbols
// occur in no input formula, and each problem that mentions p carries p's
// own definition (p → Q, ¬p → ¬Q(c)); the symbols only tie together
// problems that a kept solver holds under separate activation literals.
type liftNames struct {
	st   *term.Store
	syms map[liftKey]*liftSyms
}

type liftSyms struct{ p, c term.Term }

// of returns the symbols of ∀ term t at polarity pol (NoTerm where not
// made yet), starting afresh on a new store. A nil liftNames gives an
// empty entry every time: fresh symbols.
func (n *liftNames) of(st *term.Store, t term.Term, pol term.Polarity) *liftSyms {
	if n == nil {
		return &liftSyms{}
	}
	if n.st != st {
		n.st, n.syms = st, map[liftKey]*liftSyms{}
	}
	k := liftKey{t, pol}
	e, ok := n.syms[k]
	if !ok {
		e = &liftSyms{}
		n.syms[k] = e
	}
	return e
}

// boolean is the Boolean p standing for t at polarity pol.
func (n *liftNames) boolean(st *term.Store, t term.Term, pol term.Polarity) term.Term {
	e := n.of(st, t, pol)
	if e.p == term.NoTerm {
		e.p = st.Fresh("quant!p", st.BoolSort())
	}
	return e.p
}

// witness is the Skolem constant of ¬t, of width bits, at polarity pol.
func (n *liftNames) witness(st *term.Store, t term.Term, pol term.Polarity, width uint32) term.Term {
	e := n.of(st, t, pol)
	if e.c == term.NoTerm {
		e.c = st.Fresh("quant!c", st.BitVecSort(width))
	}
	return e.c
}
