package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/sift-solver/sift/engine/bitblast"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Options configure a Session.
type Options struct {
	// Trace receives a line per stage per check (--trace).
	Trace io.Writer
	// NoFallback leaves the Z3 fallback stage out of the pipeline
	// (--no-fallback): what only Z3 would decide is then unknown.
	NoFallback bool
	// Disable names pipeline steps to leave out (for ablations: "svi",
	// "preprocess", "quant", "arrays-precheck", …) and preprocessing passes
	// to switch off ("rewrite", "poly-eq", "unconstrained", …).
	Disable []string
	// ArrayPruning is the ablation switch of the array lemma pruning
	// (--array-pruning); "" is bitblast.PruningFull.
	ArrayPruning bitblast.Pruning
	// Z3InProcess runs the Z3 fallback in sift's own process
	// (--z3-in-process) instead of a worker process: cheaper per call, but a
	// crash inside libz3 then ends the session.
	Z3InProcess bool
	// Z3Interpreter hands the script's own text to Z3's command interpreter
	// (Z3_eval_smtlib2_string) rather than to its API (--z3-interpreter).
	// The interpreter the API offers ignores set-logic when it picks its
	// strategy, so this runs Z3's logic-free default; docs/bench/fallback-
	// parity measures both.
	Z3Interpreter bool
	// Z3Binary is the z3 executable the fallback runs (--z3-binary; ""
	// none): each Z3 call goes to it first, and to libz3 (the worker, or
	// this process with Z3InProcess) when it fails to answer. Not with
	// Z3Interpreter, which asks for libz3's interpreter.
	Z3Binary string
	// MemoryLimit bounds, in bytes, the memory a check may take
	// (--memory-limit): past it the check answers unknown with reason
	// memout, and the session goes on (memory.go). 0 is
	// DefaultMemoryLimit(); a negative value is no limit.
	MemoryLimit int64
}

// StopZ3Workers stops the process's idle Z3 workers and waits for them
// (z3.StopSharedWorkers), so that their time is accounted to this process:
// sift calls it at exit.
func StopZ3Workers() { z3.StopSharedWorkers() }

// ParseArrayPruning reads a --array-pruning value (bitblast.ParsePruning):
// the command line reaches the engine's settings through this package.
func ParseArrayPruning(s string) (bitblast.Pruning, error) { return bitblast.ParsePruning(s) }

// Session is the solver state behind one SMT-LIB script: the assertion stack
// and the last answer. It implements smtlib.Solver.
type Session struct {
	st     *term.Store
	opts   Options
	driver *Driver
	// incr is the incremental attempt tried before driver on the checks
	// after the first (newIncrementalPipeline; nil when disabled).
	incr   *Driver
	memory *memoryGuard

	assertions []term.Term
	labels     []string
	// feats[i] are the features of assertions[:i+1]: a check reads the
	// stack's at once, where a walk over thousands of assertions per
	// check was a tenth of a 400-step unrolling.
	feats  []term.Features
	levels []int // len(assertions) at each push

	checks      int
	last        stage.Verdict
	lastProblem *stage.Problem
	seed        uint64
	posed       func() (string, bool) // for the coming check
	// noCores is set when the script can ask for neither an unsat core nor
	// failed assumptions (SetCoresWanted).
	noCores bool
}

var _ smtlib.PosedSolver = (*Session)(nil)
var _ smtlib.CoreSolver = (*Session)(nil)

// SetCoresWanted implements smtlib.CoreSolver.
func (s *Session) SetCoresWanted(wanted bool) { s.noCores = !wanted }

// SetPosed implements smtlib.PosedSolver.
func (s *Session) SetPosed(posed func() (string, bool)) { s.posed = posed }

// NewSession returns a session over st with the default stage pipeline.
func NewSession(st *term.Store, opts Options) *Session {
	limit := opts.MemoryLimit
	if limit == 0 {
		limit = DefaultMemoryLimit()
	}
	limit = max(limit, 0)
	z3.SetSharedMemoryMB(uint64(limit >> 20))
	return &Session{st: st, opts: opts, driver: newPipeline(opts, limit), incr: newIncrementalPipeline(opts),
		memory: newMemoryGuard(limit)}
}

// Driver returns the session's stage driver (for statistics).
func (s *Session) Driver() *Driver { return s.driver }

func (s *Session) Push() { s.levels = append(s.levels, len(s.assertions)) }

func (s *Session) Pop() {
	n := s.levels[len(s.levels)-1]
	s.levels = s.levels[:len(s.levels)-1]
	s.assertions, s.labels, s.feats = s.assertions[:n], s.labels[:n], s.feats[:n]
	s.lastProblem = nil
}

func (s *Session) Assert(t term.Term, label string) {
	f := s.st.FeaturesOf([]term.Term{t})
	if n := len(s.feats); n > 0 {
		f |= s.feats[n-1]
	}
	s.assertions = append(s.assertions, t)
	s.labels = append(s.labels, label)
	s.feats = append(s.feats, f)
	s.lastProblem = nil
}

func (s *Session) ResetAssertions() {
	s.assertions, s.labels, s.feats, s.levels, s.lastProblem = nil, nil, nil, nil, nil
}

func (s *Session) Assertions() []term.Term { return append([]term.Term(nil), s.assertions...) }

func (s *Session) SetRandomSeed(seed uint64) { s.seed = seed }

func (s *Session) CheckSat(ctx context.Context, assumptions []term.Term) smtlib.CheckResult {
	s.checks++
	// The problem shares the stack (clipped: a stage's append copies); a
	// Pop then Assert overwrites it only after the check.
	n := len(s.assertions)
	p := &stage.Problem{
		Store:       s.st,
		Assertions:  s.assertions[:n:n],
		Labels:      s.labels[:n:n],
		Assumptions: assumptions,
		Base:        len(s.assertions),
		NoCores:     s.noCores,
	}
	if len(s.levels) > 0 {
		p.Base = s.levels[0]
	}
	var feats term.Features
	if n > 0 {
		feats = s.feats[n-1]
	}
	p.SetFeatures(feats | s.st.FeaturesOf(assumptions))
	if s.posed != nil {
		p.Posed = stage.NewPosed(s.posed, p.Assertions, p.Assumptions)
		s.posed = nil
	}
	if feats.Has(term.FeatQuantifier) {
		// Quantified problems often reach the Z3 fallback: its worker
		// starts while the stages before it work, once they have used
		// prestartCPU (most merge queries are decided before that, and a
		// worker costs a process start).
		for _, step := range s.driver.Steps {
			if ps, ok := step.(stage.Prestarter); ok {
				defer afterCPU(prestartCPU, ps.Prestart)()
			}
		}
	}
	mark := s.st.Mark()
	start := time.Now()
	guarded, memout := s.memory.watch(ctx)
	v, decided := s.decideIncrementally(guarded, p)
	if !decided {
		v = s.driver.Decide(guarded, p)
	}
	if memout() || (v.Status == term.Unknown && v.Reason == "memout") {
		v = stage.Verdict{Status: term.Unknown, Reason: "memout"}
		s.forgetCheck(mark)
	}
	// The whole check, stages and validation together: what the time
	// limit bounds (scripts/limits.sh reads it).
	s.driver.tracef("check-sat: %s in %v", v.Status, time.Since(start))
	s.last, s.lastProblem = v, p
	return smtlib.CheckResult{Status: v.Status, Reason: v.Reason}
}

// incrementalFeatures are what the incremental attempt cannot decide.
const incrementalFeatures = term.FeatQuantifier | term.FeatFloat | term.FeatNestedArray

// decideIncrementally tries the incremental attempt on the checks after the
// first of a session that keeps assertions at its base level (a client that
// unrolls a design step by step, or asserts and checks in turn): those
// checks share most of their assertions with the one before, and the
// attempt's solver already holds them. It reports whether the attempt
// settled the check; a check it leaves unknown goes to the whole pipeline.
func (s *Session) decideIncrementally(ctx context.Context, p *stage.Problem) (stage.Verdict, bool) {
	if s.incr == nil || s.checks < 2 || p.Base == 0 || p.Features()&incrementalFeatures != 0 {
		return stage.Verdict{}, false
	}
	v := s.incr.Decide(ctx, p)
	if v.Status == term.Unknown && ctx.Err() == nil {
		s.driver.tracef("incremental: unknown (%s); the whole pipeline decides", v.Reason)
		return v, false
	}
	return v, true
}

// CheckAlone decides the conjunction of as in a scope of its own, so the
// session's assertions are as they were afterwards, and returns the model
// when it is sat. The executors' one-off queries all go through it.
func (s *Session) CheckAlone(ctx context.Context, as []term.Term) (smtlib.CheckResult, *term.Model, error) {
	s.Push()
	defer s.Pop()
	for _, a := range as {
		s.Assert(a, "")
	}
	r := s.CheckSat(ctx, nil)
	if r.Status != smtlib.Sat {
		return r, nil, nil
	}
	m, err := s.Model()
	return r, m, err
}

// LastStage names the pipeline stage that decided the last check ("" when
// it was unknown): a step's name, or "quant-strip", "quant-duplicate",
// "quant-repair" or "quant-expand" for the quant stage's procedure.
func (s *Session) LastStage() string {
	if s.last.Status == term.Unknown {
		return ""
	}
	return s.last.Stage
}

// forgetCheck drops what a check that ran out of memory built: the terms
// (the store goes back to mark) and every stage's state (the pipeline is
// made again), so that the session goes on with the memory it had before.
func (s *Session) forgetCheck(mark term.Mark) {
	old := s.driver
	old.Close()
	s.driver = newPipeline(s.opts, s.memory.limit)
	s.driver.Stats, s.driver.Validations, s.driver.ValidationFailures = old.Stats, old.Validations, old.ValidationFailures
	s.driver.Trace = old.Trace
	if s.incr != nil {
		oldIncr := s.incr
		oldIncr.Close()
		s.incr = newIncrementalPipeline(s.opts)
		s.incr.Stats, s.incr.Validations, s.incr.ValidationFailures = oldIncr.Stats, oldIncr.Validations, oldIncr.ValidationFailures
	}
	s.st.Rollback(mark)
	debug.FreeOSMemory()
}

// Close releases what the pipeline's stages hold outside Go's heap (the
// SAT solver of the bit-blaster). The session must not be used after it.
func (s *Session) Close() {
	s.driver.Close()
	if s.incr != nil {
		s.incr.Close()
	}
}

var errNoAnswer = errors.New("no check-sat answer to refer to")

func (s *Session) Model() (*term.Model, error) {
	if s.lastProblem == nil || s.last.Status != term.Sat {
		return nil, errNoAnswer
	}
	return s.last.Model, nil
}

func (s *Session) UnsatCore() ([]string, error) {
	if s.lastProblem == nil || s.last.Status != term.Unsat {
		return nil, errNoAnswer
	}
	idx := s.last.Core
	if idx == nil {
		idx = make([]int, len(s.lastProblem.Assertions))
		for i := range idx {
			idx[i] = i
		}
	}
	var out []string
	for _, i := range idx {
		if l := s.lastProblem.Labels[i]; l != "" {
			out = append(out, l)
		}
	}
	return out, nil
}

func (s *Session) UnsatAssumptions() ([]term.Term, error) {
	if s.lastProblem == nil || s.last.Status != term.Unsat {
		return nil, errNoAnswer
	}
	if s.last.FailedAssumptions == nil {
		return append([]term.Term(nil), s.lastProblem.Assumptions...), nil
	}
	var out []term.Term
	for _, i := range s.last.FailedAssumptions {
		out = append(out, s.lastProblem.Assumptions[i])
	}
	return out, nil
}

func (s *Session) Statistics() [][2]string {
	out := [][2]string{{"checks", strconv.Itoa(s.checks)}}
	for _, st := range s.driver.Stats {
		out = append(out,
			[2]string{st.Name + "-calls", strconv.Itoa(st.Calls)},
			[2]string{st.Name + "-decided", strconv.Itoa(st.Decided)},
			[2]string{st.Name + "-time", fmt.Sprintf("%.3f", st.Time.Seconds())})
	}
	validations, failures := s.driver.Validations, s.driver.ValidationFailures
	if s.incr != nil {
		for _, st := range s.incr.Stats {
			name := IncrementalStep + "-" + st.Name
			out = append(out,
				[2]string{name + "-calls", strconv.Itoa(st.Calls)},
				[2]string{name + "-decided", strconv.Itoa(st.Decided)},
				[2]string{name + "-time", fmt.Sprintf("%.3f", st.Time.Seconds())})
		}
		validations += s.incr.Validations
		failures += s.incr.ValidationFailures
	}
	// Stages with counters of their own (the bitblast stage's lemmas on
	// demand) report them here.
	out = append(out, s.driver.Statistics()...)
	if s.incr != nil {
		for _, kv := range s.incr.Statistics() {
			out = append(out, [2]string{IncrementalStep + "-" + kv[0], kv[1]})
		}
	}
	out = append(out, [2]string{"validations", strconv.Itoa(validations)},
		[2]string{"validation-failures", strconv.Itoa(failures)})
	return out
}
