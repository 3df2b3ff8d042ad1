// Package term is sift's one shared data structure: sorts and a hash-consed DAG of
// terms, a builder that does cheap local rewrites, substitution, and exact
// SMT-LIB evaluation under a model.
//
// Invariants:
//   - Terms are interned in a Store. Building the same operator over the same
//     arguments and indices returns the same Term, so equality is ==, and a shared
//     subterm costs one node however often it is used.
//   - Every Term is well sorted: the checked constructor (Store.Make) rejects
//     ill-sorted applications with an error, which is what the SMT-LIB front-end
//     reports to the user.
//   - A Term's id is larger than the ids of its arguments, so a loop over ids in
//     increasing order is a topological order.
//   - Bit-vector constants of any width are exact (package bv); nothing truncates.
//   - Floating-point terms (sorts (_ FloatingPoint eb sb) and RoundingMode,
//     build_fp.go) follow the SMT-LIB theory exactly through package fp: a
//     constant holds its canonical IEEE encoding, folding and Eval share
//     applyFP (fold_fp.go), and the results the theory leaves unspecified
//     are never folded: Eval takes them from Model.Choices.
//
// Files:
//
//	store.go        the node table and interning; Term, Store
//	op.go           the operators
//	sort.go         sorts
//	build.go        checked construction and cheap local rewrites
//	fold.go         bit-vector operator semantics, for folding and Eval
//	rewrite.go      the builder's normalisations
//	selectindex.go  indexes of long store chains for constant reads
//	features.go     what a term contains, recorded as it is built
//	polarity.go     Polarity: how a subformula occurs (ArgPolarity)
//	walk.go         the DAG walks: Walk (each node before its arguments,
//	                stoppable; Contains) and PostOrder (after them)
//	subst.go        substitution and free variables
//	value.go, value_term.go
//	                values of models, and values as terms
//	eval.go, eval_quant.go
//	                exact evaluation, bounded quantifiers
//	rollback.go     marks and rollback of the store
//	status.go       Status, the answer type every layer shares
//	build_fp.go, fold_fp.go
//	                floating-point construction, folding and Eval
//	gofloat.go      Go's float-to-integer conversion (amd64) as terms
//
// Start reading at store.go (the node table and interning), then op.go (the
// operators), build.go (checked construction and local rewrites) and eval.go;
// build_fp.go and fold_fp.go for floating point.
package term
