// Package chain is the solver chain between sift symex and its solver, in
// the manner of KLEE: every feasibility question of the executor ("is the
// path constraint PC together with the condition C satisfiable?") passes
// through layers that answer it, or shrink it, before a solver sees it.
//
//   - independence.go: constraint independence. Only the conjuncts of PC
//     that share an atom with C, transitively (union-find over the
//     atoms), go down with C; the rest is known satisfiable, and the
//     model of the path (Query.Known) supplies its values. An atom is a
//     free variable or, as in KLEE, one byte of an array variable read at
//     a constant index, unless the array also occurs whole.
//   - querycache.go: a cache of answers by exact constraint set.
//   - cexcache.go: KLEE's counterexample cache. A stored unsatisfiable set
//     that is a subset of the question proves it unsatisfiable; a stored
//     satisfiable superset answers it with its model; failing both, the
//     models of related stored sets are tried by evaluation.
//
// Not a layer: keeping one engine session along a path and asserting only
// what the path added since the last question (push/pop) was measured on
// path.Match and strconv.ParseInt and gave no gain (CPU ratio 1.00-1.07):
// the engine builds each check's problem from its assertion list anew, and
// its bit-blaster already keeps the circuit of every assertion between
// checks, whichever way the assertions arrive.
//
// Each layer can be switched off (Layers, --solver-chain=) for ablations.
// Whatever layer answers sat, the model returned is completed and then
// checked by evaluation against the whole question (PC and C) before the
// executor sees it (validate.go); a model that fails sends the whole
// question to the backend instead. Unsat answers come only from the
// backend or from a subset of the question the backend (or a cache of its
// answers) found unsatisfiable.
//
// chain.go holds Solver, Query, Layers and Chain (the layers in order, and
// Stats); set.go the constraint sets the caches key and compare by.
//
// The chain never builds SMT-LIB text: it works on term.Store terms and
// hands them to the backend as terms.
package chain
