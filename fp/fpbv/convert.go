package fpbv

import (
	"github.com/sift-solver/sift/fp"
)

// convert is ((_ to_fp eb sb) rm x) from format src to dst.
func (w words) convert(src, dst fp.Format, rm, x T) T {
	u := w.unpack(src, x)
	exp := u.exp
	if ew := expWidth(dst); w.width(exp) < ew {
		exp = w.sresize(exp, ew)
	}
	sig := u.sig
	if src.SB < dst.SB+2 {
		sig = w.padLow(sig, dst.SB+2-src.SB)
	}
	r := w.round(dst, rm, u.neg, exp, sig, w.ff())
	return w.ite(u.nan, w.nanBits(dst),
		w.ite(u.inf, w.infBits(dst, u.neg),
			w.ite(u.zero, w.zeroBits(dst, u.neg), r)))
}

// fromInt is ((_ to_fp eb sb) rm b) (signed) or ((_ to_fp_unsigned eb sb)
// rm b).
func (w words) fromInt(f fp.Format, rm, b T, signed bool) T {
	m := w.width(b)
	neg := w.ff()
	if signed {
		neg = w.top(b)
	}
	mag := w.ite(neg, w.neg(b), b) // -2^(m-1) reads as 2^(m-1) unsigned
	ew := max(expWidth(f), bitsFor(uint64(m))+2)
	e, sig := w.normalize(w.c(ew, int64(m)-1), mag)
	if m < f.SB+2 {
		sig = w.padLow(sig, f.SB+2-m)
	}
	return w.ite(w.isZero(b), w.zeroBits(f, w.ff()), w.round(f, rm, neg, e, sig, w.ff()))
}

// toInt is ((_ fp.to_ubv m) rm x) or ((_ fp.to_sbv m) rm x) where the
// result is specified, and whether it is: in range, finite. The caller
// supplies the unspecified results.
func (w words) toInt(f fp.Format, rm, x T, m uint32, signed bool) (r, specified T) {
	u := w.unpack(f, x)
	ew := w.width(u.exp)
	if need := bitsFor(uint64(m)) + 2; ew < need {
		u.exp, ew = w.sresize(u.exp, need), need
	}
	// Integers of magnitude up to 2^m need exponents up to m; larger ones
	// are out of range whatever they round to.
	n := w.intPart(f, rm, u.neg, u.exp, u.sig, int64(m), m+2)
	fits := w.sle(u.exp, w.c(ew, int64(m)))
	lim := w.c(m+2, 1)
	var inRange T
	if signed {
		half := w.shlConst(lim, m-1) // 2^(m-1)
		inRange = w.ite(u.neg, w.ule(n, half), w.ult(n, half))
	} else {
		inRange = w.or(w.isZero(n), w.and(w.not(u.neg), w.ult(n, w.shlConst(lim, m))))
	}
	specified = w.or(u.zero, w.and(w.not(u.nan), w.not(u.inf), fits, inRange))
	low := w.extract(n, m-1, 0)
	if signed {
		low = w.ite(u.neg, w.neg(low), low)
	}
	return w.ite(u.zero, w.zeros(m), low), specified
}
