package preprocess

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// Elimination is one trail entry: Var was removed from the problem, and Def
// gives its value in terms of variables that are still present or are
// eliminated later on the trail.
type Elimination struct {
	Var, Def term.Term
	// Value, when set, computes Var's value in place of Def (which is then
	// NoTerm): a function symbol's value is a table no term can express.
	Value func(ev *term.Evaluator) (term.Value, error)
}

// State is the problem as the passes see it: the current assertions, the
// frozen variables, and the model-reconstruction trail.
type State struct {
	Store      *term.Store
	Assertions []term.Term

	frozen     map[term.Term]bool
	trail      []Elimination
	eliminated map[term.Term]int // trail index of each eliminated variable
	unsat      bool

	// counters of the pass that is running, read by the driver
	rewritten int

	// ctx is the run's context (the driver sets it); Interrupted looks at
	// it every interruptEvery calls and keeps its error.
	ctx   context.Context
	ticks int
	err   error
}

// interruptEvery is how many calls of Interrupted pass between two looks at
// the context.
const interruptEvery = 256

// Interrupted reports whether the run's context has ended. Passes call it in
// their inner loops (per node walked, per pair compared), so that a pass
// over a huge DAG stops near its deadline; a pass that sees true returns
// Err. What it leaves behind is discarded with the run.
func (s *State) Interrupted() bool {
	if s.err != nil {
		return true
	}
	if s.ctx == nil {
		return false
	}
	if s.ticks++; s.ticks%interruptEvery == 0 {
		s.err = s.ctx.Err()
	}
	return s.err != nil
}

// Err is the context error Interrupted saw, or the context's error now.
func (s *State) Err() error {
	if s.err == nil && s.ctx != nil {
		s.err = s.ctx.Err()
	}
	return s.err
}

// NewState returns the state for assertions over st. Every free variable of
// the frozen terms (e.g. check-sat-assuming assumptions) is protected: no pass
// eliminates it, so those terms keep their meaning.
func NewState(st *term.Store, assertions []term.Term, frozen []term.Term) *State {
	s := &State{
		Store:      st,
		Assertions: append([]term.Term(nil), assertions...),
		frozen:     map[term.Term]bool{},
		eliminated: map[term.Term]int{},
	}
	for _, x := range st.FreeVarsOf(frozen...) {
		s.frozen[x] = true
	}
	return s
}

// Freeze protects the variable x from elimination.
func (s *State) Freeze(x term.Term) { s.frozen[x] = true }

// Frozen reports whether x must not be eliminated.
func (s *State) Frozen(x term.Term) bool { return s.frozen[x] }

// Eliminable reports whether the variable x may be eliminated: a free
// variable, not frozen, not yet eliminated, and not a function symbol (whose
// value a term cannot give).
func (s *State) Eliminable(x term.Term) bool {
	st := s.Store
	if st.Op(x) != term.OpVar || s.frozen[x] {
		return false
	}
	if _, done := s.eliminated[x]; done {
		return false
	}
	return st.Kind(st.SortOf(x)) != term.KindFun
}

// Eliminate records x := def on the trail. The caller removes x from the
// assertions in the same pass.
func (s *State) Eliminate(x, def term.Term) {
	s.eliminated[x] = len(s.trail)
	s.trail = append(s.trail, Elimination{Var: x, Def: def})
}

// Trail returns the eliminations in the order they were made.
func (s *State) Trail() []Elimination { return s.trail }

// Eliminated reports whether x was eliminated.
func (s *State) Eliminated(x term.Term) bool { _, ok := s.eliminated[x]; return ok }

// SetUnsat records that the assertions were reduced to false.
func (s *State) SetUnsat() {
	s.unsat = true
	s.Assertions = []term.Term{s.Store.False()}
}

// Unsat reports whether a pass reduced the problem to false.
func (s *State) Unsat() bool { return s.unsat }

// NoteRewritten adds n to the running pass's count of replaced terms.
func (s *State) NoteRewritten(n int) { s.rewritten += n }

// Reconstruct returns a model of the original assertions built from a model
// m of the preprocessed ones: it copies m and gives each eliminated variable
// the value of its definition, walking the trail backwards so that every
// definition only sees variables that already have their values.
func (s *State) Reconstruct(m *term.Model) *term.Model {
	out := term.NewModel()
	if m != nil {
		for k, v := range m.Values {
			out.Set(k, v)
		}
	}
	// One evaluator is enough: a definition never mentions a variable that
	// is set after it (sanity invariant), so no memoised value goes stale.
	ev := term.NewEvaluator(s.Store, out)
	for i := len(s.trail) - 1; i >= 0; i-- {
		e := s.trail[i]
		var v term.Value
		var err error
		if e.Value != nil {
			v, err = e.Value(ev)
		} else {
			v, err = ev.Eval(e.Def)
		}
		if err != nil {
			// Leave the variable to model completion; validation of the
			// original problem catches any consequence.
			continue
		}
		out.Set(e.Var, v)
	}
	return out
}
