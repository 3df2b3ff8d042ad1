package z3

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// checkModel proves assertions true under m with Z3: it defines every symbol
// as its value in m, asserts that some assertion is false, and requires Z3
// to answer unsat. Anything else (sat, unknown, an error) is a failure.
//
// A closed assertion (no free symbol) that Z3 was itself given is true
// already: Z3 found the conjunction it belongs to satisfiable, and its truth
// does not depend on the model. Re-proving it would ask Z3 to refute the
// negation, which for ∃∀ sentences is often far harder than the original
// query.
func (s *Stage) checkModel(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, sent map[term.Term]bool, help checkHelp) error {
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
	if res.Status != Unsat {
		s.checkFailures.Add(1)
		if res.Status == Sat {
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
func (s *Stage) proveOwn(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, budget time.Duration) []term.Term {
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
func (s *Stage) proveParts(ctx context.Context, prover Prover, st *term.Store, m *term.Model, ev *term.Evaluator, a term.Term) bool {
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
func (s *Stage) confirmDisjuncts(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, z3Took time.Duration) []term.Term {
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
func (s *Stage) raceTrue(ctx context.Context, st *term.Store, m *term.Model, ds []term.Term, limit time.Duration) bool {
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
			found <- err == nil && res.Status == Sat
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
func (s *Stage) confirmInstances(ctx context.Context, st *term.Store, m *term.Model, assertions []term.Term, help checkHelp) []term.Term {
	if assertions = s.confirmDisjuncts(ctx, st, m, assertions, help.z3Took); len(assertions) == 0 {
		return nil
	}
	if help.hasPosed {
		if script, ok := fixedScript(st, m, help.posed, help.all); ok {
			if res, err := s.call(ctx, script); err == nil && res.Status == Sat {
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
	if res, err := s.call(ctx, problemScript(st, closed)); err == nil && res.Status == Sat {
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
