package qbv

import (
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Counterexamples moved to the ends of the variables' ranges. Where a
// universally quantified variable enters the body linearly and without
// overflow (a ranking-function condition, whose rank is a sum of products
// of the coefficients with zero-extended state variables), the
// counterexamples that matter lie at the ends of its feasible interval:
// 0, the largest value, one step inside a strict bound, the signed limits.
// An instance at such a value constrains the existential coefficients as
// much as any, and there are few such instances, so a handful of them can
// be jointly unsat where instances at the solver's arbitrary values cut
// off a few coefficient vectors each (Wintersteiger, Hamadi, de Moura,
// FMSD 2013, on the ranking-function benchmarks of Cook et al., TACAS
// 2010). Each variable in turn takes the first boundary value under which
// the assignment is still a counterexample under the ground model, so the
// instance still refutes that model: the loop's progress is kept, and any
// instance is sound.

// boundaryBudget bounds the evaluated nodes per counterexample, and
// boundaryPasses the passes over its variables.
const (
	boundaryBudget = 1 << 18
	boundaryPasses = 3
)

// boundaryValues returns the candidate ends of a w-bit range, the most
// extreme first: 0, all ones, 1, all ones − 1, the signed minimum and
// maximum, and one step inside each.
func boundaryValues(w uint32) []bv.Value {
	ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
	smin := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	smax := new(big.Int).Sub(smin, big.NewInt(1))
	one := big.NewInt(1)
	raw := []*big.Int{big.NewInt(0), ones, one, new(big.Int).Sub(ones, one),
		smin, smax, new(big.Int).Add(smin, one), new(big.Int).Sub(smax, one)}
	var out []bv.Value
	seen := map[string]bool{}
	for _, x := range raw {
		if x.Sign() < 0 || x.Cmp(ones) > 0 || seen[x.String()] {
			continue // outside the range, in one or two bits
		}
		seen[x.String()] = true
		out = append(out, bv.FromBig(w, x))
	}
	return out
}

// has reports whether a ground term has the value v under the current
// model, without counting it as selected.
func (p *pool) has(v term.Value) bool {
	found := false
	p.lookupFunc(v, func(term.Term) bool { found = true; return false })
	return found
}

// widenedProduct reports whether body multiplies a bound variable in a
// product that cannot overflow: both operands extensions whose inner
// widths add up to at most the product's width. That is how the
// ranking-function encodings keep their ranks exact; where products wrap,
// the ends of the ranges are not where the counterexamples that matter
// lie.
func widenedProduct(st *term.Store, body term.Term, vars []term.Term) bool {
	bound := make(map[term.Term]bool, len(vars))
	for _, v := range vars {
		bound[v] = true
	}
	found := false
	st.PostOrder([]term.Term{body}, func(t term.Term) {
		if found || st.Op(t) != term.OpBVMul || st.NumArgs(t) != 2 {
			return
		}
		inner := uint32(0)
		for _, a := range st.Args(t) {
			if op := st.Op(a); op != term.OpSignExtend && op != term.OpZeroExtend {
				return
			}
			inner += width(st, st.Arg(a, 0))
		}
		found = inner <= width(st, t) && st.Contains(t, func(u term.Term) bool { return bound[u] })
	})
	return found
}

// toBoundary returns ce with each bit-vector counterexample value of q
// that no ground term has replaced, in turn, by the first boundary value that keeps the
// assignment a counterexample under the ground model m; ce itself when
// no value moves, q is quantified, has no widened product over its
// variables, or the body is too large to evaluate that often.
func (r *run) toBoundary(q *quantifier, m, ce *term.Model) *term.Model {
	st := r.st
	if q.quantified || len(q.ic) == 0 || !widenedProduct(st, q.body, q.vars) {
		return ce
	}
	ends := make([][]bv.Value, len(q.ic))
	tries := 0
	for i, c := range q.ic {
		if st.IsBitVec(st.SortOf(c)) {
			ends[i] = boundaryValues(width(st, c))
			tries += boundaryPasses * len(ends[i])
		}
	}
	if tries == 0 || dagSize(st, q.neg, boundaryBudget/tries) > boundaryBudget/tries {
		return ce
	}
	vals := make([]term.Value, len(q.ic))
	for i, c := range q.ic {
		vals[i] = st.ValueOf(ce, c)
	}
	cur := withValues(m, q.ic, vals)
	ev := term.NewEvaluator(st, cur)
	moved := false
	// A later variable's move can free an earlier one (x < l: x reaches
	// its end once l has), so passes repeat while values move.
	for pass, changed := 0, true; changed && pass < boundaryPasses; pass++ {
		changed = false
		for i, c := range q.ic {
			if vals[i].Kind != term.ValBV || r.pool.has(vals[i]) {
				continue // a ground term of the value generalises better
			}
			for _, b := range ends[i] {
				if b.Equal(vals[i].BV) {
					break // already at an end at least as extreme
				}
				cur.Values[c] = st.BVValue(b)
				ev.Reset(cur)
				if ok, err := ev.EvalBool(q.neg); err == nil && ok {
					vals[i], moved, changed = cur.Values[c], true, true
					break
				}
				cur.Values[c] = vals[i]
			}
		}
	}
	if !moved {
		return ce
	}
	r.s.Stats.BoundaryValues++
	return withValues(ce, q.ic, vals)
}
