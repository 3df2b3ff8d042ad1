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
type incrementalStates struct {
	st   *term.Store
	vars map[term.Term]term.Term // application → its variable
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
	roots := p.Terms()
	if f := st.FeaturesOf(roots); !f.Has(term.FeatApply) || f.Has(term.FeatQuantifier) {
		return p, nil, stage.Verdict{}, nil
	}
	funs, opaque := opaqueApplications(st, roots)
	if len(funs) == 0 {
		return p, nil, stage.Verdict{}, nil
	}
	if s.st != st {
		s.st, s.vars = st, map[term.Term]term.Term{}
	}
	memo := map[term.Term]term.Term{}
	var rw func(t term.Term) term.Term
	rw = func(t term.Term) term.Term {
		if r, ok := memo[t]; ok {
			return r
		}
		r := t
		if st.Op(t) == term.OpApply && funs[st.Arg(t, 0)] != nil && st.Kind(st.SortOf(t)) != term.KindUninterpreted {
			r = s.vars[t]
			if r == term.NoTerm {
				r = st.Fresh("state!", st.SortOf(t))
				s.vars[t] = r
			}
		} else if len(st.Args(t)) > 0 {
			r = st.MapArgs(t, rw)
		}
		memo[t] = r
		return r
	}
	next := *p
	next.Original, next.Posed = nil, nil
	next.Assertions = make([]term.Term, len(p.Assertions))
	for i, a := range p.Assertions {
		if err := ctx.Err(); err != nil {
			return p, nil, stage.Verdict{Status: term.Unknown, Reason: stage.ContextReason(err)}, nil
		}
		next.Assertions[i] = rw(a)
	}
	next.Assumptions = make([]term.Term, len(p.Assumptions))
	for i, a := range p.Assumptions {
		next.Assumptions[i] = rw(a)
	}
	vars := s.vars
	back := func(m *term.Model) *term.Model {
		out := term.NewModel()
		for x, v := range m.Values {
			out.Set(x, v)
		}
		out.Choices = m.Choices
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
					if v, ok = m.Values[vars[a]]; !ok {
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
	return &next, back, stage.Verdict{}, nil
}

// opaqueApplications returns the functions of roots to rewrite, each with
// its applications (in term order), and the terms of the opaque sorts (in
// term order): constants, and applications of rewritten functions into an
// opaque sort (a client's hierarchy: a submodule's state as a function of
// the parent's). Such terms are only ever arguments of applications, so a
// model may interpret them freely, each its own element: every function
// then has a value of its own at every application.
func opaqueApplications(st *term.Store, roots []term.Term) (map[term.Term][]term.Term, []term.Term) {
	bad := map[term.Sort]bool{}  // declared sorts that are not opaque
	nope := map[term.Term]bool{} // functions that are not rewritten
	apps := map[term.Term][]term.Term{}
	var declared []term.Term // terms of declared sorts
	isDeclared := func(t term.Term) bool { return st.Kind(st.SortOf(t)) == term.KindUninterpreted }
	seen := map[term.Term]bool{}
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[t] {
			continue
		}
		seen[t] = true
		args := st.Args(t)
		stack = append(stack, args...)
		op := st.Op(t)
		if isDeclared(t) {
			declared = append(declared, t)
			if op != term.OpVar && op != term.OpApply {
				bad[st.SortOf(t)] = true
			}
		}
		if op != term.OpApply {
			for _, a := range args {
				if isDeclared(a) {
					bad[st.SortOf(a)] = true
				}
			}
			continue
		}
		f := args[0]
		apps[f] = append(apps[f], t)
		if st.Op(f) != term.OpVar {
			nope[f] = true
		}
		for _, a := range args[1:] {
			if !isDeclared(a) {
				nope[f] = true
			}
		}
	}
	// A function left alone keeps its arguments' and its result's values in
	// the problem, so their sorts are not opaque; a function with an
	// argument of a sort that is not opaque is left alone.
	for changed := true; changed; {
		changed = false
		for f := range apps {
			fs := st.SortOf(f)
			if !nope[f] && slices.ContainsFunc(st.Domain(fs), func(d term.Sort) bool { return bad[d] }) {
				nope[f], changed = true, true
			}
			if !nope[f] {
				continue
			}
			sorts := append(slices.Clone(st.Domain(fs)), st.Range(fs))
			for _, d := range sorts {
				if st.Kind(d) == term.KindUninterpreted && !bad[d] {
					bad[d], changed = true, true
				}
			}
		}
	}
	funs := map[term.Term][]term.Term{}
	for f, as := range apps {
		if !nope[f] {
			slices.Sort(as)
			funs[f] = as
		}
	}
	var opaque []term.Term
	for _, t := range declared {
		if !bad[st.SortOf(t)] {
			opaque = append(opaque, t)
		}
	}
	slices.Sort(opaque)
	return funs, opaque
}
