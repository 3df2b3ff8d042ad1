package svi

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// The executor's half of seed 004 (digest §5): value sets kept per path.
// A symbolic executor's path constraint grows one literal per branch;
// Tracker narrows the path's sets by each literal as it is added (Assume)
// and, at the next branch, tells whether the sets settle the condition
// (Decide) before any solver is asked. A literal outside the fragment
// narrows nothing, which is sound: the sets only ever over-approximate the
// values the path constraint allows.

// maxPending bounds the literals a path keeps for later rounds of the
// exact layer (the ones it could not discharge); older ones are dropped,
// which only loses precision.
const maxPending = 8

// Tracker compiles conditions once for every path of an exploration.
type Tracker struct {
	c    *compiler
	lits map[term.Term][]literal // a condition's literals; nil: out of the fragment
}

// NewTracker returns a tracker over terms of st.
func NewTracker(st *term.Store) *Tracker {
	return &Tracker{c: newCompiler(st), lits: map[term.Term][]literal{}}
}

// Sets is one path's value sets. It is immutable: Assume returns new Sets,
// so forked paths share them freely. The nil *Sets is the start: every
// variable can take any value.
type Sets struct {
	dom     map[term.Term]Set // the variables narrowed so far; the others are full
	pending []literal         // literals the exact layer could not discharge yet
	// empty: some literal can never hold, so no point satisfies the
	// conjunction (the path constraint is unsatisfiable).
	empty bool
	memo  map[term.Term]Set // forward evaluations, filled lazily
}

// Empty reports whether the sets show the conjunction unsatisfiable.
func (s *Sets) Empty() bool { return s != nil && s.empty }

// Domain returns the value set of the variable (or array read) v.
func (t *Tracker) Domain(s *Sets, v term.Term) (Set, bool) {
	if s == nil {
		return Set{}, false
	}
	x, ok := s.dom[v]
	return x, ok
}

// literals compiles cond into its conjunction of literals, or nil when it
// is outside the fragment.
func (t *Tracker) literals(cond term.Term) []literal {
	if ls, ok := t.lits[cond]; ok {
		return ls
	}
	c := t.c
	n := len(c.lits)
	c.contradiction, c.origin = false, 0
	err := c.conjunct(cond, false)
	var ls []literal
	if err == nil && !c.contradiction {
		ls = append([]literal(nil), c.lits[n:]...)
	}
	if err == nil && c.contradiction {
		// The constant false: no literal, but never true. An impossible
		// literal (0 < 0) says so to Narrow.
		z := c.st.ConstUint64(1, 0)
		if _, err := c.compile(z); err == nil {
			ls = []literal{{src: cond, pred: Ult, a: z, b: z}}
		}
	}
	c.lits = c.lits[:n]
	t.lits[cond] = ls
	return ls
}

func (t *Tracker) domains(s *Sets) *domains {
	if s.memo == nil {
		s.memo = map[term.Term]Set{}
	}
	return &domains{c: t.c, dom: s.dom, memo: s.memo, why: map[term.Term][]int{}}
}

// Assume returns the sets of the conjunction s ∧ lit.
func (t *Tracker) Assume(s *Sets, lit term.Term) *Sets {
	if s == nil {
		s = &Sets{}
	}
	ls := t.literals(lit)
	if s.empty || len(ls) == 0 {
		return s
	}
	// The path's evaluations stay valid until a domain changes (set drops
	// the ones over it), so the pending literals are not evaluated afresh.
	// The domains are copied only if a literal narrows one (domains.set).
	if s.memo == nil {
		s.memo = map[term.Term]Set{}
	}
	d := &domains{c: t.c, dom: s.dom, memo: s.memo, why: map[term.Term][]int{}, shared: true}
	pending := append(append(make([]literal, 0, len(s.pending)+len(ls)), s.pending...), ls...)
	out, pending, _ := decidePVI(context.Background(), d, pending)
	if len(pending) > maxPending {
		pending = pending[len(pending)-maxPending:]
	}
	return &Sets{dom: d.dom, pending: pending, empty: out == pviUnsat, memo: d.memo}
}

// Decide says what the sets know about cond: Always (every point of the
// sets satisfies it, so the path constraint implies it), Never (no point
// does, so the path constraint contradicts it), or Split / CannotHandle
// (undecided; Split when every literal narrows exactly). Always and Never
// are sound because the sets over-approximate the path's solutions.
func (t *Tracker) Decide(s *Sets, cond term.Term) Verdict {
	ls := t.literals(cond)
	if len(ls) == 0 {
		return CannotHandle
	}
	if s == nil {
		s = &Sets{}
	}
	d := t.domains(s)
	out := Always
	for _, l := range ls {
		switch v := Narrow(l.pred, d.eval(l.a), d.eval(l.b)).Verdict; v {
		case Never:
			return Never
		case CannotHandle:
			out = CannotHandle
		case Split:
			if out == Always {
				out = Split
			}
		}
	}
	return out
}

// Narrowed returns, for the variables below cond, the value sets they keep
// when cond holds on top of s (a superset of the values any solution of
// s ∧ cond gives them), and false when the sets show cond impossible. Only
// variables whose set shrinks are listed (none when cond is outside the
// fragment).
func (t *Tracker) Narrowed(s *Sets, cond term.Term) (map[term.Term]Set, bool) {
	ls := t.literals(cond)
	if len(ls) == 0 {
		return nil, true
	}
	if s == nil {
		s = &Sets{}
	}
	d := t.domains(s)
	into := narrowing{sets: map[term.Term]Set{}, exact: true}
	for _, l := range ls {
		nw := Narrow(l.pred, d.eval(l.a), d.eval(l.b))
		if nw.Verdict == Never {
			return nil, false
		}
		d.pushDown(l.a, nw.X, &into)
		d.pushDown(l.b, nw.Y, &into)
		if into.empty {
			return nil, false
		}
	}
	for v, x := range into.sets {
		if x.Equal(d.domain(v)) {
			delete(into.sets, v)
		}
	}
	return into.sets, true
}
