package sat

import (
	"math/big"
	"math/bits"
)

// An independent reference of SMT-LIB bit-vector semantics on uint64 values
// of width w (1..64), written from the standard's definitions: signed
// operators are spelled out by cases on the signs, and overflow predicates
// use math/big.

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func msb(x uint64, w int) bool { return x>>uint(w-1)&1 == 1 }

func signed(x uint64, w int) *big.Int {
	v := new(big.Int).SetUint64(x)
	if msb(x, w) {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	}
	return v
}

func refNeg(x uint64, w int) uint64 { return -x & mask(w) }

func refUdiv(x, y uint64, w int) uint64 {
	if y == 0 {
		return mask(w)
	}
	return x / y
}

func refUrem(x, y uint64, w int) uint64 {
	if y == 0 {
		return x
	}
	return x % y
}

func refSdiv(s, t uint64, w int) uint64 {
	ms, mt := msb(s, w), msb(t, w)
	switch {
	case !ms && !mt:
		return refUdiv(s, t, w)
	case ms && !mt:
		return refNeg(refUdiv(refNeg(s, w), t, w), w)
	case !ms && mt:
		return refNeg(refUdiv(s, refNeg(t, w), w), w)
	}
	return refUdiv(refNeg(s, w), refNeg(t, w), w)
}

func refSrem(s, t uint64, w int) uint64 {
	ms, mt := msb(s, w), msb(t, w)
	switch {
	case !ms && !mt:
		return refUrem(s, t, w)
	case ms && !mt:
		return refNeg(refUrem(refNeg(s, w), t, w), w)
	case !ms && mt:
		return refUrem(s, refNeg(t, w), w)
	}
	return refNeg(refUrem(refNeg(s, w), refNeg(t, w), w), w)
}

func refSmod(s, t uint64, w int) uint64 {
	ms, mt := msb(s, w), msb(t, w)
	abs := func(v uint64, neg bool) uint64 {
		if neg {
			return refNeg(v, w)
		}
		return v
	}
	u := refUrem(abs(s, ms), abs(t, mt), w)
	switch {
	case u == 0, !ms && !mt:
		return u
	case ms && !mt:
		return (refNeg(u, w) + t) & mask(w)
	case !ms && mt:
		return (u + t) & mask(w)
	}
	return refNeg(u, w)
}

func refShl(x, y uint64, w int) uint64 {
	if y >= uint64(w) {
		return 0
	}
	return x << y & mask(w)
}

func refLshr(x, y uint64, w int) uint64 {
	if y >= uint64(w) {
		return 0
	}
	return x >> y
}

func refAshr(x, y uint64, w int) uint64 {
	if !msb(x, w) {
		return refLshr(x, y, w)
	}
	// Complement, shift logically, complement: the sign fills from the top.
	return ^refLshr(^x&mask(w), y, w) & mask(w)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func refSlt(x, y uint64, w int) bool { return signed(x, w).Cmp(signed(y, w)) < 0 }

// inSigned reports whether v is representable in w-bit two's complement.
func inSigned(v *big.Int, w int) bool {
	lim := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	return v.Cmp(new(big.Int).Neg(lim)) >= 0 && v.Cmp(lim) < 0
}

func refUmulo(x, y uint64, w int) bool {
	hi, lo := bits.Mul64(x, y)
	return hi != 0 || lo&^mask(w) != 0
}

func refSmulo(x, y uint64, w int) bool {
	return !inSigned(new(big.Int).Mul(signed(x, w), signed(y, w)), w)
}

func refSaddo(x, y uint64, w int) bool {
	return !inSigned(new(big.Int).Add(signed(x, w), signed(y, w)), w)
}

func refSsubo(x, y uint64, w int) bool {
	return !inSigned(new(big.Int).Sub(signed(x, w), signed(y, w)), w)
}

func refUaddo(x, y uint64, w int) bool {
	s, c := bits.Add64(x, y, 0)
	return c != 0 || s&^mask(w) != 0
}

func refRotl(x uint64, k, w int) uint64 {
	k %= w
	return (x<<uint(k) | x>>uint(w-k)) & mask(w)
}

// binOp is an operator of two w-bit words; the reference result has width
// outW(w) (w for arithmetic, 1 for predicates).
type binOp struct {
	name  string
	blast func(b *Blaster, x, y Word) Word
	ref   func(x, y uint64, w int) uint64
	pred  bool // result is 1 bit
}

func edgeOp(f func(b *Blaster, x, y Word) Edge) func(b *Blaster, x, y Word) Word {
	return func(b *Blaster, x, y Word) Word { return Word{f(b, x, y)} }
}

func boolRef(f func(x, y uint64, w int) bool) func(x, y uint64, w int) uint64 {
	return func(x, y uint64, w int) uint64 { return b2u(f(x, y, w)) }
}

var binOps = []binOp{
	{"bvand", (*Blaster).And, func(x, y uint64, w int) uint64 { return x & y }, false},
	{"bvor", (*Blaster).Or, func(x, y uint64, w int) uint64 { return x | y }, false},
	{"bvxor", (*Blaster).Xor, func(x, y uint64, w int) uint64 { return x ^ y }, false},
	{"bvnand", (*Blaster).Nand, func(x, y uint64, w int) uint64 { return ^(x & y) & mask(w) }, false},
	{"bvnor", (*Blaster).Nor, func(x, y uint64, w int) uint64 { return ^(x | y) & mask(w) }, false},
	{"bvxnor", (*Blaster).Xnor, func(x, y uint64, w int) uint64 { return ^(x ^ y) & mask(w) }, false},
	{"bvadd", (*Blaster).Add, func(x, y uint64, w int) uint64 { return (x + y) & mask(w) }, false},
	{"bvsub", (*Blaster).Sub, func(x, y uint64, w int) uint64 { return (x - y) & mask(w) }, false},
	{"bvmul", (*Blaster).Mul, func(x, y uint64, w int) uint64 { return (x * y) & mask(w) }, false},
	{"bvudiv", (*Blaster).Udiv, refUdiv, false},
	{"bvurem", (*Blaster).Urem, refUrem, false},
	{"bvsdiv", (*Blaster).Sdiv, refSdiv, false},
	{"bvsrem", (*Blaster).Srem, refSrem, false},
	{"bvsmod", (*Blaster).Smod, refSmod, false},
	{"bvshl", (*Blaster).Shl, refShl, false},
	{"bvlshr", (*Blaster).Lshr, refLshr, false},
	{"bvashr", (*Blaster).Ashr, refAshr, false},
	{"bvcomp", (*Blaster).Comp, func(x, y uint64, w int) uint64 { return b2u(x == y) }, true},
	{"=", edgeOp((*Blaster).Eq), func(x, y uint64, w int) uint64 { return b2u(x == y) }, true},
	{"bvult", edgeOp((*Blaster).Ult), func(x, y uint64, w int) uint64 { return b2u(x < y) }, true},
	{"bvule", edgeOp((*Blaster).Ule), func(x, y uint64, w int) uint64 { return b2u(x <= y) }, true},
	{"bvslt", edgeOp((*Blaster).Slt), boolRef(refSlt), true},
	{"bvsle", edgeOp((*Blaster).Sle), boolRef(func(x, y uint64, w int) bool { return !refSlt(y, x, w) }), true},
	{"bvuaddo", edgeOp((*Blaster).Uaddo), boolRef(refUaddo), true},
	{"bvsaddo", edgeOp((*Blaster).Saddo), boolRef(refSaddo), true},
	{"bvusubo", edgeOp((*Blaster).Usubo), func(x, y uint64, w int) uint64 { return b2u(x < y) }, true},
	{"bvssubo", edgeOp((*Blaster).Ssubo), boolRef(refSsubo), true},
	{"bvumulo", edgeOp((*Blaster).Umulo), boolRef(refUmulo), true},
	{"bvsmulo", edgeOp((*Blaster).Smulo), boolRef(refSmulo), true},
	{"bvsdivo", edgeOp((*Blaster).Sdivo), func(x, y uint64, w int) uint64 {
		return b2u(x == 1<<uint(w-1) && y == mask(w))
	}, true},
}

// unOp is an operator of one w-bit word whose result width is outWidth(w).
type unOp struct {
	name     string
	blast    func(b *Blaster, x Word) Word
	ref      func(x uint64, w int) uint64
	outWidth func(w int) int
}

func same(w int) int { return w }
func one(int) int    { return 1 }

var unOps = []unOp{
	{"bvnot", (*Blaster).Not, func(x uint64, w int) uint64 { return ^x & mask(w) }, same},
	{"bvneg", (*Blaster).Neg, refNeg, same},
	{"bvnego", func(b *Blaster, x Word) Word { return Word{b.Nego(x)} },
		func(x uint64, w int) uint64 { return b2u(x == 1<<uint(w-1)) }, one},
	{"bvredor", func(b *Blaster, x Word) Word { return Word{b.ReduceOr(x)} },
		func(x uint64, w int) uint64 { return b2u(x != 0) }, one},
	{"bvredand", func(b *Blaster, x Word) Word { return Word{b.ReduceAnd(x)} },
		func(x uint64, w int) uint64 { return b2u(x == mask(w)) }, one},
	{"rotate_left 3", func(b *Blaster, x Word) Word { return b.RotateLeft(x, 3) },
		func(x uint64, w int) uint64 { return refRotl(x, 3, w) }, same},
	{"rotate_right 5", func(b *Blaster, x Word) Word { return b.RotateRight(x, 5) },
		func(x uint64, w int) uint64 { return refRotl(x, w-5%w, w) }, same},
	{"rotate_left 0", func(b *Blaster, x Word) Word { return b.RotateLeft(x, 0) },
		func(x uint64, w int) uint64 { return x }, same},
	{"zero_extend 2", func(b *Blaster, x Word) Word { return b.ZeroExtend(x, 2) },
		func(x uint64, w int) uint64 { return x }, func(w int) int { return w + 2 }},
	{"sign_extend 3", func(b *Blaster, x Word) Word { return b.SignExtend(x, 3) },
		func(x uint64, w int) uint64 {
			if msb(x, w) {
				return x | 7<<uint(w)
			}
			return x
		}, func(w int) int { return w + 3 }},
	{"repeat 2", func(b *Blaster, x Word) Word { return b.Repeat(x, 2) },
		func(x uint64, w int) uint64 { return x<<uint(w) | x }, func(w int) int { return 2 * w }},
	{"extract top..1", func(b *Blaster, x Word) Word {
		if len(x) == 1 {
			return b.Extract(x, 0, 0)
		}
		return b.Extract(x, len(x)-1, 1)
	}, func(x uint64, w int) uint64 {
		if w == 1 {
			return x
		}
		return x >> 1
	}, func(w int) int {
		if w == 1 {
			return 1
		}
		return w - 1
	}},
	{"concat self", func(b *Blaster, x Word) Word { return b.Concat(b.Not(x), x) },
		func(x uint64, w int) uint64 { return (^x&mask(w))<<uint(w) | x }, func(w int) int { return 2 * w }},
	{"ite msb", func(b *Blaster, x Word) Word { return b.Ite(x[len(x)-1], b.Neg(x), x) },
		func(x uint64, w int) uint64 {
			if msb(x, w) {
				return refNeg(x, w)
			}
			return x
		}, same},
}
