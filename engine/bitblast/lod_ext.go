package bitblast

import (
	"context"
	"fmt"
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// Extensionality: the check of array equalities against a candidate model.
//
// Why the loop terminates. The reads are consistent when this check runs,
// so the evaluator agrees with the SAT solver on every read. It agrees on
// an ite of arrays only if it agrees on the ite's condition, and a
// condition may hold an array equality: the equalities are therefore
// checked innermost first, and one above an equality the candidate gets
// wrong waits for a later round. Under that order every lemma added is
// violated by the candidate (a lemma e → a[i] = b[i] whose reads exist
// already holds in the candidate, and then the evaluator, agreeing with it,
// finds no difference at i's value). A violated lemma is never added twice,
// and over a finite index sort there are finitely many: the indices are
// those of the cone, the constants of the sort, and one witness per
// disequality. So the CEGAR loop ends. A repeated lemma would break that
// argument; it is reported as an error, not repeated.

// checkEqualities evaluates every array equality under the candidate model
// and adds a lemma where the evaluation disagrees with the equality's edge.
// Choosing defaults for array variables (repairDefault) fixes one variable
// each time, so that loop ends after at most one pass per variable.
func (r *lodRound) checkEqualities(ctx context.Context, funs map[term.Term]map[string]term.Term) (*term.Model, error) {
	st := r.l.st
	if len(r.cone.eqs) == 0 {
		return r.model(funs), nil
	}
	eqs := slices.Clone(r.cone.eqs)
	slices.Sort(eqs) // a term's arguments have smaller ids: innermost first
	below := r.eqsBelow(eqs)
	wrong := map[term.Term]bool{}
	waits := func(e term.Term) bool {
		return slices.ContainsFunc(below[e], func(x term.Term) bool { return wrong[x] })
	}
	for {
		m := r.model(funs)
		ev := term.NewEvaluator(st, m)
		repaired := false
		for _, e := range eqs {
			if wrong[e] || waits(e) {
				continue
			}
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
				wrong[e] = true
				if err := r.witness(ctx, e); err != nil {
					return nil, err
				}
				continue
			}
			if u, ok := differingIndex(av.Arr, bv.Arr); ok {
				if i, ok := r.indexTerm(st.IndexSort(st.SortOf(a)), u); ok {
					wrong[e] = true
					if err := r.extEqual(ctx, e, i); err != nil {
						return nil, err
					}
					continue
				}
			}
			// Only the defaults differ: give a variable the other default
			// and evaluate again, or else refute the difference at an index
			// no write touches.
			if r.repairDefault(a, b, av, bv) {
				repaired = true
				break
			}
			wrong[e] = true
			if err := r.extDefault(ctx, e, av.Arr, bv.Arr); err != nil {
				return nil, err
			}
		}
		if repaired {
			continue
		}
		if r.lemmas > 0 {
			return nil, nil
		}
		return m, nil
	}
}

// eqsBelow maps each equality of eqs to the equalities of eqs strictly
// inside its arguments (nil for most: nesting is rare).
func (r *lodRound) eqsBelow(eqs []term.Term) map[term.Term][]term.Term {
	if len(eqs) < 2 {
		return nil
	}
	st := r.l.st
	isEq := map[term.Term]bool{}
	for _, e := range eqs {
		isEq[e] = true
	}
	// inside memoises, per term, the equalities of eqs at or under it.
	inside := map[term.Term][]term.Term{}
	var under func(t term.Term) []term.Term
	under = func(t term.Term) []term.Term {
		if v, ok := inside[t]; ok {
			return v
		}
		var out []term.Term
		for _, a := range st.Args(t) {
			out = append(out, under(a)...)
		}
		if isEq[t] {
			out = append(out, t)
		}
		slices.Sort(out)
		out = slices.Compact(out)
		inside[t] = out
		return out
	}
	below := map[term.Term][]term.Term{}
	for _, e := range eqs {
		var out []term.Term
		for _, a := range st.Args(e) {
			out = append(out, under(a)...)
		}
		if len(out) > 0 {
			below[e] = out
		}
	}
	return below
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
	key := [2]term.Term{e, i}
	if r.l.extDone[key] {
		return fmt.Errorf("%w (%s)", errLodGaveUp, "an extensionality lemma repeats")
	}
	r.l.extDone[key] = true
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
