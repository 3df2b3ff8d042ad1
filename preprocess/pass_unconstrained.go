package preprocess

import (
	"context"
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Unconstrained replaces unconstrained terms by fresh variables, after
// Brummayer and Biere's unconstrained-term optimisation in Boolector.
//
// A term is unconstrained when it can take every value of its sort whatever
// the rest of the problem is: a variable that occurs exactly once, or an
// operator over unconstrained arguments, each of which occurs only there,
// that can reach every value by the choice of those arguments alone —
// (bvadd x t) with x unconstrained, (select a i) with the array a
// unconstrained, (store a i e) with a and e unconstrained, (= x t), and so
// on up the DAG. Each maximal unconstrained term u becomes a fresh variable
// v; the trail gets, for every variable below u, a definition that makes u
// evaluate to v (for (bvadd x t): x := v - t; for (select a i): a := the
// constant array of v; for (= x t): x := (ite v t ~t)). An unconstrained
// assertion becomes true, its variables defined to make it so.
//
// The parents handled are exactly those with such an inverse (ucChildren).
// Comparisons with one unconstrained side are left alone: (bvult x 0) is
// false whatever x is.
//
// Variables below a quantifier are never touched: their parent may depend on
// bound variables, which a top-level fresh variable cannot.
type Unconstrained struct {
	// fresh keeps one fresh variable per replaced term, so that repeated
	// checks of an incremental session build the same problem.
	fresh     map[term.Term]term.Term
	freshFrom *term.Store
}

// NewUnconstrained returns the pass with an empty fresh-variable cache.
func NewUnconstrained() *Unconstrained { return &Unconstrained{} }

func (*Unconstrained) Name() string { return "unconstrained" }

func (p *Unconstrained) freshFor(st *term.Store, t term.Term) term.Term {
	if p.freshFrom != st {
		p.fresh, p.freshFrom = map[term.Term]term.Term{}, st
	}
	if v, ok := p.fresh[t]; ok {
		return v
	}
	v := st.Fresh("uc", st.SortOf(t))
	p.fresh[t] = v
	return v
}

// ucState is one application: occurrence counts, the unconstrained terms,
// and for each of those the arguments whose values its inverse sets.
type ucState struct {
	s          *State
	st         *term.Store
	count      map[term.Term]int // occurrences as an argument or assertion
	quantified map[term.Term]bool
	uc         map[term.Term][]int // unconstrained term -> arguments to invert (nil for a variable)
}

func (p *Unconstrained) Apply(ctx context.Context, s *State) (bool, error) {
	u := &ucState{s: s, st: s.Store, count: map[term.Term]int{}, quantified: map[term.Term]bool{},
		uc: map[term.Term][]int{}}
	st := u.st
	// Count occurrences; post-order, so arguments are classified first.
	var order []term.Term
	seen := map[term.Term]bool{}
	var walk func(t term.Term)
	walk = func(t term.Term) {
		if seen[t] || s.Interrupted() {
			return
		}
		seen[t] = true
		if st.Op(t).IsQuantifier() {
			for _, x := range st.FreeVars(t) {
				u.quantified[x] = true
			}
			return
		}
		for _, a := range st.Args(t) {
			u.count[a]++
			walk(a)
		}
		order = append(order, t)
	}
	for _, a := range s.Assertions {
		u.count[a]++
		walk(a)
	}
	if s.Interrupted() {
		return false, s.Err()
	}
	for _, t := range order {
		if kids, ok := u.classify(t); ok {
			u.uc[t] = kids
		}
	}
	// The maximal unconstrained terms: those met first from the roots.
	var roots, inner []term.Term
	top := map[term.Term]bool{}
	seen = map[term.Term]bool{}
	var find func(t term.Term)
	find = func(t term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		if _, ok := u.uc[t]; ok && st.Op(t) != term.OpVar {
			inner = append(inner, t)
			return
		}
		if st.Op(t).IsQuantifier() {
			return
		}
		for _, a := range st.Args(t) {
			find(a)
		}
	}
	for _, a := range s.Assertions {
		if _, ok := u.uc[a]; ok && !seen[a] {
			seen[a], top[a] = true, true
			roots = append(roots, a)
			continue
		}
		find(a)
	}
	if len(roots)+len(inner) == 0 {
		return false, nil
	}
	// Decreasing ids: a term's other arguments may contain a term replaced
	// later (smaller id), never an earlier one, so every definition only
	// mentions variables that are defined after it on the trail.
	all := append(roots, inner...)
	slices.Sort(all)
	sub := map[term.Term]term.Term{}
	for i := len(all) - 1; i >= 0; i-- {
		t := all[i]
		if top[t] {
			// Asserted, so true wherever else it occurs too.
			u.define(t, st.True())
			sub[t] = st.True()
			continue
		}
		v := p.freshFor(st, t)
		u.define(t, v)
		sub[t] = v
	}
	applyAll(s, sub)
	s.NoteRewritten(len(all))
	return true, nil
}

// free reports whether t is unconstrained and occurs only once, so that its
// one parent may set its value.
func (u *ucState) free(t term.Term) bool {
	_, ok := u.uc[t]
	return ok && u.count[t] == 1
}

// classify decides whether t is unconstrained and which arguments its
// inverse sets.
func (u *ucState) classify(t term.Term) ([]int, bool) {
	st := u.st
	op := st.Op(t)
	if op == term.OpVar {
		ok := u.count[t] == 1 && !u.quantified[t] && u.s.Eliminable(t)
		return nil, ok
	}
	args := st.Args(t)
	one := func(i int) ([]int, bool) { return []int{i}, true }
	either := func() ([]int, bool) {
		if len(args) == 2 && args[0] != args[1] {
			if u.free(args[0]) {
				return one(0)
			}
			if u.free(args[1]) {
				return one(1)
			}
		}
		return nil, false
	}
	both := func(i, j int) ([]int, bool) {
		if args[i] != args[j] && u.free(args[i]) && u.free(args[j]) {
			return []int{i, j}, true
		}
		return nil, false
	}
	switch op {
	case term.OpNot, term.OpBVNot, term.OpBVNeg, term.OpExtract:
		if u.free(args[0]) {
			return one(0)
		}
	case term.OpBVAdd, term.OpBVSub, term.OpBVXor, term.OpXor, term.OpBVXnor:
		return either()
	case term.OpBVMul:
		for i := 0; i < 2 && len(args) == 2; i++ {
			if o := args[1-i]; u.free(args[i]) && st.Op(o) == term.OpBVConst && st.Value(o).Bit(0) {
				return one(i)
			}
		}
		if len(args) == 2 {
			return both(0, 1)
		}
	case term.OpBVAnd, term.OpBVOr, term.OpBVUdiv, term.OpBVUrem, term.OpBVShl, term.OpBVLshr, term.OpConcat:
		if len(args) == 2 {
			return both(0, 1)
		}
	case term.OpIte:
		return both(1, 2)
	case term.OpEq:
		if len(args) == 2 && u.canDiffer(st.SortOf(args[0])) {
			return either()
		}
	case term.OpSelect:
		if u.free(args[0]) {
			return one(0)
		}
	case term.OpStore:
		return both(0, 2)
	}
	return nil, false
}

// canDiffer reports whether differ can build a value other than a given
// one for sort s.
func (u *ucState) canDiffer(s term.Sort) bool {
	st := u.st
	switch st.Kind(s) {
	case term.KindBool, term.KindBitVec:
		return true
	case term.KindArray:
		k := st.Kind(st.IndexSort(s))
		return (k == term.KindBool || k == term.KindBitVec) && u.canDiffer(st.ElemSort(s))
	}
	return false
}

// differ returns a term whose value differs from t's (canDiffer).
func (u *ucState) differ(t term.Term) term.Term {
	st := u.st
	s := st.SortOf(t)
	switch st.Kind(s) {
	case term.KindBool:
		return st.Not(t)
	case term.KindBitVec:
		return st.MustMake(term.OpBVNot, nil, t)
	}
	var k term.Term
	if is := st.IndexSort(s); st.IsBool(is) {
		k = st.False()
	} else {
		k = st.Const(bv.Zero(st.Width(is)))
	}
	return st.MustMake(term.OpStore, nil, t, k, u.differ(st.MustMake(term.OpSelect, nil, t, k)))
}

// define puts on the trail the definitions of the variables below the
// unconstrained term t that make t evaluate to v.
func (u *ucState) define(t, v term.Term) {
	st := u.st
	op := st.Op(t)
	if op == term.OpVar {
		u.s.Eliminate(t, v)
		return
	}
	args := st.Args(t)
	kids := u.uc[t]
	mk := st.MustMake
	x := kids[0]
	var o term.Term
	if len(args) == 2 {
		o = args[1-x]
	}
	w := uint32(0)
	if st.IsBitVec(st.SortOf(args[0])) {
		w = st.Width(st.SortOf(args[0]))
	}
	if len(kids) == 2 {
		a, b := args[kids[0]], args[kids[1]]
		switch op {
		case term.OpIte:
			u.define(a, v)
			u.define(b, v)
		case term.OpConcat: // v = hi ++ lo
			lw := st.Width(st.SortOf(b))
			u.define(a, mk(term.OpExtract, []uint32{st.Width(st.SortOf(t)) - 1, lw}, v))
			u.define(b, mk(term.OpExtract, []uint32{lw - 1, 0}, v))
		case term.OpStore: // (store a i e) = v for a := v, e := v[i]
			u.define(a, v)
			u.define(b, mk(term.OpSelect, nil, v, args[1]))
		default: // a op n = a for the right neutral element n
			var n bv.Value
			switch op {
			case term.OpBVAnd:
				n = bv.Ones(w)
			case term.OpBVMul, term.OpBVUdiv:
				n = bv.New(w, 1)
			default: // bvor, bvurem, bvshl, bvlshr
				n = bv.Zero(w)
			}
			u.define(a, v)
			u.define(b, st.Const(n))
		}
		return
	}
	c := args[x]
	switch op {
	case term.OpNot, term.OpBVNot, term.OpBVNeg:
		u.define(c, mk(op, nil, v))
	case term.OpBVAdd:
		u.define(c, mk(term.OpBVSub, nil, v, o))
	case term.OpBVSub:
		if x == 0 { // c - o = v gives c = v + o
			u.define(c, mk(term.OpBVAdd, nil, v, o))
		} else { // o - c = v gives c = o - v
			u.define(c, mk(term.OpBVSub, nil, o, v))
		}
	case term.OpBVXor, term.OpXor:
		u.define(c, mk(op, nil, v, o))
	case term.OpBVXnor: // ~(c ^ o) = v gives c = ~v ^ o
		u.define(c, mk(term.OpBVXor, nil, mk(term.OpBVNot, nil, v), o))
	case term.OpBVMul:
		u.define(c, mk(term.OpBVMul, nil, v, st.Const(inverseOdd(st.Value(o)))))
	case term.OpExtract:
		hi, lo := st.Indices(t)
		def := v
		if lo > 0 {
			def = mk(term.OpConcat, nil, def, st.Const(bv.Zero(lo)))
		}
		if hi < w-1 {
			def = mk(term.OpConcat, nil, st.Const(bv.Zero(w-1-hi)), def)
		}
		u.define(c, def)
	case term.OpEq: // c = o is v for c := (ite v o (differ o))
		u.define(c, st.Ite(v, o, u.differ(o)))
	case term.OpSelect:
		arr, err := st.ConstArray(st.SortOf(c), v)
		if err != nil {
			panic("preprocess: " + err.Error())
		}
		u.define(c, arr)
	default:
		panic("preprocess: unconstrained " + op.String() + " has no inverse")
	}
}

// inverseOdd returns the multiplicative inverse of the odd value k modulo
// 2^w, by Newton's iteration y := y(2 - ky), which doubles the number of
// correct low bits each step.
func inverseOdd(k bv.Value) bv.Value {
	w := k.Width()
	y := k // k*k = 1 mod 8 for odd k: three bits correct
	two := bv.New(w, 2)
	for bits := uint32(3); bits < w; bits *= 2 {
		y = bv.Mul(y, bv.Sub(two, bv.Mul(k, y)))
	}
	return y
}
