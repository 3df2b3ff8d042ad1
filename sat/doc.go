// Package sat owns sift's propositional layer: the small incremental SAT
// interface (Solver), its CaDiCaL backend through cgo (Cadical), an
// and-inverter graph with structural hashing (AIG), the incremental Tseitin
// encoder from AIG edges to solver literals (CNF), and the word-level
// bit-blaster for every QF_BV operator (Blaster, Word).
//
// It knows nothing about SMT-LIB or the term DAG (it imports term for one
// thing, the answer type: Result is term.Status): callers map terms to Words
// (slices of AIG edges, least significant bit first) and keep that map across
// check-sats, then ask a CNF for the literals of the edges they assert or
// assume.
//
// Invariants:
//   - Cadical never makes a C call that CaDiCaL would abort on: Value is only
//     forwarded right after Sat, Failed only right after Unsat and only for
//     literals assumed in that solve; otherwise both return false. After Close
//     every call is a no-op and Solve returns Unknown.
//   - A context's cancellation stops only the Solve it was passed to: the
//     terminate flag is reset before each solve and the watcher goroutine is
//     joined before Solve returns.
//   - An AIG armed with a context (SetContext) stops building once the
//     context ends: And then returns false at once, Err says why, and the
//     blaster neither caches nor trusts what it built since (the caller
//     discards it). CNF.Encode likewise stops between gates, each encoded
//     gate keeping its complete clauses. So one wide operator cannot outlive
//     a deadline.
//   - AIG.And hashes structurally and folds constants, so constant operands
//     never create gates; Edge 0 is false and Edge 1 true.
//   - CNF encodes each AIG node at most once per solver; later calls add only
//     clauses for gates not encoded before.
//   - Blaster operators follow SMT-LIB semantics exactly, including division
//     by zero (udiv by 0 is all ones, urem by 0 the dividend) and shift amounts
//     of any value and width.
//
// Files:
//
//	solver.go           the Solver interface and Lit
//	cadical.go          the CaDiCaL backend (cgo), with its state guard
//	cadical_guard.cc    CaDiCaL calls that may allocate, with bad_alloc caught
//	aig.go              the and-inverter graph
//	cnf.go              the incremental Tseitin encoder
//	word.go             Blaster and Word: the bit-blaster's core
//	blast_add.go, blast_cmp.go, blast_div.go, blast_logic.go, blast_mul.go,
//	blast_overflow.go, blast_shift.go
//	                    one file per operator family
//
// Start reading at solver.go (the interface), then aig.go, cnf.go and
// word.go.
package sat
