package sat

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// Lit is a literal in DIMACS convention: variable v > 0 appears as v (positive)
// or -v (negative). 0 is not a literal; it is the clause terminator in DIMACS.
type Lit int32

// Not returns the complement of l.
func (l Lit) Not() Lit { return -l }

// Var returns the variable of l (always positive for a valid literal).
func (l Lit) Var() int32 {
	if l < 0 {
		return int32(-l)
	}
	return int32(l)
}

// Result is the outcome of a Solve call: sift's one answer type,
// term.Status, whose numbering is gini's and IPASIR's (Sat 1, Unknown 0,
// Unsat −1).
type Result = term.Status

const (
	Unsat   = term.Unsat
	Unknown = term.Unknown
	Sat     = term.Sat
)

// Solver is the small incremental SAT interface every backend implements. It
// knows nothing about SMT: only variables, clauses and assumptions.
type Solver interface {
	// NewVar returns a fresh positive literal.
	NewVar() Lit
	// Add adds one clause (the disjunction of lits). An empty call adds the empty clause.
	Add(lits ...Lit)
	// Assume adds assumptions for the next Solve only.
	Assume(lits ...Lit)
	// Solve decides the clauses under the pending assumptions. Cancellation or the
	// deadline of ctx stops the search and gives Unknown.
	Solve(ctx context.Context) Result
	// Value is the model value of l; meaningful only after a Solve that
	// returned Sat and before the next Solve or Freeze. Clauses added in
	// between do not change the model, so lemmas can be added while it is
	// read.
	Value(l Lit) bool
	// Failed reports whether assumption l was used to refute the formula;
	// meaningful only right after a Solve that returned Unsat.
	Failed(l Lit) bool
	// Freeze keeps l's variable from being eliminated by preprocessing, so it
	// can be used in later clauses or assumptions cheaply. Melt undoes one Freeze.
	Freeze(l Lit)
	Melt(l Lit)
	// Close releases the backend. Every later call is a no-op.
	Close()
}
