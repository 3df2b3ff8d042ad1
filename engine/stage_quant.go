package engine

import (
	"context"

	"github.com/sift-solver/sift/quant"
	"github.com/sift-solver/sift/term"
)

// quantStage runs seed 000's procedure for quantified merge queries (package
// quant) on problems with quantifiers, before the quantifier-free stages.
// The procedure's quantifier-free sub-problems go to a pipeline of its own
// (a bit-blasting stage kept across the checks of one problem, so terms
// shared between the stripped, repaired and expanded problems are blasted
// once; each problem starts it afresh). Problems
// without quantifiers are Unknown at once; so is whatever the procedure
// cannot decide, which the fallback stage after it then takes.
type quantStage struct {
	solver *quant.Solver
	qf     *Driver
	qfBits *bitblastStage // qf's bit-blaster
	st     *term.Store    // the store of the problem being decided
}

func newQuantStage() *quantStage {
	bits := newBitblastStage()
	s := &quantStage{qf: NewDriver(constantStage{}, bits), qfBits: bits}
	s.solver = quant.NewSolver(s.solveQF)
	return s
}

func (*quantStage) Name() string { return "quant" }

// TimeShare gives the procedure half of the time left when the Z3 fallback
// comes after it: lazy expansion on a query it cannot refute (an induction
// over an unbounded count) would otherwise spend the whole limit.
func (*quantStage) TimeShare() float64 { return 0.5 }

func (s *quantStage) Decide(ctx context.Context, p *Problem) (Verdict, error) {
	roots := make([]term.Term, 0, len(p.Assertions)+len(p.Assumptions))
	roots = append(append(roots, p.Assertions...), p.Assumptions...)
	if !quant.HasQuantifier(p.Store, roots) {
		return Verdict{Status: Unknown, Reason: "no quantifier"}, nil
	}
	// A solver kept from earlier problems holds their clauses, learned
	// ones too, and symbolic execution asks one problem after another with
	// little in common: on netip.ParseAddr 8's quantified queries under
	// pat, the kept solver took 3.3 times as long as a fresh one on the
	// same queries (13.9 s against 4.2 s), and a run of 20 CPU seconds
	// answered 1,172 queries with a fresh one per problem, 1,094 with one
	// per four problems, 483 with one kept.
	s.qfBits.reset(p.Store)
	s.st = p.Store
	r, err := s.solver.Solve(ctx, p.Store, roots)
	if err != nil {
		return Verdict{}, err
	}
	switch r.Status {
	case quant.Sat:
		// The driver's evaluation gives up on a ∀ past its cap; the
		// procedure's own check decides such a ∀ by a ground query.
		return Verdict{Status: Sat, Model: r.Model, ModelCheck: s.check, Stage: "quant-" + string(r.Stage)}, nil
	case quant.Unsat:
		// No core: every assertion and assumption is taken.
		return Verdict{Status: Unsat, Stage: "quant-" + string(r.Stage)}, nil
	}
	return Verdict{Status: Unknown, Reason: r.Reason}, nil
}

// solveQF decides one quantifier-free sub-problem of the procedure.
func (s *quantStage) solveQF(ctx context.Context, assertions []term.Term) (quant.Status, *term.Model, error) {
	if len(assertions) == 0 {
		return quant.Sat, term.NewModel(), nil
	}
	v := s.qf.Decide(ctx, &Problem{Store: s.st, Assertions: assertions, Labels: make([]string, len(assertions))})
	return quant.Status(v.Status), v.Model, nil
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
