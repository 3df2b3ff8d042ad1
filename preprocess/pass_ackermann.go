package preprocess

import (
	"context"
	"strings"

	"github.com/sift-solver/sift/term"
)

// Ackermann eliminates the uninterpreted functions that take an array
// argument or return an array, which the bit-blasting stage cannot handle
// (functions between bit-vectors it handles lazily, so they are left alone). Each distinct
// application f(t1..tn) becomes a fresh variable v_k, and every pair of
// applications gets the congruence constraint
//
//	(t1 = u1 ∧ … ∧ tn = un) ⇒ v_k = v_l
//
// where array arguments are compared with array (extensional) equality. The
// result is equisatisfiable; the model of f is the table from the values of
// each application's arguments to the value of its v_k, consistent by the
// congruence constraints.
//
// Problems with a quantifier are left alone: an application below a binder
// may mention bound variables, which a top-level variable cannot.
type Ackermann struct{ fresh freshCache }

// NewAckermann returns the pass with an empty fresh-variable cache.
func NewAckermann() *Ackermann { return &Ackermann{} }

func (*Ackermann) Name() string { return "ackermann" }

// Triggered: only applications of functions over arrays are targets, and
// quantified problems are left alone.
func (*Ackermann) Triggered(f term.Features) bool {
	return f.Has(term.FeatArrayFun|term.FeatApply) && !f.Has(term.FeatQuantifier)
}

// ackApp is one distinct application: its (rewritten) arguments and the
// variable that replaces it.
type ackApp struct {
	args []term.Term
	v    term.Term
}

func (p *Ackermann) Apply(ctx context.Context, s *State) (bool, error) {
	st := s.Store
	for _, a := range s.Assertions {
		if !st.IsQuantifierFree(a) {
			return false, nil
		}
	}
	apps := map[term.Term][]ackApp{}
	var funs []term.Term // in first-occurrence order, for a deterministic trail
	memo := map[term.Term]term.Term{}
	var rw func(t term.Term) term.Term
	rw = func(t term.Term) term.Term {
		if r, ok := memo[t]; ok {
			return r
		}
		if s.Interrupted() {
			return t
		}
		r := st.MapArgs(t, rw) // innermost applications first
		if st.Op(r) == term.OpApply && p.target(s, st.Arg(r, 0)) {
			f := st.Arg(r, 0)
			v := p.fresh.get(st, freshKey{role: "ack", t: r}, "ack", st.SortOf(r))
			if _, ok := apps[f]; !ok {
				funs = append(funs, f)
			}
			apps[f] = append(apps[f], ackApp{args: append([]term.Term(nil), st.Args(r)[1:]...), v: v})
			r = v
		}
		memo[t] = r
		return r
	}
	out := make([]term.Term, 0, len(s.Assertions))
	for _, a := range s.Assertions {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		out = append(out, rw(a))
	}
	if len(funs) == 0 {
		return false, nil
	}
	for _, f := range funs {
		as := apps[f]
		for k := range as {
			for l := k + 1; l < len(as) && !s.Interrupted(); l++ {
				same := make([]term.Term, len(as[k].args))
				for i := range same {
					same[i] = st.Eq(as[k].args[i], as[l].args[i])
				}
				if c := st.Implies(st.And(same...), st.Eq(as[k].v, as[l].v)); c != st.True() {
					out = append(out, c)
				}
			}
		}
	}
	s.Assertions = out
	for _, f := range funs {
		s.eliminateFun(f, ackTable(st, f, apps[f]))
		s.NoteRewritten(len(apps[f]))
	}
	return true, nil
}

// target reports whether f is a function symbol the pass eliminates: one
// with an array argument or an array range that is free to be eliminated.
// An application of an array-valued function becomes an array variable, and
// its congruence constraints compare arrays: lemmas on demand handle both.
func (p *Ackermann) target(s *State, f term.Term) bool {
	st := s.Store
	if st.Op(f) != term.OpVar || s.Frozen(f) || s.Eliminated(f) {
		return false
	}
	if st.IsArray(st.Range(st.SortOf(f))) {
		return true
	}
	for _, d := range st.Domain(st.SortOf(f)) {
		if st.IsArray(d) {
			return true
		}
	}
	return false
}

// ackTable returns the model reconstruction of f: the table of its
// applications' argument values to their variables' values, over the
// default of f's range.
func ackTable(st *term.Store, f term.Term, as []ackApp) func(*term.Evaluator) (term.Value, error) {
	sort := st.SortOf(f)
	return func(ev *term.Evaluator) (term.Value, error) {
		fv := &term.FunValue{Default: st.DefaultValue(st.Range(sort))}
		seen := map[string]bool{}
		for _, a := range as {
			row := make([]term.Value, len(a.args))
			keys := make([]string, len(a.args))
			for i, x := range a.args {
				v, err := ev.Eval(x)
				if err != nil {
					return term.Value{}, err
				}
				row[i], keys[i] = v, v.Key()
			}
			// Equal arguments have equal results (congruence constraints),
			// so the first row of each argument tuple is enough.
			if k := strings.Join(keys, "|"); seen[k] {
				continue
			} else {
				seen[k] = true
			}
			r, err := ev.Eval(a.v)
			if err != nil {
				return term.Value{}, err
			}
			fv.Args = append(fv.Args, row)
			fv.Results = append(fv.Results, r)
		}
		return term.Value{Kind: term.ValFun, Sort: sort, Fun: fv}, nil
	}
}

// eliminateFun records that the function symbol f was eliminated, its value
// being computed by value from the values of the remaining variables.
func (s *State) eliminateFun(f term.Term, value func(*term.Evaluator) (term.Value, error)) {
	s.eliminated[f] = len(s.trail)
	s.trail = append(s.trail, Elimination{Var: f, Value: value})
}
