// Package fpdiff cross-checks sift's floating point against z3 and cvc5
// (--fp-exp) on random QF_BVFP formulas, and settles every disagreement with
// the rational reference of internal/fpref instead of trusting a solver.
//
// A formula (gen.go) is a small AST over eight formats up to Float16: every
// operator of the theory, conversions to and from bit-vectors, ite, and the
// results the theory leaves open. It prints as SMT-LIB for the solvers and
// evaluates under the reference (eval.go). Sift decides it in process
// without its Z3 fallback, and its model (the choices of open results
// included) must make the formula true under the reference; a peer's sat
// answer counts when some choice of the open results makes the formula true
// under its model (Satisfiable searches them). A formula is settled sat by a
// model that survives, unsat when some solver says unsat and no model does;
// a solver whose answer contradicts the settled status, or whose model is
// refuted, is wrong (run.go).
//
// TestDifferentialFP runs it (make fuzz-diff-fp for long runs); Config.Out
// keeps each disagreement with sift as an .smt2 file with its status, and
// Config.All every formula, a benchmark suite.
package fpdiff
