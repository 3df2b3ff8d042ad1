package bv

import (
	"math/big"
	"sync"
)

// mask64 is 2^w - 1 for 1 <= w <= 64.
func mask64(w uint32) uint64 { return ^uint64(0) >> (64 - w) }

// signExtend64 interprets the low w bits of x (1 <= w <= 64) as two's complement.
func signExtend64(w uint32, x uint64) int64 { return int64(x<<(64-w)) >> (64 - w) }

var bigOne = big.NewInt(1)

// wideMasks caches 2^w - 1 per width; the cached values are shared and must
// never be mutated.
var wideMasks sync.Map // uint32 -> *big.Int

// wideMask returns 2^w - 1. The result is shared: do not mutate it.
func wideMask(w uint32) *big.Int {
	if m, ok := wideMasks.Load(w); ok {
		return m.(*big.Int)
	}
	m := new(big.Int).Lsh(bigOne, uint(w))
	m.Sub(m, bigOne)
	actual, _ := wideMasks.LoadOrStore(w, m)
	return actual.(*big.Int)
}

// wideSignBit returns 2^(w-1) as a fresh value.
func wideSignBit(w uint32) *big.Int { return new(big.Int).Lsh(bigOne, uint(w-1)) }

// fromNormalised wraps x, already in [0, 2^w), choosing the representation
// the invariant asks for. x is retained when w > 64.
func fromNormalised(w uint32, x *big.Int) Value {
	if w <= 64 {
		return Value{w: w, lo: x.Uint64()}
	}
	return Value{w: w, wide: x}
}

// wideOf returns the bits of v as a big.Int that must not be mutated.
func wideOf(v Value) *big.Int {
	if v.wide != nil {
		return v.wide
	}
	return new(big.Int).SetUint64(v.lo)
}

// normalise reduces x mod 2^w in place (two's complement for negative x).
func normalise(w uint32, x *big.Int) *big.Int { return x.And(x, wideMask(w)) }
