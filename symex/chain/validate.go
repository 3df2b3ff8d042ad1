package chain

import "github.com/sift-solver/sift/term"

// holds reports whether every term of ts evaluates to true under m.
func holds(st *term.Store, m *term.Model, ts []term.Term) bool {
	if m == nil {
		return false
	}
	return AllHold(term.NewEvaluator(st, m), ts)
}

// AllHold reports whether every term of ts evaluates to true with ev, one
// evaluator, so that subterms shared between conjuncts are evaluated once.
// Terms are tried in reverse: the newest conjuncts (the condition, the
// last branches) are the likeliest to fail, so a wrong model is usually
// rejected after a few evaluations.
func AllHold(ev *term.Evaluator, ts []term.Term) bool {
	for i := len(ts) - 1; i >= 0; i-- {
		ok, err := ev.EvalBool(ts[i])
		if err != nil || !ok {
			return false
		}
	}
	return true
}

// Holds is holds for the executor: m satisfies every term of ts.
func Holds(st *term.Store, m *term.Model, ts ...term.Term) bool { return holds(st, m, ts) }
