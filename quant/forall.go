package quant

import (
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Forall is one bounded universal clause ∀i. G(i) → ψ(i), where the guard G
// is a conjunction of unsigned bounds on i itself with ground other sides.
// Premises of the body that are not such bounds stay in ψ (as ¬P ∨ ψ), so
// the split is exact for any body: an unbounded ∀ has an empty guard.
type Forall struct {
	Clause term.Term // the ∀ term as asserted
	Var    term.Term // the bound variable i
	Width  uint32    // i's width
	Body   term.Term // the whole body, G(i) → ψ(i): instances are taken from it
	Lower  []Bound   // t ≤ i (t < i when Strict)
	Upper  []Bound   // i ≤ t (i < t when Strict)
	Psi    term.Term // ψ(i), quantifier-free

	store *term.Store
}

// Bound is one side of the guard: a ground term and whether it is strict.
type Bound struct {
	T      term.Term
	Strict bool
}

// splitGuard fills Lower, Upper and Psi from Body.
func (f *Forall) splitGuard(st *term.Store) {
	var premises, rest []term.Term
	var conj func(t term.Term)
	conj = func(t term.Term) {
		if st.Op(t) == term.OpAnd {
			for _, a := range st.Args(t) {
				conj(a)
			}
			return
		}
		premises = append(premises, t)
	}
	body := f.Body
	switch st.Op(body) {
	case term.OpImplies:
		conj(st.Arg(body, 0))
		rest = append(rest, st.Arg(body, 1))
	case term.OpOr:
		for _, d := range st.Args(body) {
			if st.Op(d) == term.OpNot {
				conj(st.Arg(d, 0))
			} else {
				rest = append(rest, d)
			}
		}
	case term.OpNot:
		// ¬(P1 ∧ … ∧ Pn): every premise a guard candidate, ψ = false.
		conj(st.Arg(body, 0))
	default:
		rest = append(rest, body)
	}
	var other []term.Term
	for _, p := range premises {
		if !f.addBound(st, p) {
			other = append(other, st.Not(p))
		}
	}
	f.Psi = st.Or(append(other, rest...)...)
}

// addBound records p as a bound on i when it is one.
func (f *Forall) addBound(st *term.Store, p term.Term) bool {
	neg := false
	if st.Op(p) == term.OpNot {
		neg, p = true, st.Arg(p, 0)
	}
	op := st.Op(p)
	if op != term.OpBVUle && op != term.OpBVUlt && !(op == term.OpEq && !neg) {
		return false
	}
	a, b := st.Arg(p, 0), st.Arg(p, 1)
	ground := func(t term.Term) bool { return !st.HasBound(t, map[term.Term]bool{}) }
	var lower bool
	var other term.Term
	switch {
	case a == f.Var && ground(b):
		lower, other = false, b // i ≤ b, i < b
	case b == f.Var && ground(a):
		lower, other = true, a // a ≤ i, a < i
	default:
		return false
	}
	if op == term.OpEq {
		f.Lower = append(f.Lower, Bound{T: other})
		f.Upper = append(f.Upper, Bound{T: other})
		return true
	}
	strict := op == term.OpBVUlt
	if neg {
		// ¬(i ≤ b) is b < i, ¬(i < b) is b ≤ i, and the other way round.
		lower, strict = !lower, !strict
	}
	if lower {
		f.Lower = append(f.Lower, Bound{T: other, Strict: strict})
	} else {
		f.Upper = append(f.Upper, Bound{T: other, Strict: strict})
	}
	return true
}

// Guard returns G(i) as a term.
func (f *Forall) Guard(st *term.Store) term.Term {
	var g []term.Term
	for _, b := range f.Lower {
		if b.Strict {
			g = append(g, st.MustMake(term.OpBVUlt, nil, b.T, f.Var))
		} else {
			g = append(g, st.MustMake(term.OpBVUle, nil, b.T, f.Var))
		}
	}
	for _, b := range f.Upper {
		if b.Strict {
			g = append(g, st.MustMake(term.OpBVUlt, nil, f.Var, b.T))
		} else {
			g = append(g, st.MustMake(term.OpBVUle, nil, f.Var, b.T))
		}
	}
	return st.And(g...)
}

// Instance returns the body with i replaced by the ground term t: it is
// implied by the ∀ whatever t is.
func (f *Forall) Instance(st *term.Store, t term.Term) term.Term {
	return st.Substitute(f.Body, map[term.Term]term.Term{f.Var: t})
}

// At returns x (a subterm of the body) with i replaced by t.
func (f *Forall) At(st *term.Store, x, t term.Term) term.Term {
	return st.Substitute(x, map[term.Term]term.Term{f.Var: t})
}

// FirstIndex returns the ground term of the smallest index the guard allows
// when the lower bounds agree on one: the paper's i = 1. With no lower bound
// it is 0; with several, the first (every instance is implied anyway).
func (f *Forall) FirstIndex(st *term.Store) term.Term {
	if len(f.Lower) == 0 {
		return st.ConstUint64(f.Width, 0)
	}
	b := f.Lower[0]
	if b.Strict {
		return st.MustMake(term.OpBVAdd, nil, b.T, st.ConstUint64(f.Width, 1))
	}
	return b.T
}

// LastIndex returns the ground term of the largest index the guard allows
// when it has an upper bound: i = k for i ≤ k, k − 1 for i < k (the first
// upper bound when there are several). ok is false without one.
func (f *Forall) LastIndex(st *term.Store) (t term.Term, ok bool) {
	if len(f.Upper) == 0 {
		return term.NoTerm, false
	}
	b := f.Upper[0]
	if b.Strict {
		return st.MustMake(term.OpBVSub, nil, b.T, st.ConstUint64(f.Width, 1)), true
	}
	return b.T, true
}

// Range evaluates the guard's bounds under m: the instances are lo..hi.
// ok is false when the range is empty.
func (f *Forall) Range(ev *term.Evaluator) (lo, hi *big.Int, ok bool, err error) {
	lo = new(big.Int)
	hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(f.Width)), big.NewInt(1))
	one := big.NewInt(1)
	for _, b := range f.Lower {
		v, err := ev.Eval(b.T)
		if err != nil {
			return nil, nil, false, err
		}
		x := v.BV.Big()
		if b.Strict {
			x.Add(x, one)
		}
		if x.Cmp(lo) > 0 {
			lo = x
		}
	}
	for _, b := range f.Upper {
		v, err := ev.Eval(b.T)
		if err != nil {
			return nil, nil, false, err
		}
		x := v.BV.Big()
		if b.Strict {
			x.Sub(x, one)
		}
		if x.Cmp(hi) < 0 {
			hi = x
		}
	}
	return lo, hi, lo.Cmp(hi) <= 0, nil
}

// constIndex returns the constant term of value x at i's width.
func (f *Forall) constIndex(st *term.Store, x uint64) term.Term {
	return st.Const(bv.New(f.Width, x))
}
