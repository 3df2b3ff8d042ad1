// Package fpbv lowers floating-point terms to bit-vector terms of the same
// meaning (SymFPU's and Bitwuzla's word-blasting: unpack, round, pack), so
// that the bit-vector stages of the engine decide floating-point problems.
//
// Invariants:
//
//   - A float of format (eb, sb) is its IEEE encoding, an (eb+sb)-bit word,
//     always with NaN in the canonical pattern of package fp; a rounding
//     mode is a 3-bit word 0..4 in fp.RoundingMode's order. Words read from
//     symbols, arrays and functions are made canonical where they are read,
//     so = on floats, array extensionality and function congruence are
//     word equality, and every value of a word stands for some float.
//
//   - Every circuit is exact in every rounding mode: tests evaluate each
//     one on every input of the formats eb 2-3, sb 2-4 against the rational
//     reference of internal/fpref, and Float32/Float64 circuits against
//     Go's hardware.
//
//   - Results the theory leaves unspecified are free: fp.to_ubv/fp.to_sbv
//     out of range read a fresh function of (rounding mode, operand), and
//     fp.min/fp.max of opposite zeros a fresh Boolean per order. Model
//     turns them into the model's Choices, so that term.Eval, which
//     validates every model on the original terms, reads the same results.
//
//   - Nothing here adds side constraints: a lowered term is a function of
//     its operands, so lowering commutes with any context (ite branches,
//     quantifiers: a bound float becomes a bound word, made canonical).
//
//   - Arrays indexed by floats or rounding modes are compared on the
//     values of the sort only (arrays.go): their equalities are expanded
//     where the sort is small, and ArraysExact refuses what cannot be made
//     exact.
//
// Files: arrays.go (equality of junk-indexed arrays), lower.go (the walk over terms, sorts and symbols), model.go (models
// back), unpack.go (encodings, classes, canonical words), round.go (the one
// rounder), arith.go, compare.go, convert.go (the operators), words.go (the
// word builder and shifters).
package fpbv
