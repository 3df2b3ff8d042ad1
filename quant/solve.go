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
// counters of the paper's implementation, plus the lemmas stripping added.
type Stats struct {
	Strip, Duplicate, Repair, Expand int // decided by that stage
	Fallback                         int // in the fragment but handed on (Unknown)
	Unsupported                      int // outside the fragment
	Lemmas                           int // E-matching lemmas added by stripping
}

// Pairs returns the counters as name/value pairs for --stats.
func (s Stats) Pairs() [][2]string {
	kv := func(k string, v int) [2]string { return [2]string{"quant-" + k, strconv.Itoa(v)} }
	return [][2]string{kv("strip", s.Strip), kv("duplicate", s.Duplicate), kv("repair", s.Repair),
		kv("expand", s.Expand), kv("fallback", s.Fallback), kv("unsupported", s.Unsupported),
		kv("lemmas", s.Lemmas)}
}

// Solver runs the procedure with a quantifier-free solver underneath.
type Solver struct {
	QF    QFSolver
	Stats Stats
	// Limit bounds the instances one ∀ may enumerate in duplication and
	// repair; ExpandLimit bounds the instances of a finite expansion.
	Limit, ExpandLimit uint64
}

// NewSolver returns a solver over qf with the default limits.
func NewSolver(qf QFSolver) *Solver {
	return &Solver{QF: qf, Limit: term.DefaultQuantifierCap, ExpandLimit: 1 << 13}
}

// Solve decides the conjunction of roots. Problems without quantifiers are
// Unknown "no quantifier" and are not counted.
func (s *Solver) Solve(ctx context.Context, st *term.Store, roots []term.Term) (Result, error) {
	if !HasQuantifier(st, roots) {
		return Result{Reason: "no quantifier"}, nil
	}
	q, err := Recognise(st, roots)
	if err != nil {
		s.Stats.Unsupported++
		return Result{Reason: err.Error()}, nil
	}
	r, err := s.decide(ctx, q)
	if err != nil {
		return Result{}, err
	}
	switch {
	case r.Stage == StageNone:
		s.Stats.Fallback++
	case r.Stage == StageStrip:
		s.Stats.Strip++
	case r.Stage == StageDuplicate:
		s.Stats.Duplicate++
	case r.Stage == StageRepair:
		s.Stats.Repair++
	case r.Stage == StageExpand:
		s.Stats.Expand++
	}
	return r, nil
}

func (s *Solver) decide(ctx context.Context, q *Query) (Result, error) {
	unknown := func(why string) (Result, error) {
		if ctx.Err() != nil {
			why = ctx.Err().Error()
		}
		return Result{Reason: why}, nil
	}
	// (1) Quantifier stripping.
	qf, lemmas := Strip(q)
	s.Stats.Lemmas += lemmas
	status, m, err := s.QF(ctx, qf)
	if err != nil {
		return Result{}, err
	}
	switch status {
	case Unsat:
		return Result{Status: Unsat, Stage: StageStrip}, nil
	case Unknown:
		return unknown("quant: stripped problem undecided")
	}
	if holds(q, m) {
		return Result{Status: Sat, Model: m, Stage: StageStrip}, nil
	}
	// A range too large to enumerate: look for a model of φ_QF with small
	// ranges first (an extension of the paper; see shrink.go).
	if m2, err := Shrink(ctx, q, qf, m, s.QF, s.Limit); err != nil {
		return Result{}, err
	} else if m2 != nil {
		if holds(q, m2) {
			return Result{Status: Sat, Model: m2, Stage: StageStrip}, nil
		}
		m = m2
	}
	// (2) Assignment duplication.
	if md := Duplicate(ctx, q, m, nil, s.Limit); md != nil {
		if holds(q, md) {
			return Result{Status: Sat, Model: md, Stage: StageDuplicate}, nil
		}
		// (3) Model repair.
		mr, err := Repair(ctx, q, qf, md, s.QF, s.Limit)
		if err != nil {
			return Result{}, err
		}
		if mr != nil && holds(q, mr) {
			return Result{Status: Sat, Model: mr, Stage: StageRepair}, nil
		}
	}
	if ctx.Err() != nil {
		return unknown("")
	}
	// (4) Fallback by finite expansion, when the ranges are bounded.
	exp := Expand(q, s.ExpandLimit)
	if exp == nil {
		return unknown("quant: range not bounded by constants")
	}
	status, m, err = s.QF(ctx, exp)
	if err != nil {
		return Result{}, err
	}
	switch status {
	case Unsat:
		return Result{Status: Unsat, Stage: StageExpand}, nil
	case Sat:
		if holds(q, m) {
			return Result{Status: Sat, Model: m, Stage: StageExpand}, nil
		}
		return unknown("quant: expansion model fails the query")
	}
	return unknown("quant: expansion undecided")
}
