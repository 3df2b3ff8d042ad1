// Package engine decides SMT problems. A Session keeps the assertion stack
// and implements the front-end's smtlib.Solver; on each check it builds a
// stage.Problem and hands it to the stage driver, which tries the stages in
// a fixed order until one decides. What a stage is (the Problem, the
// Verdict, the capabilities) is package engine/stage. The default pipeline
// (pipeline.go, newPipeline, the one place it is made):
//
//	constant        the builder already reduced the problem to true/false
//	fp-lower        floating point to exact bit-vector circuits (package
//	                fp/fpbv), a Transformer that keeps assertion indices
//	svi             strided value intervals (seed 004), package svi
//	preprocess      word-level passes (package preprocess), a Transformer
//	quant           quantified merge queries (seed 000), package quant
//	qbv             other quantified bit-vector problems: counterexample-
//	                guided instantiation, package qbv; a quarter of the
//	                time left when the Z3 fallback follows
//	arrays-precheck ILP pre-check (seed 003), package arrays
//	bitblast        AIG → CaDiCaL, lemmas on demand for arrays and UFs,
//	                eager lemmas pruned by the arrays analysis (package
//	                engine/bitblast); half the time left when a later
//	                stage exists
//	z3-fallback     Z3 (package engine/z3), on the original problem
//
// The checks after the first of a session that keeps assertions at its base
// level (a client unrolling a design step by step, with push, assert, check,
// pop) first go to the incremental attempt (pipeline.go,
// newIncrementalPipeline): the constant stage, the applications to constants
// of opaque sorts as variables of their own (incremental_states.go: a
// client's states), the variables that base-level equalities make equal as
// one (incremental_equalities.go), Ackermann's reduction of functions into arrays
// (incremental.go), and a bit-blaster of its own
// that lives across the session's checks, gets the assertions as posed (so
// circuits are built once and learned clauses stay valid), holds the
// base-level assertions as clauses of their own and bounds each SAT call by
// a conflict budget. What it leaves unknown goes to the pipeline above; its
// sat answers are validated like every other.
//
// Every step is a stage.Stage; what else a step can do is a small
// capability (engine/stage) the driver and the session look for:
// Transformer (rewrites the problem), IndexPreserver (a Transformer whose
// cores stay cores), TimeSharer (takes a share of the time
// left), Closer (holds C memory), StatsReporter (counters for --stats),
// Prestarter (starts a worker ahead of need). Stages get their settings
// when they are made, and what two stages share goes through the Problem
// they are handed (the array analysis of the pre-check and the
// bit-blaster, Problem.ArrayAnalysis).
//
// Files:
//
//	session.go                 Options, Session (smtlib.Solver), the check
//	pipeline.go                the session's pipeline, its incremental
//	                           attempt and the procedures' quantifier-free
//	                           pipelines
//	driver.go                  Driver: order, time shares, cores, statistics
//	incremental.go             the incremental attempt's Ackermann step and
//	                           what its passes share
//	incremental_states.go      the incremental attempt's opaque-sort step,
//	                           its analysis kept across checks
//	incremental_equalities.go  the incremental attempt's substitution of
//	                           variable equalities held for good
//	term_table.go              dense term-indexed tables of those passes
//	validate.go                the model check in front of every sat answer
//	memory.go                  the memory limit of a check
//	prestart.go                starting the Z3 worker after some CPU time
//	stage_constant.go, stage_svi.go, stage_preprocess.go, stage_quant.go,
//	stage_qbv.go, stage_arrays_precheck.go
//	                           the stages that adapt a package of their own
//	stage_fp.go                fp-lower, the transformer that lowers
//	                           floating point to bit-vectors (fp/fpbv)
//
// Invariants:
//   - A stage never guesses: it answers Unknown when it cannot decide.
//   - The driver alone owns the order of stages; stages never call each other.
//   - No sat answer leaves the engine unless its model makes every original
//     assertion and assumption true under term's exact evaluation
//     (validate.go). A model that fails validation is a bug: the answer
//     becomes unknown and the trace says so. The one exception is an
//     assertion whose evaluation passes the quantifier cap: the verdict's
//     ModelCheck must then prove it true under the model (the Z3 fallback
//     asks Z3 to refute it with every symbol defined by its value); without
//     such a proof the answer is unknown. A closed sentence that Z3 itself
//     was given and found satisfiable needs no second proof.
//   - The Z3 fallback is the last stage and runs only when all others left
//     the problem undecided; Options.NoFallback leaves it out.
//   - Z3 runs in a worker process (package engine/z3's Process): a crash in
//     libz3 costs the check it happened in, never the session.
//     Options.Z3InProcess opts out.
//   - Each check runs under the session's memory limit (memory.go): past it
//     the check is canceled, answers unknown (memout), and the session
//     drops what the check built (the store rolls back, the pipeline is
//     made again).
//
// Start reading at engine/stage, then driver.go, pipeline.go and session.go.
package engine
