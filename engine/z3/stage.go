package z3

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// Stage is the fallback: the last stage, which hands what every stage
// before it left unknown or unsupported to Z3: to the z3 executable when
// Options.Z3Binary names one (binary_first.go), and otherwise, or when the
// executable fails to answer, through the cgo binding, run in a worker
// process by default (isolated.go): a crash inside libz3 then answers
// this check unknown, and the session goes on.
//
// Unsat is Z3's word. Sat comes with Z3's model read back into a term.Model,
// which the driver validates like any other; assertions whose evaluation
// passes the quantifier cap are instead proved true under the model
// (ModelCheck, "proved by z3"): by sift's own quantifier procedure within a
// small budget, and otherwise by a second Z3 call. A model that cannot be
// imported exactly makes the answer unknown.
type Stage struct {
	solver Solver
	// modelChecks counts assertions confirmed by Z3 rather than evaluated,
	// checkFailures those Z3 did not confirm.
	modelChecks, checkFailures atomic.Int64
	// ownProofs counts those of modelChecks sift's own procedure proved,
	// disjunctProofs those Z3 proved by one disjunct (confirmDisjuncts).
	ownProofs, disjunctProofs atomic.Int64
	unsat, sat, unknown       int
	crashes                   atomic.Int64
	posedCalls                atomic.Int64 // problems Z3 got as the script wrote them
	// textToInterpreter hands the script's text to Z3's command interpreter
	// rather than to its API (Options.Z3Interpreter).
	textToInterpreter bool
	// newProver makes sift's own prover of a model's quantified assertions
	// (nil: none, every such assertion goes to Z3).
	newProver func() Prover
}

// StageOptions say how the fallback reaches Z3.
type StageOptions struct {
	// InProcess runs libz3 in this process rather than in the shared
	// worker process (Options.Z3InProcess).
	InProcess bool
	// Interpreter hands the script's text to libz3's command interpreter
	// (Options.Z3Interpreter).
	Interpreter bool
	// Binary is the z3 executable to ask first, libz3 deciding what it
	// fails to answer (Options.Z3Binary; "" none). Not with Interpreter,
	// which asks for libz3's interpreter.
	Binary string
	// MemoryMB bounds Z3 in this process and in the executable.
	MemoryMB uint64
	// NewProver makes sift's own prover of a model's quantified
	// assertions, tried before a second Z3 call (nil: none).
	NewProver func() Prover
}

// Prover proves assertions true under a model (qbv.Solver's Prove):
// nil only when it has proved them all.
type Prover interface {
	Prove(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error
}

// StageName is the fallback's name in the pipeline (and in --disable).
const StageName = "z3-fallback"

// NewStage returns the fallback, reaching Z3 as o says: by default
// through the process's shared Z3 workers.
func NewStage(o StageOptions) *Stage {
	var route Solver = &isolatedZ3{workers: sharedWorkers()}
	if o.InProcess {
		route = InProcess{MemoryMB: o.MemoryMB}
	}
	if o.Binary != "" && !o.Interpreter {
		bin := Binary{Path: o.Binary, MemoryMB: o.MemoryMB}
		route = &binaryFirst{binary: bin.Solve, next: route}
	}
	return &Stage{solver: route, textToInterpreter: o.Interpreter, newProver: o.NewProver}
}

func (*Stage) Name() string { return StageName }

// Statistics reports the stage's counters for --stats.
func (s *Stage) Statistics() [][2]string {
	return [][2]string{
		{"z3-fallback-sat", strconv.Itoa(s.sat)},
		{"z3-fallback-unsat", strconv.Itoa(s.unsat)},
		{"z3-fallback-unknown", strconv.Itoa(s.unknown)},
		{"z3-model-checks", strconv.FormatInt(s.modelChecks.Load(), 10)},
		{"z3-model-checks-by-qbv", strconv.FormatInt(s.ownProofs.Load(), 10)},
		{"z3-model-checks-by-disjunct", strconv.FormatInt(s.disjunctProofs.Load(), 10)},
		{"z3-model-check-failures", strconv.FormatInt(s.checkFailures.Load(), 10)},
		{"z3-crashes", strconv.FormatInt(s.crashes.Load(), 10)},
		{"z3-as-posed", strconv.FormatInt(s.posedCalls.Load(), 10)},
	}
}

// call runs one Z3 check through the API, interpret one through Z3's
// command interpreter. A crash of the worker is counted and comes back as an
// error that says so.
func (s *Stage) call(ctx context.Context, script string) (Result, error) {
	return s.counted(s.solver.Solve(ctx, script))
}

func (s *Stage) interpret(ctx context.Context, script string) (Result, error) {
	return s.counted(s.solver.Interpret(ctx, script))
}

func (s *Stage) counted(res Result, err error) (Result, error) {
	var crash *CrashError
	if errors.As(err, &crash) {
		s.crashes.Add(1)
	}
	return res, err
}

func (s *Stage) Decide(ctx context.Context, p *stage.Problem) (stage.Verdict, error) {
	if p.Original == nil {
		return s.solve(ctx, p, false)
	}
	// Z3 first gets the problem as posed, with half the time left: it has
	// its own preprocessing, a model of the original needs no reconstruction,
	// and closed sentences stay the terms validation sees. Some problems are
	// easier for Z3 after sift's passes, and some models of the original do
	// not read back exactly: then the rewritten problem gets the rest.
	if sameProblem(p, p.Original) {
		// The passes changed nothing: one try gets all the time.
		return s.solve(ctx, p.Original, true)
	}
	first, cancel := ctx, context.CancelFunc(func() {})
	if deadline, ok := ctx.Deadline(); ok {
		first, cancel = context.WithTimeout(ctx, time.Until(deadline)/2)
	}
	v, err := s.solve(first, p.Original, true)
	cancel()
	if err == nil && (v.Status == term.Unsat || (v.Status == term.Sat && !refuted(p.Original, v.Model))) {
		return v, nil
	}
	if ctx.Err() != nil {
		return v, err
	}
	return s.solve(ctx, p, false)
}

// solveAsPosed hands Z3 the problem as the script wrote it when p is the
// session's problem and its text was kept (Posed), and sift's printing of
// the terms otherwise. The text goes through the API (Solve picks the
// solver the z3 binary would for the script's logic); with
// Options.Z3Interpreter it goes to Z3's command interpreter instead, whose
// API version ignores set-logic and runs Z3's default strategy (faster on a
// few quantified BV files, slower on more: docs/bench/fallback-parity).
// Text Z3 rejects (SMT-LIB 2.7 operators it does not know, say) is printed
// by sift instead.
func (s *Stage) solveAsPosed(ctx context.Context, p *stage.Problem, all []term.Term) (Result, error) {
	if text, ok := p.PosedText(); ok {
		decide := s.call
		if s.textToInterpreter {
			decide = s.interpret
		}
		res, err := decide(ctx, text)
		var crash *CrashError
		if err == nil || errors.As(err, &crash) || ctx.Err() != nil {
			s.posedCalls.Add(1)
			return res, err
		}
	}
	return s.call(ctx, problemScript(p.Store, all))
}

// sameProblem reports whether two problems have the same assertions and
// assumptions (terms are hash-consed, so equal terms are equal ids).
func sameProblem(a, b *stage.Problem) bool {
	return slices.Equal(a.Assertions, b.Assertions) && slices.Equal(a.Assumptions, b.Assumptions)
}

// refuted reports whether m makes some assertion or assumption of p false
// under exact evaluation (an evaluation past the quantifier cap does not
// count: the driver's validation settles those).
func refuted(p *stage.Problem, m *term.Model) bool {
	ev := term.NewEvaluator(p.Store, m)
	for _, a := range append(append([]term.Term(nil), p.Assertions...), p.Assumptions...) {
		if b, err := ev.EvalBool(a); err == nil && !b {
			return true
		}
	}
	return false
}

// solve hands p to Z3; onOriginal marks the verdict as being about the
// session's original problem.
func (s *Stage) solve(ctx context.Context, p *stage.Problem, onOriginal bool) (stage.Verdict, error) {
	st := p.Store
	all := append(append([]term.Term(nil), p.Assertions...), p.Assumptions...)
	start := time.Now()
	res, err := s.solveAsPosed(ctx, p, all)
	took := time.Since(start)
	var crash *CrashError
	switch {
	case errors.As(err, &crash):
		s.unknown++
		return stage.Verdict{Status: term.Unknown, Reason: crash.Error() + "; this check only"}, nil
	case err != nil:
		// Z3 rejecting sift's own printing of a problem is a bug worth seeing
		// in the trace, but not a reason to answer anything.
		s.unknown++
		return stage.Verdict{}, fmt.Errorf("z3 rejected the problem: %w", err)
	}
	switch res.Status {
	case Unsat:
		s.unsat++
		return stage.Verdict{Status: term.Unsat}, nil
	case Sat:
		m, err := importModel(st, freeVars(st, all), res.Model)
		if err != nil {
			s.unknown++
			return stage.Verdict{Status: term.Unknown, Reason: "z3 said sat, but its model cannot be read exactly: " + err.Error()}, nil
		}
		s.sat++
		sent := make(map[term.Term]bool, len(all))
		for _, a := range all {
			sent[a] = true
		}
		check := func(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error {
			help := checkHelp{budget: ownProofBudget(took), z3Took: took, all: all}
			help.posed, help.hasPosed = p.PosedText()
			return s.checkModel(ctx, st, m, assertions, sent, help)
		}
		return stage.Verdict{Status: term.Sat, Model: m, ModelCheck: check, OnOriginal: onOriginal, Sentences: closedSentences(st, all)}, nil
	}
	s.unknown++
	if res.Reason == "memout" {
		return stage.Verdict{Status: term.Unknown, Reason: "memout"}, nil
	}
	reason := strings.Trim(res.Reason, "()")
	if reason == "" {
		reason = "no reason given"
	}
	return stage.Verdict{Status: term.Unknown, Reason: "z3 gave up: " + reason}, nil
}
