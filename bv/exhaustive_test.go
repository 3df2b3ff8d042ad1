package bv

import (
	"fmt"
	"math/big"
	"testing"
)

// Every operator against the oracle on every operand (pair) at widths 1..6.

const maxExhaustiveWidth = 6

func TestExhaustiveBinaryOps(t *testing.T) {
	for _, op := range binaryOps {
		t.Run(op.name, func(t *testing.T) {
			for w := uint32(1); w <= maxExhaustiveWidth; w++ {
				forAllPairs(w, func(x, y *big.Int) {
					got := op.impl(valueOf(w, x), valueOf(w, y))
					wantW := w
					if op.name == "bvcomp" {
						wantW = 1
					}
					checkValue(t, fmt.Sprintf("%s w=%d %s %s", op.name, w, x, y), got, wantW, op.ref(w, x, y))
				})
			}
		})
	}
}

func TestExhaustivePredicates(t *testing.T) {
	for _, p := range predicates {
		t.Run(p.name, func(t *testing.T) {
			for w := uint32(1); w <= maxExhaustiveWidth; w++ {
				forAllPairs(w, func(x, y *big.Int) {
					if got, want := p.impl(valueOf(w, x), valueOf(w, y)), p.ref(w, x, y); got != want {
						t.Fatalf("%s w=%d %s %s: got %v, want %v", p.name, w, x, y, got, want)
					}
				})
			}
		})
	}
}

func TestExhaustiveUnary(t *testing.T) {
	for w := uint32(1); w <= maxExhaustiveWidth; w++ {
		forAll(w, func(x *big.Int) {
			a := valueOf(w, x)
			for _, op := range unaryOps {
				checkValue(t, fmt.Sprintf("%s w=%d %s", op.name, w, x), op.impl(a), w, op.ref(w, x))
			}
			if got, want := Nego(a), refNego(w, x); got != want {
				t.Fatalf("bvnego w=%d %s: got %v, want %v", w, x, got, want)
			}
		})
	}
}

func TestExhaustiveResize(t *testing.T) {
	for w := uint32(1); w <= maxExhaustiveWidth; w++ {
		forAll(w, func(x *big.Int) {
			a := valueOf(w, x)
			for hi := range w {
				for lo := uint32(0); lo <= hi; lo++ {
					checkValue(t, fmt.Sprintf("extract %d %d of %s/%d", hi, lo, x, w),
						Extract(a, hi, lo), hi-lo+1, refExtract(x, hi, lo))
				}
			}
			for k := uint32(0); k <= 3; k++ {
				checkValue(t, fmt.Sprintf("zero_extend %d of %s/%d", k, x, w), ZeroExtend(a, k), w+k, x)
				checkValue(t, fmt.Sprintf("sign_extend %d of %s/%d", k, x, w),
					SignExtend(a, k), w+k, refSignExtend(w, k, x))
			}
			for n := uint32(1); n <= 4; n++ {
				checkValue(t, fmt.Sprintf("repeat %d of %s/%d", n, x, w), Repeat(a, n), w*n, refRepeat(w, n, x))
			}
			for k := uint32(0); k <= 2*w+1; k++ {
				checkValue(t, fmt.Sprintf("rotate_left %d of %s/%d", k, x, w),
					RotateLeft(a, k), w, refRotateLeft(w, x, k))
				checkValue(t, fmt.Sprintf("rotate_right %d of %s/%d", k, x, w),
					RotateRight(a, k), w, refRotateLeft(w, x, w-k%w))
			}
			for loW := uint32(1); loW <= 4; loW++ {
				forAll(loW, func(y *big.Int) {
					checkValue(t, fmt.Sprintf("concat %s/%d %s/%d", x, w, y, loW),
						Concat(a, valueOf(loW, y)), w+loW, refConcat(loW, x, y))
				})
			}
		})
	}
}

// forAll calls f with every integer in [0, 2^w).
func forAll(w uint32, f func(x *big.Int)) {
	for x := range int64(1) << w {
		f(big.NewInt(x))
	}
}

// forAllPairs calls f with every pair of integers in [0, 2^w).
func forAllPairs(w uint32, f func(x, y *big.Int)) {
	forAll(w, func(x *big.Int) { forAll(w, func(y *big.Int) { f(x, y) }) })
}
