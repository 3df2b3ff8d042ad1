package fpbv

import (
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// normalize shifts sig left until its leading bit is set and lowers exp,
// the exponent of sig's leading position, by as much.
func (w words) normalize(exp, sig T) (T, T) {
	c, s := w.clz(sig, w.width(exp))
	return w.sub(exp, c), s
}

// round is the one rounder of the circuits: it encodes in format f the
// value nearest under the rounding-mode word rm to
// (-1)^neg × sig × 2^(exp-(W-1)) (+ δ, 0 < δ < 1 of sig's last unit, when
// sticky), where sig has W >= SB+2 bits and its leading bit set (exp is the
// exponent of that bit, a signed word of any width). A zero sig without
// sticky gives a zero of sign neg.
//
// The value is shifted right into the subnormal range when exp < emin
// (what falls out joins the sticky bit), the top SB bits are kept, the
// guard bit and the rest decide the increment, and the result is packed
// as ((max(exp, emin) + bias - 1) << (SB-1)) + significand: a significand
// that rounds up to 2^SB, or a subnormal one that reaches 2^(SB-1), carries
// into the exponent field by that addition. Packed magnitudes at or above
// infinity's overflow to infinity or the largest finite value.
func (w words) round(f fp.Format, rm, neg, exp, sig, sticky T) T {
	W := w.width(sig)
	if W < f.SB+2 {
		panic("fpbv: round needs SB+2 significand bits")
	}
	if ew := expWidth(f); w.width(exp) < ew {
		exp = w.sresize(exp, ew)
	}
	ew := w.width(exp)
	emin := w.c(ew, int64(f.Emin()))
	below := w.slt(exp, emin)
	sub := w.ite(below, w.sub(emin, exp), w.zeros(ew))
	capAt := w.c(ew, int64(f.SB)+1)
	sub = w.ite(w.ult(sub, capAt), sub, capAt)
	shifted, lost := w.shrSticky(sig, sub)
	keep := w.extract(shifted, W-1, W-f.SB)
	guard := w.bit(shifted, W-f.SB-1)
	rest := w.or(w.nonZero(w.extract(shifted, W-f.SB-2, 0)), lost, sticky)
	inc := w.increment(rm, neg, w.bit(keep, 0), guard, rest)
	rounded := w.add(w.zext(keep, 1), w.zext(w.b2v(inc), f.SB))
	// Pack in a word wide enough that no sum wraps.
	pw := ew + f.SB
	base := w.add(w.smax(exp, emin), w.c(ew, int64(f.Bias())-1)) // >= 0
	packed := w.add(w.shl(w.resize(base, pw), w.c(pw, int64(f.SB)-1)), w.resize(rounded, pw))
	infMag := w.st.Const(fp.Inf(f, false).Bits())
	infMag = w.extract(infMag, f.Width()-2, 0)
	maxMag := w.extract(w.st.Const(fp.MaxFinite(f, false).Bits()), f.Width()-2, 0)
	overflow := w.ule(w.resize(infMag, pw), packed)
	toInf := w.or(w.rmIs(rm, fp.RNE), w.rmIs(rm, fp.RNA),
		w.and(w.rmIs(rm, fp.RTP), w.not(neg)), w.and(w.rmIs(rm, fp.RTN), neg))
	mag := w.ite(overflow, w.ite(toInf, infMag, maxMag), w.extract(packed, f.Width()-2, 0))
	exactZero := w.and(w.isZero(sig), w.not(sticky))
	return w.ite(exactZero, w.zeroBits(f, neg), w.concat(w.b2v(neg), mag))
}

// increment is the rounding decision: whether the kept part (of sign neg,
// last bit lsb) goes up by one, given the first bit dropped (guard) and
// whether any later one is set (rest).
func (w words) increment(rm, neg, lsb, guard, rest T) T {
	inexact := w.or(guard, rest)
	return w.or(
		w.and(w.rmIs(rm, fp.RNE), guard, w.or(rest, lsb)),
		w.and(w.rmIs(rm, fp.RNA), guard),
		w.and(w.rmIs(rm, fp.RTP), w.not(neg), inexact),
		w.and(w.rmIs(rm, fp.RTN), neg, inexact))
}

// rmConst is the word of a constant rounding mode.
func (w words) rmConst(m fp.RoundingMode) T { return w.c(rmWidth, int64(m)) }

var _ = term.OpBVAdd
