package arrays

import (
	"math/big"

	"github.com/sift-solver/sift/term"
)

// linearizer turns bit-vector terms into variables of an integer system
// whose solutions over-approximate the terms' unsigned values in every model
// (digest §3.3, with the wrap-around of modulo arithmetic modelled by
// integer wrap, quotient and sign variables). Every bit-vector term gets one
// variable bounded by [0, 2^w-1]; operators it cannot express linearly get a
// fresh unconstrained variable (sound abstraction).
type linearizer struct {
	st  *term.Store
	sys *system
	// varOf maps a bit-vector term to its variable; signOf to its sign bit.
	varOf  map[term.Term]int
	signOf map[term.Term]int
	// Counts for Stats.
	kept, dropped, abstracted int
}

func newLinearizer(st *term.Store) *linearizer {
	return &linearizer{st: st, sys: &system{}, varOf: map[term.Term]int{}, signOf: map[term.Term]int{}}
}

func (l *linearizer) width(t term.Term) uint32 { return l.st.Width(l.st.SortOf(t)) }

func (l *linearizer) fresh(w uint32) int { return l.sys.newVar(new(big.Int), maxOf(w)) }

func (l *linearizer) freshRange(lo, hi *big.Int) int { return l.sys.newVar(lo, hi) }

func one() *big.Int { return big.NewInt(1) }

func neg(x *big.Int) *big.Int { return new(big.Int).Neg(x) }

// eq adds sum(terms) = rhs.
func (l *linearizer) eq(rhs *big.Int, terms ...lin) { l.sys.addRow(terms, true, rhs) }

// le adds sum(terms) <= rhs.
func (l *linearizer) le(rhs *big.Int, terms ...lin) { l.sys.addRow(terms, false, rhs) }

// term returns the variable of the bit-vector term t, creating it and the
// constraints that define it.
func (l *linearizer) term(t term.Term) int {
	if v, ok := l.varOf[t]; ok {
		return v
	}
	v := l.define(t)
	l.varOf[t] = v
	return v
}

func (l *linearizer) define(t term.Term) int {
	st := l.st
	n := l.width(t)
	args := append([]term.Term(nil), st.Args(t)...)
	constArg := func(i int) (*big.Int, bool) {
		if st.Op(args[i]) == term.OpBVConst {
			return st.Value(args[i]).Big(), true
		}
		return nil, false
	}
	switch st.Op(t) {
	case term.OpBVConst:
		c := st.Value(t).Big()
		return l.sys.newVar(c, c)
	case term.OpBVAdd, term.OpBVSub:
		// z = x ± y ∓ 2^n o with o in {0,1}.
		x, y := l.term(args[0]), l.term(args[1])
		z := l.fresh(n)
		o := l.freshRange(new(big.Int), one())
		sy, so := one(), pow2(n)
		if st.Op(t) == term.OpBVSub {
			sy, so = big.NewInt(-1), neg(pow2(n))
		}
		l.eq(new(big.Int), lin{z, one()}, lin{x, big.NewInt(-1)}, lin{y, neg(sy)}, lin{o, so})
		return z
	case term.OpBVNeg:
		// z = 2^n o - x: o = 0 exactly when x = 0.
		x := l.term(args[0])
		z := l.fresh(n)
		o := l.freshRange(new(big.Int), one())
		l.eq(new(big.Int), lin{z, one()}, lin{x, one()}, lin{o, neg(pow2(n))})
		return z
	case term.OpBVNot:
		// z = 2^n - 1 - x, exact.
		x := l.term(args[0])
		z := l.fresh(n)
		l.eq(maxOf(n), lin{z, one()}, lin{x, one()})
		return z
	case term.OpBVMul:
		c, ok := constArg(0)
		other := args[1]
		if !ok {
			c, ok = constArg(1)
			other = args[0]
		}
		if !ok {
			break // non-linear
		}
		return l.scale(l.term(other), c, n)
	case term.OpBVShl:
		if c, ok := constArg(1); ok {
			if c.Cmp(big.NewInt(int64(n))) >= 0 {
				return l.sys.newVar(new(big.Int), new(big.Int))
			}
			return l.scale(l.term(args[0]), pow2(uint32(c.Uint64())), n)
		}
	case term.OpBVLshr:
		if c, ok := constArg(1); ok {
			if c.Cmp(big.NewInt(int64(n))) >= 0 {
				return l.sys.newVar(new(big.Int), new(big.Int))
			}
			return l.divide(l.term(args[0]), pow2(uint32(c.Uint64())), n, false)
		}
	case term.OpBVUdiv, term.OpBVUrem:
		if c, ok := constArg(1); ok {
			x := l.term(args[0])
			if c.Sign() == 0 { // SMT-LIB: x/0 = ~0, x%0 = x
				if st.Op(t) == term.OpBVUrem {
					return x
				}
				m := maxOf(n)
				return l.sys.newVar(m, m)
			}
			return l.divide(x, c, n, st.Op(t) == term.OpBVUrem)
		}
	case term.OpConcat:
		// z = 2^m x + y, exact.
		m := l.width(args[1])
		x, y := l.term(args[0]), l.term(args[1])
		z := l.fresh(n)
		l.eq(new(big.Int), lin{z, one()}, lin{x, neg(pow2(m))}, lin{y, big.NewInt(-1)})
		return z
	case term.OpExtract:
		// x = 2^(h+1) u + 2^lo z + w, exact.
		hi, lo := st.Indices(t)
		xw := l.width(args[0])
		x := l.term(args[0])
		z := l.fresh(n)
		terms := []lin{{x, one()}, {z, neg(pow2(lo))}}
		if hi+1 < xw {
			u := l.fresh(xw - hi - 1)
			terms = append(terms, lin{u, neg(pow2(hi + 1))})
		}
		if lo > 0 {
			w := l.fresh(lo)
			terms = append(terms, lin{w, big.NewInt(-1)})
		}
		l.eq(new(big.Int), terms...)
		return z
	case term.OpZeroExtend:
		x := l.term(args[0])
		z := l.fresh(n)
		l.eq(new(big.Int), lin{z, one()}, lin{x, big.NewInt(-1)})
		return z
	case term.OpSignExtend:
		// z = x + (2^n - 2^m) s where s is x's sign bit (m = width of x).
		m := l.width(args[0])
		x := l.term(args[0])
		s := l.sign(args[0])
		z := l.fresh(n)
		l.eq(new(big.Int), lin{z, one()}, lin{x, big.NewInt(-1)}, lin{s, neg(new(big.Int).Sub(pow2(n), pow2(m)))})
		return z
	case term.OpBVAnd:
		x, y := l.term(args[0]), l.term(args[1])
		for i, other := range []int{y, x} {
			if c, ok := constArg(i); ok && c.Sign() > 0 && new(big.Int).And(c, new(big.Int).Add(c, one())).Sign() == 0 {
				// A low mask 0...01...1 is a modulo: exact.
				k := uint32(c.BitLen())
				z := l.freshRange(new(big.Int), maxOf(k))
				u := l.fresh(n - k + 1)
				l.eq(new(big.Int), lin{other, one()}, lin{u, neg(pow2(k))}, lin{z, big.NewInt(-1)})
				return z
			}
		}
		z := l.fresh(n)
		l.le(new(big.Int), lin{z, one()}, lin{x, big.NewInt(-1)})
		l.le(new(big.Int), lin{z, one()}, lin{y, big.NewInt(-1)})
		l.abstracted++
		return z
	case term.OpBVOr:
		// max(x,y) <= z <= x + y.
		x, y := l.term(args[0]), l.term(args[1])
		z := l.fresh(n)
		l.le(new(big.Int), lin{x, one()}, lin{z, big.NewInt(-1)})
		l.le(new(big.Int), lin{y, one()}, lin{z, big.NewInt(-1)})
		l.le(new(big.Int), lin{z, one()}, lin{x, big.NewInt(-1)}, lin{y, big.NewInt(-1)})
		l.abstracted++
		return z
	}
	// Variables, selects, UF applications and everything non-linear: a
	// fresh variable over the whole range.
	if op := st.Op(t); op != term.OpVar && op != term.OpSelect {
		l.abstracted++
	}
	return l.fresh(n)
}

// scale returns z = c*x mod 2^n as z = c x - 2^n q.
func (l *linearizer) scale(x int, c *big.Int, n uint32) int {
	c = new(big.Int).Mod(c, pow2(n))
	z := l.fresh(n)
	if c.Sign() == 0 {
		l.eq(new(big.Int), lin{z, one()})
		return z
	}
	qmax := new(big.Int).Sub(c, one())
	q := l.freshRange(new(big.Int), qmax)
	l.eq(new(big.Int), lin{z, one()}, lin{x, neg(c)}, lin{q, pow2(n)})
	return z
}

// divide returns the quotient (or, with rem, the remainder) of x by c > 0:
// x = c q + r with 0 <= r < c.
func (l *linearizer) divide(x int, c *big.Int, n uint32, rem bool) int {
	q := l.fresh(n)
	r := l.freshRange(new(big.Int), new(big.Int).Sub(c, one()))
	l.eq(new(big.Int), lin{x, one()}, lin{q, neg(c)}, lin{r, big.NewInt(-1)})
	if rem {
		return r
	}
	return q
}

// sign returns the variable of t's most significant bit: x = 2^(n-1) s + r.
func (l *linearizer) sign(t term.Term) int {
	if s, ok := l.signOf[t]; ok {
		return s
	}
	n := l.width(t)
	x := l.term(t)
	s := l.freshRange(new(big.Int), one())
	r := l.fresh(n - 1 + boolToU32(n == 1))
	if n == 1 {
		l.eq(new(big.Int), lin{x, one()}, lin{s, big.NewInt(-1)})
		l.eq(new(big.Int), lin{r, one()})
	} else {
		l.eq(new(big.Int), lin{x, one()}, lin{s, neg(pow2(n - 1))}, lin{r, big.NewInt(-1)})
	}
	l.signOf[t] = s
	return s
}

func boolToU32(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// atom adds the constraint of a Boolean conjunct a (negated when !pos) if it
// is linear, and drops it otherwise (dropping only weakens the system).
func (l *linearizer) atom(a term.Term, pos bool) {
	st := l.st
	args := st.Args(a)
	switch op := st.Op(a); op {
	case term.OpTrue:
		if pos {
			return
		}
		l.le(big.NewInt(-1))
		l.kept++
		return
	case term.OpFalse:
		if !pos {
			return
		}
		l.le(big.NewInt(-1))
		l.kept++
		return
	case term.OpNot:
		l.atom(args[0], !pos)
		return
	case term.OpAnd:
		if pos {
			for _, c := range append([]term.Term(nil), args...) {
				l.atom(c, true)
			}
			return
		}
	case term.OpOr:
		if !pos {
			for _, c := range append([]term.Term(nil), args...) {
				l.atom(c, false)
			}
			return
		}
	case term.OpEq:
		if pos && len(args) == 2 && st.IsBitVec(st.SortOf(args[0])) {
			x, y := args[0], args[1]
			vx, vy := l.term(x), l.term(y)
			l.eq(new(big.Int), lin{vx, one()}, lin{vy, big.NewInt(-1)})
			l.kept++
			return
		}
	case term.OpBVUlt, term.OpBVUle, term.OpBVUgt, term.OpBVUge,
		term.OpBVSlt, term.OpBVSle, term.OpBVSgt, term.OpBVSge:
		x, y := args[0], args[1]
		strict := op == term.OpBVUlt || op == term.OpBVUgt || op == term.OpBVSlt || op == term.OpBVSgt
		if op == term.OpBVUgt || op == term.OpBVUge || op == term.OpBVSgt || op == term.OpBVSge {
			x, y = y, x
		}
		if !pos { // not (x < y) is y <= x; not (x <= y) is y < x
			x, y, strict = y, x, !strict
		}
		signed := op >= term.OpBVSlt && op <= term.OpBVSge
		l.compare(x, y, strict, signed)
		l.kept++
		return
	}
	l.dropped++
}

// compare adds x < y (strict) or x <= y, unsigned or signed. A signed value
// is x - 2^n s with s the sign bit, which is exact.
func (l *linearizer) compare(x, y term.Term, strict, signed bool) {
	vx, vy := l.term(x), l.term(y)
	rhs := new(big.Int)
	if strict {
		rhs.SetInt64(-1)
	}
	terms := []lin{{vx, one()}, {vy, big.NewInt(-1)}}
	if signed {
		n := l.width(x)
		terms = append(terms, lin{l.sign(x), neg(pow2(n))}, lin{l.sign(y), pow2(n)})
	}
	l.le(rhs, terms...)
}
