// Package symex is sift's symbolic executor for Go functions.
//
// It loads a package with golang.org/x/tools/go/packages, builds go/ssa with
// generics instantiated, makes the parameters of one function symbolic and
// explores its paths by forking at every branch whose condition the solver
// cannot decide. Strings and slices follow seed 000's symbolic-size model: a
// symbolic length bounded by Options.MaxLen and contents held in an SMT array of
// the element sort. Every feasibility check goes to sift's engine in-process
// (or, with a pipe solver, to any SMT-LIB process).
//
// Invariants:
//   - Values are immutable: a fork copies frames and the object table, never
//     the terms, so states share the term DAG freely.
//   - A path is never silently wrong: an instruction the executor cannot model
//     ends the path as unsupported, with the instruction and its position.
//   - Every state's model, when it has one, satisfies its path constraint
//     (checked by evaluation before the model is trusted).
//
// Start reading at search.go (Explore, the worklist and limits), then exec.go
// (the instruction dispatch), value.go (what a symbolic Go value is) and
// memory.go (objects and pointers). load.go builds SSA, inputs.go makes the
// symbolic parameters, solver.go holds the two solver back-ends, testgen.go
// writes the reproducing tests.
package symex
