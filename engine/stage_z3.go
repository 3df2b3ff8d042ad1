package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// z3Stage is the fallback: the last stage, which hands what every stage
// before it left unknown or unsupported to Z3: to the z3 executable when
// Options.Z3Binary names one (z3_binary.go), and otherwise, or when the
// executable fails to answer, through the cgo binding, run in a worker
// process by default (z3_isolation.go): a crash inside libz3 then answers
// this check unknown, and the session goes on.
//
// Unsat is Z3's word. Sat comes with Z3's model read back into a term.Model,
// which the driver validates like any other; assertions whose evaluation
// passes the quantifier cap are instead proved true under the model
// (ModelCheck, "proved by z3"): by sift's own quantifier procedure within a
// small budget, and otherwise by a second Z3 call. A model that cannot be
// imported exactly makes the answer unknown.
type z3Stage struct {
	solver z3.Solver
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
	newProver func() modelProver
}

// z3Options say how the fallback reaches Z3.
type z3Options struct {
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
	NewProver func() modelProver
}

// modelProver proves assertions true under a model (qbv.Solver's Prove):
// nil only when it has proved them all.
type modelProver interface {
	Prove(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term) error
}

// z3StageName is the fallback's name in the pipeline (and in --disable).
const z3StageName = "z3-fallback"

// newZ3Stage returns the fallback, reaching Z3 as o says: by default
// through the process's shared Z3 workers.
func newZ3Stage(o z3Options) *z3Stage {
	var route z3.Solver = &isolatedZ3{workers: sharedWorkers()}
	if o.InProcess {
		route = z3.InProcess{MemoryMB: o.MemoryMB}
	}
	if o.Binary != "" && !o.Interpreter {
		bin := z3.Binary{Path: o.Binary, MemoryMB: o.MemoryMB}
		route = &binaryFirst{binary: bin.Solve, next: route}
	}
	return &z3Stage{solver: route, textToInterpreter: o.Interpreter, newProver: o.NewProver}
}

func (*z3Stage) Name() string { return z3StageName }

// Statistics reports the stage's counters for --stats.
func (s *z3Stage) Statistics() [][2]string {
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
func (s *z3Stage) call(ctx context.Context, script string) (z3.Result, error) {
	return s.counted(s.solver.Solve(ctx, script))
}

func (s *z3Stage) interpret(ctx context.Context, script string) (z3.Result, error) {
	return s.counted(s.solver.Interpret(ctx, script))
}

func (s *z3Stage) counted(res z3.Result, err error) (z3.Result, error) {
	var crash *z3.CrashError
	if errors.As(err, &crash) {
		s.crashes.Add(1)
	}
	return res, err
}

func (s *z3Stage) Decide(ctx context.Context, p *stage.Problem) (stage.Verdict, error) {
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
// the terms otherwise. The text goes through the API (z3.Solve picks the
// solver the z3 binary would for the script's logic); with
// Options.Z3Interpreter it goes to Z3's command interpreter instead, whose
// API version ignores set-logic and runs Z3's default strategy (faster on a
// few quantified BV files, slower on more: docs/bench/fallback-parity).
// Text Z3 rejects (SMT-LIB 2.7 operators it does not know, say) is printed
// by sift instead.
func (s *z3Stage) solveAsPosed(ctx context.Context, p *stage.Problem, all []term.Term) (z3.Result, error) {
	if text, ok := p.PosedText(); ok {
		decide := s.call
		if s.textToInterpreter {
			decide = s.interpret
		}
		res, err := decide(ctx, text)
		var crash *z3.CrashError
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
func (s *z3Stage) solve(ctx context.Context, p *stage.Problem, onOriginal bool) (stage.Verdict, error) {
	st := p.Store
	all := append(append([]term.Term(nil), p.Assertions...), p.Assumptions...)
	start := time.Now()
	res, err := s.solveAsPosed(ctx, p, all)
	took := time.Since(start)
	var crash *z3.CrashError
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
	case z3.Unsat:
		s.unsat++
		return stage.Verdict{Status: term.Unsat}, nil
	case z3.Sat:
		m, err := importZ3Model(st, freeVars(st, all), res.Model)
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

// checkModel proves assertions true under m with Z3: it defines every symbol
// as its value in m, asserts that some assertion is false, and requires Z3
// to answer unsat. Anything else (sat, unknown, an error) is a failure.
//
// A closed assertion (no free symbol) that Z3 was itself given is true
// already: Z3 found the conjunction it belongs to satisfiable, and its truth
// does not depend on the model. Re-proving it would ask Z3 to refute the
// negation, which for ∃∀ sentences is often far harder than the original
// query.
func (s *z3Stage) checkModel(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, sent map[term.Term]bool, help checkHelp) error {
	var open []term.Term
	for _, a := range assertions {
		if !sent[a] || len(st.FreeVars(a)) > 0 {
			open = append(open, a)
		}
	}
	if len(open) == 0 {
		s.modelChecks.Add(int64(len(assertions)))
		return nil
	}
	if open = s.proveOwn(ctx, st, m, open, help.budget); len(open) == 0 {
		s.modelChecks.Add(int64(len(assertions)))
		return nil
	}
	if open = s.confirmInstances(ctx, st, m, open, help); len(open) == 0 {
		s.modelChecks.Add(int64(len(assertions)))
		return nil
	}
	s.modelChecks.Add(int64(len(assertions) - len(open)))
	assertions = open
	res, err := s.call(ctx, modelCheckScript(st, m, assertions))
	if err != nil {
		s.checkFailures.Add(1)
		return fmt.Errorf("z3 could not check the model: %w", err)
	}
	if res.Status != z3.Unsat {
		s.checkFailures.Add(1)
		if res.Status == z3.Sat {
			return fmt.Errorf("z3 found an assertion false under the model")
		}
		return fmt.Errorf("z3 could not confirm the model (%s)", strings.Trim(res.Reason, "()"))
	}
	s.modelChecks.Add(int64(len(assertions)))
	return nil
}

// checkHelp is what the check of a Z3 model may use besides the model: the
// time sift's own proofs get, and the problem Z3 was given (its assertions,
// and the script's text when Z3 got that).
type checkHelp struct {
	budget   time.Duration
	z3Took   time.Duration // what the first Z3 call took
	all      []term.Term
	posed    string
	hasPosed bool
}

// ownProofBudget is the time sift's own procedure gets to prove a Z3 model's
// quantified assertions before a second Z3 call does: a floor that covers
// the quick proofs (3–14 ms on most of the parity benchmark's sat files,
// whatever the first call took: q3b's sum02, 13 ms after 6.4 s), or a
// fifteenth of the first call, well below what the second call costs after
// a long one (a fifth to two fifths of the first on the RND files: RND_4_4's
// proof takes 70 ms after a 1.37 s first call). A failed proof only delays
// the second call: on RND_4_5 (0.22 s, then 0.08 s) the budget before,
// 10 ms + a tenth of the first call, spent 32 ms on it.
func ownProofBudget(z3Took time.Duration) time.Duration {
	return max(20*time.Millisecond, z3Took/15)
}

// proveOwn proves assertions true under m with sift's own quantifier
// procedure (qbv.Prove: each free symbol fixed to its value, the closed
// sentence decided by counterexample-guided instantiation over the
// bit-blaster) within budget, and returns those it did not prove. On the
// small sat files of the fallback parity benchmark, a second Z3 process
// cost as much as the first.
func (s *z3Stage) proveOwn(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, budget time.Duration) []term.Term {
	if s.newProver == nil {
		return assertions
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	prover := s.newProver()
	ev := term.NewEvaluator(st, m)
	var rest []term.Term
	for i, a := range assertions {
		if ctx.Err() != nil {
			return append(rest, assertions[i:]...)
		}
		if !s.proveParts(ctx, prover, st, m, ev, a) {
			rest = append(rest, a)
			continue
		}
		s.ownProofs.Add(1)
	}
	return rest
}

// proveParts proves a true under m by its structure where that is cheaper
// than proving it whole: a conjunction by each conjunct that evaluation
// does not settle, a disjunction by any one disjunct, anything else by
// qbv.Prove. On the RND files of the parity benchmark the model makes one
// disjunct true at once and the other hard to prove, while the whole
// disjunction costs both sift's procedure and Z3 several times more
// (RND_6_10: Z3 0.00 s on the true disjunct, 0.05–0.17 s on the
// disjunction, no answer in 4 s on the other disjunct).
func (s *z3Stage) proveParts(ctx context.Context, prover modelProver, st *term.Store, m *term.Model, ev *term.Evaluator, a term.Term) bool {
	if b, err := ev.EvalBool(a); err == nil {
		return b
	}
	switch st.Op(a) {
	case term.OpAnd:
		for _, c := range st.Args(a) {
			if !s.proveParts(ctx, prover, st, m, ev, c) {
				return false
			}
		}
		return true
	case term.OpOr:
		ds := modelDependentFirst(st, st.Args(a))
		return slices.ContainsFunc(ds, func(d term.Term) bool { return s.proveParts(ctx, prover, st, m, ev, d) })
	}
	return ctx.Err() == nil && prover.Prove(ctx, st, m, []term.Term{a}) == nil
}

// modelDependentFirst returns ds with the terms that have free symbols
// before the closed sentences, each group in its order: a closed sentence's
// truth is the same in every model, so Z3's model says least about it, and
// it is often the hard one (semantic-fusion RND_3_1: a closed ∃∀ disjunct
// that qbv does not prove in 2 s, beside a disjunct over the model's x1
// proved in 8 ms).
func modelDependentFirst(st *term.Store, ds []term.Term) []term.Term {
	out := make([]term.Term, 0, len(ds))
	for _, closed := range []bool{false, true} {
		for _, d := range ds {
			if (len(st.FreeVars(d)) == 0) == closed {
				out = append(out, d)
			}
		}
	}
	return out
}

// maxRaced bounds the disjuncts confirmDisjuncts runs at once.
const maxRaced = 4

// minRaced is the shortest first Z3 call after which confirmDisjuncts
// races: each racer costs a z3 process for up to a quarter of that call,
// and after a short call that is more than a failed race can afford (on
// RND_3_1, after 50 ms, a race of 25 ms that found nothing made the model's
// check 60% dearer).
const minRaced = 150 * time.Millisecond

// confirmDisjuncts confirms each disjunction among assertions by asking Z3
// about its disjuncts, instantiated with m, all at once: the first found
// true proves the disjunction, and the others are stopped. The race lasts
// at most a quarter of what the first Z3 call took, and is run only after
// a call of minRaced or more, so that where no disjunct is quick it costs
// little. It returns the assertions it did not confirm.
func (s *z3Stage) confirmDisjuncts(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, z3Took time.Duration) []term.Term {
	if z3Took < minRaced {
		return assertions
	}
	var rest []term.Term
	for _, a := range assertions {
		if st.Op(a) != term.OpOr || st.NumArgs(a) > maxRaced || !s.raceTrue(ctx, st, m, st.Args(a), z3Took/4) {
			rest = append(rest, a)
			continue
		}
		s.disjunctProofs.Add(1)
	}
	return rest
}

// raceTrue reports whether Z3 finds one of the sentences ds, instantiated
// with m, true within limit.
func (s *z3Stage) raceTrue(ctx context.Context, st *term.Store, m *term.Model, ds []term.Term, limit time.Duration) bool {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	found := make(chan bool, len(ds))
	for _, d := range ds {
		c, ok := instantiate(st, m, d)
		if !ok {
			return false
		}
		script := problemScript(st, []term.Term{c})
		go func() {
			res, err := s.call(ctx, script)
			found <- err == nil && res.Status == z3.Sat
		}()
	}
	for range ds {
		if <-found {
			return true
		}
	}
	return false
}

// confirmInstances confirms assertions whose free symbols are all Boolean
// or bit-vector constants by fixing the symbols to their values in m: the
// result is true exactly when Z3 finds it satisfiable. Proving the instance
// true is often far easier than refuting its negation (for ∃∀ sentences the
// negation is ∀∃). It returns the assertions it did not confirm.
//
// When Z3 got the script's own text and every symbol of the problem is such
// a constant, the instance is that text with an equality per symbol
// (fixedScript): z3 4.8.12 decided it in half the time of sift's printing of
// the instantiated terms, which constant folding has rewritten, on the
// quantified sat files of the parity benchmark (RND_6_10: 0.12 s against
// 0.25 s). Otherwise it is sift's printing of each assertion instantiated.
func (s *z3Stage) confirmInstances(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, help checkHelp) []term.Term {
	if assertions = s.confirmDisjuncts(ctx, st, m, assertions, help.z3Took); len(assertions) == 0 {
		return nil
	}
	if help.hasPosed {
		if script, ok := fixedScript(st, m, help.posed, help.all); ok {
			if res, err := s.call(ctx, script); err == nil && res.Status == z3.Sat {
				return nil
			}
			return assertions
		}
	}
	var rest, closed []term.Term
	for _, a := range assertions {
		if c, ok := instantiate(st, m, a); ok {
			closed = append(closed, c)
		} else {
			rest = append(rest, a)
		}
	}
	if len(closed) == 0 {
		return assertions
	}
	if res, err := s.call(ctx, problemScript(st, closed)); err == nil && res.Status == z3.Sat {
		return rest
	}
	return assertions
}

// fixedScript returns the script text posed with every free symbol of all
// fixed to its value in m: satisfiable exactly when every assertion of all
// holds under m. It fails when some symbol is not a Boolean or bit-vector
// constant.
func fixedScript(st *term.Store, m *term.Model, posed string, all []term.Term) (string, bool) {
	pr := smtlib.NewPrinter(st)
	var b strings.Builder
	b.WriteString(posed)
	for _, x := range freeVars(st, all) {
		v := st.ValueOf(m, x)
		if v.Kind != term.ValBool && v.Kind != term.ValBV {
			return "", false
		}
		b.WriteString("\n(assert (= " + term.QuoteSymbol(st.Name(x)) + " " + pr.TermString(st.ValueTerm(v)) + "))")
	}
	return b.String(), true
}

// instantiate replaces every free symbol of a by the literal of its value
// under m; it fails when some symbol is not a Boolean or bit-vector constant.
func instantiate(st *term.Store, m *term.Model, a term.Term) (term.Term, bool) {
	sub := map[term.Term]term.Term{}
	for _, x := range st.FreeVars(a) {
		v := st.ValueOf(m, x)
		if v.Kind != term.ValBool && v.Kind != term.ValBV {
			return term.NoTerm, false
		}
		sub[x] = st.ValueTerm(v)
	}
	return st.Substitute(a, sub), true
}

// closedSentences returns the terms that mention no free symbol and no
// declared sort: their truth is the same in every model (a declared sort's
// universe is part of the model, so sentences over one are left out).
func closedSentences(st *term.Store, terms []term.Term) map[term.Term]bool {
	out := map[term.Term]bool{}
	for _, t := range terms {
		if len(st.FreeVars(t)) == 0 && len(featuresOf(st, []term.Term{t}).sorts) == 0 {
			out[t] = true
		}
	}
	return out
}

// problemScript prints terms as a standalone script for Z3. The logic is
// named when the problem fits one of Z3's bit-vector logics, so that Z3 picks
// its tactic for it (for BV, its quantifier elimination); otherwise Z3's
// general solver runs.
func problemScript(st *term.Store, terms []term.Term) string {
	f := featuresOf(st, terms)
	var b strings.Builder
	// Printer.ScriptString declares the sorts of free symbols only; a sort
	// that only a bound variable has is declared here.
	for _, s := range f.sorts {
		if !f.freeSorts[s] {
			b.WriteString("(declare-sort " + term.QuoteSymbol(st.SortName(s)) + " 0)\n")
		}
	}
	b.WriteString(smtlib.NewPrinter(st).ScriptString(f.logic(), lowerForZ3(st, terms)))
	return b.String()
}

// modelCheckScript prints a script that is unsat exactly when every
// assertion is true under m: each declared sort is closed to the elements of
// the model's structure (distinct constants named as the printer names them,
// and nothing else), each free symbol is defined as its value, and the
// negated conjunction of the assertions is asserted.
//
// The structure's universe holds every element of every value in m, not only
// of the symbols these assertions mention, plus element 0, which every
// symbol without a value takes: the other assertions were evaluated over
// those elements, and all must hold in one structure.
func modelCheckScript(st *term.Store, m *term.Model, assertions []term.Term) string {
	f := featuresOf(st, assertions)
	vars := freeVars(st, assertions)
	elems := map[term.Sort]map[int]bool{}
	for _, val := range m.Values {
		collectElems(val, elems)
	}
	sorts := append([]term.Sort(nil), f.sorts...)
	for s := range elems {
		if !slices.Contains(sorts, s) {
			sorts = append(sorts, s)
		}
	}
	slices.Sort(sorts)
	var b strings.Builder
	for _, s := range sorts {
		name := st.SortName(s)
		b.WriteString("(declare-sort " + term.QuoteSymbol(name) + " 0)\n")
		ns := make([]int, 0, len(elems[s]))
		for n := range elems[s] {
			ns = append(ns, n)
		}
		if !elems[s][0] {
			ns = append(ns, 0)
		}
		sort.Ints(ns)
		var names []string
		for _, n := range ns {
			e := term.QuoteSymbol(name + "!val!" + strconv.Itoa(n))
			names = append(names, e)
			b.WriteString("(declare-fun " + e + " () " + term.QuoteSymbol(name) + ")\n")
		}
		if len(names) > 1 {
			b.WriteString("(assert (distinct " + strings.Join(names, " ") + "))\n")
		}
		b.WriteString("(assert (forall ((|sift e| " + term.QuoteSymbol(name) + ")) (or")
		for _, e := range names {
			b.WriteString(" (= |sift e| " + e + ")")
		}
		b.WriteString(")))\n")
	}
	p := smtlib.NewPrinter(st)
	defs := p.ModelString(m, vars)
	// ModelString wraps the define-funs in ( … ).
	defs = strings.TrimSuffix(strings.TrimPrefix(defs, "(\n"), ")")
	b.WriteString(defs)
	b.WriteString("(assert (not (and true")
	for _, a := range lowerForZ3(st, assertions) {
		b.WriteByte(' ')
		p.WriteTerm(&b, a)
	}
	b.WriteString(")))\n")
	return b.String()
}

// collectElems records the abstract elements a value mentions, by sort.
func collectElems(v term.Value, elems map[term.Sort]map[int]bool) {
	switch v.Kind {
	case term.ValUninterpreted:
		if elems[v.Sort] == nil {
			elems[v.Sort] = map[int]bool{}
		}
		elems[v.Sort][v.Elem] = true
	case term.ValArray:
		collectElems(v.Arr.Default, elems)
		for i := range v.Arr.Index {
			collectElems(v.Arr.Index[i], elems)
			collectElems(v.Arr.Elem[i], elems)
		}
	case term.ValFun:
		collectElems(v.Fun.Default, elems)
		for r, row := range v.Fun.Args {
			for _, a := range row {
				collectElems(a, elems)
			}
			collectElems(v.Fun.Results[r], elems)
		}
	}
}

// freeVars returns the free symbols of terms, in id order.
func freeVars(st *term.Store, terms []term.Term) []term.Term {
	out := st.FreeVarsOf(terms...)
	slices.Sort(out)
	return out
}

// problemFeatures says which theories and binders a problem uses.
type problemFeatures struct {
	quantified, arrays, funs bool
	sorts                    []term.Sort // declared sorts, in first-seen order
	freeSorts                map[term.Sort]bool
}

func featuresOf(st *term.Store, terms []term.Term) problemFeatures {
	f := problemFeatures{freeSorts: map[term.Sort]bool{}}
	sortSeen := map[term.Sort]bool{}
	var visitSort func(s term.Sort, free bool)
	visitSort = func(s term.Sort, free bool) {
		switch st.Kind(s) {
		case term.KindUninterpreted:
			if !sortSeen[s] {
				sortSeen[s] = true
				f.sorts = append(f.sorts, s)
			}
			if free {
				f.freeSorts[s] = true
			}
		case term.KindArray:
			f.arrays = true
			visitSort(st.IndexSort(s), free)
			visitSort(st.ElemSort(s), free)
		case term.KindFun:
			f.funs = true
			for _, d := range st.Domain(s) {
				visitSort(d, free)
			}
			visitSort(st.Range(s), free)
		}
	}
	seen := map[term.Term]bool{}
	var visit func(t term.Term)
	visit = func(t term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch st.Op(t) {
		case term.OpForall, term.OpExists:
			f.quantified = true
		case term.OpVar:
			visitSort(st.SortOf(t), true)
		}
		visitSort(st.SortOf(t), false)
		for _, a := range st.Args(t) {
			visit(a)
		}
	}
	for _, t := range terms {
		visit(t)
	}
	return f
}

// logic names the SMT-LIB logic that fits, or "" for Z3's general solver.
func (f problemFeatures) logic() string {
	if len(f.sorts) > 0 {
		return ""
	}
	name := ""
	if f.arrays {
		name += "A"
	}
	if f.funs {
		name += "UF"
	}
	name += "BV"
	if !f.quantified {
		return "QF_" + name
	}
	switch name {
	case "BV", "UFBV":
		return name
	}
	return ""
}
