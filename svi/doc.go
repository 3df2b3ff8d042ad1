// Package svi is the strided value interval domain of seed 004 (ASE,
// Abyaneh and Kirsch 2021): value sets of w-bit wrap-around integers,
// 1 <= w <= 64, with forward transfer functions for the bit-vector
// operators, narrowing from comparisons, backward narrowing through
// operators, and under-approximating boxes.
//
// # The domain
//
// An SVI ⟨lo, hi, s⟩ is the progression lo, lo+s, ..., hi (interval.go). A
// Set (set.go) is a union of non-wrapping SVIs, sorted, with disjoint hulls;
// the paper's wrapped SVI (lo > hi) is held as its two pieces (formula (1)),
// built by Strided or Range. Each part keeps its own stride (the paper
// shares one), so uniting sets is exact more often. Widths above 64 are
// "wide" and always full. Sets are immutable values.
//
// # Exactness contract
//
// Every transfer function returns a Result (result.go). Result.Set always
// contains every concrete value (soundness). Result.Exact means Set is
// exactly the image {f(a, b) | a ∈ X, b ∈ Y} over the product of the operand
// sets; otherwise Result.Why names the give-up trigger (digest §2.7):
// "mul overflow (7)", "udiv stride not divisible (8)", "urem case 3 (9)",
// "add strides do not fill (5)", "non-linear mul", ...
//
// Exactness is over the product: operands are assumed independent. For
// related operands (x+x, x-x, a variable in both sides) the result is still
// sound but the caller must not treat it as exact.
//
// The operators the digest covers follow its rules and exactness conditions
// (arith.go: add/sub (2)-(5), mul (6)/(7); divrem.go: udiv (8), urem (9)),
// with two additions that are also exact: urem of a part spanning a few
// k-blocks is computed block by block, and udiv with s < k is exact. The
// operators it does not cover (signed division, bitwise, shifts by a
// symbolic amount, concat, extract, extensions, ite) are reduced to those
// rules where exact (shift.go, bitwise.go, resize.go), enumerated when the
// operands are small (EnumLimit), and over-approximated otherwise.
//
// # Comparisons, backward narrowing and boxes
//
// Narrow (compare.go) is Table I generalised: for p(X, Y) it returns the
// exact projections of the solution set and a Verdict: Never (unreachable;
// sound on over-approximations), Always (implied; sound on
// over-approximations), Split (the narrowed product is exactly the solution
// set; with exact inputs the literal is decided: pvi), or CannotHandle
// (overlap; go to Box, the ubox layer, which can show SAT only, or bvt).
//
// Backward (backward.go) pushes a narrowed result set down to one operand:
// the returned set removes no value that has a solution, and Exact means
// that every point of the narrowed product maps into the target, so the
// constraint is discharged. Its rules follow the digest: ±, neg, not invert
// exactly; ×k maps lattice indices when (7) holds; ÷k uses the block
// inverse; urem and everything else narrow nothing.
//
// # Using it from a decision stage
//
// Walk the term DAG bottom-up calling Forward (or the named functions) to
// get a Result per term; at a literal call Narrow; if the Verdict is Split
// and the results on the path to a variable are exact, call Backward down
// that path to get the variable's new domain (exact at each step means the
// literal is discharged). Never gives UNSAT at once; Always drops the
// literal. Any inexact step is the digest's give-up: keep the literal
// pending (its narrowing is still sound for UNSAT) and try Box for SAT.
// Witness picks a model value; Level names the layer reached.
//
// The stage (stage.go) also takes array reads: each (select a i) is a
// variable of its own, a relaxation that keeps Unsat exact; Sat models
// give the arrays the atoms' values (decide_select.go, model.go).
//
// The other files: width.go (masks, signs and overflow checks at a
// width), meet.go (intersecting two SVIs), box.go (a box of sets, one per
// variable), track.go and track_join.go (Tracker: the sets of a path's
// variables kept as assumptions come, joined where paths meet), and the
// stage's deciders: decide_fragment.go compiles the assertions to the
// fragment the sets decide, decide_domains.go narrows the variables'
// domains to a fixpoint, decide_box.go searches a box of them,
// decide_pvi.go the one-variable case and decide_resize.go extracts and
// extensions.
//
// Start reading at set.go, then arith.go and compare.go.
package svi
