package quant

import (
	"math/big"

	"github.com/sift-solver/sift/term"
)

// Expand is stage 4's complete fallback, finite expansion: when every ∀'s
// upper bounds are bounded by constants that the quantifier-free clauses
// state (i ≤ k with k ≤ 10 a clause, or a constant k), every instance lies
// in a constant window [L, U], and the query is equivalent to its QF clauses
// plus the instances G(j) → ψ(j) for j = L..U. It returns nil when some
// window is unbounded or the windows hold more than limit instances in all.
func Expand(q *Query, limit uint64) []term.Term {
	st := q.Store
	out := append([]term.Term(nil), q.QF...)
	var total uint64
	for _, f := range q.Foralls {
		lo, hi, ok := window(q, f)
		if !ok {
			return nil
		}
		if lo.Cmp(hi) > 0 {
			continue // no instance at all: the ∀ is vacuous
		}
		n := new(big.Int).Sub(hi, lo)
		if !n.IsUint64() || total+n.Uint64() >= limit {
			return nil
		}
		total += n.Uint64() + 1
		for j := lo.Uint64(); ; j++ {
			out = append(out, f.Instance(st, f.constIndex(st, j)))
			if j == hi.Uint64() {
				break
			}
		}
	}
	return out
}

// window returns constant bounds that every index the guard allows lies in,
// under the quantifier-free clauses.
func window(q *Query, f *Forall) (lo, hi *big.Int, ok bool) {
	st := q.Store
	one := big.NewInt(1)
	lo = new(big.Int)
	for _, b := range f.Lower {
		if st.Op(b.T) != term.OpBVConst {
			continue // 0 is a safe lower end
		}
		x := st.Value(b.T).Big()
		if b.Strict {
			x.Add(x, one)
		}
		if x.Cmp(lo) > 0 {
			lo = x
		}
	}
	max := new(big.Int).Sub(new(big.Int).Lsh(one, uint(f.Width)), one)
	hi = max
	bounded := f.Width <= 12 // a narrow index is enumerable anyway
	for _, b := range f.Upper {
		x, found := constUpper(q, b.T)
		if !found {
			continue
		}
		if b.Strict {
			x.Sub(x, one)
		}
		bounded = true
		if x.Cmp(hi) < 0 {
			hi = x
		}
	}
	return lo, hi, bounded
}

// constUpper returns a constant C with t ≤ C in every model of the clauses:
// t itself when constant, or the least C among the clauses t ≤ C, t < C+1,
// t = C, ¬(C < t) and ¬(C+1 ≤ t).
func constUpper(q *Query, t term.Term) (*big.Int, bool) {
	st := q.Store
	if st.Op(t) == term.OpBVConst {
		return st.Value(t).Big(), true
	}
	var best *big.Int
	consider := func(c term.Term, minus int64) {
		if st.Op(c) != term.OpBVConst {
			return
		}
		x := st.Value(c).Big()
		x.Sub(x, big.NewInt(minus))
		if x.Sign() < 0 {
			x.SetInt64(-1) // t < 0: no value; an empty window
		}
		if best == nil || x.Cmp(best) < 0 {
			best = x
		}
	}
	for _, c := range q.QF {
		neg := false
		if st.Op(c) == term.OpNot {
			neg, c = true, st.Arg(c, 0)
		}
		if st.NumArgs(c) != 2 {
			continue
		}
		a, b := st.Arg(c, 0), st.Arg(c, 1)
		switch op := st.Op(c); {
		case !neg && op == term.OpBVUle && a == t:
			consider(b, 0)
		case !neg && op == term.OpBVUlt && a == t:
			consider(b, 1)
		case !neg && op == term.OpEq && a == t:
			consider(b, 0)
		case !neg && op == term.OpEq && b == t:
			consider(a, 0)
		case neg && op == term.OpBVUlt && b == t:
			consider(a, 0)
		case neg && op == term.OpBVUle && b == t:
			consider(a, 1)
		}
	}
	return best, best != nil
}
