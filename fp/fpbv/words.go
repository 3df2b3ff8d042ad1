package fpbv

import (
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// words builds bit-vector and Boolean terms tersely. Every circuit of the
// package is written with it; the store's builder folds constants and
// applies its local rewrites as the circuits are built.
type words struct {
	st *term.Store
}

type T = term.Term

func (w words) mk(op term.Op, idx []uint32, args ...T) T { return w.st.MustMake(op, idx, args...) }

func (w words) width(x T) uint32 { return w.st.Width(w.st.SortOf(x)) }

// c is the n-bit constant v (v >= 0, truncated to n bits).
func (w words) c(n uint32, v int64) T { return w.st.Const(bv.FromBig(n, big.NewInt(v))) }

// cBig is the n-bit constant v.
func (w words) cBig(n uint32, v *big.Int) T { return w.st.Const(bv.FromBig(n, v)) }

func (w words) zeros(n uint32) T { return w.st.Const(bv.Zero(n)) }
func (w words) ones(n uint32) T  { return w.st.Const(bv.Ones(n)) }

func (w words) tt() T           { return w.st.True() }
func (w words) ff() T           { return w.st.False() }
func (w words) not(a T) T       { return w.st.Not(a) }
func (w words) and(a ...T) T    { return w.st.And(a...) }
func (w words) or(a ...T) T     { return w.st.Or(a...) }
func (w words) xor(a, b T) T    { return w.mk(term.OpXor, nil, a, b) }
func (w words) ite(c, a, b T) T { return w.st.Ite(c, a, b) }
func (w words) eq(a, b T) T     { return w.st.Eq(a, b) }
func (w words) add(a, b T) T    { return w.mk(term.OpBVAdd, nil, a, b) }
func (w words) sub(a, b T) T    { return w.mk(term.OpBVSub, nil, a, b) }
func (w words) mul(a, b T) T    { return w.mk(term.OpBVMul, nil, a, b) }
func (w words) udiv(a, b T) T   { return w.mk(term.OpBVUdiv, nil, a, b) }
func (w words) urem(a, b T) T   { return w.mk(term.OpBVUrem, nil, a, b) }
func (w words) neg(a T) T       { return w.mk(term.OpBVNeg, nil, a) }
func (w words) bvand(a, b T) T  { return w.mk(term.OpBVAnd, nil, a, b) }
func (w words) bvor(a, b T) T   { return w.mk(term.OpBVOr, nil, a, b) }
func (w words) bvxor(a, b T) T  { return w.mk(term.OpBVXor, nil, a, b) }
func (w words) bvnot(a T) T     { return w.mk(term.OpBVNot, nil, a) }
func (w words) shl(a, b T) T    { return w.mk(term.OpBVShl, nil, a, b) }
func (w words) lshr(a, b T) T   { return w.mk(term.OpBVLshr, nil, a, b) }
func (w words) ult(a, b T) T    { return w.mk(term.OpBVUlt, nil, a, b) }
func (w words) ule(a, b T) T    { return w.mk(term.OpBVUle, nil, a, b) }
func (w words) slt(a, b T) T    { return w.mk(term.OpBVSlt, nil, a, b) }
func (w words) sle(a, b T) T    { return w.mk(term.OpBVSle, nil, a, b) }
func (w words) concat(a ...T) T { return w.mk(term.OpConcat, nil, a...) }
func (w words) isZero(a T) T    { return w.eq(a, w.zeros(w.width(a))) }
func (w words) isOnes(a T) T    { return w.eq(a, w.ones(w.width(a))) }
func (w words) nonZero(a T) T   { return w.not(w.isZero(a)) }
func (w words) extract(a T, hi, lo uint32) T {
	return w.mk(term.OpExtract, []uint32{hi, lo}, a)
}

// bit is bit i of a as a Boolean.
func (w words) bit(a T, i uint32) T { return w.eq(w.extract(a, i, i), w.c(1, 1)) }

// top is a's most significant bit.
func (w words) top(a T) T { return w.bit(a, w.width(a)-1) }

// b2v is a Boolean as a 1-bit vector.
func (w words) b2v(b T) T { return w.ite(b, w.c(1, 1), w.c(1, 0)) }

func (w words) zext(a T, k uint32) T {
	if k == 0 {
		return a
	}
	return w.mk(term.OpZeroExtend, []uint32{k}, a)
}

func (w words) sext(a T, k uint32) T {
	if k == 0 {
		return a
	}
	return w.mk(term.OpSignExtend, []uint32{k}, a)
}

// resize zero-extends or truncates a to n bits.
func (w words) resize(a T, n uint32) T {
	m := w.width(a)
	switch {
	case n > m:
		return w.zext(a, n-m)
	case n < m:
		return w.extract(a, n-1, 0)
	}
	return a
}

// sresize sign-extends a to n >= width bits.
func (w words) sresize(a T, n uint32) T { return w.sext(a, n-w.width(a)) }

// padLow appends k zero bits below a.
func (w words) padLow(a T, k uint32) T {
	if k == 0 {
		return a
	}
	return w.concat(a, w.zeros(k))
}

// smax and smin on signed words of one width.
func (w words) smax(a, b T) T { return w.ite(w.slt(a, b), b, a) }
func (w words) smin(a, b T) T { return w.ite(w.slt(a, b), a, b) }

// bitsFor is the number of bits of the unsigned n.
func bitsFor(n uint64) uint32 {
	b := uint32(0)
	for n > 0 {
		b++
		n >>= 1
	}
	return b
}

// clz returns the number of leading zeros of a (width n, counted in a word
// of the given width) and a shifted left by it: a normaliser of log n
// stages, each shifting by a power of two when that many top bits are zero.
// A zero a gives n and 0.
func (w words) clz(a T, countWidth uint32) (count, shifted T) {
	n := w.width(a)
	count = w.zeros(countWidth)
	step := uint32(1)
	for step*2 <= n {
		step *= 2
	}
	for ; step >= 1; step /= 2 {
		z := w.isZero(w.extract(a, n-1, n-step))
		a = w.ite(z, w.shlConst(a, step), a)
		count = w.ite(z, w.add(count, w.c(countWidth, int64(step))), count)
	}
	// a is zero: every stage saw zeros, and the count reached 2^k - 1 >= n
	// only when n is a power of two minus one; report n for any zero.
	count = w.ite(w.isZero(a), w.c(countWidth, int64(n)), count)
	return count, a
}

// shlConst shifts a left by the constant k < width.
func (w words) shlConst(a T, k uint32) T {
	n := w.width(a)
	if k == 0 {
		return a
	}
	if k >= n {
		return w.zeros(n)
	}
	return w.concat(w.extract(a, n-1-k, 0), w.zeros(k))
}

// lshrConst shifts a right by the constant k.
func (w words) lshrConst(a T, k uint32) T {
	n := w.width(a)
	if k == 0 {
		return a
	}
	if k >= n {
		return w.zeros(n)
	}
	return w.concat(w.zeros(k), w.extract(a, n-1, k))
}

// shrSticky shifts a right by the unsigned amount s (any width; amounts of
// at least a's width shift everything out) and reports whether a 1 was
// shifted out.
func (w words) shrSticky(a, s T) (shifted, lost T) {
	n := w.width(a)
	sw := w.width(s)
	if sw < bitsFor(uint64(n))+1 {
		s = w.zext(s, bitsFor(uint64(n))+1-sw)
		sw = w.width(s)
	}
	big := w.ule(w.c(sw, int64(n)), s)
	amt := w.resize(s, n)
	if sw > n {
		amt = w.ite(big, w.c(n, 0), w.extract(s, n-1, 0))
	}
	shifted = w.ite(big, w.zeros(n), w.lshr(a, amt))
	mask := w.bvnot(w.shl(w.ones(n), amt)) // the bits shifted out
	lost = w.ite(big, w.nonZero(a), w.nonZero(w.bvand(a, mask)))
	return shifted, lost
}
