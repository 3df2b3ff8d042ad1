package qbv

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// facts records the truth of closed quantified terms (no free symbols at
// all) that the procedure has proved: true when a counterexample check
// under a model was unsat (the ∀ with the model's values in place of its
// free symbols holds), false when a verified model Skolemized it. A later
// run (Prove, above all, which re-derives the truth of an assertion with
// the model's values in place) finds such a term decided at once instead of
// solving it again.
//
// A nested counterexample check is recorded too, by its closed formula:
// sibling checks under ground models that agree on the check's free
// symbols pose the same formula, and a nested run costs rounds of its own.
type facts struct {
	st     *term.Store
	truth  map[term.Term]bool
	nested map[term.Term]decided
}

// decided is the answer of a nested check: Unsat, or Sat with the
// counterexample's model.
type decided struct {
	status Status
	model  *term.Model
}

// factsFor returns the solver's facts about terms of st, starting afresh
// when the store changed.
func (s *Solver) factsFor(st *term.Store) *facts {
	if s.facts == nil || s.facts.st != st {
		s.facts = &facts{st: st, truth: map[term.Term]bool{}, nested: map[term.Term]decided{}}
	}
	return s.facts
}

// record notes that q (a normal ∀ term of the run) has the truth value b
// when its free symbols take their values in m. It records the closed term
// and its normal form, under which a later run meets it.
func (r *run) record(q *quantifier, m *term.Model, b bool) {
	q.prepare(r.st)
	free := append(append([]term.Term(nil), q.scalars...), q.others...)
	closed, ok := fixSymbols(r.st, q.term, free, m)
	if !ok || !r.st.Op(closed).IsQuantifier() {
		return
	}
	f := r.s.factsFor(r.st)
	f.truth[closed] = b
	if n := r.norm.quantifier(closed); r.norm.normal[n] {
		f.truth[n] = b
	}
}

// known returns the recorded truth of the normal ∀ term q, if q is closed
// and recorded.
func (r *run) known(q term.Term) (bool, bool) {
	f := r.s.factsFor(r.st)
	b, ok := f.truth[q]
	return b, ok
}

// nestedCheck runs the nested check of the closed formula neg (a
// counterexample search whose body has quantifiers), or returns its
// recorded answer. A decided answer belongs to neg alone, so it is recorded
// for the next check that poses neg.
func (r *run) nestedCheck(ctx context.Context, neg term.Term) (Status, *term.Model, error) {
	f := r.s.factsFor(r.st)
	if d, ok := f.nested[neg]; ok {
		r.s.Stats.NestedReused++
		return d.status, d.model, nil
	}
	r.s.Stats.NestedChecks++
	sub := r.s.newRun(r.st, r.norm, r.depth+1)
	sub.assert(neg)
	status, cm, err := sub.loop(ctx, nil)
	switch {
	case err != nil:
	case status == Unknown:
		if sub.reason != "" {
			r.reason = sub.reason
		}
	default:
		f.nested[neg] = decided{status, cm}
	}
	return status, cm, err
}
