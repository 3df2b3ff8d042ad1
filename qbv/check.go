package qbv

import (
	"context"
	"strings"

	"github.com/sift-solver/sift/term"
)

// quantifier is a registered closed ∀x.φ in normal form and the state of its
// counterexample checks.
type quantifier struct {
	term term.Term // ∀x.φ
	vars []term.Term
	body term.Term
	atom term.Term // its Boolean atom in the ground problem

	skolemized bool
	skolem     term.Term // the Skolemization lemma, once added (NoTerm before)
	// asserted says the run's input asserts the atom false: its Skolem
	// constants exist in every model and are candidates for selection.
	asserted bool

	// The counterexample formula ¬φ[x:=ic] over fresh constants ic, and its
	// other free symbols, which a check fixes to their values in the ground
	// model: scalars (Bool and bit-vector constants), arrays and functions.
	ic         []term.Term
	neg        term.Term
	scalars    []term.Term
	others     []term.Term
	quantified bool          // φ has quantifiers: the check is a nested run
	nonlinear  []bool        // per variable: instantiate by values or known products only (nonlinearVars)
	products   [][]term.Term // per variable: the products over it (knownProducts)
	valueTerms []int         // per variable: instances by value so far
	inverted   []bool        // per variable: an inverse term was used
	matchedAt  int           // the ground atoms when matching was last tried (match.go)
	// nonlinearSyms are the free constants under products with a
	// non-literal operand, which the ground solver first tries small.
	nonlinearSyms []term.Term

	// proved says the last check found no counterexample while the free
	// symbols had the values keyed by provedUnder.
	proved      bool
	provedUnder string
}

// prepare builds the counterexample formula the first time it is needed.
func (q *quantifier) prepare(st *term.Store) {
	if q.neg != term.NoTerm {
		return
	}
	sub := make(map[term.Term]term.Term, len(q.vars))
	q.ic = make([]term.Term, len(q.vars))
	isIC := map[term.Term]bool{}
	for i, v := range q.vars {
		q.ic[i] = st.Fresh("qbv!ce", st.SortOf(v))
		sub[v] = q.ic[i]
		isIC[q.ic[i]] = true
	}
	q.neg = st.Not(st.Substitute(q.body, sub))
	for _, x := range st.FreeVarsOf(q.neg) {
		switch {
		case isIC[x]:
		case st.IsBool(st.SortOf(x)) || st.IsBitVec(st.SortOf(x)):
			q.scalars = append(q.scalars, x)
		default:
			q.others = append(q.others, x)
		}
	}
	q.quantified = !st.IsQuantifierFree(q.neg)
	q.nonlinear = nonlinearVars(st, q.body, q.vars)
	q.valueTerms = make([]int, len(q.vars))
	q.inverted = make([]bool, len(q.vars))
	for i, nl := range nonlinearVars(st, q.neg, q.scalars) {
		if nl {
			q.nonlinearSyms = append(q.nonlinearSyms, q.scalars[i])
		}
	}
}

// smallWidth is the width whose sign extension a small value is.
const smallWidth = 8

// isSmall returns the constraint that x is the sign extension of its low
// bits bits, or NoTerm when x is that narrow.
func isSmall(st *term.Store, x term.Term, bits uint32) term.Term {
	w := width(st, x)
	if !st.IsBitVec(st.SortOf(x)) || w <= bits {
		return term.NoTerm
	}
	low := st.MustMake(term.OpExtract, []uint32{bits - 1, 0}, x)
	return st.Eq(x, st.MustMake(term.OpSignExtend, []uint32{w - bits}, low))
}

// smallValues returns, for the variables under products, the constraints
// that their counterexample constants are small.
func (q *quantifier) smallValues(st *term.Store) []term.Term {
	var out []term.Term
	for i, c := range q.ic {
		if q.nonlinear[i] {
			if s := isSmall(st, c, smallWidth); s != term.NoTerm {
				out = append(out, s)
			}
		}
	}
	return out
}

// nonlinearVars reports, for each of vars, whether it occurs in an operand
// of a multiplication, division or remainder whose other operand is not a
// literal. Instantiating such a variable by a term rather than a value
// would make the ground problem nonlinear, which bit-blasting pays dearly
// for (Bitwuzla filters such instances out too).
func nonlinearVars(st *term.Store, body term.Term, vars []term.Term) []bool {
	out := make([]bool, len(vars))
	mark := func(t term.Term) {
		for i, v := range vars {
			if !out[i] && st.Contains(t, func(u term.Term) bool { return u == v }) {
				out[i] = true
			}
		}
	}
	st.PostOrder([]term.Term{body}, func(t term.Term) {
		if isProduct(st, t) {
			mark(st.Arg(t, 0))
			mark(st.Arg(t, 1))
		}
	})
	return out
}

// isProduct reports whether t is a multiplication, division or remainder
// of two operands neither of which is a literal.
func isProduct(st *term.Store, t term.Term) bool {
	switch st.Op(t) {
	case term.OpBVMul, term.OpBVUdiv, term.OpBVUrem, term.OpBVSdiv, term.OpBVSrem, term.OpBVSmod:
		return st.NumArgs(t) == 2 && st.Op(st.Arg(t, 0)) != term.OpBVConst && st.Op(st.Arg(t, 1)) != term.OpBVConst
	}
	return false
}

// valuesKey identifies the values of the quantifier's free symbols under m;
// it is not cacheable when some symbol is a function (whose values have no
// key).
func (q *quantifier) valuesKey(st *term.Store, m *term.Model) (string, bool) {
	q.prepare(st)
	var b strings.Builder
	for _, xs := range [][]term.Term{q.scalars, q.others} {
		for _, x := range xs {
			v := st.ValueOf(m, x)
			if v.Kind == term.ValFun || v.Kind == term.ValUninterpreted {
				return "", false
			}
			b.WriteString(v.Key())
			b.WriteByte(';')
		}
	}
	return b.String(), true
}

// check looks for a counterexample to q under the ground model m: values of
// q's variables that make its body false while q's free symbols keep their
// values in m. Unsat proves q true under m; Sat gives a model in which the
// counterexample constants q.ic hold the counterexample.
func (r *run) check(ctx context.Context, q *quantifier, m *term.Model) (Status, *term.Model, error) {
	st := r.st
	q.prepare(st)
	// The free symbols are replaced by their values rather than fixed by
	// assumptions: constant propagation then simplifies the formula (a
	// product with a fixed factor becomes a constant multiplication), which
	// the SAT solver would otherwise have to find through a full multiplier.
	free := append(append([]term.Term(nil), q.scalars...), q.others...)
	neg, ok := fixSymbols(st, q.neg, free, m)
	if !ok {
		r.reason = "a function or array value has no term"
		return Unknown, nil, nil
	}
	if !q.quantified && enumerable(st, q, neg) {
		r.s.Stats.Enumerated++
		status, cm := r.enumerate(q, neg, func() bool { return ctx.Err() != nil })
		if status != Unknown {
			return status, cm, nil
		}
	}
	neg = cheapProducts(st, neg, r.cheapMemo)
	if !q.quantified {
		if r.ce == nil || r.ceUses >= ceRenew {
			r.ce, r.ceUses = r.s.newCheckQF(st), 0
		}
		r.ceUses++
		if small := q.smallValues(st); len(small) > 0 {
			// Counterexamples with small values for the variables under
			// products keep the instances' products cheap to blast.
			status, cm, err := r.ce.Solve(ctx, []term.Term{neg}, small)
			if status != Unsat || err != nil {
				return status, cm, err
			}
		}
		return r.ce.Solve(ctx, []term.Term{neg}, nil)
	}
	if r.depth >= r.s.MaxDepth {
		r.reason = "quantifier alternation deeper than the nesting limit"
		return Unknown, nil, nil
	}
	return r.nestedCheck(ctx, neg)
}

// newCheckQF returns a solver for counterexample checks.
func (s *Solver) newCheckQF(st *term.Store) QFSolver {
	if s.NewCheckQF != nil {
		return s.NewCheckQF(st)
	}
	return s.NewQF(st)
}

// ceRenew is how many counterexample checks one quantifier-free solver
// serves: each check's formula is new (the values differ), so a solver that
// served many holds mostly dead clauses.
const ceRenew = 64

// fixSymbols replaces the symbols xs in t by their values under m: a
// constant by its literal, an array by a constant array under stores, an
// application of a function by the if-then-else chain of its table. It
// fails when a value has no term (uninterpreted elements).
func fixSymbols(st *term.Store, t term.Term, xs []term.Term, m *term.Model) (term.Term, bool) {
	consts := map[term.Term]term.Term{}
	funs := map[term.Term]*term.FunValue{}
	for _, x := range xs {
		v := st.ValueOf(m, x)
		if v.Kind == term.ValFun {
			funs[x] = v.Fun
			continue
		}
		vt := st.ValueTerm(v)
		if vt == term.NoTerm {
			return term.NoTerm, false
		}
		consts[x] = vt
	}
	ok := true
	memo := map[term.Term]term.Term{}
	var walk func(term.Term) term.Term
	walk = func(t term.Term) term.Term {
		if r, done := memo[t]; done {
			return r
		}
		var out term.Term
		if c, isConst := consts[t]; isConst {
			out = c
		} else if st.Op(t) == term.OpApply && funs[st.Arg(t, 0)] != nil {
			args := st.Args(t)[1:]
			in := make([]term.Term, len(args))
			for i, a := range args {
				in[i] = walk(a)
			}
			var good bool
			out, good = tableTerm(st, funs[st.Arg(t, 0)], in)
			ok = ok && good
		} else {
			out = st.MapArgs(t, walk)
		}
		memo[t] = out
		return out
	}
	out := walk(t)
	return out, ok
}

// tableTerm returns the value of the function table f at args as a term:
// ite(args = row₁, r₁, ite(…, default)).
func tableTerm(st *term.Store, f *term.FunValue, args []term.Term) (term.Term, bool) {
	out := st.ValueTerm(f.Default)
	if out == term.NoTerm {
		return term.NoTerm, false
	}
	for r := len(f.Args) - 1; r >= 0; r-- {
		conds := make([]term.Term, len(args))
		for i, a := range args {
			v := st.ValueTerm(f.Args[r][i])
			if v == term.NoTerm {
				return term.NoTerm, false
			}
			conds[i] = st.Eq(a, v)
		}
		res := st.ValueTerm(f.Results[r])
		if res == term.NoTerm {
			return term.NoTerm, false
		}
		out = st.Ite(st.And(conds...), res, out)
	}
	return out, true
}
