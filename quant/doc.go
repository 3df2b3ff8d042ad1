// Package quant is seed 000's dedicated procedure for the quantified queries
// that state merging with quantifiers produces (Trabish et al., FSE'23,
// Sec. 5): a conjunction of quantifier-free clauses beside bounded universal
// clauses ∀i. lo ≤ i ≤ hi → ψ(i) over arrays and bit-vectors.
//
// The procedure, under the paper's names:
//  1. quantifier stripping (strip.go): the first and the last instance plus
//     E-matching lemmas ¬G(t), found by solving index equations (ematch.go);
//     when the model's ranges are wide, a re-solve for a small one
//     (shrink.go);
//  2. assignment duplication (duplicate.go), cell by cell, or through the
//     array's default value for a range too large to write;
//  3. model repair (repair.go);
//  4. fallback: finite expansion, done lazily (expand.go): instances are
//     added only where the current model breaks the ∀, at candidate terms
//     (candidates.go) where one has the broken index's value, until a model
//     passes the check or the instances refute the query. It needs no
//     constant bound on the ranges; when it gives up (a budget, a deadline),
//     Unknown, for a generic engine after this one.
//
// Every candidate model is checked exactly (check.go): a ∀ whose range
// under the model is small is enumerated, a larger one is checked by a
// ground query ∃j. G(j) ∧ ¬ψ(j) with every other symbol fixed to its value,
// so a true model never fails at an enumeration cap; the engine's driver
// uses the same check (Solver.Check) for assertions its evaluator cannot
// decide. Read indices of the quantifier-free problems are kept in one
// linear normal form (linear.go), so that an instance's read and the
// query's read of the same cell are one term.
//
// Invariants:
//   - Unsat comes only from stage 1 (every stripped clause is implied by the
//     input) or from expansion (every instance is implied by the input; the
//     small-range hints it tries first are dropped before an unsat counts).
//   - Sat comes only after every original conjunct is true under the
//     returned model, each ∀ decided by enumeration or a ground query; an
//     undecided check counts as not true, never as false.
//   - A ∀ below a connective or inside a term (merging pattern-merged states
//     the standard way puts ∀s in disjunctions and ite conditions) is
//     replaced by a fresh Boolean p with p ⇔ ∀ (fragment.go: a bounded ∀
//     with premise p, and a Skolem witness for ¬p), which is
//     equisatisfiable and keeps the formula's value under every model.
//   - Input outside the fragment (∃, nested ∀, several bound variables,
//     uninterpreted functions) is Unknown "unsupported: …" at once. Guard
//     premises that are not unsigned bounds on i stay in ψ.
//   - The package does not decide quantifier-free problems itself: a
//     QFSolver supplied by the caller (the engine) does.
//
// Start reading at solve.go (the driver of the four stages), then
// fragment.go and forall.go (what is recognised), check.go, ematch.go, and
// the stages. Beside them: model.go (the model's cells and the reads that
// depend on them), liftnames.go (fresh names for what a stage lifts out of
// a ∀) and errors.go (the enumeration limit). mergegen generates queries of the shapes the executor's
// merging produces, for tests and benchmarks.
package quant
