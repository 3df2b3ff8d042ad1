package quant

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// Query is a conjunction split into the fragment's two kinds of clauses.
type Query struct {
	Store *term.Store
	// Conjuncts are all top-level conjuncts: the formula that a model must
	// satisfy.
	Conjuncts []term.Term
	// QF are the quantifier-free conjuncts.
	QF []term.Term
	// Foralls are the bounded universal conjuncts.
	Foralls []*Forall
}

// UnsupportedError says why a formula is outside the fragment.
type UnsupportedError struct{ Why string }

func (e *UnsupportedError) Error() string { return "unsupported: " + e.Why }

func unsupported(format string, args ...any) error {
	return &UnsupportedError{Why: fmt.Sprintf(format, args...)}
}

// Recognise splits the conjunction of roots into quantifier-free clauses and
// bounded ∀ clauses. It fails with an *UnsupportedError when some conjunct is
// outside the fragment.
func Recognise(st *term.Store, roots []term.Term) (*Query, error) {
	return recognise(st, roots, nil)
}

// recognise is Recognise with the lifted symbols taken from names (nil:
// fresh ones).
func recognise(st *term.Store, roots []term.Term, names *liftNames) (*Query, error) {
	q := &Query{Store: st}
	seen := map[term.Term]bool{}
	var flatten func(t term.Term)
	flatten = func(t term.Term) {
		if st.Op(t) == term.OpAnd {
			for _, a := range st.Args(t) {
				flatten(a)
			}
			return
		}
		if !seen[t] {
			seen[t] = true
			q.Conjuncts = append(q.Conjuncts, t)
		}
	}
	for _, r := range roots {
		flatten(r)
	}
	l := &lifter{st: st, walked: map[liftKey]term.Term{}, names: names}
	for _, c := range q.Conjuncts {
		if usesFunctions(st, c) {
			return nil, unsupported("uninterpreted function")
		}
		if st.IsQuantifierFree(c) {
			q.QF = append(q.QF, c)
			continue
		}
		switch st.Op(c) {
		case term.OpForall:
			f, err := recogniseForall(st, c)
			if err != nil {
				return nil, err
			}
			q.Foralls = append(q.Foralls, f)
		case term.OpExists:
			return nil, unsupported("existential quantifier")
		default:
			t, err := l.walk(c, term.Positive)
			if err != nil {
				return nil, err
			}
			q.QF = append(q.QF, t)
		}
	}
	q.QF = append(q.QF, l.clauses...)
	q.Foralls = append(q.Foralls, l.foralls...)
	return q, nil
}

// lifter takes ∀s out of other terms. Each ∀ term Q below a connective or
// inside a term (an ite's condition, say) is replaced by a fresh Boolean p
// with p ⇔ Q, written as two quantifier-free-or-bounded clauses:
//
//	p → Q       is the bounded ∀i. p ∧ G → ψ;
//	¬p → ¬Q     is ¬p → G(c) ∧ ¬ψ(c) for a fresh constant c (a Skolem
//	            witness of the counterexample).
//
// The result is equisatisfiable, and under any of its models p has Q's
// value, so the original formula has the value of the rewritten one. Where
// Q occurs only positively (below ∧, ∨ and consequents of ⇒) the formula is
// monotone in it and the first clause suffices; where only negatively, the
// second. Merging the standard way states that pattern merging already
// merged gives such formulas: disjunctions of path constraints with their
// own ∀s, and ite chains over them for the merged values.
type lifter struct {
	st *term.Store
	// walked memoises walk by term and term.Polarity, so each ∀ gets one p per
	// polarity. Merged path constraints and values are DAGs whose subterms
	// are shared many times over (ite chains over earlier merges), and
	// walking them as trees took most of a pat run's time
	// (netip.ParseAddr 8: 58% of its CPU in Recognise).
	walked  map[liftKey]term.Term
	names   *liftNames // nil: fresh symbols for every ∀
	foralls []*Forall
	clauses []term.Term // the witness clauses
}

type liftKey struct {
	t   term.Term
	pol term.Polarity
}

func (l *lifter) walk(t term.Term, pol term.Polarity) (term.Term, error) {
	if l.st.IsQuantifierFree(t) {
		return t, nil
	}
	k := liftKey{t, pol}
	if r, ok := l.walked[k]; ok {
		return r, nil
	}
	r, err := l.walkOnce(t, pol)
	if err == nil {
		l.walked[k] = r
	}
	return r, err
}

func (l *lifter) walkOnce(t term.Term, pol term.Polarity) (term.Term, error) {
	st := l.st
	switch op := st.Op(t); op {
	case term.OpForall:
		return l.lift(t, pol)
	case term.OpExists:
		return term.NoTerm, unsupported("existential quantifier")
	default:
		n := len(st.Args(t))
		return l.args(t, func(i int) term.Polarity { return term.ArgPolarity(op, i, n, pol) })
	}
}

// args rebuilds t with each argument walked at the term.Polarity pol(i) gives.
func (l *lifter) args(t term.Term, pol func(i int) term.Polarity) (term.Term, error) {
	st := l.st
	args := make([]term.Term, st.NumArgs(t))
	for i, a := range st.Args(t) {
		r, err := l.walk(a, pol(i))
		if err != nil {
			return term.NoTerm, err
		}
		args[i] = r
	}
	return st.Rebuild(t, args), nil
}

// lift replaces the ∀ term t, occurring at term.Polarity pol, by a fresh p
// (walk calls it once per term and term.Polarity).
func (l *lifter) lift(t term.Term, pol term.Polarity) (term.Term, error) {
	st := l.st
	f, err := recogniseForall(st, t)
	if err != nil {
		return term.NoTerm, err
	}
	p := l.names.boolean(st, t, pol)
	if pol != term.Negative {
		g, err := recogniseForall(st, st.MustMake(term.OpForall, nil, f.Var, premise(st, p, f.Body)))
		if err != nil {
			return term.NoTerm, err
		}
		l.foralls = append(l.foralls, g)
	}
	if pol != term.Positive {
		c := l.names.witness(st, t, pol, f.Width)
		l.clauses = append(l.clauses, st.Or(p, st.Not(f.Instance(st, c))))
	}
	return p, nil
}

// premise returns p → body as one disjunction ¬p ∨ ¬G ∨ ψ, so that the
// guard's bounds are still found in it.
func premise(st *term.Store, p, body term.Term) term.Term {
	disj := []term.Term{st.Not(p)}
	switch st.Op(body) {
	case term.OpImplies:
		disj = append(disj, st.Not(st.Arg(body, 0)), st.Arg(body, 1))
	case term.OpOr:
		disj = append(disj, st.Args(body)...)
	default:
		disj = append(disj, body)
	}
	return st.Or(disj...)
}

// HasQuantifier reports whether any root contains a quantifier.
func HasQuantifier(st *term.Store, roots []term.Term) bool {
	return st.FeaturesOf(roots).Has(term.FeatQuantifier)
}

// usesFunctions reports whether t applies an uninterpreted function.
func usesFunctions(st *term.Store, t term.Term) bool {
	return st.Features(t).Has(term.FeatApply)
}

func recogniseForall(st *term.Store, c term.Term) (*Forall, error) {
	args := st.Args(c)
	if len(args) != 2 {
		return nil, unsupported("∀ over %d variables", len(args)-1)
	}
	i, body := args[0], args[1]
	if !st.IsBitVec(st.SortOf(i)) {
		return nil, unsupported("∀ over a %s variable", st.SortString(st.SortOf(i)))
	}
	if !st.IsQuantifierFree(body) {
		return nil, unsupported("nested quantifier")
	}
	f := &Forall{Clause: c, Var: i, Width: st.Width(st.SortOf(i)), Body: body, store: st}
	f.splitGuard(st)
	return f, nil
}
