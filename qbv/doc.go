// Package qbv decides quantified bit-vector problems outside the merge
// fragment of package quant: any nesting of ∀ and ∃ over Boolean and
// bit-vector variables, under any Boolean structure, beside ground
// constraints over bit-vectors, arrays and uninterpreted functions; and
// quantifiers over uninterpreted sorts, through their encoding in a
// bounded domain of bit-vectors (finite.go).
//
// The procedure is counterexample-guided quantifier instantiation, the
// approach of Bitwuzla and cvc5 (Niemetz, Preiner, Reynolds, Barrett,
// Tinelli, CAV 2018; Preiner, Niemetz, Biere, TACAS 2017; Wintersteiger,
// Hamadi, de Moura, FMSD 2013):
//
//  1. normalisation (normalize.go): ∃ becomes ¬∀¬, directly nested ∀ and ∀
//     below ∨ are merged into one prefix, ∀ is distributed over ∧ and over
//     disjuncts that share no variable (miniscoping), x ≠ t ∨ φ becomes
//     φ[x:=t] (destructive equality resolution; l ≠ r too when l − r is
//     linear in x with an odd coefficient, solved for x in solvefor.go),
//     nested quantifiers whose normal form is quantifier-free join the
//     outer prefix, a variable read only through extracts is split into
//     one variable per slice (slices.go), unused variables go, and a
//     ∀ over at most ExpandBits bits becomes the conjunction of its
//     instances (unless they copy many multipliers);
//  2. abstraction (abstract.go): every closed quantified subterm becomes a
//     fresh Boolean atom of the ground problem, which a quantifier-free
//     solver supplied by the caller decides;
//  3. the loop (solve.go): for a ground model M, an atom that M makes false
//     gets its Skolemization lemma ¬φ[x:=k] (fresh k), once; an atom that M
//     makes true gets a counterexample check, ∃x.¬φ(x) with the free
//     symbols fixed to M (check.go; by evaluating every assignment when
//     the variables have at most 16 bits, enumerate.go; recursively, when
//     φ has quantifiers of its own, so ∀∃ alternation is handled by Skolem
//     constants per instance); a counterexample yields an instance φ[x:=t] with t chosen
//     from its value, a ground term of equal value under M, or an inverse
//     term found through the invertibility conditions of the operators on
//     the path to x (instantiate.go, invert.go). While it has models, the
//     ground problem is first solved with each ∀ atom implying its
//     strengthening, the closed forms of its body's disjuncts that compare
//     a linear sum of the variables (strengthen.go): a guess that leads
//     to models where the ∀ holds, in a solver of its own, dropped once
//     refuted.
//
// Invariants:
//   - Unsat only when the ground abstraction with its lemmas is unsat. Every
//     lemma holds in every model of the input extended by the truth values
//     of the atoms and by witnesses for the Skolem constants (invertibility
//     conditions are exact, so choice constants keep this true).
//   - Sat only when every atom's value in M that M needs is proved (an
//     atom the assertions hold without, in three-valued evaluation, is
//     left unproved: relevance.go): a true atom by an
//     unsat counterexample check, a false one by its Skolemization lemma,
//     whose nested atoms are proved in turn. The caller still validates the
//     model; Prove re-derives the truth of closed quantified assertions for
//     the validation when evaluation passes its cap.
//   - Over uninterpreted sorts, unsat only when the domain's bound is
//     justified (finite.go), and sat models proved in their finite domain.
//   - Unknown otherwise (time, unsupported sorts, a solver that gave up).
//
// Start reading at solve.go, then normalize.go, abstract.go, check.go and
// instantiate.go. The others: facts.go (closed quantified terms proved
// along the way, and the answers of nested checks), relevance.go (atoms a ground model does not need),
// enumerate.go (checks by evaluation), finite.go
// (uninterpreted sorts as bounded bit-vector domains), slices.go
// (variables split at their extracts), match.go (instances at the ground
// terms a comparison of the body matches), private.go (variables private to
// one comparison, eliminated), boundary.go (counterexamples moved to the
// ends of their variables' ranges), products.go (products by constants
// as signed-digit shift sums, for the SAT solver), groundform.go (lemmas
// in the rewriter's normal form), strengthen.go (ground models under
// quantifier-free sufficient conditions of the ∀), solvefor.go (equations
// solved for a bound variable), prove.go (Prove, for the validation of
// models), stats.go (counters).
package qbv
