package fp

import (
	"math/big"

	"github.com/sift-solver/sift/bv"
)

var bigOne = big.NewInt(1)

// roundShift returns the integer nearest, under rm, to (sig + δ) / 2^shift
// for a value of sign neg, where δ = 0 without sticky and 0 < δ < 1 with it.
// shift >= 1. It is the one rounding decision of the package: round and the
// conversions to integers use it.
func roundShift(rm RoundingMode, neg bool, sig *big.Int, shift int, sticky bool) *big.Int {
	n := sig.BitLen()
	var q *big.Int
	var above, tie, lost bool
	if shift > n {
		// sig + δ < 2^n <= 2^(shift-1): below half.
		q = new(big.Int)
		lost = n > 0 || sticky
	} else {
		q = new(big.Int).Rsh(sig, uint(shift))
		r := new(big.Int).Sub(sig, new(big.Int).Lsh(q, uint(shift)))
		half := new(big.Int).Lsh(bigOne, uint(shift-1))
		switch c := r.Cmp(half); {
		case c > 0, c == 0 && sticky:
			above = true
		case c == 0:
			tie = true
		}
		lost = r.Sign() != 0 || sticky
	}
	inc := false
	switch rm {
	case RNE:
		inc = above || tie && q.Bit(0) == 1
	case RNA:
		inc = above || tie
	case RTP:
		inc = lost && !neg
	case RTN:
		inc = lost && neg
	}
	if inc {
		q.Add(q, bigOne)
	}
	return q
}

// round returns the value of format f nearest under rm to
// (-1)^neg × (sig + δ) × 2^exp, where δ = 0 without sticky and 0 < δ < 1
// with it. The value must not be zero (callers apply the theory's rules for
// the sign of an exact zero). With sticky, sig must carry at least one bit
// below the last bit f keeps, so that δ cannot decide a tie.
func round(f Format, rm RoundingMode, neg bool, sig *big.Int, exp int, sticky bool) Value {
	if sig.Sign() == 0 && !sticky {
		panic("fp: round of an exact zero")
	}
	n := sig.BitLen()
	t := max(exp+n-int(f.SB), f.MinExp()) // exponent of the last bit kept
	var q *big.Int
	if t <= exp {
		if sticky {
			panic("fp: round without a bit below the last one kept")
		}
		q = new(big.Int).Lsh(sig, uint(exp-t))
	} else {
		q = roundShift(rm, neg, sig, t-exp, sticky)
		if q.BitLen() > int(f.SB) { // rounded up to 2^SB
			q.Rsh(q, 1)
			t++
		}
	}
	if q.Sign() == 0 {
		return Zero(f, neg)
	}
	biased := 0
	if q.BitLen() == int(f.SB) {
		biased = t + int(f.SB-1) + f.Bias()
		if biased >= 1<<f.EB-1 {
			return overflow(f, rm, neg)
		}
		q.SetBit(q, int(f.SB-1), 0)
	}
	bits := new(big.Int).Lsh(big.NewInt(int64(biased)), uint(f.SB-1))
	bits.Or(bits, q)
	if neg {
		bits.SetBit(bits, int(f.Width()-1), 1)
	}
	return Value{f: f, bits: bv.FromBig(f.Width(), bits)}
}

// overflow is the result of rounding a value beyond the largest finite one:
// infinity, or the largest finite value where rm rounds toward zero.
func overflow(f Format, rm RoundingMode, neg bool) Value {
	switch {
	case rm == RTZ, rm == RTP && neg, rm == RTN && !neg:
		return MaxFinite(f, neg)
	}
	return Inf(f, neg)
}
