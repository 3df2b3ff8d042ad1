package bitblast

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/sift-solver/sift/bv"
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

// maxDefaultRepairs bounds how often one round re-chooses array defaults.
const maxDefaultRepairs = 16

// checkEqualities evaluates every array equality under the candidate model
// and adds a lemma where the evaluation disagrees with the equality's edge.
// The reads are consistent here, so the model decides every read correctly.
func (r *lodRound) checkEqualities(ctx context.Context, funs map[term.Term]map[string]term.Term) (*term.Model, error) {
	st := r.l.st
	for range maxDefaultRepairs {
		m := r.model(funs)
		if len(r.cone.eqs) == 0 {
			return m, nil
		}
		ev := term.NewEvaluator(st, m)
		repaired := false
		for _, e := range r.cone.eqs {
			want := r.val(e).Bool
			a, b := st.Arg(e, 0), st.Arg(e, 1)
			av, err := ev.Eval(a)
			if err != nil {
				return nil, err
			}
			bv, err := ev.Eval(b)
			if err != nil {
				return nil, err
			}
			if av.Equal(bv) == want {
				continue
			}
			if !want {
				if r.l.witnessed[e] {
					return nil, fmt.Errorf("%w (%s)", errLodGaveUp, "a disequality stays false after its witness")
				}
				if err := r.witness(ctx, e); err != nil {
					return nil, err
				}
				continue
			}
			if u, ok := differingIndex(av.Arr, bv.Arr); ok {
				if i, ok := r.indexTerm(st.IndexSort(st.SortOf(a)), u); ok {
					if err := r.extEqual(ctx, e, i); err != nil {
						return nil, err
					}
					continue
				}
			}
			// Only the defaults differ: give a variable the other default,
			// or else refute the difference at an index no write touches.
			if r.repairDefault(a, b, av, bv) {
				repaired = true
				break
			}
			if err := r.extDefault(ctx, e, av.Arr, bv.Arr); err != nil {
				return nil, err
			}
		}
		if r.lemmas > 0 {
			return nil, nil
		}
		if !repaired {
			return m, nil
		}
	}
	return nil, fmt.Errorf("%w (%s)", errLodGaveUp, "array defaults kept changing")
}

// differingIndex returns an index at which two array values differ, among
// the indices either one writes.
func differingIndex(a, b *term.ArrayValue) (term.Value, bool) {
	for _, x := range [2]*term.ArrayValue{a, b} {
		for _, u := range x.Index {
			if !a.Select(u).Equal(b.Select(u)) {
				return u, true
			}
		}
	}
	return term.Value{}, false
}

// indexTerm returns a term whose candidate value is u: preferably an index
// of a read or store of the cone (a lemma over it holds whatever value the
// solver gives that index next), else a constant when the sort has them.
func (r *lodRound) indexTerm(s term.Sort, u term.Value) (term.Term, bool) {
	st := r.l.st
	k := u.Key()
	for _, list := range [2][]term.Term{r.cone.reads, r.cone.stores} {
		for _, t := range list {
			i := st.Arg(t, 1)
			if st.SortOf(i) == s && r.val(i).Key() == k {
				return i, true
			}
		}
	}
	switch u.Kind {
	case term.ValBV:
		return st.Const(u.BV), true
	case term.ValBool:
		return st.Bool(u.Bool), true
	}
	return term.NoTerm, false
}

// defaultSource follows an array term, under the candidate model, to the
// node that gives its default: a variable or a constant array.
func (r *lodRound) defaultSource(a term.Term) term.Term {
	st := r.l.st
	for {
		switch st.Op(a) {
		case term.OpStore:
			a = st.Arg(a, 0)
		case term.OpIte:
			if r.val(st.Arg(a, 0)).Bool {
				a = st.Arg(a, 1)
			} else {
				a = st.Arg(a, 2)
			}
		default:
			return a
		}
	}
}

// repairDefault gives the default source of one side, if it is a variable
// whose default was not chosen yet, the other side's default.
func (r *lodRound) repairDefault(a, b term.Term, av, bv term.Value) bool {
	for _, side := range [2]struct {
		x     term.Term
		other term.Value
	}{{a, bv}, {b, av}} {
		src := r.defaultSource(side.x)
		if r.l.st.Op(src) != term.OpVar {
			continue
		}
		if _, done := r.defaults[src]; done {
			continue
		}
		r.defaults[src] = side.other.Arr.Default
		return true
	}
	return false
}

// readPair builds, blasts and records the reads of both sides of array
// equality e at index i.
func (r *lodRound) readPair(ctx context.Context, e, i term.Term) (term.Term, term.Term, error) {
	st := r.l.st
	ra := st.MustMake(term.OpSelect, nil, st.Arg(e, 0), i)
	rb := st.MustMake(term.OpSelect, nil, st.Arg(e, 1), i)
	for _, x := range [2]term.Term{ra, rb} {
		if err := r.l.tb.blast(ctx, x); err != nil {
			return 0, 0, err
		}
	}
	r.l.extra[e] = append(r.l.extra[e], ra, rb)
	r.l.grew = true
	return ra, rb, nil
}

// extEqual adds e → a[i] = b[i].
func (r *lodRound) extEqual(ctx context.Context, e, i term.Term) error {
	ra, rb, err := r.readPair(ctx, e, i)
	if err != nil {
		return err
	}
	r.lemma(lemmaExtEqual, []sat.Edge{r.l.tb.enc[e].edge}, ra, rb)
	return nil
}

// witness adds ¬e → a[k] ≠ b[k] for a fresh index k: the Skolem form of
// extensionality, once per equality.
func (r *lodRound) witness(ctx context.Context, e term.Term) error {
	st, tb := r.l.st, r.l.tb
	k := st.Fresh("lod!k", st.IndexSort(st.SortOf(st.Arg(e, 0))))
	ra, rb, err := r.readPair(ctx, e, k)
	if err != nil {
		return err
	}
	r.l.witnessed[e] = true
	r.solver.Add(r.cnf.Lit(tb.enc[e].edge), r.cnf.Lit(tb.equal(ra, rb).Not()))
	r.l.stats.lemmas[lemmaExtWitness]++
	r.lemmas++
	return nil
}

// maxEnumeratedIndexWidth is the widest index sort whose values extDefault
// searches for an unwritten index; wider sorts get a fresh index instead.
const maxEnumeratedIndexWidth = 16

// extDefault handles e = true with arrays that agree at every written index
// but have different defaults: it adds e → a[k] = b[k] at an index k no
// write of either side touches. For narrow index sorts k is such a
// constant; otherwise k is fresh and constrained to differ from every index
// of the cone, which leaves the problem equisatisfiable because the index
// sort has more values than the cone has indices.
func (r *lodRound) extDefault(ctx context.Context, e term.Term, av, bw *term.ArrayValue) error {
	st, tb := r.l.st, r.l.tb
	is := st.IndexSort(st.SortOf(st.Arg(e, 0)))
	written := map[string]bool{}
	for _, x := range [2]*term.ArrayValue{av, bw} {
		for _, u := range x.Index {
			written[u.Key()] = true
		}
	}
	switch {
	case st.IsBool(is):
		for _, b := range []bool{false, true} {
			if !written[term.BoolValue(b).Key()] {
				return r.extEqual(ctx, e, st.Bool(b))
			}
		}
		return fmt.Errorf("%w (%s)", errLodGaveUp, "no unwritten Bool index")
	case st.IsBitVec(is) && st.Width(is) <= maxEnumeratedIndexWidth:
		w := st.Width(is)
		for u := uint64(0); u < 1<<w; u++ {
			v := bv.New(w, u)
			if !written[st.BVValue(v).Key()] {
				return r.extEqual(ctx, e, st.Const(v))
			}
		}
		return fmt.Errorf("%w (%s)", errLodGaveUp, "every index value is written")
	}
	var others []term.Term
	seen := map[term.Term]bool{}
	for _, list := range [2][]term.Term{r.cone.reads, r.cone.stores} {
		for _, t := range list {
			if i := st.Arg(t, 1); st.SortOf(i) == is && !seen[i] {
				seen[i] = true
				others = append(others, i)
			}
		}
	}
	if len(others) >= 1<<20 {
		return fmt.Errorf("%w (%s)", errLodGaveUp, "too many indices for a fresh default index")
	}
	k := st.Fresh("lod!d", is)
	if err := tb.blast(ctx, k); err != nil {
		return err
	}
	for _, i := range others {
		r.solver.Add(r.cnf.Lit(tb.equal(k, i).Not()))
	}
	return r.extEqual(ctx, e, k)
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
