package preprocess

import (
	"context"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// NestedArrays eliminates arrays whose elements are arrays, which the
// bit-blasting stage cannot handle, one nesting level per round down to
// arrays of scalars. A round takes the sorts of the deepest nesting and:
//
//  1. pushes every read through store, ite and constant arrays:
//     select(store(N,k,A),i) = ite(i=k, A, select(N,i)),
//     select(ite(c,N1,N2),i) = ite(c, select(N1,i), select(N2,i)),
//     select(const(A),i) = A;
//  2. replaces each equality N1 = N2 by a fresh Bool e with
//     ¬e ⇒ select(N1,w) ≠ select(N2,w) for a fresh witness index w, and
//     e ⇒ select(N1,r) = select(N2,r) for every r in R ∪ G, where R holds
//     every index term of the level (reads, store indices, witnesses) and G
//     is one fresh "generic" index g with g ≠ r for all r in R — always
//     satisfiable, as |R| is below the index domain's size — or, when R may
//     cover the whole domain, every index constant instead;
//  3. replaces each remaining read select(n,i) of a variable n by a fresh
//     inner-array variable a_{n,i}, with i = j ⇒ a_{n,i} = a_{n,j} for every
//     pair of reads of n (Ackermann).
//
// Why e ⇒ N1 = N2 is exact: the model of n is a_{n,g} everywhere except at
// the values of its reads, and every store index is in R, so at an index
// outside the values of R each side equals its value at g, where the two
// sides agree. Without g (full domain), every index is compared.
//
// The pass leaves the problem untouched (and the deciding stages answer
// unknown or fall back) when a nested array occurs where this encoding does
// not reach: below a quantifier, as a function argument or result, as an
// array index, or with an index sort that is not Bool or a bit-vector.
type NestedArrays struct{ fresh freshCache }

// NewNestedArrays returns the pass with an empty fresh-variable cache.
func NewNestedArrays() *NestedArrays { return &NestedArrays{} }

func (*NestedArrays) Name() string { return "nested-arrays" }

// Triggered: the pass needs arrays of arrays, outside quantifiers.
func (*NestedArrays) Triggered(f term.Features) bool {
	return f.Has(term.FeatNestedArray) && !f.Has(term.FeatQuantifier)
}

// maxNestedConstraints bounds the constraints one round may add (pairs of
// reads and equality instances); past it the problem is left to the later
// stages rather than blown up.
const maxNestedConstraints = 200000

func (p *NestedArrays) Apply(ctx context.Context, s *State) (bool, error) {
	changed := false
	// Each round removes the deepest level, so this terminates.
	for {
		if err := ctx.Err(); err != nil {
			return changed, err
		}
		r := &nestedRound{st: s.Store, s: s, fresh: &p.fresh}
		if !r.run() {
			return changed, nil
		}
		changed = true
	}
}

// nestedRound is the state of one round: the target sorts are those of
// nesting depth `depth`.
type nestedRound struct {
	st    *term.Store
	s     *State
	fresh *freshCache
	depth int

	pushMemo map[[2]term.Term]term.Term
	ok       bool // false once something outside the encoding was met

	enum     map[term.Sort]bool      // index sorts whose every value is compared
	readVar  map[term.Term]term.Term // read -> its variable (sorts not enumerated)
	readMemo map[term.Term]term.Term
}

// arrayDepth is 0 for scalars and 1 + the element's depth for arrays.
func arrayDepth(st *term.Store, s term.Sort) int {
	d := 0
	for st.IsArray(s) {
		d++
		s = st.ElemSort(s)
	}
	return d
}

func (r *nestedRound) target(s term.Sort) bool { return arrayDepth(r.st, s) == r.depth }

// run does one round and reports whether it changed the problem; it leaves
// the state untouched when it does not.
func (r *nestedRound) run() bool {
	st := r.st
	if !r.scan() {
		return false
	}
	r.ok = true
	r.pushMemo = map[[2]term.Term]term.Term{}

	// 1. Push reads and split distinct over the target sorts.
	memo := map[term.Term]term.Term{}
	var rw func(t term.Term) term.Term
	rw = func(t term.Term) term.Term {
		if v, ok := memo[t]; ok {
			return v
		}
		if r.s.Interrupted() {
			return t
		}
		v := st.MapArgs(t, rw)
		switch op := st.Op(v); {
		case op == term.OpSelect && r.target(st.SortOf(st.Arg(v, 0))):
			v = r.push(st.Arg(v, 0), st.Arg(v, 1))
		case op == term.OpDistinct && r.target(st.SortOf(st.Arg(v, 0))):
			args := st.Args(v)
			var ne []term.Term
			for i := range args {
				for j := i + 1; j < len(args); j++ {
					ne = append(ne, st.Not(st.Eq(st.Arg(v, i), st.Arg(v, j))))
				}
			}
			v = st.And(ne...)
		}
		memo[t] = v
		return v
	}
	as := make([]term.Term, len(r.s.Assertions))
	for i, a := range r.s.Assertions {
		as[i] = rw(a)
	}
	if !r.ok {
		return false
	}

	// 2. Equalities: collect them and the index terms R of each index sort.
	var eqs []term.Term
	R := map[term.Sort][]term.Term{}
	inR := map[term.Term]bool{}
	addR := func(i term.Term) {
		if !inR[i] {
			inR[i] = true
			so := st.SortOf(i)
			R[so] = append(R[so], i)
		}
	}
	st.PostOrder(as, func(t term.Term) {
		switch st.Op(t) {
		case term.OpSelect:
			if r.target(st.SortOf(st.Arg(t, 0))) {
				if st.Op(st.Arg(t, 0)) != term.OpVar {
					r.ok = false // a read the push did not reach
				}
				addR(st.Arg(t, 1))
			}
		case term.OpStore:
			if r.target(st.SortOf(t)) {
				addR(st.Arg(t, 1))
			}
		case term.OpEq:
			if r.target(st.SortOf(st.Arg(t, 0))) {
				eqs = append(eqs, t)
			}
		}
	})
	if !r.ok {
		return false
	}
	eqVar := map[term.Term]term.Term{}
	witness := make([]term.Term, len(eqs))
	for j, eq := range eqs {
		so := st.SortOf(st.Arg(eq, 0))
		eqVar[eq] = r.fresh.get(st, freshKey{role: "neq", t: eq}, "neq", st.BoolSort())
		witness[j] = r.fresh.get(st, freshKey{role: "nwit", t: eq}, "nwit", st.IndexSort(so))
		addR(witness[j])
	}
	// An index sort whose domain is no larger than R is enumerated: no
	// index is generic, reads become ites over one variable per index value,
	// and equalities compare at every index value.
	enum := map[term.Sort]bool{}
	for is, rs := range R {
		enum[is] = domainSize(st, is) <= uint64(len(rs))
	}
	G := map[term.Sort][]term.Term{}
	var extra []term.Term
	work := 0
	for _, eq := range eqs {
		is := st.IndexSort(st.SortOf(st.Arg(eq, 0)))
		if _, done := G[is]; done {
			continue
		}
		if enum[is] {
			G[is] = domainConsts(st, is)
			continue
		}
		g := r.fresh.get(st, freshKey{role: "ngen", s: is, n: r.depth}, "ngen", is)
		G[is] = []term.Term{g}
		for _, x := range R[is] {
			extra = append(extra, st.Not(st.Eq(g, x)))
		}
	}
	for j, eq := range eqs {
		n1, n2 := st.Arg(eq, 0), st.Arg(eq, 1)
		e, w := eqVar[eq], witness[j]
		extra = append(extra, st.Or(e, st.Not(st.Eq(r.push(n1, w), r.push(n2, w)))))
		is := st.IndexSort(st.SortOf(n1))
		for _, x := range append(append([]term.Term(nil), R[is]...), G[is]...) {
			extra = append(extra, st.Or(st.Not(e), st.Eq(r.push(n1, x), r.push(n2, x))))
		}
		if work += len(R[is]) + len(G[is]); work > maxNestedConstraints {
			return false
		}
	}
	if !r.ok {
		return false
	}
	// The constraints too: an equality may occur inside another's sides.
	as = append(as, extra...)
	sub := newSubstituter(r.s, eqVar)
	for i := range as {
		as[i] = sub.apply(as[i])
	}

	// 3. Reads of variables become variables: one per read with Ackermann
	// constraints, or one per index value of an enumerated sort.
	reads := map[term.Term][]term.Term{} // variable -> select terms, in order
	var vars []term.Term
	st.PostOrder(as, func(t term.Term) {
		if st.Op(t) == term.OpSelect && r.target(st.SortOf(st.Arg(t, 0))) {
			n := st.Arg(t, 0)
			if _, ok := reads[n]; !ok {
				vars = append(vars, n)
			}
			reads[n] = append(reads[n], t)
		}
	})
	r.enum = enum
	r.readVar = map[term.Term]term.Term{}
	for _, n := range vars {
		rs := reads[n]
		if enum[st.IndexSort(st.SortOf(n))] {
			work += int(domainSize(st, st.IndexSort(st.SortOf(n))))
			continue
		}
		if work += len(rs) * len(rs) / 2; work > maxNestedConstraints {
			return false
		}
		for _, t := range rs {
			r.readVar[t] = r.elemVar(t)
		}
		for k := range rs {
			for l := k + 1; l < len(rs) && !r.s.Interrupted(); l++ {
				c := st.Implies(st.Eq(st.Arg(rs[k], 1), st.Arg(rs[l], 1)), st.Eq(r.readVar[rs[k]], r.readVar[rs[l]]))
				if c != st.True() {
					as = append(as, c)
				}
			}
		}
	}
	if work > maxNestedConstraints {
		return false
	}
	r.readMemo = map[term.Term]term.Term{}
	for i := range as {
		as[i] = r.replaceReads(as[i])
	}
	// Nothing of the target sorts may be left.
	for _, a := range as {
		if r.mentionsTarget(a) {
			return false
		}
	}
	r.s.Assertions = as
	for _, n := range vars {
		r.s.Eliminate(n, r.model(n, reads[n], G))
		r.s.NoteRewritten(len(reads[n]))
	}
	r.s.NoteRewritten(len(eqs))
	return true
}

// elemVar returns the variable that stands for the read t = select(n, i).
func (r *nestedRound) elemVar(t term.Term) term.Term {
	return r.fresh.get(r.st, freshKey{role: "nread", t: t}, "nread", r.st.SortOf(t))
}

// replaceReads replaces every read of a target variable in t by its
// variable, or, for an enumerated index sort, by the ite over the index
// values of their variables.
func (r *nestedRound) replaceReads(t term.Term) term.Term {
	st := r.st
	if v, ok := r.readMemo[t]; ok {
		return v
	}
	var v term.Term
	switch {
	case st.Op(t) == term.OpSelect && r.target(st.SortOf(st.Arg(t, 0))):
		n := st.Arg(t, 0)
		if !r.enum[st.IndexSort(st.SortOf(n))] {
			v = r.readVar[t]
			break
		}
		i := r.replaceReads(st.Arg(t, 1))
		cs := domainConsts(st, st.SortOf(i))
		v = r.elemVar(st.MustMake(term.OpSelect, nil, n, cs[len(cs)-1]))
		for k := len(cs) - 2; k >= 0; k-- {
			v = st.Ite(st.Eq(i, cs[k]), r.elemVar(st.MustMake(term.OpSelect, nil, n, cs[k])), v)
		}
	case st.Op(t).IsLeaf():
		v = t
	default:
		v = st.MapArgs(t, r.replaceReads)
	}
	r.readMemo[t] = v
	return v
}

// model returns the definition of the eliminated variable n. For an
// enumerated index sort it is the store of each index value's variable.
// Otherwise it is n's read variables stored at their (rewritten) indices
// over a constant array of the generic read's variable (or of the first
// read's, when n has no generic read: nothing then observes n elsewhere).
func (r *nestedRound) model(n term.Term, reads []term.Term, G map[term.Sort][]term.Term) term.Term {
	st := r.st
	so := st.SortOf(n)
	is := st.IndexSort(so)
	type entry struct{ i, v term.Term }
	var base term.Term
	var entries []entry
	if r.enum[is] {
		cs := domainConsts(st, is)
		for k, c := range cs {
			v := r.elemVar(st.MustMake(term.OpSelect, nil, n, c))
			if k == 0 {
				base = v
			} else {
				entries = append(entries, entry{c, v})
			}
		}
	} else {
		base = r.readVar[reads[0]]
		var g term.Term
		if gs := G[is]; len(gs) == 1 {
			g = gs[0]
		}
		for _, t := range reads {
			if st.Arg(t, 1) == g {
				base = r.readVar[t]
			} else {
				entries = append(entries, entry{r.replaceReads(st.Arg(t, 1)), r.readVar[t]})
			}
		}
	}
	m, err := st.ConstArray(so, base)
	if err != nil {
		panic("preprocess: " + err.Error())
	}
	for _, e := range entries {
		m = st.MustMake(term.OpStore, nil, m, e.i, e.v)
	}
	return m
}

// push returns select(x, i) with the read pushed through store, ite and
// constant arrays down to reads of variables.
func (r *nestedRound) push(x, i term.Term) term.Term {
	st := r.st
	key := [2]term.Term{x, i}
	if v, ok := r.pushMemo[key]; ok {
		return v
	}
	var v term.Term
	switch st.Op(x) {
	case term.OpStore:
		v = st.Ite(st.Eq(i, st.Arg(x, 1)), st.Arg(x, 2), r.push(st.Arg(x, 0), i))
	case term.OpIte:
		v = st.Ite(st.Arg(x, 0), r.push(st.Arg(x, 1), i), r.push(st.Arg(x, 2), i))
	case term.OpConstArray:
		v = st.Arg(x, 0)
	case term.OpVar:
		v = st.MustMake(term.OpSelect, nil, x, i)
	default:
		r.ok = false
		v = st.MustMake(term.OpSelect, nil, x, i)
	}
	r.pushMemo[key] = v
	return v
}

// scan finds the deepest nesting and checks that every term of that depth
// is within the encoding's reach; it reports whether the round may run.
func (r *nestedRound) scan() bool {
	st := r.st
	for _, a := range r.s.Assertions {
		if !st.IsQuantifierFree(a) {
			return false
		}
	}
	var reached []term.Term
	st.PostOrder(r.s.Assertions, func(t term.Term) {
		reached = append(reached, t)
		if d := arrayDepth(st, st.SortOf(t)); d > r.depth {
			r.depth = d
		}
	})
	if r.depth < 2 {
		return false
	}
	ok := true
	for _, t := range reached {
		if r.target(st.SortOf(t)) {
			switch st.Op(t) {
			case term.OpStore, term.OpIte, term.OpConstArray:
			case term.OpVar:
				ok = ok && r.s.Eliminable(t)
			default:
				ok = false
			}
			if is := st.IndexSort(st.SortOf(t)); !st.IsBool(is) && !st.IsBitVec(is) {
				ok = false
			}
		}
		for i, a := range st.Args(t) {
			if !r.target(st.SortOf(a)) {
				continue
			}
			switch op := st.Op(t); {
			case op == term.OpSelect && i == 0, op == term.OpStore && i == 0,
				op == term.OpIte && i > 0, op == term.OpEq, op == term.OpDistinct:
			default:
				ok = false
			}
		}
	}
	return ok
}

// mentionsTarget reports whether a term of a target sort occurs in t.
func (r *nestedRound) mentionsTarget(t term.Term) bool {
	return r.st.Contains(t, func(n term.Term) bool { return r.target(r.st.SortOf(n)) })
}

// domainSize returns the number of values of an index sort (Bool or a
// bit-vector), saturated at the largest uint64.
func domainSize(st *term.Store, s term.Sort) uint64 {
	if st.IsBool(s) {
		return 2
	}
	if w := st.Width(s); w < 64 {
		return 1 << w
	}
	return ^uint64(0)
}

// domainConsts returns every value of an index sort as a constant; callers
// only ask for domains no larger than a list they already hold.
func domainConsts(st *term.Store, s term.Sort) []term.Term {
	if st.IsBool(s) {
		return []term.Term{st.False(), st.True()}
	}
	w := st.Width(s)
	out := make([]term.Term, 0, 1<<w)
	for x := uint64(0); x < 1<<w; x++ {
		out = append(out, st.Const(bv.New(w, x)))
	}
	return out
}
