// Package bitblast is the engine's bit-blasting stage: it decides
// quantifier-free problems over Bool, bit-vectors, arrays, uninterpreted
// functions and declared sorts by blasting them to an AIG (package sat)
// and solving the CNF with CaDiCaL, incrementally across the checks of a
// session. Arrays and functions are never expanded: every read and
// application is a fresh word, and a CEGAR loop adds only the axiom
// instances a candidate model violates (lemmas on demand), pruned by seed
// 003's array analysis of the problem (package arrays, through
// stage.Problem.ArrayAnalysis, which the arrays pre-check shares).
//
//	stage.go       Stage: activation literals, the CEGAR loop, unsat cores
//	blast_term.go  terms to AIG words and edges; model values of symbols
//	cone_base.go   the cone of the assertions held for good, kept across
//	               checks
//	small.go       arrays over small index sorts, blasted eagerly (one
//	               word per element) instead of lazily
//	lod.go         the abstraction: which reads, applications and array
//	               equalities have circuits
//	lod_refine.go  the cone of a check, lemma kinds and statistics, the
//	               read-over-write and congruence checks of a candidate
//	lod_expand.go  collapsible store chains and eager expansion
//	lod_model.go   one refinement round (refine), the model of a consistent
//	               candidate
//	lod_define.go  array equalities held for good, read through eagerly
//	lod_ext.go     extensionality: array equalities checked innermost
//	               first, so that the loop ends (a finite set of lemmas,
//	               each violated when added)
//	pruning.go     Pruning (--array-pruning) and the alias oracle
//	transitivity.go  transitivity clauses over triangles of word
//	               equalities (the session's incremental stage)
//	lift.go        equalities of words lifted over their case splits
//	               (ite, read over write; the incremental stage)
//
// Invariants:
//   - Every lemma is an instance of an axiom of the theories (or a Skolem
//     definition of a disequality's witness), so it stays valid across
//     push and pop and is added as a permanent clause.
//   - A pruned lemma is one the analysis proves can never be violated in a
//     model of the problem; a lemma the candidate model violates is never
//     pruned (pruning.go).
//   - A panic inside the blaster costs the check, not the session: the
//     stage starts over with a fresh solver.
//
// Start reading at stage.go (Decide), then lod.go and lod_refine.go.
package bitblast
