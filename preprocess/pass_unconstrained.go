package preprocess

import (
	"context"
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// Unconstrained eliminates variables that occur exactly once in the whole
// problem, under a parent that can take any value of its sort whatever the
// other arguments are. The parent is replaced by a fresh variable v, and the
// trail gets a definition of the eliminated variable from v and the other
// arguments (for (bvadd x t): x := v - t).
//
// The parents handled are exactly those for which that inverse exists:
// bvnot, bvneg, bvadd, bvsub, bvxor, bvxnor, bvmul by an odd constant,
// extract, Boolean not and xor, equality (with a fresh Bool), and concat or
// ite whose two value arguments are both unconstrained. Comparisons such as
// bvult are left alone: (bvult x 0) is false whatever x is.
//
// Variables below a quantifier are never touched: their parent may depend on
// bound variables, which a top-level fresh variable cannot.
type Unconstrained struct {
	// fresh keeps one fresh variable per replaced parent, so that repeated
	// checks of an incremental session build the same problem.
	fresh     map[term.Term]term.Term
	freshFrom *term.Store
}

// NewUnconstrained returns the pass with an empty fresh-variable cache.
func NewUnconstrained() *Unconstrained { return &Unconstrained{} }

func (*Unconstrained) Name() string { return "unconstrained" }

// occurrence is what the count walk learns about one variable.
type occurrence struct {
	count  int
	parent term.Term
}

func (p *Unconstrained) freshFor(st *term.Store, parent term.Term, sort term.Sort) term.Term {
	if p.freshFrom != st {
		p.fresh, p.freshFrom = map[term.Term]term.Term{}, st
	}
	if v, ok := p.fresh[parent]; ok && st.SortOf(v) == sort {
		return v
	}
	v := st.Fresh("uc", sort)
	p.fresh[parent] = v
	return v
}

func (p *Unconstrained) Apply(ctx context.Context, s *State) (bool, error) {
	st := s.Store
	occ := map[term.Term]*occurrence{}
	quantified := map[term.Term]bool{} // variables below a quantifier
	seen := map[term.Term]bool{}
	var walk func(t term.Term)
	walk = func(t term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		if st.Op(t).IsQuantifier() {
			for _, x := range st.FreeVars(t) {
				quantified[x] = true
			}
			return
		}
		for _, a := range st.Args(t) {
			if st.Op(a) == term.OpVar {
				o := occ[a]
				if o == nil {
					o = &occurrence{}
					occ[a] = o
				}
				o.count++
				o.parent = t
			}
			walk(a)
		}
	}
	for _, a := range s.Assertions {
		if st.Op(a) == term.OpVar {
			// A top-level variable is constrained to be true.
			occ[a] = &occurrence{count: 2}
		}
		walk(a)
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	free := func(x term.Term) bool {
		o := occ[x]
		return st.Op(x) == term.OpVar && o != nil && o.count == 1 && !quantified[x] && s.Eliminable(x) &&
			st.Kind(st.SortOf(x)) != term.KindArray
	}
	// Parents in decreasing id order: a parent's other arguments may contain
	// a later-replaced parent (smaller id), never an earlier one, so every
	// definition only mentions variables eliminated after it on the trail.
	sub := map[term.Term]term.Term{}
	cands := map[term.Term]bool{}
	for x, o := range occ {
		if free(x) {
			cands[o.parent] = true
		}
	}
	order := make([]term.Term, 0, len(cands))
	for n := range cands {
		order = append(order, n)
	}
	slices.Sort(order)
	for i := len(order) - 1; i >= 0; i-- {
		par := order[i]
		if p.eliminate(s, par, free, sub) {
			s.NoteRewritten(1)
		}
	}
	if len(sub) == 0 {
		return false, nil
	}
	applyAll(s, sub)
	return true, nil
}

// eliminate replaces the parent par if one of its unconstrained arguments
// lets it take any value; it reports whether it did.
func (p *Unconstrained) eliminate(s *State, par term.Term, free func(term.Term) bool, sub map[term.Term]term.Term) bool {
	st := s.Store
	args := st.Args(par)
	op := st.Op(par)
	// pick the first unconstrained argument and the other one (binary ops)
	xi := -1
	for i, a := range args {
		if free(a) {
			xi = i
			break
		}
	}
	if xi < 0 {
		return false
	}
	x := args[xi]
	var other term.Term
	if len(args) == 2 {
		other = args[1-xi]
	}
	v := func() term.Term { return p.freshFor(st, par, st.SortOf(par)) }
	replace := func(fresh term.Term, defs ...term.Term) bool {
		for i := 0; i+1 < len(defs); i += 2 {
			s.Eliminate(defs[i], defs[i+1])
		}
		sub[par] = fresh
		return true
	}
	mk := st.MustMake
	switch op {
	case term.OpBVNot, term.OpBVNeg, term.OpNot:
		f := v()
		return replace(f, x, mk(op, nil, f))
	case term.OpBVAdd:
		f := v()
		return replace(f, x, mk(term.OpBVSub, nil, f, other))
	case term.OpBVSub:
		f := v()
		if xi == 0 { // x - o = f  gives  x = f + o
			return replace(f, x, mk(term.OpBVAdd, nil, f, other))
		}
		return replace(f, x, mk(term.OpBVSub, nil, other, f)) // o - x = f gives x = o - f
	case term.OpBVXor, term.OpXor:
		f := v()
		return replace(f, x, mk(op, nil, f, other))
	case term.OpBVXnor: // ~(x ^ o) = f  gives  x = ~f ^ o
		f := v()
		return replace(f, x, mk(term.OpBVXor, nil, mk(term.OpBVNot, nil, f), other))
	case term.OpBVMul:
		if st.Op(other) != term.OpBVConst || !st.Value(other).Bit(0) {
			return false
		}
		f := v()
		return replace(f, x, mk(term.OpBVMul, nil, f, st.Const(inverseOdd(st.Value(other)))))
	case term.OpExtract:
		hi, lo := st.Indices(par)
		f := v()
		w := st.Width(st.SortOf(x))
		def := f
		if lo > 0 {
			def = mk(term.OpConcat, nil, def, st.Const(bv.Zero(lo)))
		}
		if hi < w-1 {
			def = mk(term.OpConcat, nil, st.Const(bv.Zero(w-1-hi)), def)
		}
		return replace(f, x, def)
	case term.OpEq:
		if len(args) != 2 || other == x {
			return false
		}
		// x = o is true for x := o and false for x := ~o (any width >= 1).
		b := p.freshFor(st, par, term.BoolSortID)
		var neg term.Term
		if st.IsBool(st.SortOf(x)) {
			neg = st.Not(other)
		} else {
			neg = mk(term.OpBVNot, nil, other)
		}
		return replace(b, x, st.Ite(b, other, neg))
	case term.OpConcat:
		h, l := args[0], args[1]
		if h == l || !free(h) || !free(l) {
			return false
		}
		f := v()
		w, lw := st.Width(st.SortOf(par)), st.Width(st.SortOf(l))
		return replace(f, h, mk(term.OpExtract, []uint32{w - 1, lw}, f), l, mk(term.OpExtract, []uint32{lw - 1, 0}, f))
	case term.OpIte:
		a, b := args[1], args[2]
		if a == b || !free(a) || !free(b) {
			return false
		}
		f := v()
		return replace(f, a, f, b, f)
	}
	return false
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
