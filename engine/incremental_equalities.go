package engine

import (
	"context"
	"slices"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// incrementalEqualities is the incremental attempt's pass over equalities of
// two variables held for good: top-level conjuncts (= x y) of unlabeled
// base-level assertions. A client unrolling a design writes many (a
// register that keeps its value, x' = x; a submodule's port, the parent's
// wire = the child's), and each is a chain the bit-blaster would otherwise
// carry as a separate word: the comparisons a design makes with a constant
// register at every step then never share its circuit, and CaDiCaL has to
// rediscover, bit by bit, that they compare with the same value. The pass
// replaces each variable by the oldest variable of its class (a union-find
// kept across the checks, since base-level assertions are never popped).
//
// A later equality normally joins a new variable to an old class, whose
// representative does not change, so the rewritten assertions stay the same
// terms from check to check and the bit-blaster keeps its circuits; when one
// joins two old classes the rewriting changes and the bit-blaster starts
// over. Base-level assertions that are gone (reset-assertions) reset it.
type incrementalEqualities struct {
	st     *term.Store
	held   []term.Term             // the base-level assertions read so far, in order
	parent map[term.Term]term.Term // union-find over variables
	memo   termTable               // rewrites under the current classes
	used   map[term.Term]bool      // representatives memo rewrote to
	last   prefixRewrites          // the last check's assertions, rewritten under memo
}

func newIncrementalEqualities() *incrementalEqualities { return &incrementalEqualities{} }

func (*incrementalEqualities) Name() string { return "equalities" }

func (*incrementalEqualities) PreservesIndices() {}

// Decide decides nothing: the pass only rewrites.
func (*incrementalEqualities) Decide(context.Context, *stage.Problem) (stage.Verdict, error) {
	return stage.Verdict{Status: term.Unknown, Reason: "rewrites only"}, nil
}

func (e *incrementalEqualities) reset(st *term.Store) {
	e.st, e.held = st, nil
	e.parent, e.memo, e.used = map[term.Term]term.Term{}, nil, map[term.Term]bool{}
	e.last.reset()
}

// find is the representative of x's class.
func (e *incrementalEqualities) find(x term.Term) term.Term {
	r := x
	for {
		p, ok := e.parent[r]
		if !ok {
			break
		}
		r = p
	}
	for x != r { // path compression
		next := e.parent[x]
		e.parent[x] = r
		x = next
	}
	return r
}

// union joins the classes of x and y under the older representative; a
// representative that stops being one makes the memoized rewrites stale.
func (e *incrementalEqualities) union(x, y term.Term) {
	rx, ry := e.find(x), e.find(y)
	if rx == ry {
		return
	}
	if ry < rx {
		rx, ry = ry, rx
	}
	if e.used[ry] {
		e.memo, e.used = nil, map[term.Term]bool{}
		e.last.reset()
	}
	e.parent[ry] = rx
}

// learn joins the classes of the variable equalities among the top-level
// conjuncts of t.
func (e *incrementalEqualities) learn(t term.Term) {
	st := e.st
	st.EachConjunct(t, func(c term.Term) {
		if args := st.Args(c); st.Op(c) == term.OpEq && len(args) == 2 && st.Op(args[0]) == term.OpVar && st.Op(args[1]) == term.OpVar {
			e.union(args[0], args[1])
		}
	})
}

func (e *incrementalEqualities) rewrite(t term.Term) term.Term {
	if r, ok := e.memo.get(t); ok {
		return r
	}
	st := e.st
	r := t
	if st.Op(t) == term.OpVar {
		r = e.find(t)
		e.used[r] = true
	} else if len(st.Args(t)) > 0 {
		r = st.MapArgs(t, e.rewrite)
	}
	e.memo.set(t, r)
	return r
}

func (e *incrementalEqualities) Transform(ctx context.Context, p *stage.Problem) (*stage.Problem, stage.ModelMap, stage.Verdict, error) {
	st := p.Store
	// The passes before this one introduce no quantifier: the session's
	// problem, whose features are known, says.
	orig := p
	if p.Original != nil {
		orig = p.Original
	}
	if orig.Features().Has(term.FeatQuantifier) {
		return p, nil, stage.Verdict{}, nil
	}
	base := min(p.Base, len(p.Assertions))
	if e.st != st || len(e.held) > base || !slices.Equal(e.held, p.Assertions[:len(e.held)]) {
		e.reset(st)
	}
	for i := len(e.held); i < base; i++ {
		if p.Labels[i] != "" {
			break // a labeled assertion keeps its own literal, for cores
		}
		e.learn(p.Assertions[i])
		e.held = append(e.held, p.Assertions[i])
	}
	if len(e.parent) == 0 {
		return p, nil, stage.Verdict{}, nil
	}
	next, err := rewrittenProblem(ctx, p, e.rewrite, &e.last)
	if err != nil {
		return p, nil, stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(err)}, nil
	}
	// The classes are read when the model is mapped back, within this
	// check (Driver.Decide), before any later check can join them: reading
	// them here cost a pass over every variable per check.
	back := func(m *term.Model) *term.Model {
		out := copyModel(m)
		for x := range e.parent {
			if v, ok := m.Values[e.find(x)]; ok {
				out.Set(x, v)
			}
		}
		return out
	}
	return next, back, stage.Verdict{}, nil
}
