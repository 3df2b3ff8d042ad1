// Package quant is seed 000's dedicated procedure for the quantified queries
// that state merging with quantifiers produces (Trabish et al., FSE'23,
// Sec. 5): a conjunction of quantifier-free clauses beside bounded universal
// clauses ∀i. lo ≤ i ≤ hi → ψ(i) over arrays and bit-vectors.
//
// The procedure, under the paper's names:
//  1. quantifier stripping (strip.go): the first instance plus E-matching
//     lemmas ¬G(t), found by solving index equations (ematch.go);
//  2. assignment duplication (duplicate.go);
//  3. model repair (repair.go);
//  4. fallback: finite expansion when the range is bounded by constants
//     (expand.go); otherwise Unknown, for a generic engine after this one.
//
// Invariants:
//   - Unsat comes only from stage 1 (every stripped clause is implied by the
//     input) or from finite expansion (equivalent to the input).
//   - Sat comes only after every original conjunct evaluates to true under
//     the returned model; a bounded ∀ past the enumeration cap counts as
//     not true, never as false.
//   - Input outside the fragment (∃, ∀ below a connective, nested ∀, several
//     bound variables, uninterpreted functions, guards that are not unsigned
//     bounds) is Unknown "unsupported: …" at once.
//   - The package does not decide quantifier-free problems itself: a
//     QFSolver supplied by the caller (the engine) does.
//
// Start reading at solve.go (the driver of the four stages), then
// fragment.go and guard.go (what is recognised), ematch.go, and the stages.
package quant
