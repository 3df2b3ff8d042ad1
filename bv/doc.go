// Package bv holds exact SMT-LIB bit-vector values and the arithmetic of the
// FixedSizeBitVectors theory (SMT-LIB 2.6, plus the 2.7 overflow predicates).
//
// It is a leaf package: the term DAG uses it for constant folding, and model
// evaluation (which validates every sat answer) uses it to compute the
// meaning of each operator. Wrong bits here become wrong answers, so every
// operator is tested exhaustively at small widths and against a math/big
// reference at large ones.
//
// # Representation
//
// A Value has a width w >= 1. Widths up to 64 keep the bits in a uint64 and
// every operator on them runs without allocation. Wider values keep a
// *big.Int that is normalised to [0, 2^w) and never mutated after the Value
// is built, so Values can be copied and shared freely. The zero Value (width
// 0) is invalid; constructors panic on width 0, parsers return errors.
//
// Values are deliberately not comparable with == (== on a wide value would
// compare pointers and call equal constants different). Compare with Equal,
// hash with Hash; String is canonical, so it can serve as a map key.
//
// Each operator has two kernels: a uint64 one for w <= 64 and a math/big one
// (named wideXxx) that works at every width. The exported function picks the
// kernel by width. The wide kernels are correct at small widths too, which is
// what the fuzz target relies on to compare the two paths.
//
// Operands whose widths SMT-LIB requires to match must match: a mismatch is a
// programming error in the caller and panics.
//
// # Files
//
//	value.go     Value, its constructors and accessors, Equal and Hash
//	width.go     masks and sign extension at a width, shared by the kernels
//	arith.go     Neg, Add, Sub, Mul
//	div.go       Udiv, Urem, Sdiv, Srem, Smod
//	logic.go     Not, And, Or, Xor, Nand, Nor, Xnor
//	shift.go     Shl, Lshr, Ashr
//	compare.go   Comp, Ult, Ule, Slt, Sle
//	resize.go    Concat, Extract, ZeroExtend, SignExtend, Repeat, rotations
//	overflow.go  the overflow predicates (Nego, Uaddo, … Sdivo)
//	parse.go     #b, #x and decimal literals
//	print.go     String, BinaryString, DecimalString
//
// # Where to start reading
//
// value.go (the type and its invariants), then arith.go and div.go. The
// signed division family in div.go follows the SMT-LIB definitions through
// unsigned division on magnitudes, including division by zero.
package bv
