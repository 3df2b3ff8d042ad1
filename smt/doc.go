// Package smt is sift as a Go library: build bit-vector, floating-point,
// array and Boolean terms, assert them, check satisfiability under a context, and read models
// and unsat cores, with sift's whole pipeline (word-level preprocessing,
// interval reasoning, the merge-query procedure, bit-blasting to CaDiCaL and,
// unless switched off, the Z3 fallback) behind one call.
//
// # A tour
//
// A Solver owns its terms, its assertion stack and its pipeline:
//
//	s := smt.NewSolver(smt.Options{Timeout: 5 * time.Second})
//	defer s.Close()
//
// Sorts and terms come from the solver. Constants are declared by name and
// sort; operators have SMT-LIB's names and semantics (QF_ABV: the core
// Boolean operators, every bit-vector operator of SMT-LIB 2.6 and the
// overflow predicates of 2.7, select, store and constant arrays), plus
// uninterpreted functions (Func) and quantifiers (ForAllRange for the
// bounded ∀ that state merging produces, ForAll and Exists for the rest),
// and the FloatingPoint theory (build_fp.go: FloatSort, Float64, FPAdd, …,
// with GoFloatToInt for Go's float-to-integer conversions on amd64):
//
//	x := s.Const("x", s.BitVecSort(32))
//	mem := s.Const("mem", s.ArraySort(s.BitVecSort(32), s.BitVecSort(8)))
//	f := s.Eq(s.Select(mem, x), s.BV(8, 'A'))
//
// Assert adds formulas at the current level; Push and Pop open and close
// levels. Check decides the assertions together with assumptions that hold
// for that check only:
//
//	s.Assert(f, s.BVUGT(x, s.BV(32, 0x1000)))
//	r, err := s.Check(ctx, s.BVULT(x, s.BV(32, 0x2000)))
//
// r.Status is Sat, Unsat or Unknown; an unknown answer says why in r.Reason
// ("timeout", "memout", "incomplete", …). After sat, Model evaluates any term
// to a Go value: bool, uint64 or *big.Int for bit-vectors, a map for arrays.
// A sat answer's model has been evaluated against every assertion and
// assumption before Check returns: sift never answers sat on a model it has
// not checked. After unsat, UnsatCore names the assumptions (and the
// assertions made with AssertNamed) that the answer needed.
//
// Terms print in SMT-LIB syntax (Term.String), and ParseSMTLIB reads a
// script's declarations and assertions into the solver, so text and Go
// terms mix freely. Stats gives per-stage counters and times.
//
// # Errors
//
// Bad use is an error, never a panic. A constructor given ill-sorted
// arguments, a term of another Solver, or called after Close returns a Term
// whose Err says what went wrong (ErrSort, ErrForeign, ErrClosed); terms
// built from it carry the error on, and Assert, Check and Model.Eval return
// it. So a formula built in many steps needs one check, at Assert. Test
// errors with errors.Is.
//
// # Goroutines
//
// A Solver and the terms, sorts and models made from it serve one goroutine
// at a time; nothing is locked. Give each goroutine its own Solver (Solvers
// share nothing, so they run in parallel), or pass one between goroutines
// through a channel or a mutex. A second Check while one runs fails with
// ErrBusy; other concurrent use is a data race (go test -race finds it).
// Canceling the context given to Check stops the check from any goroutine.
//
// # What it wraps
//
// The package is a thin layer over sift's own packages: term (the
// hash-consed term store and the exact evaluator) and engine (the stage
// pipeline behind sift's command line). A Term is a store id with its
// Solver; building one costs what term.Store.Make costs plus the checks that
// turn misuse into errors. Status is term's answer type (Unsat −1, Unknown
// 0, Sat 1), the one every layer of sift answers with; compare it with
// Sat, Unsat and Unknown, not with numbers.
//
// # Files
//
//	solver.go       Solver, Options, Check, Status and Result
//	declare.go      constants and functions
//	sort.go, term.go
//	                Sort and Term
//	build_core.go, build_bv.go, build_array.go, build_quant.go
//	                the constructors of each theory
//	model.go        Model and Value
//	parse.go        ParseSMTLIB and ParseTerm
//	stats.go        Stats
//	errors.go       the errors of bad use
package smt
