package smt

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// Const returns the free constant (SMT-LIB's declare-const) called name of
// the given sort. Declaring the same name and sort again returns the same
// term; the same name with another sort is an error (ErrName), since the
// text form could not tell the two apart.
func (s *Solver) Const(name string, sort Sort) Term {
	if err := s.checkSorts(sort); err != nil {
		return bad(err)
	}
	if err := s.claim(name, sort.id); err != nil {
		return bad(err)
	}
	return Term{s: s, id: s.st.Var(name, sort.id)}
}

// Fresh returns a new free constant whose name starts with prefix and is
// used by nothing else in the solver.
func (s *Solver) Fresh(prefix string, sort Sort) Term {
	if err := s.checkSorts(sort); err != nil {
		return bad(err)
	}
	t := s.st.Fresh(prefix, sort.id)
	s.names[s.st.Name(t)] = sort.id
	return Term{s: s, id: t}
}

// claim records that name is declared with sort, failing when it already is
// with another.
func (s *Solver) claim(name string, sort term.Sort) error {
	if name == "" {
		return fmt.Errorf("%w: empty name", ErrName)
	}
	if old, ok := s.names[name]; ok {
		if old != sort {
			return fmt.Errorf("%w: %s is %s, not %s", ErrName, name, s.st.SortString(old), s.st.SortString(sort))
		}
		return nil
	}
	s.names[name] = sort
	return nil
}

// Func is an uninterpreted function symbol (SMT-LIB's declare-fun with
// parameters): a function of which only the sorts are known.
type Func struct {
	s   *Solver
	id  term.Term
	err error
}

// Err returns the error that made the function, or nil.
func (f Func) Err() error {
	if f.err != nil {
		return f.err
	}
	if f.s == nil {
		return ErrZero
	}
	return nil
}

// String returns the function's name.
func (f Func) String() string {
	if err := f.Err(); err != nil {
		return "<" + err.Error() + ">"
	}
	return term.QuoteSymbol(f.s.st.Name(f.id))
}

// Func declares the uninterpreted function name from domain to rng; domain
// must not be empty (use Const for a constant). Declaring it again with the
// same sorts returns the same function.
func (s *Solver) Func(name string, domain []Sort, rng Sort) Func {
	if err := s.checkSorts(domain...); err != nil {
		return Func{err: err}
	}
	if err := s.checkSorts(rng); err != nil {
		return Func{err: err}
	}
	if len(domain) == 0 {
		return Func{err: fmt.Errorf("%w: function %s without parameters (use Const)", ErrSort, name)}
	}
	ids := make([]term.Sort, len(domain))
	for i, d := range domain {
		ids[i] = d.id
	}
	fs := s.st.FunSort(ids, rng.id)
	if err := s.claim(name, fs); err != nil {
		return Func{err: err}
	}
	return Func{s: s, id: s.st.Var(name, fs)}
}

// Apply returns f applied to args, whose sorts must be f's domain.
func (f Func) Apply(args ...Term) Term {
	if err := f.Err(); err != nil {
		return bad(err)
	}
	if f.s.closed {
		return bad(ErrClosed)
	}
	all := make([]Term, 0, len(args)+1)
	all = append(all, Term{s: f.s, id: f.id})
	return f.s.mk(term.OpApply, nil, append(all, args...)...)
}
