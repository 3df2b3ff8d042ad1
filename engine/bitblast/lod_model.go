package bitblast

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// errLodGaveUp stops the CEGAR loop without a verdict; the check is unknown.
var errLodGaveUp = errors.New("unsupported: array model did not settle")

// refine checks the solver's candidate model against the array and function
// axioms. It returns a model of the problem when the candidate is
// consistent, or nil after adding the violated lemmas as clauses.
func (l *lodState) refine(ctx context.Context, cnf *sat.CNF, solver sat.Solver, c *lodCone) (*term.Model, error) {
	r := l.newRound(cnf, solver, c)
	if err := r.checkReads(ctx, c.reads); err != nil {
		return nil, err
	}
	funs := r.checkApps(c.apps)
	if r.lemmas > 0 {
		return nil, nil
	}
	return r.checkEqualities(ctx, funs)
}

// model builds the candidate model: bit-vector, Bool and uninterpreted
// variables from the solver, each array variable as its default with the
// values its reads decided, each function as the table of its applications.
func (r *lodRound) model(funs map[term.Term]map[string]term.Term) *term.Model {
	st := r.l.st
	m := term.NewModel()
	for _, x := range r.cone.vars {
		s := st.SortOf(x)
		switch st.Kind(s) {
		case term.KindArray:
			if _, ok := r.l.tb.smallSort(s); ok {
				m.Set(x, r.smallValue(x))
				continue
			}
			m.Set(x, r.arrayValue(x))
		case term.KindFun:
			m.Set(x, r.funValue(x, funs[x]))
		default:
			if int(x) < len(r.l.tb.enc) && r.l.tb.enc[x].done {
				m.Set(x, r.val(x))
			}
		}
	}
	return m
}

func (r *lodRound) arrayValue(x term.Term) term.Value {
	st := r.l.st
	s := st.SortOf(x)
	def, ok := r.defaults[x]
	if !ok {
		def = st.DefaultValue(st.ElemSort(s))
	}
	a := &term.ArrayValue{Default: def}
	for _, rd := range r.bases[x] {
		e := r.val(rd)
		if e.Equal(def) {
			continue
		}
		a.Index = append(a.Index, r.val(st.Arg(rd, 1)))
		a.Elem = append(a.Elem, e)
	}
	sortEntries(a.Index, a.Elem)
	return term.Value{Kind: term.ValArray, Sort: s, Arr: a}
}

// sortEntries orders the parallel slices by index value, so that models print
// the same way every run (the reads come out of a map).
func sortEntries(index, elem []term.Value) {
	keys := make([]string, len(index))
	perm := make([]int, len(index))
	for i, v := range index {
		keys[i], perm[i] = v.Key(), i
	}
	sort.Slice(perm, func(x, y int) bool { return keyLess(keys[perm[x]], keys[perm[y]]) })
	ix, el := append([]term.Value(nil), index...), append([]term.Value(nil), elem...)
	for to, from := range perm {
		index[to], elem[to] = ix[from], el[from]
	}
}

// keyLess orders value keys: shorter first, so that bit-vector literals of
// one width sort numerically.
func keyLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

func (r *lodRound) funValue(f term.Term, apps map[string]term.Term) term.Value {
	st := r.l.st
	s := st.SortOf(f)
	fv := &term.FunValue{Default: st.DefaultValue(st.Range(s))}
	keys := make([]string, 0, len(apps))
	for k := range apps {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(x, y int) bool { return keyLess(keys[x], keys[y]) })
	for _, k := range keys {
		a := apps[k]
		args := st.Args(a)[1:]
		row := make([]term.Value, len(args))
		for i, x := range args {
			row[i] = r.val(x)
		}
		fv.Args = append(fv.Args, row)
		fv.Results = append(fv.Results, r.val(a))
	}
	return term.Value{Kind: term.ValFun, Sort: s, Fun: fv}
}

// keyOfArgs is the map key of an application's argument values.
func (r *lodRound) keyOfArgs(args []term.Term) string {
	var b strings.Builder
	for _, x := range args {
		b.WriteString(r.key(x))
		b.WriteByte('|')
	}
	return b.String()
}
