package fpbv

import "github.com/sift-solver/sift/fp"

// magnitude is an encoding without its sign bit: its order is the order of
// magnitudes of values that are not NaN.
func (w words) magnitude(f fp.Format, x T) T { return w.extract(x, f.Width()-2, 0) }

func (w words) fpEq(f fp.Format, x, y T) T {
	ux, uy := w.unpack(f, x), w.unpack(f, y)
	return w.and(w.not(ux.nan), w.not(uy.nan), w.or(w.eq(x, y), w.and(ux.zero, uy.zero)))
}

func (w words) fpLt(f fp.Format, x, y T) T {
	ux, uy := w.unpack(f, x), w.unpack(f, y)
	mx, my := w.magnitude(f, x), w.magnitude(f, y)
	ordered := w.or(
		w.and(ux.neg, w.not(uy.neg)),
		w.and(w.not(ux.neg), w.not(uy.neg), w.ult(mx, my)),
		w.and(ux.neg, uy.neg, w.ult(my, mx)))
	return w.and(w.not(ux.nan), w.not(uy.nan), w.not(w.and(ux.zero, uy.zero)), ordered)
}

func (w words) fpLeq(f fp.Format, x, y T) T { return w.or(w.fpLt(f, x, y), w.fpEq(f, x, y)) }

// The classification predicates. Canonical NaN has sign 0, so the sign bit
// alone says isNegative.
func (w words) isNormal(f fp.Format, x T) T {
	u := w.unpack(f, x)
	return w.and(w.nonZero(u.expField), w.not(w.isOnes(u.expField)))
}

func (w words) isSubnormal(f fp.Format, x T) T {
	u := w.unpack(f, x)
	return w.and(w.isZero(u.expField), w.nonZero(u.trailing))
}

func (w words) isNegative(f fp.Format, x T) T { return w.and(w.top(x), w.not(w.unpack(f, x).nan)) }

func (w words) isPositive(f fp.Format, x T) T {
	return w.and(w.not(w.top(x)), w.not(w.unpack(f, x).nan))
}

func (w words) fpNeg(f fp.Format, x T) T {
	flipped := w.bvxor(x, w.concat(w.c(1, 1), w.zeros(f.Width()-1)))
	return w.ite(w.unpack(f, x).nan, x, flipped)
}

func (w words) fpAbs(f fp.Format, x T) T { return w.concat(w.c(1, 0), w.magnitude(f, x)) }

// minMax is fp.min (or fp.max): NaN gives way to the other operand, and
// zeros of opposite sign take the choice words firstPN (x = +0, y = -0)
// and firstNP (x = -0, y = +0): true picks x.
func (w words) minMax(f fp.Format, isMax bool, x, y, firstPN, firstNP T) T {
	ux, uy := w.unpack(f, x), w.unpack(f, y)
	opposite := w.and(ux.zero, uy.zero, w.xor(ux.neg, uy.neg))
	choice := w.ite(ux.neg, w.ite(firstNP, x, y), w.ite(firstPN, x, y))
	yWins := w.fpLt(f, y, x) // for min
	if isMax {
		yWins = w.fpLt(f, x, y)
	}
	return w.ite(ux.nan, y, w.ite(uy.nan, x, w.ite(opposite, choice, w.ite(yWins, y, x))))
}
