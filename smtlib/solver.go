package smtlib

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// Status is the answer of a satisfiability check.
type Status = term.Status

const (
	Unsat   = term.Unsat
	Unknown = term.Unknown
	Sat     = term.Sat
)

// CheckResult is a check-sat answer with, when unknown, the reason.
type CheckResult struct {
	Status Status
	Reason string
}

// Solver is the seam between the front-end and solving: the interpreter keeps
// the declarations and options, the Solver keeps the assertion stack and
// decides it. Package engine implements it.
type Solver interface {
	// Push and Pop open and close one assertion level.
	Push()
	Pop()
	// Assert adds an assertion at the current level; label is its :named
	// name, or "".
	Assert(t term.Term, label string)
	// ResetAssertions removes every assertion and level.
	ResetAssertions()
	// Assertions returns the current assertions, outermost level first.
	Assertions() []term.Term
	// CheckSat decides the assertions together with the assumptions.
	CheckSat(ctx context.Context, assumptions []term.Term) CheckResult
	// Model returns the model of the last sat answer.
	Model() (*term.Model, error)
	// UnsatCore returns the labels of a subset of the labelled assertions that
	// is unsatisfiable on its own (after unsat).
	UnsatCore() ([]string, error)
	// UnsatAssumptions returns a subset of the last check's assumptions that
	// is inconsistent with the assertions (after unsat).
	UnsatAssumptions() ([]term.Term, error)
	// Statistics returns name/value pairs for get-info :all-statistics.
	Statistics() [][2]string
	// SetRandomSeed sets the seed for randomised decisions.
	SetRandomSeed(seed uint64)
}

// A PosedSolver is a Solver that can use the problem as the script posed it.
// Before each check the interpreter gives it posed, which returns the script
// text of the set-logic and of every declaration, definition and assertion in
// force, with the check's assumptions asserted, or false when that text was
// not kept. It may be called during that check only.
type PosedSolver interface {
	SetPosed(posed func() (string, bool))
}

// A CoreSolver is told before each check whether the script may ask for an
// unsat core or for the failed assumptions of that check (the
// :produce-unsat-cores and :produce-unsat-assumptions options); when it may
// ask for neither, the solver need not keep them.
type CoreSolver interface {
	SetCoresWanted(wanted bool)
}
