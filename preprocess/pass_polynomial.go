package preprocess

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// PolyEq decides bit-vector equalities that are polynomial identities modulo
// 2^w. Both sides are read as polynomials over opaque atoms (bvadd, bvsub,
// bvneg, bvnot, bvmul and shifts by constants are ring operations; anything
// else is an atom), the difference is brought to a sum of monomials, and an
// equality whose difference is the zero polynomial becomes true, one whose
// difference is a nonzero constant false. This proves the commutativity and
// distributivity properties of arithmetic datapaths at the word level, where
// bit-blasting the multipliers is hopeless.
//
// Only these two outcomes are used: a nonzero polynomial can still vanish as
// a function modulo 2^w (x·(x+1) at w = 1), so nothing else is concluded.
type PolyEq struct{}

func (PolyEq) Name() string { return "poly-eq" }

// maxMonomials bounds a polynomial; a term whose expansion is larger is an
// atom (sound: atoms are opaque).
const maxMonomials = 64

func (PolyEq) Apply(ctx context.Context, s *State) (bool, error) {
	p := &polyEq{st: s.Store, polys: map[term.Term]polynomial{}, done: map[term.Term]term.Term{}, stop: s.Interrupted}
	changed := false
	for i, a := range s.Assertions {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if na := p.walk(a); na != a {
			s.Assertions[i] = na
			changed = true
		}
	}
	s.NoteRewritten(p.decided)
	return changed, nil
}

// polyEq holds the memos of one application.
type polyEq struct {
	st      *term.Store
	polys   map[term.Term]polynomial
	done    map[term.Term]term.Term
	decided int
	stop    func() bool // State.Interrupted
}

// walk rebuilds t with every decidable bit-vector equality replaced by its
// truth value.
func (p *polyEq) walk(t term.Term) term.Term {
	if n, ok := p.done[t]; ok {
		return n
	}
	st := p.st
	res := t
	switch {
	case st.Op(t).IsLeaf() || p.stop():
	case st.Op(t) == term.OpEq && len(st.Args(t)) == 2 && st.IsBitVec(st.SortOf(st.Arg(t, 0))):
		a, b := st.Arg(t, 0), st.Arg(t, 1)
		if d := p.poly(a).sub(p.poly(b), st.Width(st.SortOf(a))); d != nil {
			if d.isZero() {
				res = st.True()
				p.decided++
			} else if d.isConstant() {
				res = st.False()
				p.decided++
			}
		}
	case st.IsBool(st.SortOf(t)):
		// Only the Boolean structure is walked: equalities below a
		// bit-vector term (an ite's condition) are left as they are, which
		// keeps the walk off the arithmetic that poly reads.
		res = st.MapArgs(t, func(a term.Term) term.Term {
			if st.IsBool(st.SortOf(a)) {
				return p.walk(a)
			}
			return a
		})
	}
	p.done[t] = res
	return res
}

// polynomial maps monomials (sorted atom ids, "" for the constant) to their
// nonzero coefficients; nil stands for "too large".
type polynomial map[string]bv.Value

func (p polynomial) isZero() bool { return p != nil && len(p) == 0 }

func (p polynomial) isConstant() bool {
	_, ok := p[""]
	return p != nil && len(p) == 1 && ok
}

// addScaled returns p + k·q (k a coefficient of the same width).
func (p polynomial) addScaled(q polynomial, k bv.Value) polynomial {
	if p == nil || q == nil {
		return nil
	}
	out := make(polynomial, len(p)+len(q))
	for m, c := range p {
		out[m] = c
	}
	for m, c := range q {
		out.add(m, bv.Mul(c, k))
	}
	if len(out) > maxMonomials {
		return nil
	}
	return out
}

// sub returns p − q, both of width w.
func (p polynomial) sub(q polynomial, w uint32) polynomial { return p.addScaled(q, bv.Ones(w)) }

// mul returns p·q.
func (p polynomial) mul(q polynomial) polynomial {
	if p == nil || q == nil || len(p)*len(q) > 4*maxMonomials {
		return nil
	}
	out := polynomial{}
	for m1, c1 := range p {
		for m2, c2 := range q {
			out.add(joinMonomials(m1, m2), bv.Mul(c1, c2))
		}
	}
	// Only the final size counts: map order must not decide the result.
	if len(out) > maxMonomials {
		return nil
	}
	return out
}

// add adds c to the coefficient of monomial m, in place.
func (p polynomial) add(m string, c bv.Value) {
	if old, ok := p[m]; ok {
		c = bv.Add(old, c)
	}
	if c.IsZero() {
		delete(p, m)
	} else {
		p[m] = c
	}
}

// joinMonomials multiplies two monomials: the merge of their sorted atoms.
func joinMonomials(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	atoms := append(strings.Split(a, ","), strings.Split(b, ",")...)
	slices.SortFunc(atoms, func(x, y string) int {
		xi, _ := strconv.Atoi(x)
		yi, _ := strconv.Atoi(y)
		return xi - yi
	})
	return strings.Join(atoms, ",")
}

// poly returns t as a polynomial over atoms, or nil when it is too large.
func (p *polyEq) poly(t term.Term) polynomial {
	if q, ok := p.polys[t]; ok {
		return q
	}
	if p.stop() {
		return nil // too large, as far as anyone can tell in time
	}
	st := p.st
	w := st.Width(st.SortOf(t))
	one := bv.New(w, 1)
	args := st.Args(t)
	var q polynomial
	switch st.Op(t) {
	case term.OpBVConst:
		q = polynomial{}
		if v := st.Value(t); !v.IsZero() {
			q[""] = v
		}
	case term.OpBVAdd:
		q = polynomial{}
		for _, a := range args {
			q = q.addScaled(p.poly(a), one)
		}
	case term.OpBVSub:
		q = p.poly(args[0]).sub(p.poly(args[1]), w)
	case term.OpBVNeg:
		q = polynomial{}.addScaled(p.poly(args[0]), bv.Ones(w))
	case term.OpBVNot: // ~a = −a − 1
		q = polynomial{"": bv.Ones(w)}.addScaled(p.poly(args[0]), bv.Ones(w))
	case term.OpBVMul:
		q = polynomial{"": one}
		for _, a := range args {
			q = q.mul(p.poly(a))
		}
	case term.OpConcat:
		q = p.shifted(t)
	case term.OpBVShl:
		if st.Op(args[1]) == term.OpBVConst {
			if k, ok := st.Value(args[1]).Uint64(); ok && k < uint64(w) {
				q = polynomial{}.addScaled(p.poly(args[0]), bv.Shl(one, bv.New(w, k)))
			} else {
				q = polynomial{}
			}
		}
	}
	if q == nil {
		q = polynomial{strconv.Itoa(int(t)): one}
	}
	p.polys[t] = q
	return q
}

// shifted reads (concat A 0_k) as A·2^k when every atom of A's polynomial,
// at width w-k, is a low slice (_ extract w-k-1 0) of a width-w term: the
// product of low slices is the product of the terms modulo 2^(w-k), so
// shifted by k it is the product of the terms modulo 2^w. The rewriter
// writes multiplications by even constants and shifts by constants so.
func (p *polyEq) shifted(t term.Term) polynomial {
	st := p.st
	hi, lo := st.Arg(t, 0), st.Arg(t, 1)
	if st.Op(lo) != term.OpBVConst || !st.Value(lo).IsZero() {
		return nil
	}
	w, k := st.Width(st.SortOf(t)), st.Width(st.SortOf(lo))
	a := p.poly(hi)
	if a == nil {
		return nil
	}
	out := polynomial{}
	for m, c := range a {
		var inner []string
		if m != "" {
			for _, id := range strings.Split(m, ",") {
				n, _ := strconv.Atoi(id)
				x := term.Term(n)
				if st.Op(x) != term.OpExtract {
					return nil
				}
				h, l := st.Indices(x)
				y := st.Arg(x, 0)
				if l != 0 || h != w-k-1 || st.Width(st.SortOf(y)) != w {
					return nil
				}
				inner = append(inner, strconv.Itoa(int(y)))
			}
		}
		mono := ""
		for _, id := range inner {
			mono = joinMonomials(mono, id)
		}
		out.add(mono, bv.Concat(c, bv.Zero(k)))
	}
	return out
}
