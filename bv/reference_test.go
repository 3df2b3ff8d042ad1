package bv

import "math/big"

// This file is the test oracle: the SMT-LIB definitions written directly on
// unbounded integers, sharing no code with the package. Operands and results
// are unsigned integers in [0, 2^w); signed operators map through two's
// complement explicitly.

func pow2(n uint32) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }

// refMod reduces any integer into [0, 2^w).
func refMod(w uint32, x *big.Int) *big.Int { return new(big.Int).Mod(x, pow2(w)) }

// refSigned reads x in [0, 2^w) as two's complement.
func refSigned(w uint32, x *big.Int) *big.Int {
	if x.Cmp(pow2(w-1)) >= 0 {
		return new(big.Int).Sub(x, pow2(w))
	}
	return new(big.Int).Set(x)
}

// refFitsSigned reports whether x lies in [-2^(w-1), 2^(w-1)).
func refFitsSigned(w uint32, x *big.Int) bool {
	lo := new(big.Int).Neg(pow2(w - 1))
	return x.Cmp(lo) >= 0 && x.Cmp(pow2(w-1)) < 0
}

// refBitwise applies f bit by bit.
func refBitwise(w uint32, a, b *big.Int, f func(x, y uint) uint) *big.Int {
	r := new(big.Int)
	for i := range int(w) {
		r.SetBit(r, i, f(a.Bit(i), b.Bit(i))&1)
	}
	return r
}

func refAdd(w uint32, a, b *big.Int) *big.Int { return refMod(w, new(big.Int).Add(a, b)) }
func refSub(w uint32, a, b *big.Int) *big.Int { return refMod(w, new(big.Int).Sub(a, b)) }
func refMul(w uint32, a, b *big.Int) *big.Int { return refMod(w, new(big.Int).Mul(a, b)) }
func refNeg(w uint32, a *big.Int) *big.Int    { return refMod(w, new(big.Int).Neg(a)) }
func refNot(w uint32, a *big.Int) *big.Int {
	return new(big.Int).Sub(new(big.Int).Sub(pow2(w), big.NewInt(1)), a)
}

func refUdiv(w uint32, a, b *big.Int) *big.Int {
	if b.Sign() == 0 {
		return refNot(w, big.NewInt(0))
	}
	return new(big.Int).Div(a, b)
}

func refUrem(w uint32, a, b *big.Int) *big.Int {
	if b.Sign() == 0 {
		return new(big.Int).Set(a)
	}
	return new(big.Int).Mod(a, b)
}

// refSdiv: truncating signed division; by zero, -1 for a >= 0 and 1 for a < 0.
func refSdiv(w uint32, a, b *big.Int) *big.Int {
	sa, sb := refSigned(w, a), refSigned(w, b)
	if sb.Sign() == 0 {
		if sa.Sign() < 0 {
			return big.NewInt(1)
		}
		return refMod(w, big.NewInt(-1))
	}
	return refMod(w, new(big.Int).Quo(sa, sb))
}

// refSrem: a - b*trunc(a/b), sign of the dividend; by zero, a.
func refSrem(w uint32, a, b *big.Int) *big.Int {
	sa, sb := refSigned(w, a), refSigned(w, b)
	if sb.Sign() == 0 {
		return new(big.Int).Set(a)
	}
	q := new(big.Int).Quo(sa, sb)
	return refMod(w, new(big.Int).Sub(sa, q.Mul(q, sb)))
}

// refSmod: a - b*floor(a/b), sign of the divisor; by zero, a.
func refSmod(w uint32, a, b *big.Int) *big.Int {
	sa, sb := refSigned(w, a), refSigned(w, b)
	if sb.Sign() == 0 {
		return new(big.Int).Set(a)
	}
	q := refFloorDiv(sa, sb)
	return refMod(w, new(big.Int).Sub(sa, q.Mul(q, sb)))
}

// refFloorDiv rounds the exact quotient toward minus infinity.
func refFloorDiv(a, b *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(a, b, new(big.Int))
	if r.Sign() != 0 && (r.Sign() < 0) != (b.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

func refShl(w uint32, a, b *big.Int) *big.Int {
	if b.Cmp(big.NewInt(int64(w))) >= 0 {
		return new(big.Int)
	}
	return refMod(w, new(big.Int).Mul(a, pow2(uint32(b.Uint64()))))
}

func refLshr(w uint32, a, b *big.Int) *big.Int {
	if b.Cmp(big.NewInt(int64(w))) >= 0 {
		return new(big.Int)
	}
	return new(big.Int).Div(a, pow2(uint32(b.Uint64())))
}

// refAshr divides the signed reading by 2^b rounding down.
func refAshr(w uint32, a, b *big.Int) *big.Int {
	sa := refSigned(w, a)
	if b.Cmp(big.NewInt(int64(w))) >= 0 {
		if sa.Sign() < 0 {
			return refMod(w, big.NewInt(-1))
		}
		return new(big.Int)
	}
	return refMod(w, refFloorDiv(sa, pow2(uint32(b.Uint64()))))
}

func refBool(b bool) *big.Int {
	if b {
		return big.NewInt(1)
	}
	return big.NewInt(0)
}

func refUlt(w uint32, a, b *big.Int) bool { return a.Cmp(b) < 0 }
func refUle(w uint32, a, b *big.Int) bool { return a.Cmp(b) <= 0 }
func refSlt(w uint32, a, b *big.Int) bool { return refSigned(w, a).Cmp(refSigned(w, b)) < 0 }
func refSle(w uint32, a, b *big.Int) bool { return refSigned(w, a).Cmp(refSigned(w, b)) <= 0 }

func refUaddo(w uint32, a, b *big.Int) bool { return new(big.Int).Add(a, b).Cmp(pow2(w)) >= 0 }
func refUsubo(w uint32, a, b *big.Int) bool { return new(big.Int).Sub(a, b).Sign() < 0 }
func refUmulo(w uint32, a, b *big.Int) bool { return new(big.Int).Mul(a, b).Cmp(pow2(w)) >= 0 }

func refSaddo(w uint32, a, b *big.Int) bool {
	return !refFitsSigned(w, new(big.Int).Add(refSigned(w, a), refSigned(w, b)))
}

func refSsubo(w uint32, a, b *big.Int) bool {
	return !refFitsSigned(w, new(big.Int).Sub(refSigned(w, a), refSigned(w, b)))
}

func refSmulo(w uint32, a, b *big.Int) bool {
	return !refFitsSigned(w, new(big.Int).Mul(refSigned(w, a), refSigned(w, b)))
}

// refSdivo: the exact truncated quotient does not fit (division by zero is
// not an overflow).
func refSdivo(w uint32, a, b *big.Int) bool {
	sb := refSigned(w, b)
	if sb.Sign() == 0 {
		return false
	}
	return !refFitsSigned(w, new(big.Int).Quo(refSigned(w, a), sb))
}

func refNego(w uint32, a *big.Int) bool {
	return !refFitsSigned(w, new(big.Int).Neg(refSigned(w, a)))
}

// refRotateLeft moves bit i to bit (i+k) mod w.
func refRotateLeft(w uint32, a *big.Int, k uint32) *big.Int {
	r := new(big.Int)
	for i := range w {
		r.SetBit(r, int((i+k)%w), a.Bit(int(i)))
	}
	return r
}

func refConcat(loW uint32, hi, lo *big.Int) *big.Int {
	return new(big.Int).Add(new(big.Int).Mul(hi, pow2(loW)), lo)
}

func refExtract(a *big.Int, hi, lo uint32) *big.Int {
	return refMod(hi-lo+1, new(big.Int).Div(a, pow2(lo)))
}

func refSignExtend(w, k uint32, a *big.Int) *big.Int { return refMod(w+k, refSigned(w, a)) }

func refRepeat(w, n uint32, a *big.Int) *big.Int {
	r := new(big.Int)
	for range n {
		r = refConcat(w, r, a)
	}
	return r
}
