package fpbv

import (
	"fmt"

	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// zeroSum is the sign of an exact zero sum of operands of opposite signs:
// -0 under roundTowardNegative, +0 otherwise.
func (w words) zeroSum(f fp.Format, rm T) T { return w.zeroBits(f, w.rmIs(rm, fp.RTN)) }

// operand is a finite nonzero value in the aligned additions: sign,
// exponent of the leading bit, significand with its leading bit set.
type operand struct{ neg, exp, sig T }

// pick is a if c, else b.
func (w words) pick(c T, a, b operand) operand {
	return operand{w.ite(c, a.neg, b.neg), w.ite(c, a.exp, b.exp), w.ite(c, a.sig, b.sig)}
}

// alignedSum rounds a + b for operands of one significand width: the larger
// magnitude is placed with three extra low bits, the smaller shifted right
// under it with everything shifted out jammed into the last bit (a sticky
// bit: it only ever lands below the guard bit, since it needs a shift of
// four or more, after which the sum cancels at most one leading bit). It
// returns the rounded encoding and whether the sum is exactly zero.
func (w words) alignedSum(f fp.Format, rm T, x, y operand) (r, exactZero T) {
	xBigger := w.or(w.slt(y.exp, x.exp), w.and(w.eq(x.exp, y.exp), w.ule(y.sig, x.sig)))
	a, b := w.pick(xBigger, x, y), w.pick(xBigger, y, x)
	d := w.sub(a.exp, b.exp) // >= 0
	wide := func(s T) T { return w.concat(w.c(1, 0), s, w.zeros(3)) }
	bs, lost := w.shrSticky(wide(b.sig), d)
	bj := w.bvor(bs, w.resize(w.b2v(lost), w.width(bs)))
	effSub := w.xor(a.neg, b.neg)
	s := w.ite(effSub, w.sub(wide(a.sig), bj), w.add(wide(a.sig), bj))
	e, sig := w.normalize(w.add(a.exp, w.c(w.width(a.exp), 1)), s)
	return w.round(f, rm, a.neg, e, sig, w.ff()), w.isZero(s)
}

func (w words) fpAdd(f fp.Format, rm, x, y T) T {
	ux, uy := w.unpack(f, x), w.unpack(f, y)
	r, exactZero := w.alignedSum(f, rm, operand{ux.neg, ux.exp, ux.sig}, operand{uy.neg, uy.exp, uy.sig})
	nan := w.or(ux.nan, uy.nan, w.and(ux.inf, uy.inf, w.xor(ux.neg, uy.neg)))
	zs := w.zeroSum(f, rm)
	return w.ite(nan, w.nanBits(f),
		w.ite(ux.inf, x, w.ite(uy.inf, y,
			w.ite(w.and(ux.zero, uy.zero), w.ite(w.eq(ux.neg, uy.neg), x, zs),
				w.ite(ux.zero, y, w.ite(uy.zero, x,
					w.ite(exactZero, zs, r)))))))
}

// product is the exact product of two significands, normalised (2 SB bits,
// leading bit set), and the exponent of its leading bit.
func (w words) product(f fp.Format, ux, uy unpacked) (exp, sig T) {
	p := w.mul(w.zext(ux.sig, f.SB), w.zext(uy.sig, f.SB))
	e := w.add(w.add(ux.exp, uy.exp), w.c(w.width(ux.exp), 1))
	t := w.top(p)
	return w.ite(t, e, w.sub(e, w.c(w.width(e), 1))), w.ite(t, p, w.shlConst(p, 1))
}

func (w words) fpMul(f fp.Format, rm, x, y T) T {
	ux, uy := w.unpack(f, x), w.unpack(f, y)
	neg := w.xor(ux.neg, uy.neg)
	e, p := w.product(f, ux, uy)
	r := w.round(f, rm, neg, e, p, w.ff())
	nan := w.or(ux.nan, uy.nan, w.and(ux.inf, uy.zero), w.and(ux.zero, uy.inf))
	return w.ite(nan, w.nanBits(f),
		w.ite(w.or(ux.inf, uy.inf), w.infBits(f, neg),
			w.ite(w.or(ux.zero, uy.zero), w.zeroBits(f, neg), r)))
}

func (w words) fpDiv(f fp.Format, rm, x, y T) T {
	ux, uy := w.unpack(f, x), w.unpack(f, y)
	neg := w.xor(ux.neg, uy.neg)
	// q = sx × 2^(SB+2) / sy lies in [2^(SB+1), 2^(SB+3)): SB+3 bits whose
	// leading position stands for 2^(ex-ey).
	n := w.concat(ux.sig, w.zeros(f.SB+2))
	d := w.zext(uy.sig, f.SB+2)
	q := w.extract(w.udiv(n, d), f.SB+2, 0)
	sticky := w.nonZero(w.urem(n, d))
	e := w.sub(ux.exp, uy.exp)
	t := w.top(q)
	e = w.ite(t, e, w.sub(e, w.c(w.width(e), 1)))
	q = w.ite(t, q, w.shlConst(q, 1))
	r := w.round(f, rm, neg, e, q, sticky)
	nan := w.or(ux.nan, uy.nan, w.and(ux.zero, uy.zero), w.and(ux.inf, uy.inf))
	return w.ite(nan, w.nanBits(f),
		w.ite(w.or(ux.inf, uy.zero), w.infBits(f, neg),
			w.ite(w.or(ux.zero, uy.inf), w.zeroBits(f, neg), r)))
}

func (w words) fpFma(f fp.Format, rm, x, y, z T) T {
	ux, uy, uz := w.unpack(f, x), w.unpack(f, y), w.unpack(f, z)
	pneg := w.xor(ux.neg, uy.neg)
	pe, p := w.product(f, ux, uy)
	// z on the product's width; a zero z sums as nothing (significand 0,
	// and the product always counts as the larger).
	zs := w.ite(uz.zero, w.zeros(2*f.SB), w.padLow(uz.sig, f.SB))
	ze := w.ite(uz.zero, w.sub(pe, w.c(w.width(pe), 1)), uz.exp)
	r, exactZero := w.alignedSum(f, rm, operand{pneg, pe, p}, operand{uz.neg, ze, zs})
	pInf, pZero := w.or(ux.inf, uy.inf), w.or(ux.zero, uy.zero)
	nan := w.or(ux.nan, uy.nan, uz.nan, w.and(ux.inf, uy.zero), w.and(ux.zero, uy.inf),
		w.and(pInf, uz.inf, w.xor(pneg, uz.neg)))
	sum := w.zeroSum(f, rm)
	return w.ite(nan, w.nanBits(f),
		w.ite(pInf, w.infBits(f, pneg),
			w.ite(uz.inf, z,
				w.ite(pZero, w.ite(w.and(uz.zero, w.xor(pneg, uz.neg)), sum, z),
					w.ite(exactZero, sum, r)))))
}

// isqrt returns the integer square root of n (even width 2k) and whether
// it is inexact, by the digit recurrence: k steps, each comparing the
// partial remainder with 4·root + 1.
func (w words) isqrt(n T) (root, inexact T) {
	k := w.width(n) / 2
	rem := w.zeros(k + 2)
	root = w.zeros(k)
	for i := int(k) - 1; i >= 0; i-- {
		rem = w.concat(w.extract(rem, k-1, 0), w.extract(n, uint32(2*i+1), uint32(2*i)))
		trial := w.concat(root, w.c(2, 1))
		ge := w.ule(trial, rem)
		rem = w.ite(ge, w.sub(rem, trial), rem)
		if k > 1 {
			root = w.concat(w.extract(root, k-2, 0), w.b2v(ge))
		} else {
			root = w.b2v(ge)
		}
	}
	return root, w.nonZero(rem)
}

func (w words) fpSqrt(f fp.Format, rm, x T) T {
	ux := w.unpack(f, x)
	ew := w.width(ux.exp)
	// x = sig × 2^(exp-(SB-1)); make the exponent of the last bit even.
	lsbExp := w.sub(ux.exp, w.c(ew, int64(f.SB)-1))
	odd := w.bit(lsbExp, 0)
	n := w.ite(odd, w.concat(ux.sig, w.c(1, 0)), w.zext(ux.sig, 1))
	evenExp := w.sub(lsbExp, w.zext(w.b2v(odd), ew-1))
	// Scale by 4^p so that the root has at least SB+2 bits.
	p := (f.SB + 5) / 2
	n = w.padLow(n, 2*p)
	if w.width(n)%2 == 1 {
		n = w.zext(n, 1)
	}
	root, inexact := w.isqrt(n)
	// root × 2^(evenExp/2 - p); its leading position stands for
	// 2^(evenExp/2 - p + width-1).
	half := w.mk(term.OpBVAshr, nil, evenExp, w.c(ew, 1))
	top := w.add(half, w.c(ew, int64(w.width(root))-1-int64(p)))
	e, sig := w.normalize(top, root)
	r := w.round(f, rm, w.ff(), e, sig, inexact)
	return w.ite(w.or(ux.nan, w.and(ux.neg, w.not(ux.zero))), w.nanBits(f),
		w.ite(w.or(ux.zero, ux.inf), x, r))
}

// maxRemSteps bounds the remainder's division loop (one step per unit of
// exponent difference): Float64 takes 2098.
const maxRemSteps = 1 << 13

func (w words) fpRem(f fp.Format, x, y T) (T, error) {
	steps := 2*f.Emax() - 1 + int(f.SB)
	if steps > maxRemSteps {
		return term.NoTerm, fmt.Errorf("fp.rem of %s: a division loop of %d steps is not built", f, steps)
	}
	ux, uy := w.unpack(f, x), w.unpack(f, y)
	ew := w.width(ux.exp)
	// |x| < |y| / 2 when ex < ey - 1: the remainder is x. Otherwise
	// x / y = sx × 2^D / Y with Y = 2 sy and D = ex - ey + 1 >= 0: divide
	// bit by bit, keeping the remainder r < Y and the quotient's parity.
	small := w.slt(w.sub(ux.exp, uy.exp), w.c(ew, -1))
	d := w.add(w.sub(ux.exp, uy.exp), w.c(ew, 1))
	y2 := w.concat(uy.sig, w.c(1, 0)) // SB+1 bits
	y2w := w.zext(y2, 1)
	r := w.zext(ux.sig, 1)
	odd := w.ff()
	for i := 1; i <= steps; i++ {
		active := w.ule(w.c(ew, int64(i)), d)
		r2 := w.concat(r, w.c(1, 0))
		ge := w.ule(y2w, r2)
		next := w.extract(w.ite(ge, w.sub(r2, y2w), r2), f.SB, 0)
		r = w.ite(active, next, r)
		odd = w.ite(active, ge, odd)
	}
	// Round the quotient to nearest, ties to even.
	twoR := w.concat(r, w.c(1, 0))
	up := w.or(w.ult(y2w, twoR), w.and(w.eq(twoR, y2w), odd))
	mag := w.ite(up, w.sub(y2, r), r)
	neg := w.xor(ux.neg, up)
	// mag × 2^(ey - SB): its leading position (SB) stands for 2^ey.
	e, sig := w.normalize(uy.exp, w.padLow(mag, 1))
	res := w.round(f, w.rmConst(fp.RNE), neg, e, sig, w.ff())
	nan := w.or(ux.nan, uy.nan, ux.inf, uy.zero)
	return w.ite(nan, w.nanBits(f),
		w.ite(w.or(uy.inf, ux.zero, small), x,
			w.ite(w.isZero(mag), w.zeroBits(f, ux.neg), res))), nil
}

// intPart rounds a finite value of sign neg to an integer under rm and
// returns its magnitude in width bits. The value is sig × 2^(exp-(SB-1)); exponents
// below -2 act as -2 (the value is below a quarter: guard bit 0, sticky),
// exponents above hi as hi.
func (w words) intPart(f fp.Format, rm, neg, exp, sig T, hi int64, width uint32) T {
	ew := w.width(exp)
	e := w.smax(w.smin(exp, w.c(ew, hi)), w.c(ew, -2))
	// Place sig so that bit F = SB+1 stands for 2^0: shift left by
	// e - (SB-1) + F = e + 2 >= 0.
	F := f.SB + 1
	L := f.SB + F + uint32(max(hi, 0)) + 2
	reg := w.shl(w.zext(sig, L-f.SB), w.resize(w.add(e, w.c(ew, 2)), L))
	intPart := w.extract(reg, L-1, F)
	guard := w.bit(reg, F-1)
	rest := w.nonZero(w.extract(reg, F-2, 0))
	inc := w.increment(rm, neg, w.bit(intPart, 0), guard, rest)
	n := w.add(w.zext(intPart, 1), w.resize(w.b2v(inc), w.width(intPart)+1))
	return w.resize(n, width)
}

func (w words) fpRoundToIntegral(f fp.Format, rm, x T) T {
	ux := w.unpack(f, x)
	ew := w.width(ux.exp)
	integral := w.sle(w.c(ew, int64(f.SB)-1), ux.exp)
	// Below 2^(SB-1) the integer has at most SB bits, SB+1 after rounding.
	n := w.intPart(f, rm, ux.neg, ux.exp, ux.sig, int64(f.SB)-1, f.SB+1)
	// n × 2^0: the leading position of n padded with one bit (SB+2 bits)
	// stands for 2^SB.
	e, sig := w.normalize(w.c(ew, int64(f.SB)), w.padLow(n, 1))
	r := w.round(f, rm, ux.neg, e, sig, w.ff())
	return w.ite(w.or(ux.nan, ux.inf, ux.zero, integral), x,
		w.ite(w.isZero(n), w.zeroBits(f, ux.neg), r))
}
