package qbv

import (
	"strconv"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// normalizer rewrites a closed quantified term into an equivalent Boolean
// combination of quantifier-free parts and ∀ terms in normal form:
//
//   - ∃x.φ is ¬∀x.¬φ;
//   - ∀x.(φ₁ ∧ φ₂) is ∀x.φ₁ ∧ ∀x.φ₂ (miniscoping over ∧);
//   - the body is flattened into disjuncts through ∨, ⇒ and ¬, and a
//     disjunct ∀y.ψ (or ¬∃y.ψ) joins its variables to the prefix (renamed
//     when a name clashes);
//   - a nested ∃ disjunct (or ¬∀) whose own normal form is quantifier-free
//     is replaced by that form;
//   - a disjunct x ≠ t, with x a variable not in t, eliminates x by t
//     (destructive equality resolution); so do the Boolean literals x
//     (x := false) and ¬x (x := true);
//   - a bit-vector variable read only through extracts becomes one
//     variable per slice (slices.go);
//   - a variable private to one comparison whose side c·x + t (c odd)
//     takes every value is eliminated with it (private.go);
//   - variables that occur nowhere go, and disjuncts that share no variable
//     become separate quantifiers (miniscoping over ∨);
//   - a ∀ over at most expandBits bits in total becomes the conjunction of
//     its instances, unless those copy more than expandProductBits bits of
//     multipliers and dividers.
//
// Normal ∀ terms are recorded, so that abstraction turns them into atoms
// without normalising them again.
type normalizer struct {
	st         *term.Store
	stats      *Stats
	expandBits uint32
	memo       map[term.Term]term.Term
	normal     map[term.Term]bool
	quantFree  map[term.Term]bool
}

func newNormalizer(st *term.Store, stats *Stats, expandBits uint32) *normalizer {
	return &normalizer{st: st, stats: stats, expandBits: expandBits,
		memo: map[term.Term]term.Term{}, normal: map[term.Term]bool{}, quantFree: map[term.Term]bool{}}
}

// expandNodes bounds the size of an expansion: the body's DAG size times the
// number of instances.
const expandNodes = 1 << 16

// hasQuantifier reports whether t contains a quantifier (memoised).
func (n *normalizer) hasQuantifier(t term.Term) bool {
	if qf, ok := n.quantFree[t]; ok {
		return !qf
	}
	st := n.st
	r := st.Op(t).IsQuantifier()
	for i := 0; !r && i < st.NumArgs(t); i++ {
		r = n.hasQuantifier(st.Arg(t, i))
	}
	n.quantFree[t] = !r
	return r
}

// quantifier returns the normal form of the closed quantified term q.
func (n *normalizer) quantifier(q term.Term) term.Term {
	if r, ok := n.memo[q]; ok {
		return r
	}
	st := n.st
	args := st.Args(q)
	vars, body := args[:len(args)-1], args[len(args)-1]
	var r term.Term
	if st.Op(q) == term.OpExists {
		r = st.Not(n.forall(vars, st.Not(body)))
	} else {
		r = n.forall(vars, body)
	}
	n.memo[q] = r
	return r
}

// forall returns the normal form of ∀vars.body.
func (n *normalizer) forall(vars []term.Term, body term.Term) term.Term {
	st := n.st
	if cs := conjuncts(st, body, nil); len(cs) > 1 {
		n.stats.Miniscoped++
		parts := make([]term.Term, len(cs))
		for i, c := range cs {
			parts[i] = n.forall(vars, c)
		}
		return st.And(parts...)
	}
	xs := append([]term.Term(nil), vars...)
	var ds []term.Term
	n.disjuncts(body, true, &xs, &ds)
	for i := range ds {
		if ds[i] == st.True() {
			return st.True()
		}
	}
	if len(ds) == 1 && len(conjuncts(st, ds[0], nil)) > 1 {
		// A prefix joined from nested quantifiers over a conjunction
		// (∀x.¬∃y.(φ ⇒ ψ)): miniscope over the joined prefix.
		return n.forall(xs, ds[0])
	}
	if len(ds) == 1 {
		// ∀x.∃y.(φ(x) ∧ ψ(x, y)): the ∃'s normal form takes φ out, as
		// φ ∧ ∃y.ψ, and the ∀ distributes over that conjunction, so φ
		// gets a ∀ of its own (which private.go may close).
		if r, ok := n.existsForm(ds[0]); ok && len(conjuncts(st, r, nil)) > 1 {
			return n.forall(xs, r)
		}
	}
	if nxs, nds, split := n.splitSlices(xs, ds); split {
		return n.forall(nxs, st.Or(nds...))
	}
	if nxs, nds, eliminated := n.resolve(xs, ds); eliminated {
		if nds == nil {
			return st.True()
		}
		return n.forall(nxs, st.Or(nds...))
	}
	if nxs, nds, eliminated := n.eliminatePrivate(xs, ds); eliminated {
		if nds == nil {
			return st.True()
		}
		return n.forall(nxs, st.Or(nds...))
	}
	return n.split(xs, ds)
}

// existsForm returns the normal form of d when d is an ∃ or a negated ∀.
func (n *normalizer) existsForm(d term.Term) (term.Term, bool) {
	st := n.st
	switch {
	case st.Op(d) == term.OpExists:
		return n.quantifier(d), true
	case st.Op(d) == term.OpNot && st.Op(st.Arg(d, 0)) == term.OpForall:
		return st.Not(n.quantifier(st.Arg(d, 0))), true
	}
	return term.NoTerm, false
}

// conjuncts appends to out the conjuncts of t read through ∧, ¬∨ and ¬⇒.
func conjuncts(st *term.Store, t term.Term, out []term.Term) []term.Term {
	switch st.Op(t) {
	case term.OpAnd:
		for _, a := range st.Args(t) {
			out = conjuncts(st, a, out)
		}
		return out
	case term.OpNot:
		a := st.Arg(t, 0)
		switch st.Op(a) {
		case term.OpOr:
			for _, b := range st.Args(a) {
				out = conjuncts(st, st.Not(b), out)
			}
			return out
		case term.OpImplies:
			out = conjuncts(st, st.Arg(a, 0), out)
			return conjuncts(st, st.Not(st.Arg(a, 1)), out)
		}
	}
	return append(out, t)
}

// disjuncts appends to ds the disjuncts of t (of ¬t when pos is false),
// read through ∨, ⇒, ¬ and ∧ under negation; a universal disjunct adds its
// variables to xs and contributes the disjuncts of its body.
func (n *normalizer) disjuncts(t term.Term, pos bool, xs *[]term.Term, ds *[]term.Term) {
	st := n.st
	op := st.Op(t)
	switch {
	case op == term.OpNot:
		n.disjuncts(st.Arg(t, 0), !pos, xs, ds)
		return
	case pos && op == term.OpOr, !pos && op == term.OpAnd:
		for _, a := range st.Args(t) {
			n.disjuncts(a, pos, xs, ds)
		}
		return
	case pos && op == term.OpImplies:
		n.disjuncts(st.Arg(t, 0), false, xs, ds)
		n.disjuncts(st.Arg(t, 1), true, xs, ds)
		return
	case pos && op == term.OpForall, !pos && op == term.OpExists:
		args := st.Args(t)
		body := n.bindFresh(args[:len(args)-1], args[len(args)-1], xs)
		n.disjuncts(body, pos, xs, ds)
		return
	case pos && op == term.OpExists, !pos && op == term.OpForall:
		// A nested quantifier whose normal form has no quantifier left (its
		// variables resolved, miniscoped away or expanded) joins as that
		// form: the ∃ of a fixpoint check, defined by equalities with the
		// outer variables, leaves one ∀ instead of a ∀∃ alternation.
		if r := n.quantifier(t); !n.hasQuantifier(r) {
			n.disjuncts(r, pos, xs, ds)
			return
		}
	}
	if pos {
		*ds = append(*ds, t)
	} else {
		*ds = append(*ds, st.Not(t))
	}
}

// bindFresh adds the variables vs of a quantifier with the given body to
// xs, renaming those already in xs, and returns the body over the new names.
func (n *normalizer) bindFresh(vs []term.Term, body term.Term, xs *[]term.Term) term.Term {
	st := n.st
	have := make(map[term.Term]bool, len(*xs))
	for _, x := range *xs {
		have[x] = true
	}
	sub := map[term.Term]term.Term{}
	for _, v := range vs {
		if have[v] {
			nv := n.freshBound(st.SortOf(v))
			sub[v] = nv
			v = nv
		}
		have[v] = true
		*xs = append(*xs, v)
	}
	return st.Substitute(body, sub)
}

// freshBound returns a bound variable whose name nothing else uses.
func (n *normalizer) freshBound(s term.Sort) term.Term {
	st := n.st
	for i := 0; ; i++ {
		name := "qbv!b" + strconv.Itoa(i)
		if !st.NameUsed(name) {
			return st.BoundVar(name, s)
		}
	}
}

// resolve eliminates variables by destructive equality resolution, as
// many as the disjuncts define in one pass (each definition with the
// earlier ones put in, so none mentions an eliminated variable), and
// returns the remaining variables and disjuncts (nil disjuncts: the
// disjunction became true). One pass per batch rather than per variable:
// the fixpoint checks define hundreds of variables over a large body.
func (n *normalizer) resolve(xs, ds []term.Term) ([]term.Term, []term.Term, bool) {
	st := n.st
	isVar := make(map[term.Term]bool, len(xs))
	for _, x := range xs {
		isVar[x] = true
	}
	binders := boundInside(st, ds)
	sub := map[term.Term]term.Term{}
	used := make([]bool, len(ds))
	for i, d := range ds {
		if len(sub) > 0 {
			d = st.Substitute(d, sub)
		}
		x, val, ok := n.definition(d, xs, isVar, binders)
		if !ok {
			continue
		}
		n.stats.Resolved++
		used[i] = true
		delete(isVar, x)
		// The earlier definitions may mention x: put val in.
		one := map[term.Term]term.Term{x: val}
		for y, t := range sub {
			sub[y] = st.Substitute(t, one)
		}
		sub[x] = val
	}
	if len(sub) == 0 {
		return xs, ds, false
	}
	var out []term.Term
	for i, e := range ds {
		if used[i] {
			continue
		}
		e = st.Substitute(e, sub)
		if e == st.True() {
			return nil, nil, true
		}
		if e != st.False() {
			out = append(out, e)
		}
	}
	var rest []term.Term
	for _, y := range xs {
		if isVar[y] {
			rest = append(rest, y)
		}
	}
	if len(out) == 0 {
		out = []term.Term{st.False()}
	}
	return rest, out, true
}

// definition recognises a disjunct that defines a variable: ¬(x = t) with t
// free of x and of variables bound inside the disjuncts (which t would be
// captured by), ¬(l = r) solved for x (solvefor.go), x alone (x := false)
// and ¬x (x := true).
func (n *normalizer) definition(d term.Term, xs []term.Term, isVar, binders map[term.Term]bool) (x, val term.Term, ok bool) {
	st := n.st
	if isVar[d] {
		return d, st.False(), true
	}
	if st.Op(d) != term.OpNot {
		return term.NoTerm, term.NoTerm, false
	}
	a := st.Arg(d, 0)
	if isVar[a] {
		return a, st.True(), true
	}
	if st.Op(a) != term.OpEq || st.NumArgs(a) != 2 {
		return term.NoTerm, term.NoTerm, false
	}
	for k := 0; k < 2; k++ {
		x, t := st.Arg(a, k), st.Arg(a, 1-k)
		if !isVar[x] || n.hasQuantifier(t) {
			continue
		}
		if st.Contains(t, func(u term.Term) bool { return u == x || binders[u] }) {
			continue
		}
		return x, t, true
	}
	for _, x := range xs {
		if !st.Contains(a, func(u term.Term) bool { return u == x }) {
			continue
		}
		t := solveFor(st, st.Arg(a, 0), st.Arg(a, 1), x)
		if t == term.NoTerm || n.hasQuantifier(t) || st.Contains(t, func(u term.Term) bool { return u == x || binders[u] }) {
			continue
		}
		return x, t, true
	}
	return term.NoTerm, term.NoTerm, false
}

// boundInside returns the variables that quantifiers inside ts bind.
func boundInside(st *term.Store, ts []term.Term) map[term.Term]bool {
	out := map[term.Term]bool{}
	st.PostOrder(ts, func(t term.Term) {
		if st.Op(t).IsQuantifier() {
			args := st.Args(t)
			for _, v := range args[:len(args)-1] {
				out[v] = true
			}
		}
	})
	return out
}

// split drops unused variables, groups the disjuncts into classes that share
// variables, and returns the disjunction of the ground disjuncts and one
// normal ∀ (or expansion) per class.
func (n *normalizer) split(xs, ds []term.Term) term.Term {
	st := n.st
	// occ[i] lists the variables of xs that disjunct i mentions (a variable
	// rebound inside counts too: over-approximating keeps this sound).
	occ := make([][]int, len(ds))
	used := make([]bool, len(xs))
	for i, d := range ds {
		for j, x := range xs {
			if st.Contains(d, func(u term.Term) bool { return u == x }) {
				occ[i] = append(occ[i], j)
				used[j] = true
			}
		}
	}
	// Union-find over variables.
	parent := make([]int, len(xs))
	for j := range parent {
		parent[j] = j
	}
	var find func(int) int
	find = func(j int) int {
		for parent[j] != j {
			parent[j] = parent[parent[j]]
			j = parent[j]
		}
		return j
	}
	for _, o := range occ {
		for _, j := range o[min(1, len(o)):] {
			parent[find(j)] = find(o[0])
		}
	}
	var ground []term.Term
	groupDs := map[int][]term.Term{}
	var order []int
	for i, d := range ds {
		if len(occ[i]) == 0 {
			ground = append(ground, d)
			continue
		}
		g := find(occ[i][0])
		if _, seen := groupDs[g]; !seen {
			order = append(order, g)
		}
		groupDs[g] = append(groupDs[g], d)
	}
	if len(order) > 1 {
		n.stats.Miniscoped++
	}
	parts := ground
	for _, g := range order {
		var gx []term.Term
		for j, x := range xs {
			if used[j] && find(j) == g {
				gx = append(gx, x)
			}
		}
		parts = append(parts, n.closeGroup(gx, st.Or(groupDs[g]...)))
	}
	if len(parts) == 0 {
		return st.False()
	}
	return st.Or(parts...)
}

// closeGroup returns ∀xs.body in normal form, or its expansion when xs are
// narrow enough.
func (n *normalizer) closeGroup(xs []term.Term, body term.Term) term.Term {
	st := n.st
	bits := uint32(0)
	for _, x := range xs {
		bits += width(st, x)
	}
	if bits <= n.expandBits && dagSize(st, body, expandNodes>>bits) <= expandNodes>>bits && productBits(st, body)<<bits <= expandProductBits {
		n.stats.Expanded++
		return expand(st, xs, body)
	}
	q := st.MustMake(term.OpForall, nil, append(append([]term.Term(nil), xs...), body)...)
	n.normal[q] = true
	return q
}

// expandProductBits bounds the multiplier and divider bits an expansion
// may make: each product of the body over non-literals is copied once per
// value. Past it (256 copies of two 17-bit products in a termination
// argument ∃c∀i. c·(i−1) < c·i over 8-bit i) the loop's few instances,
// at a small c first, cost less than blasting every copy.
const expandProductBits = 1 << 12

// productBits sums the widths of the products over non-literals in t.
func productBits(st *term.Store, t term.Term) uint64 {
	total := uint64(0)
	st.PostOrder([]term.Term{t}, func(u term.Term) {
		if isProduct(st, u) {
			total += uint64(width(st, u))
		}
	})
	return total
}

// width is the number of bits of a Boolean or bit-vector term.
func width(st *term.Store, x term.Term) uint32 {
	if s := st.SortOf(x); st.IsBitVec(s) {
		return st.Width(s)
	}
	return 1
}

// dagSize counts the nodes below t, stopping once the count passes limit.
func dagSize(st *term.Store, t term.Term, limit int) int {
	n := 0
	st.Walk([]term.Term{t}, func(term.Term) bool { n++; return n > limit })
	return n
}

// expand returns the conjunction of body over every assignment of xs.
func expand(st *term.Store, xs []term.Term, body term.Term) term.Term {
	var out []term.Term
	sub := make(map[term.Term]term.Term, len(xs))
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == len(xs) {
			inst := st.Substitute(body, sub)
			if inst == st.False() {
				return false
			}
			if inst != st.True() {
				out = append(out, inst)
			}
			return true
		}
		x := xs[k]
		w := width(st, x)
		for v := uint64(0); v < 1<<w; v++ {
			if st.IsBool(st.SortOf(x)) {
				sub[x] = st.Bool(v == 1)
			} else {
				sub[x] = st.Const(bv.New(w, v))
			}
			if !rec(k + 1) {
				return false
			}
		}
		return true
	}
	if !rec(0) {
		return st.False()
	}
	return st.And(out...)
}
