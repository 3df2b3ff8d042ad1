// Package preprocess holds sift's word-level preprocessing: the Pass
// interface, the Driver that runs passes to a fixed point, and one pass per
// file, after Bitwuzla's preprocessor.
//
// A run is a pure function of the assertions and the frozen variables (those
// of check-sat-assuming assumptions): nothing is kept between runs except a
// cache of fresh variable names, so push and pop need no special handling.
//
// Invariants (checked by CheckSanity, which tests run after every pass):
//   - the assertions are Boolean and equisatisfiable with the input;
//   - a variable on the trail occurs in no assertion, and is not frozen;
//   - walking the trail backwards, each definition mentions only variables
//     that already have a value, so State.Reconstruct turns a model of the
//     result into a model of the input;
//   - no pass looks below a quantifier to eliminate a variable.
//
// Start reading at pass.go and driver.go, then state.go (trail and model
// reconstruction) and sanity.go. The passes are pass_*.go: flatten-and,
// div-rem (remainders written as a - (a div b)·b folded back), rewrite,
// var-subst, poly-eq (equalities that are polynomial identities modulo
// 2^w), embedded, unconstrained (unconstrained terms, arrays included),
// slice (variables cut into slices at the cut points of their extracts and
// of equalities between concatenations), eq-width (variables compared only
// for equality narrowed to the few bits their class needs), ackermann
// (functions over or to arrays) and nested-arrays (arrays of arrays reduced
// to flat ones).
//
// The rewrite pass's rules are a registry (rules.go): one rule per name,
// each with examples, grouped by family in rules_*.go — Boolean structure,
// comparisons, sums in linear normal form, products, bitwise operators,
// division, slices and shifts; rules_disjoint.go joins sums of
// concatenations with disjoint non-zero parts; rules_injective.go
// turns an equation of injective sums of narrow values (short polynomial
// hashes) into the equalities of the values. rules_test.go checks every rule alone by
// brute force at widths 1 to 6.
//
// The other files: fresh.go (fresh variables, one per role and term),
// subst.go (substitution with one memo across assertions).
package preprocess
