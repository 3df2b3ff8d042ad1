package bv

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Random operands (fixed seed) at widths on both sides of the 64-bit
// boundary, checked against the oracle.

var randomWidths = []uint32{8, 32, 63, 64, 65, 100, 128, 256}

const randomSamples = 400

// randomOperand favours the values where bit-vector semantics have edges:
// 0, 1, all ones, INT_MIN, INT_MAX, small numbers (shift amounts), powers of
// two and their neighbours, besides uniformly random bits.
func randomOperand(rng *rand.Rand, w uint32) *big.Int {
	switch rng.IntN(10) {
	case 0:
		return big.NewInt(int64(rng.IntN(3))) // 0, 1, 2
	case 1:
		return refMod(w, big.NewInt(-1-int64(rng.IntN(2)))) // all ones, and one below
	case 2:
		return new(big.Int).Add(pow2(w-1), big.NewInt(int64(rng.IntN(2)))) // INT_MIN, INT_MIN+1
	case 3:
		return new(big.Int).Sub(pow2(w-1), big.NewInt(1+int64(rng.IntN(2)))) // INT_MAX, INT_MAX-1
	case 4:
		return big.NewInt(int64(rng.IntN(int(w) + 3))) // shift amounts around the width
	case 5:
		p := pow2(uint32(rng.IntN(int(w))))
		return refMod(w, p.Add(p, big.NewInt(int64(rng.IntN(3)-1))))
	case 6: // a short random value, so quotients are not always 0 or 1
		return randomBits(rng, uint32(1+rng.IntN(int(w))))
	}
	return randomBits(rng, w)
}

func randomBits(rng *rand.Rand, w uint32) *big.Int {
	x := new(big.Int)
	for i := range int(w) {
		x.SetBit(x, i, uint(rng.IntN(2)))
	}
	return x
}

func TestRandomAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, w := range randomWidths {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			for range randomSamples {
				x, y := randomOperand(rng, w), randomOperand(rng, w)
				a, b := valueOf(w, x), valueOf(w, y)
				for _, op := range binaryOps {
					got := op.impl(a, b)
					wantW := w
					if op.name == "bvcomp" {
						wantW = 1
					}
					checkValue(t, fmt.Sprintf("%s w=%d %s %s", op.name, w, x, y), got, wantW, op.ref(w, x, y))
				}
				for _, p := range predicates {
					if got, want := p.impl(a, b), p.ref(w, x, y); got != want {
						t.Fatalf("%s w=%d %s %s: got %v, want %v", p.name, w, x, y, got, want)
					}
				}
				for _, op := range unaryOps {
					checkValue(t, fmt.Sprintf("%s w=%d %s", op.name, w, x), op.impl(a), w, op.ref(w, x))
				}
				if got, want := Nego(a), refNego(w, x); got != want {
					t.Fatalf("bvnego w=%d %s: got %v, want %v", w, x, got, want)
				}
				checkRandomResize(t, rng, w, x, y)
				// Operators must not mutate their operands (wide values are shared).
				if a.Big().Cmp(x) != 0 || b.Big().Cmp(y) != 0 {
					t.Fatalf("w=%d: an operator mutated its operands %s %s", w, x, y)
				}
			}
		})
	}
}

func checkRandomResize(t *testing.T, rng *rand.Rand, w uint32, x, y *big.Int) {
	t.Helper()
	a := valueOf(w, x)
	lo := uint32(rng.IntN(int(w)))
	hi := lo + uint32(rng.IntN(int(w-lo)))
	checkValue(t, fmt.Sprintf("extract %d %d of %s/%d", hi, lo, x, w), Extract(a, hi, lo), hi-lo+1, refExtract(x, hi, lo))
	k := uint32(rng.IntN(80))
	checkValue(t, fmt.Sprintf("zero_extend %d of %s/%d", k, x, w), ZeroExtend(a, k), w+k, x)
	checkValue(t, fmt.Sprintf("sign_extend %d of %s/%d", k, x, w), SignExtend(a, k), w+k, refSignExtend(w, k, x))
	checkValue(t, fmt.Sprintf("rotate_left %d of %s/%d", k, x, w), RotateLeft(a, k), w, refRotateLeft(w, x, k))
	checkValue(t, fmt.Sprintf("rotate_right %d of %s/%d", k, x, w), RotateRight(a, k), w, refRotateLeft(w, x, w-k%w))
	n := uint32(1 + rng.IntN(7))
	checkValue(t, fmt.Sprintf("repeat %d of %s/%d", n, x, w), Repeat(a, n), w*n, refRepeat(w, n, x))
	loW := uint32(1 + rng.IntN(int(w)))
	z := refMod(loW, y)
	checkValue(t, fmt.Sprintf("concat %s/%d %s/%d", x, w, z, loW), Concat(a, valueOf(loW, z)), w+loW, refConcat(loW, x, z))
}

// For operators whose low bits depend only on the operands' low bits, a
// narrow result equals the wider computation truncated. Each pair straddles
// a representation change, so the uint64 path is checked against math/big.
func TestTruncationIdentity(t *testing.T) {
	truncating := map[string]bool{"bvand": true, "bvor": true, "bvxor": true, "bvnand": true, "bvnor": true,
		"bvxnor": true, "bvadd": true, "bvsub": true, "bvmul": true}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, pair := range [][2]uint32{{64, 65}, {63, 64}, {32, 100}, {64, 128}, {128, 129}} {
		narrow, wide := pair[0], pair[1]
		for range randomSamples {
			x, y := randomOperand(rng, narrow), randomOperand(rng, narrow)
			a, b := valueOf(narrow, x), valueOf(narrow, y)
			// Garbage in the extra high bits must not matter.
			ax := Concat(valueOf(wide-narrow, randomBits(rng, wide-narrow)), a)
			bx := Concat(valueOf(wide-narrow, randomBits(rng, wide-narrow)), b)
			for _, op := range binaryOps {
				if !truncating[op.name] {
					continue
				}
				got, want := op.impl(a, b), Extract(op.impl(ax, bx), narrow-1, 0)
				if !got.Equal(want) {
					t.Fatalf("%s: width %d gives %s, width %d truncated gives %s", op.name, narrow, got, wide, want)
				}
			}
			for _, op := range unaryOps {
				if got, want := op.impl(a), Extract(op.impl(ax), narrow-1, 0); !got.Equal(want) {
					t.Fatalf("%s: width %d gives %s, width %d truncated gives %s", op.name, narrow, got, wide, want)
				}
			}
			// Shifts by less than the narrow width, on zero-extended operands.
			s := valueOf(narrow, big.NewInt(int64(rng.IntN(int(narrow)))))
			sx := ZeroExtend(s, wide-narrow)
			if got, want := Shl(a, s), Extract(Shl(ax, sx), narrow-1, 0); !got.Equal(want) {
				t.Fatalf("bvshl: width %d gives %s, width %d truncated gives %s", narrow, got, wide, want)
			}
			if got, want := Lshr(a, s), Extract(Lshr(ZeroExtend(a, wide-narrow), sx), narrow-1, 0); !got.Equal(want) {
				t.Fatalf("bvlshr: width %d gives %s, width %d truncated gives %s", narrow, got, wide, want)
			}
			if got, want := Ashr(a, s), Extract(Ashr(SignExtend(a, wide-narrow), sx), narrow-1, 0); !got.Equal(want) {
				t.Fatalf("bvashr: width %d gives %s, width %d truncated gives %s", narrow, got, wide, want)
			}
			// Division on zero-extended operands equals division at the narrow width,
			// except udiv by zero, whose all-ones result is width-dependent.
			if !b.IsZero() {
				if got, want := Udiv(a, b), Extract(Udiv(ZeroExtend(a, wide-narrow), ZeroExtend(b, wide-narrow)), narrow-1, 0); !got.Equal(want) {
					t.Fatalf("bvudiv: width %d gives %s, width %d truncated gives %s", narrow, got, wide, want)
				}
			}
			if got, want := Urem(a, b), Extract(Urem(ZeroExtend(a, wide-narrow), ZeroExtend(b, wide-narrow)), narrow-1, 0); !got.Equal(want) {
				t.Fatalf("bvurem: width %d gives %s, width %d truncated gives %s", narrow, got, wide, want)
			}
		}
	}
}

// Ones shares a cached mask between Values; no operator may write to it.
func TestSharedOnesIsNeverMutated(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, w := range []uint32{65, 100, 128} {
		want := refNot(w, big.NewInt(0))
		for range 50 {
			y := valueOf(w, randomOperand(rng, w))
			for _, op := range binaryOps {
				op.impl(Ones(w), y)
				op.impl(y, Ones(w))
			}
			for _, p := range predicates {
				p.impl(Ones(w), y)
				p.impl(y, Ones(w))
			}
			for _, op := range unaryOps {
				op.impl(Ones(w))
			}
			k := uint32(rng.IntN(int(w)))
			_ = []Value{Concat(Ones(w), y), Extract(Ones(w), w-1, k), ZeroExtend(Ones(w), k),
				SignExtend(Ones(w), k), Repeat(Ones(w), 3), RotateLeft(Ones(w), k), RotateRight(Ones(w), k)}
			if got := Ones(w); got.Big().Cmp(want) != 0 || !got.IsOnes() {
				t.Fatalf("Ones(%d) changed to %s", w, got.Big())
			}
		}
	}
}
