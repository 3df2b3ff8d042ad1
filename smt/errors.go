package smt

import "errors"

// The errors of bad use. Constructors do not return errors: they return a
// Term whose Err wraps one of these, and Assert, Check and Model.Eval report
// it (see the package documentation). Test with errors.Is.
var (
	// ErrClosed is the error of any use of a Solver after Close.
	ErrClosed = errors.New("smt: solver is closed")
	// ErrForeign is the error of a term or sort made by another Solver.
	ErrForeign = errors.New("smt: term or sort belongs to another solver")
	// ErrSort is the error of an ill-sorted application (a sort mismatch,
	// a wrong number of arguments, an index out of range).
	ErrSort = errors.New("smt: sort error")
	// ErrZero is the error of a zero Term, Sort or Func (one not made by a
	// Solver).
	ErrZero = errors.New("smt: zero value used as a term or sort")
	// ErrName is the error of a declaration whose name is already declared
	// with another sort.
	ErrName = errors.New("smt: name already declared with another sort")
	// ErrNoModel is the error of asking for a model when the last check was
	// not sat, or for an unsat core when it was not unsat.
	ErrNoModel = errors.New("smt: no answer of that kind to refer to")
	// ErrNoLevel is the error of Pop without a matching Push.
	ErrNoLevel = errors.New("smt: pop without push")
	// ErrBusy is the error of a Check started while another Check of the
	// same Solver runs: a Solver serves one goroutine at a time.
	ErrBusy = errors.New("smt: solver used by two goroutines at once")
	// ErrInternal is the error of a check that hit a bug in sift (a
	// panic inside the pipeline); the answer is unknown.
	ErrInternal = errors.New("smt: internal error")
	// ErrValue is the error of reading a model value as a Go type it does
	// not have (Uint64 of a Bool, a 128-bit value as a uint64, …).
	ErrValue = errors.New("smt: value has another type")
)
