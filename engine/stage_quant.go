package engine

import (
	"context"
	"time"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/quant"
	"github.com/sift-solver/sift/term"
)

// quantStage runs seed 000's procedure for quantified merge queries (package
// quant) on problems with quantifiers, before the quantifier-free stages.
// The procedure's quantifier-free sub-problems go to a pipeline of its own
// (a bit-blasting stage kept across checks and problems, so terms shared
// between the stripped, repaired and expanded problems, and between the
// problems of one path, are blasted once). Problems
// without quantifiers are Unknown at once; so is whatever the procedure
// cannot decide, which the fallback stage after it then takes.
type quantStage struct {
	solver *quant.Solver
	qf     *Driver
	st     *term.Store // the store of the problem being decided
}

func newQuantStage() *quantStage {
	s := &quantStage{qf: newQFPipeline()}
	s.solver = quant.NewSolver(s.solveQF)
	return s
}

func (*quantStage) Name() string { return "quant" }

// arrayFreeBudget bounds the procedure on problems without arrays (wall
// time; the qbv stage decides what it leaves). arrayFreeRounds bounds its
// lazy expansion there: each round instantiates at values only, where qbv's
// instances by ground and inverse terms generalise (cvc5's dd.773_sqlite3:
// 27 rounds, 0.2 s, against 1 ms in qbv); the array-free files of the dev
// suite that expansion decides take at most 3 rounds.
const (
	arrayFreeBudget = time.Second
	arrayFreeRounds = 4
)

// TimeShare gives the procedure half of the time left when the Z3 fallback
// comes after it: lazy expansion on a query it cannot refute (an induction
// over an unbounded count) would otherwise spend the whole limit.
func (*quantStage) TimeShare() float64 { return 0.5 }

func (s *quantStage) Decide(ctx context.Context, p *stage.Problem) (stage.Verdict, error) {
	roots := p.Terms()
	if !quant.HasQuantifier(p.Store, roots) {
		return stage.Verdict{Status: term.Unknown, Reason: "no quantifier"}, nil
	}
	if !p.Store.FeaturesOf(roots).Has(term.FeatArray) {
		// Merge queries quantify over the cells of arrays. Without an
		// array the procedure still decides small quantified formulas at
		// once, but its lazy expansion, on a ∀ over a state vector
		// (yosys-smtbmc's exists-forall covers), ran checks as hard as
		// factoring until the deadline, and has none when the client sets
		// no limit: the qbv stage after it decides those.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, arrayFreeBudget)
		defer cancel()
		s.solver.RoundLimit = arrayFreeRounds
	} else {
		s.solver.RoundLimit = 0
	}
	// The bit-blaster is kept across problems, as the main one is:
	// symbolic execution asks one query after another over a growing path
	// constraint, and the procedure's lifted ∀s keep their symbols from
	// one problem to the next (quant/liftnames.go), so the problems share
	// most of their terms. netip.ParseAddr 8 under pat with
	// --max-patterns 1 --no-hot-veto: 1,495 queries and the space
	// exhausted in 9.5 s, against 726 queries in 10 s with a fresh solver
	// per problem (which 7fd4477 had chosen while lifted symbols were
	// fresh in every problem: then nothing was shared, and the kept
	// solver took 3.3 times as long).
	s.st = p.Store
	r, err := s.solver.Solve(ctx, p.Store, roots)
	if err != nil {
		return stage.Verdict{}, err
	}
	switch r.Status {
	case quant.Sat:
		// The driver's evaluation gives up on a ∀ past its cap; the
		// procedure's own check decides such a ∀ by a ground query.
		return stage.Verdict{Status: term.Sat, Model: r.Model, ModelCheck: s.check, Stage: "quant-" + string(r.Stage)}, nil
	case quant.Unsat:
		// No core: every assertion and assumption is taken.
		return stage.Verdict{Status: term.Unsat, Stage: "quant-" + string(r.Stage)}, nil
	}
	return stage.Verdict{Status: term.Unknown, Reason: r.Reason}, nil
}

// solveQF decides one quantifier-free sub-problem of the procedure.
func (s *quantStage) solveQF(ctx context.Context, assertions []term.Term) (quant.Status, *term.Model, error) {
	if len(assertions) == 0 {
		return quant.Sat, term.NewModel(), nil
	}
	v := s.qf.Decide(ctx, &stage.Problem{Store: s.st, Assertions: assertions, Labels: make([]string, len(assertions))})
	return v.Status, v.Model, nil
}

// check proves assertions past the evaluator's quantifier cap true under m.
func (s *quantStage) check(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error {
	s.st = st
	return s.solver.Check(ctx, st, m, assertions)
}

// QuantStats returns the procedure's stage hit counters.
func (s *quantStage) QuantStats() quant.Stats { return s.solver.Stats }

// Statistics reports the stage hit counters for --stats.
func (s *quantStage) Statistics() [][2]string { return s.solver.Stats.Pairs() }

// Close releases the kept bit-blaster's solver at once (the session drops
// its stages after a check that ran out of memory).
func (s *quantStage) Close() { s.qf.Close() }
