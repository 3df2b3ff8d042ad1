package svi

import (
	"math/rand/v2"
	"testing"
)

// TestBackwardExhaustive6 checks every binary operator's backward narrowing
// of each operand: it never removes a value that has a solution, stays
// inside the operand, and when it claims exactness every point of the
// narrowed product maps into the target.
func TestBackwardExhaustive6(t *testing.T) {
	const w = 6
	sets := family(w, []uint64{0, 7, 33, 62}, []uint64{1, 2, 5}, []uint64{0, 3, 20}, 6)
	consts := []Set{Const(w, 0), Const(w, 1), Const(w, 2), Const(w, 3), Const(w, 6), Const(w, 63)}
	targets := family(w, []uint64{0, 4, 30, 61}, []uint64{1, 4}, []uint64{0, 2, 10}, 3)
	for _, op := range binaryOps {
		t.Run(op.op.String(), func(t *testing.T) {
			for _, x := range sets {
				for _, y := range append(consts, sets[:8]...) {
					for _, tg := range targets {
						for i := range 2 {
							args := []Set{x, y}
							checkBackward(t, op.op, args, i, tg, func(a, b uint64) uint64 { return op.eval(a, b, w) })
						}
					}
				}
			}
		})
	}
}

func checkBackward(t *testing.T, op Op, args []Set, i int, tg Set, eval func(a, b uint64) uint64) {
	t.Helper()
	r := Backward(op, args, i, tg)
	checkInvariants(t, r.Set)
	got := toBset(t, r.Set)
	if !got.subsetOf(toBset(t, args[i])) {
		t.Fatalf("Backward(%v, %v, %d, %v) = %v leaves the operand", op, args, i, tg, r.Set)
	}
	var proj bset
	for _, a := range mustElems(args[0]) {
		for _, b := range mustElems(args[1]) {
			if tg.Contains(eval(a, b)) {
				proj.add([]uint64{a, b}[i])
			}
		}
	}
	if !proj.subsetOf(got) {
		t.Fatalf("Backward(%v, %v, %d, %v) = %v removes a value with a solution", op, args, i, tg, r.Set)
	}
	if !r.Exact {
		return
	}
	other := mustElems(args[1-i])
	for _, v := range mustElems(r.Set) {
		for _, o := range other {
			a, b := v, o
			if i == 1 {
				a, b = o, v
			}
			if !tg.Contains(eval(a, b)) {
				t.Fatalf("Backward(%v, %v, %d, %v) = %v claims exact but %d,%d maps outside", op, args, i, tg, r.Set, a, b)
			}
		}
	}
}

func TestBackwardUnaryAndResize(t *testing.T) {
	const w = 6
	sets := family(w, []uint64{0, 7, 31, 33, 62}, []uint64{1, 2, 5, 8}, []uint64{0, 3, 20}, 6)
	targets6 := family(w, []uint64{0, 4, 30, 61}, []uint64{1, 4}, []uint64{0, 2, 10}, 3)
	targets8 := family(8, []uint64{0, 4, 30, 200, 250}, []uint64{1, 4}, []uint64{0, 2, 10, 40}, 3)
	targets3 := family(3, []uint64{0, 3, 6}, []uint64{1, 2}, []uint64{0, 1, 3}, 3)
	zero := Const(1, 0)
	for _, x := range sets {
		for _, tg := range targets6 {
			checkBackward(t, OpNeg, []Set{x, zero}, 0, tg, func(a, _ uint64) uint64 { return -a & 63 })
			checkBackward(t, OpNot, []Set{x, zero}, 0, tg, func(a, _ uint64) uint64 { return ^a & 63 })
		}
		for _, tg := range targets8 {
			checkResize(t, "zext", x, tg, BackZeroExtend(x, tg), func(a uint64) uint64 { return a })
			checkResize(t, "sext", x, tg, BackSignExtend(x, tg), func(a uint64) uint64 {
				if a >= 32 {
					return a + 192
				}
				return a
			})
		}
		for _, tg := range targets3 {
			checkResize(t, "extract", x, tg, BackExtract(x, 4, 2, tg), func(a uint64) uint64 { return a >> 2 & 7 })
		}
	}
}

func checkResize(t *testing.T, name string, x, tg Set, r Result, f func(uint64) uint64) {
	t.Helper()
	var proj bset
	for _, a := range mustElems(x) {
		if tg.Contains(f(a)) {
			proj.add(a)
		}
	}
	got := toBset(t, r.Set)
	if !proj.subsetOf(got) || !got.subsetOf(toBset(t, x)) {
		t.Fatalf("%s backward(%v, %v) = %v unsound", name, x, tg, r.Set)
	}
	if r.Exact && got != proj {
		t.Fatalf("%s backward(%v, %v) = %v claims exact, want %v", name, x, tg, r.Set, proj)
	}
}

func TestBackConcat(t *testing.T) {
	xs := family(3, []uint64{0, 3, 6}, []uint64{1, 2}, []uint64{0, 1, 3}, 3)
	ys := family(4, []uint64{0, 5, 14}, []uint64{1, 3}, []uint64{0, 2, 7}, 3)
	tgs := family(7, []uint64{0, 20, 100}, []uint64{1, 5}, []uint64{0, 3, 30}, 3)
	for _, x := range xs {
		for _, y := range ys {
			for _, tg := range tgs {
				for i := range 2 {
					r := BackConcat(x, y, i, tg)
					var proj bset
					for _, a := range mustElems(x) {
						for _, b := range mustElems(y) {
							if tg.Contains(a<<4 | b) {
								proj.add([]uint64{a, b}[i])
							}
						}
					}
					got := toBset(t, r.Set)
					if !proj.subsetOf(got) || !got.subsetOf(toBset(t, []Set{x, y}[i])) {
						t.Fatalf("BackConcat(%v, %v, %d, %v) = %v unsound", x, y, i, tg, r.Set)
					}
					if r.Exact && got != proj {
						t.Fatalf("BackConcat(%v, %v, %d, %v) = %v claims exact", x, y, i, tg, r.Set)
					}
				}
			}
		}
	}
}

func mustStrided(w uint, lo, hi, s uint64) Set {
	set, ok := Strided(w, lo, hi, s)
	if !ok {
		panic("bad strided set")
	}
	return set
}

// TestBackExtractTopBitsOfWideOperands: extracting the top bits of a 32-bit
// operand (too many values to enumerate) still narrows it exactly; sampled
// values are in the result iff they are in x and their top bits in t.
func TestBackExtractTopBitsOfWideOperands(t *testing.T) {
	tests := []struct {
		name   string
		x      Set
		hi, lo uint
		tg     Set
	}{
		{"sign bit set", Range(32, 5, 1<<31+7), 31, 31, Const(1, 1)},
		{"sign bit clear", Full(32), 31, 31, Const(1, 0)},
		{"top nibble in two ranges", Range(32, 1<<20, 1<<31), 31, 28, Join(Range(4, 1, 3), Const(4, 9)).Set},
		{"whole word", Range(32, 7, 99999), 31, 0, Range(32, 50, 70000)},
	}
	r := rand.New(rand.NewPCG(31, 28))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := BackExtract(tc.x, tc.hi, tc.lo, tc.tg)
			if !got.Exact {
				t.Fatalf("BackExtract = %v, not exact (%s)", got.Set, got.Why)
			}
			for range 20000 {
				a := r.Uint64() & mask(32)
				if r.IntN(2) == 0 { // near the sets' edges too
					a = tc.x.parts[0].Lo + r.Uint64()%200 - 100
					a &= mask(32)
				}
				want := tc.x.Contains(a) && tc.tg.Contains(a>>tc.lo&mask(tc.hi-tc.lo+1))
				if got.Set.Contains(a) != want {
					t.Fatalf("BackExtract(%v, %d, %d, %v) = %v: contains %#x = %v, want %v", tc.x, tc.hi, tc.lo, tc.tg, got.Set, a, !want, want)
				}
			}
		})
	}
}

// TestBackExtractNarrowsSmallOperands: a byte is filtered value by value,
// so extract narrows it to exactly the values whose bits match.
func TestBackExtractNarrowsSmallOperands(t *testing.T) {
	tests := []struct {
		name   string
		x      Set
		hi, lo uint
		tg     Set
	}{
		{"middle bits of a byte", Full(8), 2, 1, Const(2, 2)},
		{"low bits of a byte", Full(8), 3, 0, Range(4, 1, 3)},
		{"top bit of a byte", Range(8, 100, 200), 7, 7, Const(1, 1)},
		{"top bits of a byte, two ranges", Range(8, 10, 250), 7, 4, Join(Range(4, 1, 3), Const(4, 9)).Set},
		{"top bits of a byte, strided target", Full(8), 7, 4, mustStrided(4, 1, 9, 4)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := BackExtract(tc.x, tc.hi, tc.lo, tc.tg)
			if !r.Exact {
				t.Fatalf("BackExtract = %v, not exact (%s)", r.Set, r.Why)
			}
			checkResize(t, "extract", tc.x, tc.tg, r, func(a uint64) uint64 { return a >> tc.lo & mask(tc.hi-tc.lo+1) })
		})
	}
}
