package qbv

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sift-solver/sift/term"
)

// Status is an answer of the procedure or of a quantifier-free solve.
type Status = term.Status

const (
	Unsat   = term.Unsat
	Unknown = term.Unknown
	Sat     = term.Sat
)

// QFSolver decides quantifier-free problems for the procedure: the
// conjunction of the assertions under the assumptions, with a model when it
// is satisfiable. The engine supplies it. One QFSolver serves one role of one
// run (the ground problem, or the counterexample checks), so an incremental
// implementation keeps what it learned across the run's rounds.
type QFSolver interface {
	Solve(ctx context.Context, assertions, assumptions []term.Term) (Status, *term.Model, error)
}

// Rule names what decided a problem.
type Rule string

const (
	// RuleRefuted: the ground abstraction together with the Skolemization
	// and instantiation lemmas is unsatisfiable.
	RuleRefuted Rule = "refutation"
	// RuleVerified: every quantifier atom's value under the ground model was
	// proved by a counterexample check or a Skolem witness.
	RuleVerified Rule = "verified-model"
	// RuleEliminated: normalisation (equality resolution, expansion of
	// narrow variables) removed every quantifier, and the ground solver
	// decided what was left.
	RuleEliminated Rule = "eliminated"
)

// Result is the procedure's answer on one problem.
type Result struct {
	Status Status
	Model  *term.Model // for Sat: values of the input's free symbols
	Rule   Rule        // for Sat and Unsat
	Reason string      // for Unknown
	// Rounds counts ground solves, Instances and Skolemizations the lemmas
	// of each kind the run added, Quantifiers the atoms registered.
	Rounds, Instances, Skolemizations, Quantifiers int
	// ModelCheck, when set, proves assertions true under Model for the
	// validation in place of Solver.Prove (models over a finite domain,
	// finite.go).
	ModelCheck func(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error
}

// Solver runs the procedure over the quantifier-free solvers NewQF makes.
type Solver struct {
	NewQF func(st *term.Store) QFSolver
	// NewCheckQF, when set, makes the solvers of the counterexample
	// checks of quantifier-free bodies (NewQF otherwise). Each check is a
	// new formula with the free symbols fixed, which word-level passes
	// before bit-blasting shrink, where the ground problem grows by lemmas
	// and gains from staying incremental.
	NewCheckQF func(st *term.Store) QFSolver
	// ExpandBits bounds the total width of the variables of a ∀ that
	// normalisation replaces by the conjunction of all its instances.
	ExpandBits uint32
	// MaxDepth bounds the nesting of counterexample checks that are
	// themselves quantified (one level per ∀∃ alternation).
	MaxDepth int
	Stats    Stats
	facts    *facts
}

// NewSolver returns a solver over newQF with the default limits.
func NewSolver(newQF func(st *term.Store) QFSolver) *Solver {
	return &Solver{NewQF: newQF, ExpandBits: 8, MaxDepth: 6}
}

// errUnsupported marks input the procedure does not handle.
var errUnsupported = errors.New("unsupported")

// Solve decides the conjunction of roots.
func (s *Solver) Solve(ctx context.Context, st *term.Store, roots []term.Term) (Result, error) {
	s.Stats.Calls++
	if err := supported(st, roots); err != nil {
		if !hasUninterpretedBound(st, roots) {
			s.Stats.Unknown++
			return Result{Reason: err.Error()}, nil
		}
		s.Stats.Finite++
		res, err := s.solveFinite(ctx, st, roots)
		switch res.Status {
		case Sat:
			s.Stats.Sat++
		case Unsat:
			s.Stats.Unsat++
		default:
			s.Stats.Unknown++
		}
		return res, err
	}
	r := s.newRun(st, newNormalizer(st, &s.Stats, s.ExpandBits), 0)
	for _, a := range roots {
		r.assert(a)
	}
	status, m, err := r.loop(ctx, nil)
	res := Result{Status: status, Rounds: r.rounds, Instances: r.instances, Skolemizations: r.skolemizations, Quantifiers: len(r.quants)}
	if err != nil {
		s.Stats.Unknown++
		return res, err
	}
	switch status {
	case Sat:
		s.Stats.Sat++
		res.Rule = RuleVerified
		res.Model = restrict(st, m, roots)
	case Unsat:
		s.Stats.Unsat++
		res.Rule = RuleRefuted
	default:
		s.Stats.Unknown++
		res.Reason = r.reason
		if ctx.Err() != nil {
			res.Reason = ctx.Err().Error()
		}
		return res, nil
	}
	if len(r.quants) == 0 {
		res.Rule = RuleEliminated
	}
	return res, nil
}

// supported reports why roots are outside what the procedure handles: bound
// variables of sorts other than Bool and bit-vectors.
func supported(st *term.Store, roots []term.Term) error {
	var bad error
	st.PostOrder(roots, func(t term.Term) {
		if bad != nil || !st.Op(t).IsQuantifier() {
			return
		}
		args := st.Args(t)
		for _, v := range args[:len(args)-1] {
			s := st.SortOf(v)
			if !st.IsBool(s) && !st.IsBitVec(s) {
				bad = fmt.Errorf("%w: quantifier over %s", errUnsupported, st.SortString(s))
				return
			}
		}
	})
	return bad
}

// restrict returns the part of m that gives values to the free symbols of
// roots.
func restrict(st *term.Store, m *term.Model, roots []term.Term) *term.Model {
	out := term.NewModel()
	for _, x := range st.FreeVarsOf(roots...) {
		if v, ok := m.Values[x]; ok {
			out.Set(x, v)
		}
	}
	return out
}

// run is one instance of the loop: a ground problem (the abstraction of its
// assertions plus lemmas) and the quantifiers registered in it. A nested
// counterexample check is a run of its own, one level deeper.
type run struct {
	s     *Solver
	st    *term.Store
	norm  *normalizer
	depth int

	ground QFSolver
	ce     QFSolver // counterexample checks of the quantifier-free bodies
	ceUses int      // checks ce served

	asserted []term.Term // abstracted assertions and lemmas
	inputs   int         // the assertions among them: asserted[:inputs]
	lemmas   map[term.Term]bool
	// instances and skolemizations count the lemmas of each kind.
	instances, skolemizations int
	quants                    []*quantifier
	atoms                     map[term.Term]*quantifier // normal ∀ term → its record
	byAtom                    map[term.Term]*quantifier // atom → record
	absMemo                   map[term.Term]term.Term
	cheapMemo                 map[term.Term]term.Term // cheapProducts
	pool                      *pool

	rounds int
	reason string // why the last loop ended Unknown
	// tier indexes groundTiers: the ground problem has no model with
	// factors narrower than the tiers before it.
	tier int
	// guess solves the ground problem with strong, the strengthenings of
	// the atoms before quants[strengthened] (strengthen.go); strongOff: it
	// was unsat, and the run goes on with ground alone.
	guess        QFSolver
	strong       []term.Term
	strengthened int
	strongOff    bool
}

func (s *Solver) newRun(st *term.Store, norm *normalizer, depth int) *run {
	return &run{s: s, st: st, norm: norm, depth: depth, ground: s.NewQF(st),
		lemmas: map[term.Term]bool{}, atoms: map[term.Term]*quantifier{}, byAtom: map[term.Term]*quantifier{},
		absMemo: map[term.Term]term.Term{}, cheapMemo: map[term.Term]term.Term{}, pool: newPool(st)}
}

// assert adds a root (closed: no free bound variable) to the ground problem.
func (r *run) assert(t term.Term) {
	r.pool.collect(t)
	a := r.abstract(t)
	r.asserted = append(r.asserted, r.groundForm(a, false))
	r.inputs = len(r.asserted)
	// An atom asserted false (an ∃ among the top conjuncts) is Skolemized
	// in every model: its Skolem constants are candidates for selection.
	for _, c := range conjuncts(r.st, a, nil) {
		if r.st.Op(c) == term.OpNot {
			if q := r.byAtom[r.st.Arg(c, 0)]; q != nil {
				q.asserted = true
			}
		}
	}
}

// addLemma adds a lemma in the rewriter's normal form unless it is already
// there; it reports whether the lemma was new.
func (r *run) addLemma(l term.Term) bool { return r.addLemmaForm(l, true) }

// addLemmaForm is addLemma, with the lemma rewritten only when rewrite is
// set (groundform.go).
func (r *run) addLemmaForm(l term.Term, rewrite bool) bool {
	if r.lemmas[l] || l == r.st.True() {
		return false
	}
	r.lemmas[l] = true
	r.asserted = append(r.asserted, r.groundForm(l, rewrite))
	return true
}

// loop runs rounds until the ground problem is unsat under the assumptions,
// or a ground model has every quantifier atom proved, or nothing more can
// be done.
func (r *run) loop(ctx context.Context, assumptions []term.Term) (Status, *term.Model, error) {
	for {
		if err := ctx.Err(); err != nil {
			r.reason = err.Error()
			return Unknown, nil, nil
		}
		r.rounds++
		r.s.Stats.Rounds++
		status, m, err := r.solveGround(ctx, assumptions)
		if err != nil {
			return Unknown, nil, err
		}
		switch status {
		case Unsat:
			return Unsat, nil, nil
		case Unknown:
			r.reason = "the ground solver gave up"
			return Unknown, nil, nil
		}
		added, open := 0, false
		r.pool.newModel(m)
		skip := r.unneeded(m, r.nestedChecks(m))
		for i, n := 0, len(r.quants); i < n; i++ {
			q := r.quants[i]
			if skip[q.atom] {
				continue
			}
			if !boolValue(r.st, m, q.atom) {
				if !q.skolemized {
					q.skolemized = true
					q.skolem = r.skolemization(q)
					if r.addLemma(q.skolem) {
						r.skolemizations++
						r.s.Stats.Skolemizations++
						added++
					}
				}
				continue
			}
			key, cacheable := q.valuesKey(r.st, m)
			if cacheable && q.provedUnder == key && q.proved {
				continue
			}
			r.s.Stats.Checks++
			cs, ce, err := r.check(ctx, q, m)
			if err != nil {
				return Unknown, nil, err
			}
			switch cs {
			case Unsat:
				q.proved, q.provedUnder = cacheable, key
				r.record(q, m, true)
			case Sat:
				ce = r.toBoundary(q, m, ce) // boundary.go
				if r.instantiate(q, m, ce) {
					added++
				} else {
					open = true
					r.reason = "no new instance for a counterexample"
				}
			default:
				open = true
				r.reason = "a counterexample check was not decided"
				if ctx.Err() != nil {
					r.reason = ctx.Err().Error()
					return Unknown, nil, nil
				}
			}
		}
		if added == 0 {
			if open {
				return Unknown, nil, nil
			}
			if len(skip) > 0 && !r.allTrue(term.NewEvaluator(r.st, m), skip) {
				r.reason = "atoms left unproved turned out needed"
				return Unknown, nil, nil
			}
			// Every atom the model needs is proved: the false ones are
			// false facts now.
			r.s.Stats.Unneeded += len(skip)
			for _, q := range r.quants {
				if !skip[q.atom] && !boolValue(r.st, m, q.atom) {
					r.record(q, m, false)
				}
			}
			return Sat, m, nil
		}
	}
}

// nestedChecks returns the atoms true under m whose check would be a
// nested run (their bodies have quantifiers of their own) and is not
// settled by an earlier proof: the candidates to leave unproved
// (relevance.go).
func (r *run) nestedChecks(m *term.Model) []*quantifier {
	var out []*quantifier
	for _, q := range r.quants {
		if !boolValue(r.st, m, q.atom) {
			continue
		}
		key, cacheable := q.valuesKey(r.st, m)
		if q.quantified && !(cacheable && q.provedUnder == key && q.proved) {
			out = append(out, q)
		}
	}
	return out
}

// solveGround solves the ground problem, first with the constants under
// products restricted to small values while that is satisfiable: a model
// with a small factor makes the counterexample check a cheap product, where
// a large one can make it a multiplier the SAT solver cannot get through
// (termination arguments ∃c∀x. c·x' < c·x are like that). The tiers go
// from tiny to small: a factor in -2..1 keeps the check's sums next to
// each other (c·(n−1) < c·n for c = 1 is n − 1 < n, for c = 65 an
// identity of two multipliers the SAT solver must prove).
//
// Before the tiers, while it has models, the ground problem is solved with
// the atoms' strengthenings selected (strengthen.go).
func (r *run) solveGround(ctx context.Context, assumptions []term.Term) (Status, *term.Model, error) {
	if r.strengthen() {
		if r.guess == nil {
			r.guess = r.s.NewQF(r.st)
		}
		// The guesses first: they change only as atoms come, the lemmas every
		// round, and the solver keeps what a check begins with as before.
		status, m, err := r.solveTiers(ctx, r.guess, append(slices.Clone(r.strong), r.asserted...), assumptions, false)
		if status != Unsat || err != nil {
			return status, m, err
		}
		r.strongOff, r.guess = true, nil
		r.s.Stats.StrengthenedOff++
	}
	return r.solveTiers(ctx, r.ground, r.asserted, assumptions, true)
}

// solveTiers solves asserted under assumptions with solver, from tier
// r.tier on; with advance set, a tier found unsat is left for good.
func (r *run) solveTiers(ctx context.Context, solver QFSolver, asserted, assumptions []term.Term, advance bool) (Status, *term.Model, error) {
	for tier := r.tier; tier < len(groundTiers); tier++ {
		var small []term.Term
		seen := map[term.Term]bool{}
		for _, q := range r.quants {
			q.prepare(r.st)
			for _, x := range q.nonlinearSyms {
				if s := isSmall(r.st, x, groundTiers[tier]); s != term.NoTerm && !seen[s] {
					seen[s] = true
					small = append(small, s)
				}
			}
		}
		if len(small) == 0 {
			break
		}
		status, m, err := solver.Solve(ctx, asserted, append(append([]term.Term(nil), assumptions...), small...))
		if status != Unsat || err != nil {
			return status, m, err
		}
		// Lemmas only accumulate, so this tier stays impossible.
		if advance {
			r.tier = tier + 1
		}
	}
	return solver.Solve(ctx, asserted, assumptions)
}

// groundTiers are the widths whose sign extensions solveGround tries for
// the factors of products, in order.
var groundTiers = []uint32{2, smallWidth}

// skolemization returns the lemma a ∨ ¬φ[x:=k] for fresh constants k: when
// the atom a of ∀x.φ is false, k witnesses it.
func (r *run) skolemization(q *quantifier) term.Term {
	st := r.st
	sub := make(map[term.Term]term.Term, len(q.vars))
	for _, v := range q.vars {
		k := st.Fresh("qbv!sk", st.SortOf(v))
		sub[v] = k
		if q.asserted {
			r.pool.addSkolem(k)
		}
	}
	inst := st.Substitute(q.body, sub)
	r.pool.collect(inst)
	return st.Or(q.atom, st.Not(r.abstract(inst)))
}

// boolValue is the value of a Boolean symbol under m (false when m leaves
// it out, as evaluation takes it).
func boolValue(st *term.Store, m *term.Model, x term.Term) bool {
	v := st.ValueOf(m, x)
	return v.Kind == term.ValBool && v.Bool
}
