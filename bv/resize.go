package bv

import (
	"fmt"
	"math/big"
)

// Concat is concat: hi's bits above lo's; the width is the sum.
func Concat(hi, lo Value) Value {
	checkWidth(hi.w)
	checkWidth(lo.w)
	w := addWidths("concat", hi.w, lo.w)
	if w <= 64 {
		return Value{w: w, lo: hi.lo<<lo.w | lo.lo}
	}
	x := new(big.Int).Lsh(wideOf(hi), uint(lo.w))
	return Value{w: w, wide: x.Or(x, wideOf(lo))}
}

// Extract is (_ extract hi lo): bits hi down to lo, width hi-lo+1. It panics
// unless a.Width() > hi >= lo.
func Extract(a Value, hi, lo uint32) Value {
	if hi < lo || hi >= a.w {
		panic(fmt.Sprintf("bv: extract %d %d of a %d-bit value", hi, lo, a.w))
	}
	w := hi - lo + 1
	if a.w <= 64 {
		return Value{w: w, lo: a.lo >> lo & mask64(w)}
	}
	x := new(big.Int).Rsh(a.wide, uint(lo))
	return fromNormalised(w, normalise(w, x))
}

// ZeroExtend is (_ zero_extend k): k zero bits added above a.
func ZeroExtend(a Value, k uint32) Value {
	checkWidth(a.w)
	w := addWidths("zero_extend", a.w, k)
	if w <= 64 {
		return Value{w: w, lo: a.lo}
	}
	return Value{w: w, wide: wideOf(a)} // sharing is safe: wide values are never mutated
}

// SignExtend is (_ sign_extend k): k copies of a's sign bit added above a.
func SignExtend(a Value, k uint32) Value {
	checkWidth(a.w)
	if !a.msb() {
		return ZeroExtend(a, k)
	}
	w := addWidths("sign_extend", a.w, k)
	if w <= 64 {
		return Value{w: w, lo: uint64(signExtend64(a.w, a.lo)) & mask64(w)}
	}
	return Value{w: w, wide: normalise(w, wideSigned(a.w, wideOf(a)))}
}

// Repeat is (_ repeat n): n copies of a side by side. It panics when n == 0.
func Repeat(a Value, n uint32) Value {
	checkWidth(a.w)
	if n == 0 {
		panic("bv: repeat 0 times")
	}
	total := uint64(a.w) * uint64(n)
	if total > 1<<32-1 {
		panic(fmt.Sprintf("bv: repeat %d times a %d-bit value overflows the width", n, a.w))
	}
	w := uint32(total)
	if w <= 64 {
		var r uint64
		for range n {
			r = r<<a.w | a.lo
		}
		return Value{w: w, lo: r}
	}
	// Binary doubling: block holds 2^i copies; every copy is the same, so the
	// order in which blocks join the result does not matter.
	result, resultW := new(big.Int), uint(0)
	block, blockW := wideOf(a), uint(a.w)
	for {
		if n&1 == 1 {
			result.Lsh(result, blockW).Or(result, block)
			resultW += blockW
		}
		n >>= 1
		if n == 0 {
			break
		}
		next := new(big.Int).Lsh(block, blockW)
		block, blockW = next.Or(next, block), 2*blockW
	}
	return Value{w: w, wide: result}
}

// RotateLeft is (_ rotate_left k): bits leaving at the top re-enter at the
// bottom; k is taken mod the width.
func RotateLeft(a Value, k uint32) Value {
	checkWidth(a.w)
	k %= a.w
	if k == 0 {
		return a
	}
	if a.w <= 64 {
		return Value{w: a.w, lo: (a.lo<<k | a.lo>>(a.w-k)) & mask64(a.w)}
	}
	top := new(big.Int).Rsh(a.wide, uint(a.w-k))
	x := normalise(a.w, new(big.Int).Lsh(a.wide, uint(k)))
	return Value{w: a.w, wide: x.Or(x, top)}
}

// RotateRight is (_ rotate_right k): bits leaving at the bottom re-enter at
// the top; k is taken mod the width.
func RotateRight(a Value, k uint32) Value {
	checkWidth(a.w)
	return RotateLeft(a, a.w-k%a.w)
}
