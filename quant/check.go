package quant

import (
	"context"
	"errors"
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// enumLimit is the largest range a bounded ∀ is checked on by evaluating
// its instances one by one; past it the check is a ground query. Evaluating
// an instance costs about a microsecond, a ground query a solver call.
const enumLimit = 1 << 12

// violation is one instance of a ∀ that a model breaks: the index value j
// with G(j) true and ψ(j) false.
type violation struct {
	f *Forall
	j bv.Value
}

// checker decides whether models satisfy a query, exactly whatever the size
// of the ∀ ranges: a ∀ whose range under the model is small is enumerated;
// a larger one is checked symbolically, by asking the quantifier-free solver
// for an index j with G(j) ∧ ¬ψ(j) where every other symbol is fixed to its
// model value. A true model therefore never fails at an enumeration cap.
type checker struct {
	st    *term.Store
	solve QFSolver
	stats *Stats
	jvars map[uint32]term.Term // the free index variable of each width
}

func newChecker(st *term.Store, solve QFSolver, stats *Stats) *checker {
	return &checker{st: st, solve: solve, stats: stats, jvars: map[uint32]term.Term{}}
}

// errUndecided says a check could not be completed (a value no term
// denotes, or a ground query the solver left undecided).
var errUndecided = errors.New("quant: model check undecided")

// holds reports whether every conjunct of q is true under m. An undecided
// check counts as not true, never as false.
func (c *checker) holds(ctx context.Context, q *Query, m *term.Model) (bool, error) {
	ok, _, err := c.violations(ctx, q, m, 0)
	if errors.Is(err, errUndecided) || ctx.Err() != nil {
		return false, nil
	}
	return ok, err
}

// violations checks m against q. ok is true when every conjunct holds.
// Otherwise, with want > 0, it lists up to want broken instances per ∀ (none
// when only a quantifier-free conjunct is false); with want = 0 it stops at
// the first failure.
func (c *checker) violations(ctx context.Context, q *Query, m *term.Model, want int) (ok bool, broken []violation, err error) {
	ev := term.NewEvaluator(c.st, m)
	for _, t := range q.QF {
		b, err := ev.EvalBool(t)
		if err != nil || !b {
			return false, nil, nil
		}
	}
	ok = true
	for _, f := range q.Foralls {
		if err := ctx.Err(); err != nil {
			return false, nil, err
		}
		js, err := c.broken(ctx, f, ev, m, want)
		if err != nil {
			return false, nil, err
		}
		if len(js) > 0 {
			ok = false
			if want == 0 {
				return false, nil, nil
			}
			for _, j := range js {
				broken = append(broken, violation{f: f, j: j})
			}
		}
	}
	return ok, broken, nil
}

// broken returns up to max(want, 1) indices in f's range under m where the
// body fails: by evaluation for a range of fewer than enumLimit indices, by
// ground queries for a larger one.
func (c *checker) broken(ctx context.Context, f *Forall, ev *term.Evaluator, m *term.Model, want int) ([]bv.Value, error) {
	want = max(want, 1)
	lo, hi, nonEmpty, err := f.Range(ev)
	if err != nil {
		return nil, errUndecided
	}
	if !nonEmpty {
		return nil, nil
	}
	if n := new(big.Int).Sub(hi, lo); n.IsUint64() && n.Uint64() < enumLimit {
		c.stats.Enumerated++
		// term's evaluator decides the ∀ at once when it holds.
		if b, err := ev.EvalBool(f.Clause); err == nil && b {
			return nil, nil
		}
		return c.enumerate(ctx, f, ev, lo, hi, want)
	}
	c.stats.Symbolic++
	return c.symbolic(ctx, f, m, want)
}

// enumerate evaluates ψ(j) for j = lo..hi. Each instance is evaluated as the
// one-point ∀i. i = j → ψ(i), so ψ's ground subterms are evaluated once for
// the whole range and no instance of ψ is built.
func (c *checker) enumerate(ctx context.Context, f *Forall, ev *term.Evaluator, lo, hi *big.Int, want int) ([]bv.Value, error) {
	st := c.st
	var out []bv.Value
	one := big.NewInt(1)
	for x, n := new(big.Int).Set(lo), 0; x.Cmp(hi) <= 0; x, n = x.Add(x, one), n+1 {
		if n&1023 == 1023 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		j := bv.FromBig(f.Width, x)
		point := st.MustMake(term.OpForall, nil, f.Var, st.Implies(st.Eq(f.Var, st.Const(j)), f.Psi))
		b, err := ev.EvalBool(point)
		if err != nil {
			return nil, errUndecided
		}
		if !b {
			out = append(out, j)
			if len(out) == want {
				break
			}
		}
	}
	return out, nil
}

// jvar returns the free variable that stands for the index in ground
// queries of width w.
func (c *checker) jvar(w uint32) term.Term {
	if j, ok := c.jvars[w]; ok {
		return j
	}
	j := c.st.Fresh("quant!j", c.st.BitVecSort(w))
	c.jvars[w] = j
	return j
}

// symbolic asks the solver for indices j with ¬(G(j) → ψ(j)) where every
// other symbol is replaced by its value under m, up to want of them (each
// found index is excluded before asking again). Unsat proves the ∀ true
// under m.
func (c *checker) symbolic(ctx context.Context, f *Forall, m *term.Model, want int) ([]bv.Value, error) {
	st := c.st
	if c.solve == nil {
		return nil, errUndecided
	}
	j := c.jvar(f.Width)
	sub := map[term.Term]term.Term{f.Var: j}
	for _, x := range st.FreeVars(f.Body) {
		v := st.ValueTerm(st.ValueOf(m, x))
		if v == term.NoTerm {
			return nil, errUndecided
		}
		sub[x] = v
	}
	query := []term.Term{st.Not(st.Substitute(f.Body, sub))}
	var out []bv.Value
	for len(out) < want {
		status, cm, err := c.solve(ctx, query)
		if err != nil {
			return nil, err
		}
		switch status {
		case Unsat:
			return out, nil
		case Unknown:
			if len(out) > 0 {
				return out, nil
			}
			return nil, errUndecided
		}
		v := st.ValueOf(cm, j)
		out = append(out, v.BV)
		query = append(query, st.Not(st.Eq(j, st.Const(v.BV))))
	}
	return out, nil
}

// Check proves assertions true under m that evaluation could not decide
// (a bounded ∀ past the evaluator's cap): each assertion's Boolean
// structure is evaluated with every ∀ in it checked exactly, as the
// procedure checks its own models. The engine's driver calls it on the
// original assertions of a sat answer.
func (s *Solver) Check(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error {
	c := newChecker(st, s.QF, &s.Stats)
	ev := term.NewEvaluator(st, m)
	for _, a := range assertions {
		b, err := c.truth(ctx, ev, m, a)
		switch {
		case err != nil:
			return err
		case !b:
			return errors.New("quant: an assertion is false under the model")
		}
	}
	return nil
}

// truth evaluates the Boolean term t under m through its connectives (and,
// or, not, =>, xor, Boolean = and distinct, Boolean ite), deciding each ∀
// over one bit-vector variable, and each such ∃ as the negated ∀ of the
// negation, by the exact check, once the binders the body does not mention
// are dropped; any other quantifier is an error.
func (c *checker) truth(ctx context.Context, ev *term.Evaluator, m *term.Model, t term.Term) (bool, error) {
	st := c.st
	if st.IsQuantifierFree(t) {
		return ev.EvalBool(t)
	}
	switch op := st.Op(t); op {
	case term.OpAnd, term.OpOr:
		absorbing := op == term.OpOr
		for _, a := range st.Args(t) {
			b, err := c.truth(ctx, ev, m, a)
			if err != nil {
				return false, err
			}
			if b == absorbing {
				return absorbing, nil
			}
		}
		return !absorbing, nil
	case term.OpNot:
		b, err := c.truth(ctx, ev, m, st.Arg(t, 0))
		return !b, err
	case term.OpImplies:
		a, err := c.truth(ctx, ev, m, st.Arg(t, 0))
		if err != nil || !a {
			return true, err
		}
		return c.truth(ctx, ev, m, st.Arg(t, 1))
	case term.OpXor:
		odd := false
		for _, a := range st.Args(t) {
			b, err := c.truth(ctx, ev, m, a)
			if err != nil {
				return false, err
			}
			odd = odd != b
		}
		return odd, nil
	case term.OpEq, term.OpDistinct:
		args := st.Args(t)
		if !st.IsBool(st.SortOf(args[0])) {
			return false, unsupported("quantifier below %s over %s", op, st.SortString(st.SortOf(args[0])))
		}
		seen := [2]int{} // how many arguments are false, true
		for _, a := range args {
			b, err := c.truth(ctx, ev, m, a)
			if err != nil {
				return false, err
			}
			if b {
				seen[1]++
			} else {
				seen[0]++
			}
		}
		if op == term.OpEq {
			return seen[0] == 0 || seen[1] == 0, nil
		}
		return seen[0] <= 1 && seen[1] <= 1, nil
	case term.OpIte:
		if !st.IsBool(st.SortOf(t)) {
			return false, unsupported("quantifier below a non-Boolean ite")
		}
		cond, err := c.truth(ctx, ev, m, st.Arg(t, 0))
		if err != nil {
			return false, err
		}
		if cond {
			return c.truth(ctx, ev, m, st.Arg(t, 1))
		}
		return c.truth(ctx, ev, m, st.Arg(t, 2))
	case term.OpForall, term.OpExists:
		args := st.Args(t)
		body := args[len(args)-1]
		vars := usedBinders(st, args[:len(args)-1], body)
		switch {
		case len(vars) == 0:
			return c.truth(ctx, ev, m, body) // every sort is non-empty
		case len(vars) > 1:
			return false, unsupported("%s over %d variables", op, len(vars))
		case op == term.OpExists:
			// ∃i. ψ is ¬∀i. ¬ψ.
			b, err := c.truth(ctx, ev, m, st.MustMake(term.OpForall, nil, vars[0], st.Not(body)))
			return !b, err
		}
		if len(args) > 2 {
			t = st.MustMake(term.OpForall, nil, vars[0], body)
		}
		f, err := recogniseForall(st, t)
		if err != nil {
			return false, err
		}
		js, err := c.broken(ctx, f, ev, m, 1)
		return len(js) == 0, err
	default:
		return false, unsupported("quantifier below %s", op)
	}
}

// usedBinders returns the variables of a quantifier that its body mentions:
// the others can be dropped, as no sort is empty.
func usedBinders(st *term.Store, vars []term.Term, body term.Term) []term.Term {
	var out []term.Term
	for _, v := range vars {
		if st.Contains(body, func(n term.Term) bool { return n == v }) {
			out = append(out, v)
		}
	}
	return out
}
