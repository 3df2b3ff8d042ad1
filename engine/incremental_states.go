package engine

import (
	"context"
	"slices"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// incrementalStates is the incremental attempt's pass over opaque sorts:
// declared sorts whose every term is a constant used only as an argument of
// applications (yosys-smtbmc's state sort: each signal is a function of the
// state, and the states s0, s1, … are never compared). The constants of such
// a sort can always be taken pairwise distinct, so an application whose
// arguments are all such constants needs no congruence with any other: it
// becomes a variable of its own. Ackermann's reduction would instead relate
// every pair of states (quadratic in the unrolling, each pair an array
// equality for a memory), and the lemmas on demand every pair of
// applications.
//
// A function is rewritten only if every argument of every application of it
// is a constant of an opaque sort; a sort one of whose constants is left in
// an application is not opaque. The variables are the same from check to
// check (keyed by application), so the rewritten assertions are the same
// terms; a check in which the sort stops being opaque rewrites nothing, and
// the bit-blaster then starts over.
//
// The analysis and the rewriting are kept across the checks of a session
// (a client's checks each add a step to thousands of assertions): terms are
// looked at once, when they first appear, and a term's rewrite is reused
// until the set of rewritten functions shrinks. Terms of popped assertions
// stay in the analysis, which only makes it keep more functions alone.
type incrementalStates struct {
	st      *term.Store
	vars    termTable // application → its variable
	an      *opaqueAnalysis
	memo    termTable // rewrites under the analysis's version
	version int
	added   []term.Term // the assertions the analysis has looked at, in order
	last    prefixRewrites
}

func newIncrementalStates() *incrementalStates { return &incrementalStates{} }

func (*incrementalStates) Name() string { return "states" }

func (*incrementalStates) PreservesIndices() {}

// Decide decides nothing: the pass only rewrites.
func (*incrementalStates) Decide(context.Context, *stage.Problem) (stage.Verdict, error) {
	return stage.Verdict{Status: term.Unknown, Reason: "rewrites only"}, nil
}

func (s *incrementalStates) Transform(ctx context.Context, p *stage.Problem) (*stage.Problem, stage.ModelMap, stage.Verdict, error) {
	st := p.Store
	if f := p.Features(); !f.Has(term.FeatApply) || f.Has(term.FeatQuantifier) {
		return p, nil, stage.Verdict{}, nil
	}
	if s.st != st {
		s.st, s.vars, s.an, s.memo = st, nil, newOpaqueAnalysis(st), nil
		s.added = nil
		s.last.reset()
	}
	an := s.an
	// The assertions the last check began with too were looked at then.
	n := commonPrefix(s.added, p.Assertions)
	an.add(p.Assertions[n:])
	an.add(p.Assumptions)
	s.added = append(s.added[:n], p.Assertions[n:]...)
	if v := an.settle(); v != s.version {
		s.version, s.memo = v, nil
		s.last.reset()
	}
	if an.rewritten() == 0 {
		return p, nil, stage.Verdict{}, nil
	}
	var rw func(t term.Term) term.Term
	rw = func(t term.Term) term.Term {
		if r, ok := s.memo.get(t); ok {
			return r
		}
		r := t
		if st.Op(t) == term.OpApply && an.rewrites(st.Arg(t, 0)) && st.Kind(st.SortOf(t)) != term.KindUninterpreted {
			var ok bool
			if r, ok = s.vars.get(t); !ok {
				r = st.Fresh("state!", st.SortOf(t))
				s.vars.set(t, r)
			}
		} else if len(st.Args(t)) > 0 {
			r = st.MapArgs(t, rw)
		}
		s.memo.set(t, r)
		return r
	}
	next, err := rewrittenProblem(ctx, p, rw, &s.last)
	if err != nil {
		return p, nil, stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(err)}, nil
	}
	vars := s.vars
	back := func(m *term.Model) *term.Model {
		funs, opaque := an.result()
		out := copyModel(m)
		// The opaque terms, distinct; each function, the table of its
		// applications.
		elem := make(map[term.Term]term.Value, len(opaque))
		for i, t := range opaque {
			elem[t] = term.Value{Kind: term.ValUninterpreted, Sort: st.SortOf(t), Elem: i}
			if st.Op(t) == term.OpVar {
				out.Set(t, elem[t])
			}
		}
		for f, apps := range funs {
			fs := st.SortOf(f)
			fv := &term.FunValue{Default: st.DefaultValue(st.Range(fs))}
			for _, a := range apps {
				row := make([]term.Value, 0, len(st.Args(a))-1)
				for _, x := range st.Args(a)[1:] {
					row = append(row, elem[x])
				}
				v, ok := elem[a]
				if !ok {
					x, _ := vars.get(a)
					if v, ok = m.Values[x]; !ok {
						v = st.DefaultValue(st.Range(fs))
					}
				}
				fv.Args = append(fv.Args, row)
				fv.Results = append(fv.Results, v)
			}
			out.Set(f, term.Value{Kind: term.ValFun, Sort: fs, Fun: fv})
		}
		return out
	}
	return next, back, stage.Verdict{}, nil
}

// opaqueAnalysis finds the functions to rewrite and the terms of the opaque
// sorts: declared sorts whose terms are constants and applications of
// rewritten functions into an opaque sort (a client's hierarchy: a
// submodule's state as a function of the parent's). Such terms are only ever
// arguments of applications, so a model may interpret them freely, each its
// own element: every function then has a value of its own at every
// application. What it has found only grows as terms are added: a sort
// once not opaque stays so, a function once left alone stays so.
type opaqueAnalysis struct {
	st       *term.Store
	seen     termSet
	bad      map[term.Sort]bool // declared sorts that are not opaque
	nope     map[term.Term]bool // functions that are not rewritten
	apps     map[term.Term][]term.Term
	declared []term.Term // terms of declared sorts
}

func newOpaqueAnalysis(st *term.Store) *opaqueAnalysis {
	return &opaqueAnalysis{st: st, bad: map[term.Sort]bool{},
		nope: map[term.Term]bool{}, apps: map[term.Term][]term.Term{}}
}

func (o *opaqueAnalysis) isDeclared(t term.Term) bool {
	return o.st.Kind(o.st.SortOf(t)) == term.KindUninterpreted
}

// add looks at the terms below roots not seen yet.
func (o *opaqueAnalysis) add(roots []term.Term) {
	st := o.st
	var stack []term.Term
	for _, r := range roots {
		if !o.seen.has(r) {
			stack = append(stack, r)
		}
	}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if o.seen.has(t) {
			continue
		}
		o.seen.set(t, true)
		args := st.Args(t)
		for _, a := range args {
			if !o.seen.has(a) {
				stack = append(stack, a)
			}
		}
		op := st.Op(t)
		if o.isDeclared(t) {
			o.declared = append(o.declared, t)
			if op != term.OpVar && op != term.OpApply {
				o.bad[st.SortOf(t)] = true
			}
		}
		if op != term.OpApply {
			for _, a := range args {
				if o.isDeclared(a) {
					o.bad[st.SortOf(a)] = true
				}
			}
			continue
		}
		f := args[0]
		o.apps[f] = append(o.apps[f], t)
		if st.Op(f) != term.OpVar {
			o.nope[f] = true
		}
		for _, a := range args[1:] {
			if !o.isDeclared(a) {
				o.nope[f] = true
			}
		}
	}
}

// settle propagates what is not opaque and returns the analysis's version,
// which changes whenever a sort or a function is found not opaque.
//
// A function left alone keeps its arguments' and its result's values in
// the problem, so their sorts are not opaque; a function with an argument
// of a sort that is not opaque is left alone.
func (o *opaqueAnalysis) settle() int {
	st := o.st
	for changed := true; changed; {
		changed = false
		for f := range o.apps {
			fs := st.SortOf(f)
			if !o.nope[f] && slices.ContainsFunc(st.Domain(fs), func(d term.Sort) bool { return o.bad[d] }) {
				o.nope[f], changed = true, true
			}
			if !o.nope[f] {
				continue
			}
			sorts := append(slices.Clone(st.Domain(fs)), st.Range(fs))
			for _, d := range sorts {
				if st.Kind(d) == term.KindUninterpreted && !o.bad[d] {
					o.bad[d], changed = true, true
				}
			}
		}
	}
	return len(o.bad) + len(o.nope)
}

// rewrites reports whether applications of f become variables.
func (o *opaqueAnalysis) rewrites(f term.Term) bool {
	_, ok := o.apps[f]
	return ok && !o.nope[f]
}

// rewritten is the number of functions rewritten.
func (o *opaqueAnalysis) rewritten() int { return len(o.apps) - len(o.nope) }

// result returns the functions rewritten, each with its applications (in
// term order), and the terms of the opaque sorts (in term order).
func (o *opaqueAnalysis) result() (map[term.Term][]term.Term, []term.Term) {
	funs := map[term.Term][]term.Term{}
	for f, as := range o.apps {
		if !o.nope[f] {
			as = slices.Clone(as)
			slices.Sort(as)
			funs[f] = as
		}
	}
	var opaque []term.Term
	for _, t := range o.declared {
		if !o.bad[o.st.SortOf(t)] {
			opaque = append(opaque, t)
		}
	}
	slices.Sort(opaque)
	return funs, opaque
}
