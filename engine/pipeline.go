package engine

import (
	"context"

	"github.com/sift-solver/sift/engine/bitblast"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/preprocess"
	"github.com/sift-solver/sift/qbv"
	"github.com/sift-solver/sift/term"
)

// newPipeline returns the session's driver: the default pipeline as opts
// shape it. It is the one place that decides which stages run, in which
// order and with which settings, each given to the stage as it is made;
// forgetCheck makes the pipeline again with it.
func newPipeline(opts Options, memoryLimit int64) *Driver {
	off := map[string]bool{}
	for _, name := range opts.Disable {
		off[name] = true
	}
	pruning := opts.ArrayPruning
	if pruning == "" {
		pruning = bitblast.PruningFull
	}
	fallback := !opts.NoFallback && !off[z3.StageName]
	share := qbvShare
	if !fallback {
		share = 1 // nothing after qbv decides quantifiers
	}
	steps := []stage.Stage{
		constantStage{},
		&fpLowerStep{},
		NewSVIStage(),
		// Names in off that are preprocessing passes switch those passes off.
		newPreprocessStage(preprocess.Options{Disabled: off}),
		newQuantStage(),
		newQBVStage(share, opts.Trace),
	}
	if pruning != bitblast.PruningOff {
		// With intervals only, the pre-check analyses for the pruning and
		// answers nothing.
		steps = append(steps, &ArraysPrecheckStage{Silent: pruning == bitblast.PruningIntervals})
	}
	steps = append(steps, bitblast.New(pruning))
	if fallback {
		steps = append(steps, z3.NewStage(z3.StageOptions{
			InProcess:   opts.Z3InProcess,
			Interpreter: opts.Z3Interpreter,
			Binary:      opts.Z3Binary,
			MemoryMB:    uint64(memoryLimit >> 20),
			NewProver:   newModelProver,
		}))
	}
	var kept []stage.Stage
	for _, s := range steps {
		if !off[s.Name()] {
			kept = append(kept, s)
		}
	}
	d := NewDriver(kept...)
	d.Trace = opts.Trace
	return d
}

// incrementalConflicts bounds each SAT call of the session's incremental
// attempt: past it the check goes to the whole pipeline, so a hard check
// costs at most this much more than before, and an easy one skips the
// word-level passes that would redo the whole assertion set.
const incrementalConflicts = 20000

// IncrementalStep is the name of the session's incremental attempt in
// Options.Disable (and the prefix of its statistics).
const IncrementalStep = "incremental"

// newIncrementalPipeline returns the driver of the session's incremental
// attempt (nil when opts disable it): the constant stage, then a bit-blaster
// that lives across the session's checks, holds the base-level assertions
// as clauses of their own and is bounded by incrementalConflicts. It gets
// the assertions as posed, so their circuits are built once and its learned
// clauses stay valid from check to check.
func newIncrementalPipeline(opts Options) *Driver {
	for _, name := range opts.Disable {
		if name == IncrementalStep || name == "bitblast" {
			return nil
		}
	}
	pruning := opts.ArrayPruning
	if pruning == "" {
		pruning = bitblast.PruningFull
	}
	d := NewDriver(constantStage{}, newIncrementalStates(), newIncrementalEqualities(), newIncrementalAckermann(),
		bitblast.NewIncremental(pruning, incrementalConflicts))
	d.Trace = opts.Trace
	return d
}

// DefaultStages returns a fresh default pipeline, in order.
func DefaultStages() []stage.Stage { return newPipeline(Options{}, 0).Steps }

// newQFPipeline returns the pipeline of the procedures' quantifier-free
// sub-problems (quant's, qbv's, and the proofs of Z3 models): constants,
// then bit-blasting without array pruning, incremental across the calls of
// the one that keeps it. The preprocessing passes, if any, run between.
func newQFPipeline(passes ...preprocess.Pass) *Driver {
	steps := []stage.Stage{constantStage{}}
	if len(passes) > 0 {
		steps = append(steps, &preprocessStage{driver: preprocess.NewDriver(preprocess.Options{}, passes...)})
	}
	return NewDriver(append(steps, bitblast.New(bitblast.PruningOff))...)
}

// newQFDriver returns a quantifier-free solver for qbv, incremental across
// the calls of one run.
func newQFDriver(st *term.Store) qbv.QFSolver { return qfDriver{st, newQFPipeline()} }

// newCheckQFDriver returns qbv's solver of counterexample checks: and
// flattening, the word-level rewriter and variable substitution, then
// bit-blasting. A check is the negated body with the model's values in
// place of the free symbols, so fixed selectors fold ite chains and
// equations define its variables, which the passes remove before the
// circuits are built (q3b's 007: 0.57 s CPU with the checks bit-blasted as
// posed, 0.08 s so). The other default passes cost more on the Scholl
// files' many small checks than they saved.
func newCheckQFDriver(st *term.Store) qbv.QFSolver {
	return qfDriver{st, newQFPipeline(preprocess.FlattenAnd{}, &preprocess.Rewrite{}, preprocess.VarSubst{})}
}

// newProofQFDriver is newQFDriver with the word-level rewriter before
// bit-blasting, for proving a Z3 model's sentences (the Z3 stage's own proofs): with
// every free symbol fixed to a constant, rewriting folds much of the body
// away. On q3b's 007 (Boolean symbols selecting ite branches) a proof took
// 12 ms rewritten against 250 ms bit-blasted as fixed; the rest of the
// default passes cost more than they saved on the parity benchmark's sat
// files (semantic-fusion 151: 4 ms plain or rewritten, 14 ms with all).
func newProofQFDriver(st *term.Store) qbv.QFSolver {
	return qfDriver{st, newQFPipeline(&preprocess.Rewrite{})}
}

// newModelProver returns the Z3 fallback's own prover of a model's
// quantified assertions: qbv's counterexample-guided instantiation over
// newProofQFDriver.
func newModelProver() z3.Prover { return qbv.NewSolver(newProofQFDriver) }

// qfDriver is a quantifier-free pipeline as qbv's QFSolver.
type qfDriver struct {
	st *term.Store
	d  *Driver
}

func (q qfDriver) Solve(ctx context.Context, assertions, assumptions []term.Term) (qbv.Status, *term.Model, error) {
	p := &stage.Problem{Store: q.st, Assertions: assertions, Labels: make([]string, len(assertions)), Assumptions: assumptions}
	v := q.d.Decide(ctx, p)
	return v.Status, v.Model, nil
}
