package symex

import (
	"github.com/sift-solver/sift/term"
)

// Float concretization (--floats=concrete, KLEE's): a float operand takes
// its value in the path's model, and x = value joins the path constraint,
// so the path goes on with constants. Where a float is made from an integer
// (a conversion, math.Float64frombits), the integer is fixed instead, so
// the only floats a query holds are input variables equal to constants.
// The paths of other values are lost, so an exploration that concretized
// is never exhausted (Stats.Exhausted).

// A concretizer is a mode that can fix a symbolic scalar to one value.
type concretizer interface {
	concretize(s *State, x term.Term) (term.Term, error)
}

// concretize returns x's value in the run as a constant, recording the
// choice in s's path constraint.
func (e *Executor) concretize(s *State, x term.Term) (term.Term, error) {
	if e.st.IsConst(x) {
		return x, nil
	}
	return e.br.(concretizer).concretize(s, x)
}

// floatOperand is the float operand x as the exploration computes with
// it: x itself, or under --floats=concrete its value in the model.
func (e *Executor) floatOperand(s *State, x term.Term) (term.Term, error) {
	if !e.opts.ConcreteFloats || !e.st.IsFloat(e.st.SortOf(x)) {
		return x, nil
	}
	return e.concretize(s, x)
}

// floatSource is the integer x a float is made from, as floatOperand: x,
// or under --floats=concrete its value in the model.
func (e *Executor) floatSource(s *State, x term.Term) (term.Term, error) {
	if !e.opts.ConcreteFloats {
		return x, nil
	}
	return e.concretize(s, x)
}

func (f forking) concretize(s *State, x term.Term) (term.Term, error) {
	e := f.e
	if err := e.ensureModel(s); err != nil {
		return term.NoTerm, err
	}
	if s.model == nil {
		e.stats.Unknown++
		return term.NoTerm, &cut{why: "no model to concretize a float with (the solver answered unknown)"}
	}
	c, err := e.valueTerm(x, s.model)
	if err != nil {
		return term.NoTerm, err
	}
	e.addLit(s, e.st.Eq(x, c))
	s.spare = nil // the spares need not agree with the value
	e.stats.Concretized++
	return c, nil
}

func (r replaying) concretize(s *State, x term.Term) (term.Term, error) {
	return term.NoTerm, &cut{why: "concrete run reached a symbolic value"}
}

// A follow run's value is the inputs': the choice is a step of the trace,
// whose other side concolic mode may explore.
func (r *FollowRun) concretize(s *State, x term.Term) (term.Term, error) {
	v, err := r.eval.Eval(x)
	if err != nil {
		return term.NoTerm, err
	}
	c := r.e.st.ValueTerm(v)
	if _, err := r.branch(s, r.e.st.Eq(x, c), siteCheck); err != nil {
		return term.NoTerm, err
	}
	return c, nil
}

// valueTerm is the constant x has under m.
func (e *Executor) valueTerm(x term.Term, m *term.Model) (term.Term, error) {
	v, err := e.eval(x, m)
	if err != nil {
		return term.NoTerm, err
	}
	return e.st.ValueTerm(v), nil
}
