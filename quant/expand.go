package quant

import (
	"context"
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Lazy expansion's tuning.
const (
	// perRound is how many broken instances of one ∀ a round adds (found
	// by evaluation; ground queries find fewer, see symbolicPerRound).
	perRound = 32
	// symbolicPerRound bounds the ground queries one ∀ costs per round.
	symbolicPerRound = 4
	// rangeAfter is how many rounds in a row a ∀ may be broken before
	// lazy expansion instantiates its whole range under the model (a chain
	// like s[i−1] = s[i] moves its violation one cell per round). A ∀
	// bounded above by a count whose candidate instances hold under the
	// model gets its range at once: perRound instances a round would cost
	// a solve per round, each with the symbolic reads of the rounds before
	// (strlen-trim: 4 rounds, 5× z3's time), and no candidate is there to
	// refute with fewer. (Not a ∀ over its whole sort: there a few
	// instances usually do, cvc5's qbv-test-invert-bvurem-1-neq.)
	rangeAfter = 3
	// rangeChunk bounds the ranges instantiated whole.
	rangeChunk = 256
)

// hintWidths are the range sizes lazy expansion looks for models within, in
// turn, before it looks without bound: small models first, since every
// instance whose read has a symbolic index costs the SAT solver comparisons
// with every other read, and a small range needs few instances.
var hintWidths = []uint64{8, 64, 1024}

// expander is stage 4, finite expansion done lazily: a counterexample-guided
// loop over instances. It starts from φ_QF and its model; each round asks
// the checker for instances the model breaks, adds them (at a candidate term
// of the same value when there is one, see candidates.go, else at the
// constant index), and solves again. Every added clause is an instance of a
// ∀ of the query, so unsat is a refutation of the query; sat needs a model
// the checker accepts, ∀s included.
//
// The instances added are only those some model broke, not every index of a
// window as full expansion would: on merge queries a few suffice. It needs
// no constant bound on the range: when the ranges under every model of
// φ_QF are finite (counts bounded by lengths bounded by constants, say),
// each round adds an instance not there before, so the loop ends; otherwise
// it ends at the instance budget, Unknown.
type expander struct {
	s         *Solver
	q         *Query
	c         *checker
	norm      *indexNormalizer
	have      map[term.Term]bool
	cands     map[*Forall][]term.Term
	candInsts map[*Forall][]term.Term
	streak    map[*Forall]int
	rounds    int
	added     uint64
	hints     []term.Term // bounds on the ranges, at hintWidths[level]
	level     int
	problem   []term.Term
}

// expand runs lazy expansion from φ_QF = qf and its model m.
func (s *Solver) expand(ctx context.Context, q *Query, c *checker, norm *indexNormalizer, qf []term.Term, m *term.Model) (Result, error) {
	x := &expander{s: s, q: q, c: c, norm: norm, have: map[term.Term]bool{}, cands: map[*Forall][]term.Term{},
		candInsts: map[*Forall][]term.Term{},
		streak:    map[*Forall]int{}, problem: append([]term.Term(nil), qf...)}
	for _, t := range qf {
		x.have[t] = true
	}
	x.hints = rangeHints(q, hintWidths[0])
	if len(x.hints) > 0 && !allHold(q.Store, x.hints, m) {
		// Look for a small model before instantiating after a large one.
		status, m2, err := s.QF(ctx, append(x.problem, x.hints...))
		if err != nil {
			return Result{}, err
		}
		if status == Sat {
			m = m2
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return Result{Reason: err.Error()}, nil
		}
		ok, broken, err := c.violations(ctx, q, m, perRound)
		switch {
		case err != nil && ctx.Err() != nil:
			return Result{Reason: ctx.Err().Error()}, nil
		case err == errUndecided:
			return Result{Reason: "quant: expansion model check undecided"}, nil
		case err != nil:
			return Result{}, err
		case ok:
			return Result{Status: Sat, Model: m, Stage: StageExpand}, nil
		case len(broken) == 0:
			return Result{Reason: "quant: expansion model fails a quantifier-free clause"}, nil
		}
		n := x.add(m, broken)
		if n == 0 {
			return Result{Reason: "quant: expansion made no progress"}, nil
		}
		x.rounds++
		x.added += uint64(n)
		s.Stats.Instances += n
		s.Stats.Rounds++
		if x.added > s.ExpandLimit {
			return Result{Reason: "quant: expansion instance budget exhausted"}, nil
		}
		if s.RoundLimit > 0 && x.rounds > s.RoundLimit {
			return Result{Reason: "quant: expansion round budget exhausted"}, nil
		}
		status, m2, err := s.QF(ctx, append(x.problem, x.hints...))
		if err != nil {
			return Result{}, err
		}
		for status == Unsat && len(x.hints) > 0 {
			// The hints strengthen the problem: unsat under them proves
			// nothing. Go on with wider ones, at last with none.
			x.level++
			x.hints = nil
			if x.level < len(hintWidths) {
				x.hints = rangeHints(q, hintWidths[x.level])
			}
			status, m2, err = s.QF(ctx, append(x.problem, x.hints...))
			if err != nil {
				return Result{}, err
			}
		}
		switch status {
		case Unsat:
			return Result{Status: Unsat, Stage: StageExpand}, nil
		case Unknown:
			if ctx.Err() != nil {
				return Result{Reason: ctx.Err().Error()}, nil
			}
			return Result{Reason: "quant: expansion problem undecided"}, nil
		}
		m = m2
	}
}

// add adds, for every broken ∀, its candidate instances that m breaks
// (they are the ones a refutation over counts that are not fixed needs);
// for a ∀ with no broken candidate, the instances for the broken indices;
// and, for a ∀
// broken rangeAfter rounds in a row or bounded by a count and with no broken
// candidate, its whole range under m when that is small. It returns how many clauses it added.
func (x *expander) add(m *term.Model, broken []violation) int {
	st := x.q.Store
	ev := term.NewEvaluator(st, m)
	n := 0
	push := func(t term.Term) bool {
		t = x.norm.reads(t)
		if x.have[t] {
			return false
		}
		x.have[t] = true
		x.problem = append(x.problem, t)
		n++
		return true
	}
	seen := map[*Forall]bool{}
	relevant := map[*Forall]bool{} // some candidate instance was broken
	for _, v := range broken {
		f := v.f
		if seen[f] {
			continue
		}
		seen[f] = true
		x.streak[f]++
		for _, inst := range x.candidateInstances(f) {
			if b, err := ev.EvalBool(inst); err == nil && !b && push(inst) {
				relevant[f] = true
			}
		}
	}
	for _, v := range broken {
		f := v.f
		if relevant[f] {
			continue // the candidates first: often they alone refute
		}
		if !push(f.Instance(st, indexTerm(st, f, x.cands[f], ev, v.j))) {
			// The term instance is there already and yet broken: that
			// cannot be under a model of it, but the constant one is
			// always new then.
			push(f.Instance(st, st.Const(v.j)))
		}
	}
	for _, f := range x.q.Foralls {
		if !seen[f] {
			x.streak[f] = 0
			continue
		}
		if x.streak[f] >= rangeAfter || (!relevant[f] && len(f.Upper) > 0) {
			x.fillRange(f, ev, push)
		}
	}
	return n
}

// candidateInstances returns f's instances at its candidate terms, built
// once.
func (x *expander) candidateInstances(f *Forall) []term.Term {
	if insts, ok := x.candInsts[f]; ok {
		return insts
	}
	st := x.q.Store
	var cands []term.Term
	for _, t := range candidates(x.q, f) {
		cands = appendNew(cands, x.norm.index(t))
	}
	x.cands[f] = cands
	insts := make([]term.Term, len(cands))
	for i, t := range cands {
		insts[i] = f.Instance(st, t)
	}
	x.candInsts[f] = insts
	return insts
}

// fillRange adds the constant instances of f's range under ev that are not
// there yet, when the range has at most rangeChunk indices.
func (x *expander) fillRange(f *Forall, ev *term.Evaluator, push func(term.Term) bool) {
	st := x.q.Store
	lo, hi, ok, err := f.Range(ev)
	if err != nil || !ok {
		return
	}
	if n := new(big.Int).Sub(hi, lo); !n.IsUint64() || n.Uint64() >= rangeChunk {
		return
	}
	one := big.NewInt(1)
	for j := new(big.Int).Set(lo); j.Cmp(hi) <= 0; j.Add(j, one) {
		push(f.Instance(st, st.Const(bv.FromBig(f.Width, j))))
	}
}

// rangeHints returns clauses that bound every ∀'s range to its first index
// plus width (see Forall.shrinkHints).
func rangeHints(q *Query, width uint64) []term.Term {
	var hints []term.Term
	for _, f := range q.Foralls {
		if len(f.Upper) > 0 {
			hints = append(hints, f.shrinkHints(q.Store, width)...)
		}
	}
	return hints
}

// allHold reports whether every term evaluates to true under m.
func allHold(st *term.Store, ts []term.Term, m *term.Model) bool {
	ev := term.NewEvaluator(st, m)
	for _, t := range ts {
		if b, err := ev.EvalBool(t); err != nil || !b {
			return false
		}
	}
	return true
}
