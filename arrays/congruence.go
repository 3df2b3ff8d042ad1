package arrays

import (
	"math/big"
	"math/bits"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// residue says that a term's value is congruent to r modulo 2^m in every
// model: its m lowest bits are known. m = 0 knows nothing. Congruences
// modulo powers of two survive the 2^n wrap-around of bit-vector arithmetic
// (m <= n), so this needs no interval information (digest §6.3.2).
type residue struct {
	m uint32 // number of known low bits, at most maxResidueBits
	r uint64 // their value
}

// maxResidueBits caps the known low bits so they fit a uint64.
const maxResidueBits = 62

func lowMask(m uint32) uint64 { return (uint64(1) << m) - 1 }

func mkResidue(m uint32, r uint64) residue {
	if m > maxResidueBits {
		m = maxResidueBits
	}
	return residue{m, r & lowMask(m)}
}

// minM is the modulus both residues know.
func minM(a, b residue) uint32 { return min(a.m, b.m) }

// trailingZeros is how many low bits are known to be zero.
func (x residue) trailingZeros() uint32 {
	if x.r == 0 {
		return x.m
	}
	return min(uint32(bits.TrailingZeros64(x.r)), x.m)
}

// congruences computes residues of bit-vector terms, memoised. defs maps a
// variable to a term it is asserted equal to at top level, so that
// "y = 4x + 1" gives y its residue (test t05).
type congruences struct {
	st    *term.Store
	memo  map[term.Term]residue
	defs  map[term.Term]term.Term
	busy  map[term.Term]bool
	fixed func(t term.Term) (uint64, bool) // values proven by the pre-check
}

func newCongruences(st *term.Store) *congruences {
	return &congruences{st: st, memo: map[term.Term]residue{}, defs: map[term.Term]term.Term{}, busy: map[term.Term]bool{}}
}

func (c *congruences) of(t term.Term) residue {
	if x, ok := c.memo[t]; ok {
		return x
	}
	if c.busy[t] {
		return residue{} // a cycle through definitions knows nothing
	}
	c.busy[t] = true
	x := c.compute(t)
	delete(c.busy, t)
	c.memo[t] = x
	return x
}

func (c *congruences) compute(t term.Term) residue {
	st := c.st
	n := st.Width(st.SortOf(t))
	if c.fixed != nil && n <= 64 {
		if v, ok := c.fixed(t); ok {
			return mkResidue(n, v)
		}
	}
	args := st.Args(t)
	arg := func(i int) residue { return c.of(args[i]) }
	switch st.Op(t) {
	case term.OpBVConst:
		v := st.Value(t)
		lowBits := min(n, 64)
		lo := bvLow64(v)
		return mkResidue(lowBits, lo)
	case term.OpVar:
		if d, ok := c.defs[t]; ok {
			return c.of(d)
		}
	case term.OpBVAdd:
		a, b := arg(0), arg(1)
		m := minM(a, b)
		return mkResidue(m, a.r+b.r)
	case term.OpBVSub:
		a, b := arg(0), arg(1)
		m := minM(a, b)
		return mkResidue(m, a.r-b.r)
	case term.OpBVNeg:
		a := arg(0)
		return mkResidue(a.m, -a.r)
	case term.OpBVNot:
		a := arg(0)
		return mkResidue(a.m, ^a.r)
	case term.OpBVMul:
		a, b := arg(0), arg(1)
		// (ra + 2^ma s)(rb + 2^mb t) = ra rb mod 2^min(ma+tz(b), mb+tz(a)).
		m := min(a.m+b.trailingZeros(), b.m+a.trailingZeros(), n)
		return mkResidue(m, a.r*b.r)
	case term.OpBVShl:
		if st.Op(args[1]) == term.OpBVConst {
			k, ok := st.Value(args[1]).Uint64()
			if !ok || k >= uint64(n) {
				return mkResidue(n, 0)
			}
			a := arg(0)
			return mkResidue(min(a.m+uint32(k), n), a.r<<k)
		}
	case term.OpConcat:
		hi, lo := arg(0), arg(1)
		lw := st.Width(st.SortOf(args[1]))
		if lo.m >= lw && lw < maxResidueBits {
			return mkResidue(lw+hi.m, hi.r<<lw|lo.r)
		}
		return lo
	case term.OpExtract:
		h, l := st.Indices(t)
		a := arg(0)
		if a.m <= l {
			return residue{}
		}
		return mkResidue(min(a.m-l, h-l+1), a.r>>l)
	case term.OpZeroExtend:
		a := arg(0)
		if a.m >= st.Width(st.SortOf(args[0])) {
			return mkResidue(n, a.r)
		}
		return a
	case term.OpSignExtend:
		return arg(0)
	case term.OpBVAnd, term.OpBVOr:
		a, b := arg(0), arg(1)
		m := minM(a, b)
		if st.Op(t) == term.OpBVAnd {
			// Bits known zero on either side are zero.
			return mkResidue(max(m, a.trailingZeros(), b.trailingZeros()), a.r&b.r)
		}
		return mkResidue(m, a.r|b.r)
	case term.OpIte:
		a, b := arg(1), arg(2)
		m := minM(a, b)
		for m > 0 && (a.r^b.r)&lowMask(m) != 0 {
			m--
		}
		return mkResidue(m, a.r)
	}
	return residue{}
}

// bvLow64 returns the low 64 bits of a constant of any width.
func bvLow64(v bv.Value) uint64 {
	if x, ok := v.Uint64(); ok {
		return x
	}
	return new(big.Int).And(v.Big(), new(big.Int).SetUint64(^uint64(0))).Uint64()
}
