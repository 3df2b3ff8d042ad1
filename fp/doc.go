// Package fp holds exact values and operations of the SMT-LIB 2.6
// FloatingPoint theory: binary formats (_ FloatingPoint eb sb) for every
// eb >= 2 and sb >= 2, the five rounding modes, and every operator of the
// theory computed exactly, as the theory text and IEEE 754-2008 define them.
//
// It is a leaf package (it uses bv for bit patterns): the term DAG folds
// constants with it, model evaluation, which validates every sat answer,
// computes with it, and the word-level lowering of package fp/fpbv is tested
// against it. Wrong bits here become wrong answers, so every operation is
// checked exhaustively at tiny formats against an independent rational
// reference (the tests) and against Go's hardware float32/float64.
//
// # Representation
//
// A Value is a format and an IEEE 754 bit pattern of eb+sb bits. SMT-LIB has
// one NaN per format, so every NaN is held in one canonical pattern (sign 0,
// exponent all ones, significand 10…0): Equal is then bit equality, which is
// SMT-LIB's =, and Bits gives that pattern.
//
// Operations compute on the exact value: a finite nonzero x is
// (-1)^s × sig × 2^exp with integer sig (big.Int), and round.go turns an
// exact (or exactly bracketed) result into the nearest value of a format
// under a rounding mode. Division and square root produce enough quotient
// bits and a sticky flag; addition and fma align exactly, except that an
// operand far below the other's last bit becomes a sticky flag, so no
// operation builds numbers of 2^eb bits (remainder reduces 2^d modulo the
// divisor instead of shifting by d).
//
// # Unspecified results
//
// SMT-LIB leaves some results open: fp.min and fp.max of two zeros of
// opposite sign, and fp.to_ubv / fp.to_sbv of NaN, infinities and values out
// of range. Here the functions that compute them report that case (ok
// false) instead of inventing a value; the caller (model evaluation) takes
// the model's choice.
//
// Files:
//
//	value.go    Format, RoundingMode, Value: encodings, classes, Neg and Abs
//	round.go    rounding an exact result into a format
//	arith.go    Add, Sub, Mul, Div, Fma, Sqrt, Rem, RoundToIntegral, Min, Max
//	compare.go  Eq, Lt, Leq
//	convert.go  between formats, from and to integers and rationals
//	goconv.go   Go's float-to-integer conversion as amd64 computes it
//
// Start reading at value.go, then round.go and arith.go.
package fp
