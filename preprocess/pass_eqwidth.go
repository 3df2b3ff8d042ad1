package preprocess

import (
	"context"
	"math/bits"
	"slices"

	"github.com/sift-solver/sift/term"
)

// EqWidth narrows bit-vector variables that occur only in equalities (and
// distincts) with other variables or constants. Such variables form classes
// (the components of the graph of those atoms); a class of n variables and
// the constants K it is compared with only needs n + |K| distinct values, so
// if every constant fits in w' bits and 2^w' ≥ n + |K|, each variable x of
// the class can be replaced by (concat 0 x') with x' of width w' — an
// injective map of any model onto [0, 2^w') that fixes K keeps every atom's
// truth value (the small-model property of equality logic). The trail gets
// x := (concat 0 x'), so a model of the narrowed problem is one of the input.
type EqWidth struct {
	fresh freshCache
}

// NewEqWidth returns the narrowing pass.
func NewEqWidth() *EqWidth { return &EqWidth{} }

func (*EqWidth) Name() string { return "eq-width" }

// Triggered: the argument needs every occurrence of a variable, so none may
// hide below a quantifier.
func (*EqWidth) Triggered(f term.Features) bool { return f&term.FeatQuantifier == 0 }

func (p *EqWidth) Apply(ctx context.Context, s *State) (bool, error) {
	st := s.Store
	parent := map[term.Term]term.Term{} // union-find over the variables
	var find func(x term.Term) term.Term
	find = func(x term.Term) term.Term {
		r, ok := parent[x]
		if !ok || r == x {
			parent[x] = x
			return x
		}
		r = find(r)
		parent[x] = r
		return r
	}
	bad := map[term.Term]bool{}
	var atoms []term.Term                 // the equalities and distincts over variables
	consts := map[term.Term][]term.Term{} // constants compared with a variable
	isVar := func(t term.Term) bool { return st.Op(t) == term.OpVar && st.IsBitVec(st.SortOf(t)) }
	atom := func(args []term.Term) bool {
		for _, a := range args {
			if !isVar(a) && st.Op(a) != term.OpBVConst {
				return false
			}
		}
		return true
	}
	stopped := st.Walk(s.Assertions, func(t term.Term) bool {
		if s.Interrupted() {
			return true
		}
		args := st.Args(t)
		op := st.Op(t)
		if (op == term.OpEq || op == term.OpDistinct) && len(args) > 0 && st.IsBitVec(st.SortOf(args[0])) && atom(args) {
			var first term.Term = term.NoTerm
			for _, a := range args {
				if isVar(a) {
					if first == term.NoTerm {
						first = a
						find(a)
					} else {
						parent[find(a)] = find(first)
					}
				}
			}
			if first != term.NoTerm {
				atoms = append(atoms, t)
			}
			for _, a := range args {
				if !isVar(a) && first != term.NoTerm {
					consts[first] = append(consts[first], a)
				}
			}
			return false
		}
		for _, a := range args {
			if isVar(a) {
				bad[a] = true
			}
		}
		return false
	})
	if stopped {
		return false, s.Err()
	}
	type class struct {
		vars   []term.Term
		consts map[term.Term]bool
		bad    bool
		narrow uint32 // the new width, or 0 to keep the class
	}
	vars := make([]term.Term, 0, len(parent))
	for x := range parent {
		vars = append(vars, x)
	}
	slices.Sort(vars) // deterministic classes and fresh-variable names
	classes := map[term.Term]*class{}
	for _, x := range vars {
		r := find(x)
		c := classes[r]
		if c == nil {
			c = &class{consts: map[term.Term]bool{}}
			classes[r] = c
		}
		c.vars = append(c.vars, x)
		c.bad = c.bad || bad[x] || !s.Eliminable(x)
	}
	for x, ks := range consts {
		for _, k := range ks {
			classes[find(x)].consts[k] = true
		}
	}
	narrowed := map[term.Term]term.Term{} // variable -> its narrow copy
	for _, x := range vars {
		c := classes[find(x)]
		if c.bad {
			continue
		}
		w := st.Width(st.SortOf(x))
		if c.narrow == 0 {
			n := uint64(len(c.vars) + len(c.consts))
			c.narrow = max(uint32(bits.Len64(n-1)), 1)
			for k := range c.consts {
				c.narrow = max(c.narrow, uint32(st.Value(k).Big().BitLen()))
			}
		}
		if c.narrow >= w {
			continue
		}
		nx := p.fresh.get(st, freshKey{role: "eq-width", t: x}, "narrow", st.BitVecSort(c.narrow))
		narrowed[x] = nx
		s.Eliminate(x, st.MustMake(term.OpConcat, nil, st.ConstUint64(w-c.narrow, 0), nx))
	}
	if len(narrowed) == 0 {
		return false, nil
	}
	// Rebuild the atoms over the narrowed variables: every argument of such
	// an atom is in one narrowed class, so each constant fits the new width.
	sub := map[term.Term]term.Term{}
	for _, at := range atoms {
		args := st.Args(at)
		var nw uint32
		for _, a := range args {
			if nx, ok := narrowed[a]; ok {
				nw = st.Width(st.SortOf(nx))
				break
			}
		}
		if nw == 0 {
			continue
		}
		nargs := make([]term.Term, len(args))
		for i, a := range args {
			if nx, ok := narrowed[a]; ok {
				nargs[i] = nx
			} else {
				nargs[i] = st.MustMake(term.OpExtract, []uint32{nw - 1, 0}, a)
			}
		}
		sub[at] = st.MustMake(st.Op(at), nil, nargs...)
	}
	applyAll(s, sub)
	s.NoteRewritten(len(narrowed))
	return true, nil
}
