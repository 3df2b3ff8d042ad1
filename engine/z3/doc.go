// Package z3 is all of sift's Z3: a small cgo binding to Debian's libz3
// (4.8.12), the z3 executable as a route, and the engine's fallback stage
// (Stage) that hands Z3 what sift's own stages leave unknown or
// unsupported, quantified BV/ABV/UFBV input above all.
//
// The stage (stage.go) gets Z3 the problem as the script posed it when it
// can, reads a sat answer's model back into a term.Model (model_import.go)
// for the driver to validate, and proves the assertions that evaluation
// cannot settle (stage_check.go): by sift's own prover, which the engine
// hands it (StageOptions.NewProver; this package imports no other stage),
// within a small budget, and otherwise by a second Z3 call. It reaches Z3
// through the z3 executable first when one is named (binary_first.go), and
// otherwise through libz3 in a worker process shared by the process's
// sessions (isolated.go), so that a crash inside libz3 costs one check.
//
// The API is Solve: it hands Z3 an SMT-LIB script as text, checks it,
// and returns sat with a model, unsat, or unknown with a reason. The model
// comes back as Bindings whose values are self-contained SMT-LIB terms, so
// that sift reads them with its own parser (model_import.go) and validates
// them like any other
// model. Interpret decides the same script through Z3's command interpreter
// (Z3_eval_smtlib2_string) instead, and reads the model the interpreter
// prints back into the context (model_text.go), so that its Bindings have the
// same form. The interpreter libz3 offers creates its solver before it reads
// set-logic, so it runs Z3's default strategy whatever the logic: it is not
// the z3 binary, which picks the logic's strategy: Solve does too (for BV and
// UFBV the ufbv tactic's solver, otherwise Z3_mk_solver_for_logic).
//
// Binary (binary.go) decides a script with the z3 executable instead
// (`z3 -in`, the script's text and (check-sat) on its input), killed when
// the caller's context ends; a sat answer's printed model is read back in
// the calling process as Interpret reads its own, so the Bindings have
// Solve's form. It is the fallback's first route when z3 is installed,
// for a measured reason: libz3 4.8.12's API and command interpreter decide
// some quantified BV files differently from the binary, whatever the
// solver or tactic asked for (RND_6_8 of the dev suite: the binary answers
// unsat in 0.5 s, no libz3 route within 20 s), and the binary is one
// process where the isolated libz3 route is two (docs/bench/fallback-parity).
//
// Invariants:
//   - One Z3 context per Solve call, created with Z3_mk_context_rc and deleted
//     before the call returns; every object is inc_ref'd when received and
//     dec_ref'd at the end. Calls may therefore run in parallel goroutines.
//   - The error handler is NULL: Z3 never prints or exits. After every call
//     the error code is read and reset (Z3 does not reset it itself), and an
//     error reaches the caller as an error value with Z3's message.
//   - Strings returned by Z3 are copied at once, before the next call can
//     overwrite them.
//   - The caller's context ends a check through Z3_interrupt, called from a
//     watcher goroutine that has always exited before the check's result is
//     used; the deadline is also passed as Z3's "timeout" parameter.
//   - Model values contain no (_ as-array f), no reference to Z3's auxiliary
//     functions, bit-vector literals only as #x/#b and Booleans as true/false.
//     Arrays are const+store chains, with one exception: an array that
//     differs from its most common element on more than maxStores indices
//     (possible only from quantified input) stays a lambda.
//
// Not covered: elements of declared sorts (declare-sort) come back as Z3's
// abstract U!val!n and are not self-contained; arrays with several index
// sorts keep Z3's as-array form; symbols that no assertion mentions get no
// binding (any value does).
//
// Files:
//
//	the binding
//	solve.go          Solve: the check, the strategy by logic, the interrupt
//	interpret.go      Interpret: Z3's command interpreter
//	script.go         the commands of a script Solve keeps
//	context.go        the Z3 context, reference counting, error checks
//	errors.go         Z3's errors as Go errors
//	load.go, load.c, load.h, libz3.c, gen_libz3.go
//	                  loading libz3 at first use (libz3.c is generated)
//	memory.go         Z3's memory bound
//	model.go          which symbols a model reports, functions as terms
//	value.go          inlining Z3's auxiliary functions
//	array.go          arrays as const+store chains
//	numeral.go        numerals
//	model_text.go     a printed model read back into a context
//	model_literal.go  a printed model of literals read without libz3
//	print.go          Z3's layout folded to one line
//	result.go         Result, Status (term's), Binding
//	the routes
//	worker.go         Solver, InProcess, Process: the worker pool
//	serve.go          the worker's side (WorkerFlag)
//	fault.go          injected crashes, for the isolation tests
//	binary.go         Binary: the z3 executable
//	binary_first.go   the executable first, libz3 behind it
//	isolated.go       the process's shared workers, libz3 in a worker
//	the stage
//	stage.go          Stage, StageOptions, Decide, the verdicts
//	stage_check.go    proving a model's assertions
//	stage_script.go   problems and model checks as scripts for Z3
//	lower.go          SMT-LIB 2.7 overflow predicates in 2.6 terms
//	model_import.go   Bindings read into a term.Model
//
// Where to start reading: solve.go (Solve, the check and the interrupt),
// interpret.go (Interpret), binary.go (Binary),
// then model.go (which symbols are reported and how functions become terms),
// value.go (inlining Z3's auxiliary functions), array.go (arrays as
// const+store chains). context.go holds the reference counting and error
// checks every other file relies on. For the stage, stage.go.
package z3
