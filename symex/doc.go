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
// Start reading at search.go (Explore, the worklist, limits and Replay), then
// exec.go (branching and forking: a fork's clone replays the current
// instruction with the other decision), exec_instr.go (the instruction
// dispatch), value.go (what a symbolic Go value is) and memory.go (objects,
// pointers and lifted arrays). exec_arith.go, exec_mem.go and exec_call.go
// hold the semantics by kind of instruction; globals.go runs package
// initializers lazily; models.go has Go stand-ins for assembly functions and
// the UTF-8 step of range; load.go builds SSA; inputs.go makes the symbolic
// parameters and reads concrete ones from models; solver.go holds the engine
// and pipe back-ends; emit.go writes --emit-smt2 files; testgen.go writes the
// reproducing tests; coverage.go counts blocks and lines; cmd.go is the CLI
// and summary.go its --json output.
//
// State merging (--merge, package merge decides what merges): mergesched.go
// parks states at merge points and runs seed 002's Fig. 7 loop, merging the
// states parked at the earliest point when nothing else can run;
// mergeview.go flattens a state into a merge.View (layout and cells, live
// values only) and rebuilds a merged state; trace.go keeps the branch
// decisions of every member of a merge so that --replay stays exact;
// mergeinc.go keeps seed 000's incremental-merging trees (--incremental-merge).
//
// Known imprecision: the capacity an append gives a grown slice is 2*cap or
// the new length, not the runtime's size-class rounding, so cap() after a
// growing append can differ from a real run.
package symex
