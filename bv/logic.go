package bv

import "math/big"

// Not is bvnot: every bit flipped.
func Not(a Value) Value {
	checkWidth(a.w)
	if a.w <= 64 {
		return Value{w: a.w, lo: ^a.lo & mask64(a.w)}
	}
	return Value{w: a.w, wide: wideNot(a.w, a.wide)}
}

// And is bvand.
func And(a, b Value) Value {
	w := sameWidth("bvand", a, b)
	if w <= 64 {
		return Value{w: w, lo: a.lo & b.lo}
	}
	return Value{w: w, wide: wideAnd(w, a.wide, b.wide)}
}

// Or is bvor.
func Or(a, b Value) Value {
	w := sameWidth("bvor", a, b)
	if w <= 64 {
		return Value{w: w, lo: a.lo | b.lo}
	}
	return Value{w: w, wide: wideOr(w, a.wide, b.wide)}
}

// Xor is bvxor.
func Xor(a, b Value) Value {
	w := sameWidth("bvxor", a, b)
	if w <= 64 {
		return Value{w: w, lo: a.lo ^ b.lo}
	}
	return Value{w: w, wide: wideXor(w, a.wide, b.wide)}
}

// Nand is bvnand: not (a and b).
func Nand(a, b Value) Value {
	w := sameWidth("bvnand", a, b)
	if w <= 64 {
		return Value{w: w, lo: ^(a.lo & b.lo) & mask64(w)}
	}
	return Value{w: w, wide: wideNot(w, wideAnd(w, a.wide, b.wide))}
}

// Nor is bvnor: not (a or b).
func Nor(a, b Value) Value {
	w := sameWidth("bvnor", a, b)
	if w <= 64 {
		return Value{w: w, lo: ^(a.lo | b.lo) & mask64(w)}
	}
	return Value{w: w, wide: wideNot(w, wideOr(w, a.wide, b.wide))}
}

// Xnor is bvxnor: not (a xor b).
func Xnor(a, b Value) Value {
	w := sameWidth("bvxnor", a, b)
	if w <= 64 {
		return Value{w: w, lo: ^(a.lo ^ b.lo) & mask64(w)}
	}
	return Value{w: w, wide: wideNot(w, wideXor(w, a.wide, b.wide))}
}

// The wide kernels take operands in [0, 2^w), never mutate them, and return
// a fresh result in [0, 2^w).

func wideNot(w uint32, x *big.Int) *big.Int { return new(big.Int).Xor(x, wideMask(w)) }

func wideAnd(_ uint32, x, y *big.Int) *big.Int { return new(big.Int).And(x, y) }

func wideOr(_ uint32, x, y *big.Int) *big.Int { return new(big.Int).Or(x, y) }

func wideXor(_ uint32, x, y *big.Int) *big.Int { return new(big.Int).Xor(x, y) }
