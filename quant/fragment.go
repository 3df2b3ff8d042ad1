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
			return nil, unsupported("quantifier below %s", st.Op(c))
		}
	}
	return q, nil
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
