// Package z3 is sift's small cgo binding to Debian's libz3 (4.8.12), used by
// the engine's fallback stage for what sift's own stages leave unknown or
// unsupported, quantified BV/ABV/UFBV input above all.
//
// The API is Solve: it hands Z3 an SMT-LIB script as text, checks it,
// and returns sat with a model, unsat, or unknown with a reason. The model
// comes back as Bindings whose values are self-contained SMT-LIB terms, so the
// engine can read them with its own parser and validate them like any other
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
// Where to start reading: solve.go (Solve, the check and the interrupt),
// interpret.go (Interpret), binary.go (Binary),
// then model.go (which symbols are reported and how functions become terms),
// value.go (inlining Z3's auxiliary functions), array.go (arrays as
// const+store chains). context.go holds the reference counting and error
// checks every other file relies on.
package z3
