package fpbv

import (
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// A float in the circuits is its IEEE encoding (eb+sb bits) with NaN in
// the canonical pattern of package fp: equal values are equal words, so
// SMT-LIB's = and the congruence of arrays and functions are bit-vector
// equality. Every operation below takes canonical operands and builds a
// canonical result.

// unpacked is a float taken apart: its class, its sign, and for a finite
// nonzero value the exponent of its leading bit (signed, expWidth bits)
// and its significand normalised to SB bits with the leading bit set.
type unpacked struct {
	f                   fp.Format
	nan, inf, zero, neg T
	exp, sig            T
	bits                T // the encoding itself
	expField, trailing  T
}

// expWidth is the width of the signed exponents of f's circuits: room for
// the exponents of every value (subnormals normalised), and for sums and
// differences of three of them (products, quotients, fma's alignment).
func expWidth(f fp.Format) uint32 {
	r := uint64(f.Bias()) + uint64(f.SB) + 2
	return bitsFor(r) + 3
}

func (w words) unpack(f fp.Format, x T) unpacked {
	n := f.Width()
	u := unpacked{f: f, bits: x}
	u.neg = w.bit(x, n-1)
	u.expField = w.extract(x, n-2, f.SB-1)
	u.trailing = w.extract(x, f.SB-2, 0)
	eZero, eOnes, tZero := w.isZero(u.expField), w.isOnes(u.expField), w.isZero(u.trailing)
	u.nan = w.and(eOnes, w.not(tZero))
	u.inf = w.and(eOnes, tZero)
	u.zero = w.and(eZero, tZero)
	ew := expWidth(f)
	// Normal: 1.t × 2^(E - bias).
	normExp := w.sub(w.zext(u.expField, ew-f.EB), w.c(ew, int64(f.Bias())))
	normSig := w.concat(w.c(1, 1), u.trailing)
	// Subnormal: 0.t × 2^emin, normalised.
	c, subSig := w.clz(w.concat(w.c(1, 0), u.trailing), ew)
	subExp := w.sub(w.c(ew, int64(f.Emin())), c)
	u.exp = w.ite(eZero, subExp, normExp)
	u.sig = w.ite(eZero, subSig, normSig)
	return u
}

// encodings of the special values.
func (w words) nanBits(f fp.Format) T { return w.st.Const(fp.NaN(f).Bits()) }

func (w words) infBits(f fp.Format, neg T) T {
	return w.ite(neg, w.st.Const(fp.Inf(f, true).Bits()), w.st.Const(fp.Inf(f, false).Bits()))
}

func (w words) zeroBits(f fp.Format, neg T) T {
	return w.ite(neg, w.st.Const(fp.Zero(f, true).Bits()), w.st.Const(fp.Zero(f, false).Bits()))
}

// isNaNBits reports whether the encoding x (any pattern) is a NaN.
func (w words) isNaNBits(f fp.Format, x T) T {
	n := f.Width()
	return w.and(w.isOnes(w.extract(x, n-2, f.SB-1)), w.nonZero(w.extract(x, f.SB-2, 0)))
}

// canonical maps any encoding to the canonical one of its value.
func (w words) canonical(f fp.Format, x T) T { return w.ite(w.isNaNBits(f, x), w.nanBits(f), x) }

// Rounding modes are 3-bit words numbered as fp.RoundingMode; canonicalRM
// maps the three patterns no mode has to RNE.
const rmWidth = 3

func (w words) canonicalRM(r T) T { return w.ite(w.ule(r, w.c(rmWidth, 4)), r, w.c(rmWidth, 0)) }

// rmIs reports whether the rounding-mode word r is m.
func (w words) rmIs(r T, m fp.RoundingMode) T { return w.eq(r, w.c(rmWidth, int64(m))) }

var _ = term.OpBVAdd
