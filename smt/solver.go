package smt

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Options configure a Solver. The zero value is sift's default: no time
// limit, the Z3 fallback on, the default memory limit.
type Options struct {
	// Timeout bounds each Check; 0 is no bound beyond the context's.
	Timeout time.Duration
	// NoFallback leaves the Z3 fallback stage out: what only Z3 would
	// decide is then unknown, and no check starts a Z3 worker process.
	NoFallback bool
	// Trace, when set, receives one line per pipeline stage per check:
	// what ran, what it answered, how long it took (sift's --trace).
	Trace io.Writer
	// MemoryLimit bounds, in bytes, the memory one Check may take; past it
	// the check is unknown with reason "memout" and the solver goes on.
	// 0 is the engine's default; negative is no limit.
	MemoryLimit int64
}

// Solver holds terms, an assertion stack and sift's solving pipeline.
//
// A Solver and everything made from it serve one goroutine at a time: the
// term store is not locked. Use one Solver per goroutine (they share
// nothing), or hand one between goroutines with the usual happens-before
// (a channel, a mutex). Two Checks at once are detected and the second
// fails with ErrBusy; other concurrent use is a data race.
type Solver struct {
	st      *term.Store
	sess    *engine.Session
	opts    Options
	printer *smtlib.Printer
	closed  bool
	busy    atomic.Bool

	names  map[string]term.Sort // declared constant and function names
	levels int
	named  map[string]namedAssertion // AssertNamed labels

	checks int
	last   Result
	lastAs []Term // the last check's assumptions
}

// NewSolver returns a solver with the given options.
func NewSolver(opts Options) *Solver {
	st := term.NewStore()
	return &Solver{
		st:      st,
		sess:    engine.NewSession(st, engine.Options{NoFallback: opts.NoFallback, Trace: opts.Trace, MemoryLimit: opts.MemoryLimit}),
		opts:    opts,
		printer: smtlib.NewPrinter(st),
		names:   map[string]term.Sort{},
		named:   map[string]namedAssertion{},
	}
}

// Close releases the solver's resources outside Go's heap (the SAT
// solver). Every later use fails with ErrClosed. Close is idempotent.
func (s *Solver) Close() error {
	if !s.closed {
		s.closed = true
		s.sess.Close()
	}
	return nil
}

// Assert adds the formulas to the current assertion level.
func (s *Solver) Assert(fs ...Term) error {
	if err := s.checkFormulas(fs); err != nil {
		return err
	}
	for _, f := range fs {
		s.sess.Assert(f.id, "")
	}
	return nil
}

// AssertNamed adds f under a name: UnsatCore reports the named assertions
// that an unsat answer needs. Naming costs nothing until a check is unsat,
// when the pipeline may then work longer to find a core.
func (s *Solver) AssertNamed(name string, f Term) error {
	if err := s.checkFormulas([]Term{f}); err != nil {
		return err
	}
	if name == "" {
		return fmt.Errorf("%w: empty assertion name", ErrName)
	}
	if _, dup := s.named[name]; dup {
		return fmt.Errorf("%w: assertion name %s used twice", ErrName, name)
	}
	s.named[name] = namedAssertion{f.id, s.levels}
	s.sess.Assert(f.id, name)
	return nil
}

// checkFormulas returns the first error among fs, or of using them as
// formulas here.
func (s *Solver) checkFormulas(fs []Term) error {
	if err := s.checkTerms(fs); err != nil {
		return err
	}
	for _, f := range fs {
		if !s.st.IsBool(s.st.SortOf(f.id)) {
			return fmt.Errorf("%w: a formula must be Bool, got %s", ErrSort, s.st.SortString(s.st.SortOf(f.id)))
		}
	}
	return nil
}

// Push opens an assertion level.
func (s *Solver) Push() error {
	if s.closed {
		return ErrClosed
	}
	s.levels++
	s.sess.Push()
	return nil
}

// Pop closes the innermost assertion level, dropping its assertions.
// Terms and declarations stay: a term built inside a level can be asserted
// again after it.
func (s *Solver) Pop() error {
	if s.closed {
		return ErrClosed
	}
	if s.levels == 0 {
		return ErrNoLevel
	}
	s.levels--
	s.sess.Pop()
	for name, a := range s.named {
		if a.level > s.levels {
			delete(s.named, name)
		}
	}
	return nil
}

// namedAssertion is an AssertNamed formula and the level it was made at.
type namedAssertion struct {
	f     term.Term
	level int
}

// Status is the answer of a check: sift's one answer type, the engine's
// and every decision procedure's. Its zero value is Unknown.
type Status = term.Status

const (
	Unsat   = term.Unsat
	Unknown = term.Unknown
	Sat     = term.Sat
)

// Result is the answer of Check.
type Result struct {
	Status Status
	// Reason says why an unknown answer is unknown: "timeout", "canceled",
	// "memout", "incomplete", "unsupported: …", or a stage's reason.
	Reason string
	// Stage names the pipeline stage that decided a sat or unsat answer
	// ("constant", "svi", "bitblast", "quant-strip", "z3-fallback", …).
	Stage string
}

func (r Result) String() string {
	if r.Status == Unknown && r.Reason != "" {
		return "unknown (" + r.Reason + ")"
	}
	return r.Status.String()
}

// Check decides whether the assertions together with the assumptions are
// satisfiable. The assumptions hold for this check only; after unsat,
// UnsatCore names those it needed. Check stops when ctx is done or the
// solver's Timeout passes, answering unknown. A sat answer always comes with
// a model that sift has evaluated every assertion and assumption under.
func (s *Solver) Check(ctx context.Context, assumptions ...Term) (res Result, err error) {
	if err := s.checkFormulas(assumptions); err != nil {
		return Result{}, err
	}
	if !s.busy.CompareAndSwap(false, true) {
		return Result{}, ErrBusy
	}
	defer s.busy.Store(false)
	if s.opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.opts.Timeout)
		defer cancel()
	}
	// A panic in the pipeline is a bug in sift; the caller's program gets
	// it as an error, as sift's command line answers it with (error …).
	defer func() {
		if p := recover(); p != nil {
			res, err = Result{Reason: "internal error"}, fmt.Errorf("%w: %v", ErrInternal, p)
			s.last = res
		}
	}()
	ids := make([]term.Term, len(assumptions))
	for i, a := range assumptions {
		ids[i] = a.id
	}
	r := s.sess.CheckSat(ctx, ids)
	s.checks++
	res = Result{Status: r.Status, Reason: r.Reason}
	if r.Status != Unknown {
		res = Result{Status: r.Status, Stage: s.sess.LastStage()}
	}
	s.last, s.lastAs = res, append(s.lastAs[:0], assumptions...)
	return res, nil
}

// UnsatCore returns, after an unsat answer, the assumptions of that check
// and the named assertions (AssertNamed) that the answer needed: with the
// unnamed assertions they are unsatisfiable. When the deciding stage gives
// no finer core, that is all of them.
func (s *Solver) UnsatCore() ([]Term, error) {
	if s.closed {
		return nil, ErrClosed
	}
	if s.last.Status != Unsat {
		return nil, ErrNoModel
	}
	failed, err := s.sess.UnsatAssumptions()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoModel, err)
	}
	labels, err := s.sess.UnsatCore()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoModel, err)
	}
	var out []Term
	for _, id := range failed {
		out = append(out, Term{s: s, id: id})
	}
	for _, l := range labels {
		if a, ok := s.named[l]; ok {
			out = append(out, Term{s: s, id: a.f})
		}
	}
	return out, nil
}
