// Package difftest cross-checks sift against the z3 binary on random
// formulas: QF_BV over widths 1–70 with deep sharing, and arrays (stores,
// constant arrays, nested arrays, extensionality, KLEE-style multi-byte
// reads) with uninterpreted functions.
//
// Formulas run in incremental scripts (declarations once, each formula
// between push and pop). Sift runs in-process, one command at a time: after
// sat it answers get-value for a random probe term and get-model. Z3 then
// checks each answer in its own way:
//
//   - sat: every symbol is defined as sift's model value, the formula and
//     (= probe value) are asserted, and z3 must answer sat. This checks the
//     model and get-value under z3's semantics, a stronger test than
//     comparing sat with sat, and cheap because the formula is ground.
//   - unsat or unknown: z3 solves the formula itself and must not answer
//     sat where sift said unsat.
//
// Sift runs without its Z3 fallback stage, so that every answer comes from
// sift's own procedures.
//
// Files: gen.go (the QF_BV generator), arrays.go (arrays and functions),
// quant.go (quantified formulas), overflow.go (the SMT-LIB 2.7 overflow
// predicates, written out for z3), run.go (running sift, reading its
// responses with internal/sexpr, and z3's judgement).
package difftest
