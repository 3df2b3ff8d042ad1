package preprocess

import (
	"context"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Rewrite normalises the assertions bottom-up with the rules of rules.go,
// deeper than the builder's. Rebuilding every node through the builder also
// propagates constants through the whole DAG. Every rule is an equivalence,
// so no trail entry is needed.
type Rewrite struct {
	// Hits counts rule applications by rule name (for tests and tracing).
	Hits map[string]int
	// r keeps its memos across applications on one store: a normal form
	// depends on the term alone, so later rounds and later checks reuse it.
	r *rewriter
}

func (*Rewrite) Name() string { return "rewrite" }

func (p *Rewrite) Apply(ctx context.Context, s *State) (bool, error) {
	if p.Hits == nil {
		p.Hits = map[string]int{}
	}
	if p.r == nil || p.r.st != s.Store {
		p.r = newRewriter(s.Store, p.Hits)
	}
	r := p.r
	r.hits = p.Hits
	r.stop = s.Interrupted
	changed := false
	for i, a := range s.Assertions {
		na := r.rewrite(a)
		if s.Interrupted() {
			return false, s.Err()
		}
		if na != a {
			s.Assertions[i] = na
			s.NoteRewritten(1)
			changed = true
		}
	}
	return changed, nil
}

// rewriter holds the memos of one application.
type rewriter struct {
	st   *term.Store
	memo map[term.Term]term.Term // full bottom-up result
	top  map[term.Term]term.Term // result of the rules at the root only
	lins map[term.Term]*linear   // linear forms (rules_linear.go)
	// active holds the terms whose rules are running (normTop's stack).
	active map[term.Term]bool
	hits   map[string]int
	depth  int
	// stop, when set, reports that the run is out of time: rewrite then
	// returns terms as they are (always sound) and the caller gives up.
	stop func() bool
	// only, when set, is the one rule that may fire: the rule-level tests
	// check each rule in isolation.
	only *rule
}

func newRewriter(st *term.Store, hits map[string]int) *rewriter {
	return &rewriter{st: st, memo: map[term.Term]term.Term{}, top: map[term.Term]term.Term{},
		lins: map[term.Term]*linear{}, active: map[term.Term]bool{}, hits: hits}
}

// RewriteTerm returns the normal form of t under the rewrite rules. It is
// what the Rewrite pass applies to each assertion.
func RewriteTerm(st *term.Store, t term.Term) term.Term {
	return newRewriter(st, map[string]int{}).rewrite(t)
}

func (r *rewriter) rewrite(t term.Term) term.Term {
	if n, ok := r.memo[t]; ok {
		return n
	}
	st := r.st
	if st.Op(t).IsLeaf() || (r.stop != nil && r.stop()) {
		return t
	}
	res := st.MapArgs(t, r.rewrite)
	if r.stop != nil && r.stop() {
		return res // some arguments were left as they were: not a normal form
	}
	res = r.normTop(res)
	r.memo[t] = res
	return res
}

// maxRuleDepth bounds nested rule applications; past it a term is left as
// it is, which is always sound.
const maxRuleDepth = 64

// normTop applies the rules at the root of t, whose arguments are already in
// normal form. Rules build their results with mk, so those are normal too.
func (r *rewriter) normTop(t term.Term) term.Term {
	if n, ok := r.top[t]; ok {
		return n
	}
	if r.depth >= maxRuleDepth || r.active[t] {
		// A rule rebuilding the very term it rewrites gets it back as it
		// is: that rule does not fire.
		return t
	}
	r.depth++
	r.active[t] = true
	res := t
	if n, name, ok := r.rules(t); ok {
		r.hits[name]++
		res = n
	}
	delete(r.active, t)
	r.depth--
	r.top[t] = res
	return res
}

// rules tries the rules of t's operator in order and returns the first
// result that differs from t, with the rule's name.
func (r *rewriter) rules(t term.Term) (term.Term, string, bool) {
	for _, ru := range rulesByOp[r.st.Op(t)] {
		if r.only != nil && ru != r.only {
			continue
		}
		if n, ok := ru.apply(r, t); ok && n != t {
			return n, ru.name, true
		}
	}
	return term.NoTerm, "", false
}

// mk builds op over args through the builder and normalises the root.
func (r *rewriter) mk(op term.Op, idx []uint32, args ...term.Term) term.Term {
	return r.normTop(r.st.MustMake(op, idx, args...))
}

func (r *rewriter) konst(v bv.Value) term.Term { return r.st.Const(v) }

func (r *rewriter) extract(t term.Term, hi, lo uint32) term.Term {
	return r.mk(term.OpExtract, []uint32{hi, lo}, t)
}

func (r *rewriter) width(t term.Term) uint32 { return r.st.Width(r.st.SortOf(t)) }

func (r *rewriter) isConst(t term.Term) bool { return r.st.Op(t) == term.OpBVConst }

// is reports whether t is the bit-vector constant v.
func (r *rewriter) is(t term.Term, v bv.Value) bool {
	return r.isConst(t) && r.st.Value(t).Equal(v)
}

// eq, not, and, or, ite are mk for the Boolean connectives.
func (r *rewriter) eq(a, b term.Term) term.Term              { return r.mk(term.OpEq, nil, a, b) }
func (r *rewriter) not(a term.Term) term.Term                { return r.mk(term.OpNot, nil, a) }
func (r *rewriter) and(a ...term.Term) term.Term             { return r.mk(term.OpAnd, nil, a...) }
func (r *rewriter) or(a ...term.Term) term.Term              { return r.mk(term.OpOr, nil, a...) }
func (r *rewriter) ite(c, a, b term.Term) term.Term          { return r.mk(term.OpIte, nil, c, a, b) }
func (r *rewriter) bv(w uint32, x uint64) term.Term          { return r.konst(bv.New(w, x)) }
func (r *rewriter) op2(op term.Op, a, b term.Term) term.Term { return r.mk(op, nil, a, b) }
