package bitblast

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/arrays"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// Stage decides quantifier-free problems over Bool, bit-vectors,
// arrays, uninterpreted functions and uninterpreted sorts by blasting them to
// an AIG and solving its CNF with CaDiCaL. Arrays and functions are
// abstracted and refined by lemmas on demand (lod.go). Anything else
// (quantifiers, nested arrays, arrays as function arguments) is Unknown with
// reason "unsupported: ...".
//
// It is incremental across the checks of one session: the term-to-circuit
// map, the CNF encoder and the solver live as long as the stage, so a term is
// blasted and encoded once and learned clauses survive push and pop. Each
// assertion term t is guarded by its own activation literal a_t (the clause
// ¬a_t ∨ t is added once); a check assumes the activation literals of the
// assertions it holds plus the literals of its assumptions, so a popped
// assertion simply stops being assumed, and CaDiCaL's failed assumptions give
// the unsat core. In the session's incremental stage (NewIncremental),
// assertions at the base level (Problem.Base) are the exception: they are
// never popped, so those without a label are added as clauses of their own,
// once, and cost the solves after nothing: a long unrolling that asserts
// each step at the base level and checks each property in a scope assumes
// one literal per check, not one per step; an equality among them that
// defines a variable without a circuit gives it the other side's (hold).
// Any stage holds the assertions of
// its first check so too (most scripts check once); a later check that does
// not begin with them at its base level starts over. A stage that holds nothing for
// good starts over, fresh solver and circuits, once the solver has outgrown
// its first check (outgrown): the one-off queries of an executor or an API
// client each leave circuits behind, and every solve pays for them.
type Stage struct {
	st     *term.Store
	tb     *termBlaster
	cnf    *sat.CNF
	solver *sat.Cadical
	// cleanup closes solver if the stage is dropped without Close; reset
	// stops it before closing the solver itself.
	cleanup runtime.Cleanup
	acts    map[term.Term]sat.Lit // activation literal of each assertion term
	groups  map[string]sat.Lit    // group literal of each list of activation literals
	// checks counts Decide calls; lastUsed records the last check that held
	// each assertion, so that assertions popped for good can be retired.
	checks   int
	lastUsed map[term.Term]int
	// pruning is the array lemma pruning's mode (PruningOff: none).
	pruning Pruning
	// perm lists the base-level assertions added as clauses of their own,
	// in order: every later problem must begin with them, or the solver
	// starts over.
	perm     []term.Term
	holdBase bool
	// permFirst is set when perm holds the first check's assertions rather
	// than base-level ones (addPermanent): the stage may still outgrow them.
	permFirst bool
	base      *baseCone // the cone of perm (cone_base.go)
	// conflicts bounds each SAT call (negative: no bound); past it the
	// check is unknown ("sat solver gave up").
	conflicts int
	// firstVars is the solver's size after the first check since the last
	// reset (0 before it), the measure outgrown compares with.
	firstVars int
	// resets counts the starts over for that reason (a statistic).
	resets int
	// lazyOnly blasts no array eagerly (small.go), for tests of lemmas on
	// demand over small index sorts.
	lazyOnly bool
}

// retireAfter is how many checks an assertion may go unused before its
// activation literal is fixed false. Its clause is then satisfied for good and
// the solver can drop it and eliminate the gates only it used; the gate
// definitions stay valid, so re-asserting the term later costs one new
// activation literal. Without this, every popped assertion of a long
// push/pop session stays in the clause database and slows every solve.
const retireAfter = 4

// New returns the stage with array lemma pruning mode pruning
// ("" is PruningFull).
func New(pruning Pruning) *Stage {
	if pruning == "" {
		pruning = PruningFull
	}
	return &Stage{pruning: pruning, conflicts: -1}
}

// NewIncremental is the stage of the session's incremental attempt: New
// that holds base-level assertions as clauses of their own, with each SAT
// call bounded to conflicts conflicts (negative: no bound), so that what
// it cannot settle cheaply is left to the whole pipeline.
func NewIncremental(pruning Pruning, conflicts int) *Stage {
	s := New(pruning)
	s.conflicts, s.holdBase = conflicts, true
	return s
}

func (*Stage) Name() string { return "bitblast" }

// TimeShare gives bit-blasting half of the time left when the Z3 fallback
// comes after it. On the dev suite, 4 of the files sift decided took it more
// than 5 s, while Z3 settles some that bit-level search cannot (multiplier
// equivalences) in milliseconds.
func (*Stage) TimeShare() float64 { return 0.5 }

// reset starts over on store st with a fresh solver.
func (s *Stage) reset(st *term.Store) {
	if s.solver != nil {
		s.cleanup.Stop()
		s.solver.Close()
	}
	solver := sat.NewCadical()
	solver.SetConflictLimit(s.conflicts)
	if s.holdBase {
		// A session's checks are many similar problems, most of them
		// satisfiable or decided near the last one's search: CaDiCaL's
		// stable mode (target phases, rare restarts) keeps one search going
		// across them, where its focused mode restarts it. The replayed
		// 40-step conversation of SymbiYosys's demos/memory: 2.0 s → 1.0 s.
		solver.SetOption("stabilizeonly", 1)
	}
	// The solver holds C memory; release it when the stage is dropped.
	s.cleanup = runtime.AddCleanup(s, func(c *sat.Cadical) { c.Close() }, solver)
	b := sat.NewBlaster()
	s.st, s.solver = st, solver
	s.tb = newTermBlaster(st, b)
	s.tb.lazyOnly = s.lazyOnly
	if s.holdBase {
		s.tb.eqs = &eqAtoms{}
		s.tb.lift = newEqLift()
	}
	s.cnf = sat.NewCNF(b.AIG(), solver)
	s.acts = map[term.Term]sat.Lit{}
	s.groups = map[string]sat.Lit{}
	s.lastUsed = map[term.Term]int{}
	s.perm, s.base, s.permFirst = nil, nil, false
	s.firstVars = 0
}

// outgrowFactor and outgrowVars say when a solver has outgrown its first
// check (outgrown): past outgrowFactor times its size, and past outgrowVars
// variables, which keeps small checks from starting over all the time.
const outgrowFactor, outgrowVars = 8, 20000

// outgrown reports whether the solver should start over before the coming
// check: it holds nothing for good (Problem.Base's assertions; the first
// check's, held by addPermanent, do not count) and has grown
// past outgrowFactor times the first check's size. Every solve decides
// every variable the solver has, so the circuits of popped and retired
// assertions make each check cost what the whole history of the session
// costs; starting over costs blasting the coming check once more.
func (s *Stage) outgrown() bool {
	return (len(s.perm) == 0 || s.permFirst) && s.firstVars > 0 && s.solver.NumVars() > max(outgrowVars, outgrowFactor*s.firstVars)
}

// Close releases the solver's C memory at once (the session drops the
// stage after a check that ran out of memory).
func (s *Stage) Close() {
	if s.solver != nil {
		s.solver.Close()
		s.solver = nil
	}
}

// retire fixes false the activation literals of assertions unused for
// retireAfter checks.
func (s *Stage) retire() {
	retired := false
	for t, a := range s.acts {
		if s.checks-s.lastUsed[t] > retireAfter {
			s.solver.Add(a.Not())
			s.solver.Melt(a)
			delete(s.acts, t)
			delete(s.lastUsed, t)
			retired = true
		}
	}
	if retired && len(s.groups) > 0 {
		// Groups name lists of activation literals, some now retired.
		s.groups = map[string]sat.Lit{}
	}
}

func (s *Stage) Decide(ctx context.Context, p *stage.Problem) (v stage.Verdict, err error) {
	if s.st != p.Store || s.solver == nil || !s.permHolds(p) {
		s.reset(p.Store)
	} else if s.outgrown() {
		stats := s.tb.lod.stats
		s.reset(p.Store)
		s.tb.lod.stats = stats
		s.resets++
	}
	defer func() {
		// A panic in the blaster is a bug; the state it leaves is not to be
		// trusted, so the next check starts over.
		if r := recover(); r != nil {
			s.reset(p.Store)
			v, err = stage.Verdict{}, fmt.Errorf("bitblast: internal error: %v", r)
		}
	}()
	stop := func(err error) (stage.Verdict, error) {
		var u *unsupportedError
		switch {
		case errors.As(err, &u):
			return stage.Verdict{Status: term.Unknown, Reason: u.Error()}, nil
		case ctx.Err() != nil:
			return stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(ctx.Err())}, nil
		}
		return stage.Verdict{}, err
	}

	s.checks++
	base, err := s.addPermanent(ctx, p)
	if err != nil {
		return stop(err)
	}
	scoped := p.Assertions[base:]
	for _, a := range scoped {
		s.lastUsed[a] = s.checks
	}
	s.retire()
	actLits := make([]sat.Lit, len(scoped))
	for i, a := range scoped {
		l, err := s.activation(ctx, a)
		if err != nil {
			return stop(err)
		}
		actLits[i] = l
	}
	asmLits := make([]sat.Lit, len(p.Assumptions))
	for i, a := range p.Assumptions {
		e, err := s.tb.Bool(ctx, a)
		if err == nil {
			err = s.cnf.Encode(ctx, e)
		}
		if err != nil {
			return stop(err)
		}
		asmLits[i] = s.cnf.Lit(e)
	}

	if err := s.define(ctx); err != nil {
		return stop(err)
	}
	if s.tb.lod.extraGrew() {
		s.base = nil // definitions added reads to the permanent cone
	}
	if s.firstVars == 0 {
		s.firstVars = s.solver.NumVars()
	}
	roots := p.Assertions // read only
	if len(p.Assumptions) > 0 {
		roots = p.Terms()
	}
	cone := s.checkCone(roots, base)
	abstracted := len(cone.reads)+len(cone.apps)+len(cone.eqs) > 0
	lst := &s.tb.lod.stats
	arrayCheck := len(cone.reads)+len(cone.eqs) > 0
	if abstracted {
		lst.checks++
	}
	s.tb.lod.oracle = mayAlias{}
	if arrayCheck {
		lst.arrayChecks++
		lst.candidates += arrays.CountCandidates(p.Store, roots)
		s.tb.lod.oracle = s.pruning.oracle(ctx, p)
	}
	// CaDiCaL spends a decision level per assumption on every solve, which
	// dominates a CEGAR loop over thousands of assertions: those loops assume
	// one literal that implies all activation literals instead.
	assumed := actLits
	if abstracted && len(actLits) > groupThreshold {
		assumed = []sat.Lit{s.group(actLits)}
	}
	for {
		s.solver.Assume(assumed...)
		s.solver.Assume(asmLits...)
		if abstracted {
			lst.iterations++
		}
		if arrayCheck {
			lst.arrayIterations++
		}
		switch s.solver.Solve(ctx) {
		case sat.Sat:
			m, err := s.tb.lod.refine(ctx, s.cnf, s.solver, cone)
			if err != nil {
				return stop(err)
			}
			if m != nil {
				return stage.Verdict{Status: term.Sat, Model: m}, nil
			}
			if err := s.define(ctx); err != nil {
				return stop(err)
			}
			if s.tb.lod.extraGrew() {
				// Lemmas added reads under array equalities, some of
				// them in the permanent cone.
				s.base = nil
				cone = s.checkCone(roots, base)
			}
			if err := ctx.Err(); err != nil {
				return stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(err)}, nil
			}
			continue
		case sat.Unsat:
			if len(assumed) != len(actLits) {
				// Once more with the activation literals themselves, for
				// the core; the lemmas learned make this solve short.
				s.solver.Assume(actLits...)
				s.solver.Assume(asmLits...)
				if s.solver.Solve(ctx) != sat.Unsat {
					return stage.Verdict{Status: term.Unsat}, nil
				}
			}
			if p.NoCores {
				// Nobody asks: a client's base holds thousands of
				// assertions, and listing them per check was the
				// largest allocation of a 400-step unrolling.
				return stage.Verdict{Status: term.Unsat}, nil
			}
			// The permanent assertions carry no literal to fail: all of
			// them are in the core (sized once: a client's base holds
			// thousands, and growing it per check was a fifth of a
			// 1,200-step unrolling).
			v := stage.Verdict{Status: term.Unsat, Core: make([]int, base, base+len(actLits)), FailedAssumptions: []int{}}
			for i := range base {
				v.Core[i] = i
			}
			for i, l := range actLits {
				if s.solver.Failed(l) {
					v.Core = append(v.Core, base+i)
				}
			}
			for i, l := range asmLits {
				if s.solver.Failed(l) {
					v.FailedAssumptions = append(v.FailedAssumptions, i)
				}
			}
			return v, nil
		}
		if err := ctx.Err(); err != nil {
			return stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(err)}, nil
		}
		if s.solver.Err() != nil {
			// CaDiCaL could not allocate (an address-space limit): the
			// solver is given up, and the next check starts over.
			s.Close()
			return stage.Verdict{Status: term.Unknown, Reason: "memout"}, nil
		}
		return stage.Verdict{Status: term.Unknown, Reason: "sat solver gave up"}, nil
	}
}

// groupThreshold is the number of assertions above which a CEGAR loop
// assumes one group literal instead of every activation literal.
const groupThreshold = 64

// group returns a literal that implies every literal of lits (made once per
// distinct list).
func (s *Stage) group(lits []sat.Lit) sat.Lit {
	var b strings.Builder
	for _, l := range lits {
		b.WriteString(strconv.Itoa(int(l)))
		b.WriteByte(',')
	}
	k := b.String()
	if g, ok := s.groups[k]; ok {
		return g
	}
	g := s.solver.NewVar()
	s.solver.Freeze(g)
	for _, l := range lits {
		s.solver.Add(g.Not(), l)
	}
	s.groups[k] = g
	return g
}

// Statistics reports what the lemmas-on-demand loop did over the session.
func (s *Stage) Statistics() [][2]string {
	lod := &lodStats{}
	if s.tb != nil {
		lod = &s.tb.lod.stats
	}
	triangles := 0
	if s.tb != nil && s.tb.eqs != nil {
		triangles = s.tb.eqs.triangles
	}
	return append(lod.pairs(), [2]string{"bitblast-renewals", strconv.Itoa(s.resets)},
		[2]string{"bitblast-triangles", strconv.Itoa(triangles)})
}

// permHolds reports whether p begins with the assertions added for good.
func (s *Stage) permHolds(p *stage.Problem) bool {
	return len(s.perm) <= min(p.Base, len(p.Assertions)) && slices.Equal(s.perm, p.Assertions[:len(s.perm)])
}

// define expands the pending array reads through their definitions, lifts
// the word equalities they and the new assertions brought (lift.go) and
// closes the equalities' triangles (transitivity.go): the clauses each
// check adds before it solves and after each refinement.
func (s *Stage) define(ctx context.Context) error {
	if err := s.tb.lod.define(ctx, s.cnf, s.solver); err != nil {
		return err
	}
	if err := s.tb.liftAll(ctx, s.cnf, s.solver); err != nil {
		return err
	}
	if s.tb.eqs != nil {
		return s.tb.eqs.close(ctx, s.cnf, s.solver)
	}
	return nil
}

// addPermanent adds as clauses of their own the unlabeled base-level
// assertions of p not added yet (on the stage's first check, the leading
// unlabeled assertions whatever their level), and returns how many leading
// assertions of p are held so. Labeled ones keep their activation literals,
// for precise cores.
func (s *Stage) addPermanent(ctx context.Context, p *stage.Problem) (int, error) {
	n := len(s.perm)
	limit := 0
	switch {
	case s.holdBase:
		limit = min(p.Base, len(p.Assertions))
	case s.checks == 1:
		// The stage's first check holds all its assertions for good: most
		// scripts check once, and CaDiCaL simplifies clauses of their own
		// far better than clauses behind assumed literals. A later check
		// that does not begin with them starts over (permHolds).
		limit = len(p.Assertions)
		s.permFirst = true
	}
	for n < limit && p.Labels[n] == "" {
		t := p.Assertions[n]
		if err := s.hold(ctx, t); err != nil {
			return len(s.perm), err
		}
		s.tb.lod.addFacts(t)
		s.tb.liftFacts(t)
		s.perm = append(s.perm, t)
		n++
	}
	return n, nil
}

// hold adds the assertion t for good, a unit clause per top-level
// conjunct. In the session's incremental stage, a conjunct x = y whose
// variable x has no circuit yet defines it instead (termBlaster.define):
// a client asserts each step's next state so, and its equality circuits
// and clauses were a third of what a long unrolling gave CaDiCaL.
func (s *Stage) hold(ctx context.Context, t term.Term) error {
	var err error
	s.st.EachConjunct(t, func(c term.Term) {
		if err != nil {
			return
		}
		if s.holdBase {
			var defined bool
			if defined, err = s.tb.define(ctx, c); defined || err != nil {
				return
			}
		}
		var e sat.Edge
		if e, err = s.tb.Bool(ctx, c); err == nil {
			err = s.cnf.Encode(ctx, e)
		}
		if err == nil {
			s.solver.Add(s.cnf.Lit(e))
		}
	})
	return err
}

// activation returns the literal that, when assumed, asserts t; the guarding
// clause is added the first time t is asserted.
func (s *Stage) activation(ctx context.Context, t term.Term) (sat.Lit, error) {
	if l, ok := s.acts[t]; ok {
		return l, nil
	}
	e, err := s.tb.Bool(ctx, t)
	if err == nil {
		err = s.cnf.Encode(ctx, e)
	}
	if err != nil {
		return 0, err
	}
	body := s.cnf.Lit(e)
	a := s.solver.NewVar()
	s.solver.Freeze(a) // assumed in later checks: keep it out of elimination
	s.solver.Add(a.Not(), body)
	s.acts[t] = a
	return a, nil
}
