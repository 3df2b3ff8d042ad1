package quant

import (
	"context"
	"strconv"

	"github.com/sift-solver/sift/term"
)

// Status is an answer of the procedure or of a quantifier-free solve.
type Status = term.Status

const (
	Unsat   = term.Unsat
	Unknown = term.Unknown
	Sat     = term.Sat
)

// QFSolver decides a quantifier-free conjunction and gives a model when it is
// satisfiable. The engine supplies it; the procedure never decides
// quantifier-free problems itself.
type QFSolver func(ctx context.Context, assertions []term.Term) (Status, *term.Model, error)

// Stage names which step of the procedure decided.
type Stage string

const (
	StageStrip     Stage = "strip"
	StageDuplicate Stage = "duplicate"
	StageRepair    Stage = "repair"
	StageExpand    Stage = "expand"
	StageNone      Stage = ""
)

// Result is the procedure's answer on one query.
type Result struct {
	Status Status
	Model  *term.Model // for Sat: satisfies every original conjunct
	Stage  Stage       // which stage decided (StageNone when Unknown)
	Reason string      // for Unknown
}

// Stats counts what the procedure did over its lifetime: the stage hit
// counters of the paper's implementation, the lemmas stripping added, and
// how models were checked and expanded.
type Stats struct {
	Strip, Duplicate, Repair, Expand int // decided by that stage
	Fallback                         int // in the fragment but handed on (Unknown)
	Unsupported                      int // outside the fragment
	Lemmas                           int // E-matching lemmas added by stripping
	Enumerated, Symbolic             int // ∀ checks by evaluation, by ground query
	Rounds, Instances                int // lazy expansion's rounds and added instances
}

// Pairs returns the counters as name/value pairs for --stats.
func (s Stats) Pairs() [][2]string {
	kv := func(k string, v int) [2]string { return [2]string{"quant-" + k, strconv.Itoa(v)} }
	return [][2]string{kv("strip", s.Strip), kv("duplicate", s.Duplicate), kv("repair", s.Repair),
		kv("expand", s.Expand), kv("fallback", s.Fallback), kv("unsupported", s.Unsupported),
		kv("lemmas", s.Lemmas), kv("checks-enumerated", s.Enumerated), kv("checks-symbolic", s.Symbolic),
		kv("expand-rounds", s.Rounds), kv("expand-instances", s.Instances)}
}

// Solver runs the procedure with a quantifier-free solver underneath.
type Solver struct {
	QF    QFSolver
	Stats Stats
	// Limit bounds the instances one ∀ may enumerate in duplication and
	// repair; ExpandLimit bounds the instances lazy expansion may add.
	Limit, ExpandLimit uint64
	// RoundLimit bounds lazy expansion's rounds (0: no bound).
	RoundLimit int
	// names keeps the symbols of lifted ∀s across problems
	// (liftnames.go).
	names liftNames
}

// NewSolver returns a solver over qf with the default limits.
func NewSolver(qf QFSolver) *Solver {
	return &Solver{QF: qf, Limit: enumLimit, ExpandLimit: 1 << 14}
}

// Solve decides the conjunction of roots. Problems without quantifiers are
// Unknown "no quantifier" and are not counted.
func (s *Solver) Solve(ctx context.Context, st *term.Store, roots []term.Term) (Result, error) {
	if !HasQuantifier(st, roots) {
		return Result{Reason: "no quantifier"}, nil
	}
	q, err := recognise(st, roots, &s.names)
	if err != nil {
		s.Stats.Unsupported++
		return Result{Reason: err.Error()}, nil
	}
	r, err := s.decide(ctx, q)
	if err != nil {
		return Result{}, err
	}
	switch r.Stage {
	case StageNone:
		s.Stats.Fallback++
	case StageStrip:
		s.Stats.Strip++
	case StageDuplicate:
		s.Stats.Duplicate++
	case StageRepair:
		s.Stats.Repair++
	case StageExpand:
		s.Stats.Expand++
	}
	return r, nil
}

func (s *Solver) decide(ctx context.Context, q *Query) (Result, error) {
	c := newChecker(q.Store, s.QF, &s.Stats)
	sat := func(m *term.Model) (bool, error) {
		if m == nil {
			return false, nil
		}
		ok, err := c.holds(ctx, q, m)
		if ctx.Err() != nil {
			return false, nil // the stages after this one end at once
		}
		return ok, err
	}
	// (1) Quantifier stripping.
	qf, lemmas := Strip(q)
	s.Stats.Lemmas += lemmas
	norm := newIndexNormalizer(q.Store)
	qf = norm.all(qf)
	status, m, err := s.QF(ctx, qf)
	if err != nil {
		return Result{}, err
	}
	switch status {
	case Unsat:
		return Result{Status: Unsat, Stage: StageStrip}, nil
	case Unknown:
		return s.unknown(ctx, "quant: stripped problem undecided")
	}
	if ok, err := sat(m); err != nil || ok {
		return Result{Status: Sat, Model: m, Stage: StageStrip}, err
	}
	// A range too large to enumerate: look for a model of φ_QF with small
	// ranges first (an extension of the paper; see shrink.go).
	if m2, err := Shrink(ctx, q, qf, m, s.QF); err != nil {
		return Result{}, err
	} else if m2 != nil {
		if ok, err := sat(m2); err != nil || ok {
			return Result{Status: Sat, Model: m2, Stage: StageStrip}, err
		}
		m = m2
	}
	// (2) Assignment duplication.
	if md := Duplicate(ctx, q, m, nil, s.Limit); md != nil {
		if ok, err := sat(md); err != nil || ok {
			return Result{Status: Sat, Model: md, Stage: StageDuplicate}, err
		}
		// (3) Model repair.
		mr, err := Repair(ctx, q, qf, md, s.QF, s.Limit)
		if err != nil {
			return Result{}, err
		}
		if ok, err := sat(mr); err != nil || ok {
			return Result{Status: Sat, Model: mr, Stage: StageRepair}, err
		}
	}
	if ctx.Err() != nil {
		return s.unknown(ctx, "")
	}
	// (4) Fallback: lazy finite expansion.
	return s.expand(ctx, q, c, norm, qf, m)
}

func (s *Solver) unknown(ctx context.Context, why string) (Result, error) {
	if ctx.Err() != nil {
		why = ctx.Err().Error()
	}
	return Result{Reason: why}, nil
}
