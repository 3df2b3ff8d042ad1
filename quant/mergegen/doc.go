// Package mergegen generates SMT-LIB queries shaped like the ones state
// merging with quantifiers produces (seed 000 §3): a symbolic buffer, an
// auxiliary count k with a constant range, one or more bounded ∀ clauses
// over i-dependent reads, the merged suffix, and a branch condition that a
// later query asks about. Off-by-one traps (facts at k−1, k, k+1) make a
// share of them unsat. The expected answer is not known to the generator:
// tests ask a reference solver.
//
// Generation is deterministic for a seed. Start reading at Generate.
package mergegen
