// Package arrays is seed 003's array analysis (Shuai et al., ISSTA '21):
// the ILP UNSAT pre-check (Alg. 3) and the type- and interval-aware pruning
// of congruence lemmas (Alg. 4), recovered and proved from the formula
// alone. The lemmas-on-demand loop itself lives in the engine and asks this
// package which lemmas can matter (Analysis.MayBeEqual).
//
// # Invariants
//
//   - Soundness first. The linear system over-approximates every model of
//     the assertions: unsigned values with the 2^n wrap-around of add, sub,
//     neg, mul by a constant and shifts modelled by integer wrap/quotient
//     variables, signed comparisons encoded exactly through sign-bit
//     variables, and everything non-linear (bvmul of two variables, ite,
//     UFs, selects) abstracted to a fresh variable over its whole range.
//     Disjunctions and disequalities are dropped. Unsat is claimed only when
//     that system has no integer solution, shown by bound propagation
//     (integer rounding) or by an exact rational LP with branch and bound.
//   - Intervals hold in every model. A select outside the asserted array
//     contents is unconstrained (no clamping to an "array range", t17).
//   - Offsets come from proven congruences modulo powers of two, which
//     survive wrap-around; an access size is never assumed from the
//     position inside a concat (t05, t16). The set-info access-size hint is
//     ignored.
//
// Start reading at analysis.go (Analyze, and Status: term's answer type),
// then linearize.go (the encoding table of the digest §3.3) and system.go
// (the linear system it fills), propagate.go, simplex.go and branch.go (the
// decision), congruence.go and access.go (type recovery), maybe_equal.go and
// lemmas.go (the pruning).
package arrays
