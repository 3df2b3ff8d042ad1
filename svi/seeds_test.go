package svi

import "testing"

// Domain facts that the decision stage needs for the 24 cases of
// shared/tests/seeds/004 (expected.tsv). Each t-case must be decidable from
// exact results (pvi); each g-case must show the give-up the digest names.

func TestSeedCasesExact(t *testing.T) {
	x64 := func(lo, hi uint64) Set { return Range(64, lo, hi) }
	c := func(v uint64) Set { return Const(64, v) }
	mustExact := func(name string, r Result) Set {
		t.Helper()
		if !r.Exact {
			t.Fatalf("%s: inexact (%s): %v", name, r.Why, r.Set)
		}
		return r.Set
	}

	// t01/t02/t03: x in [10,20], 2x < 30 (true / false), 2x < 20.
	y := mustExact("2x", Mul(x64(10, 20), c(2)))
	tr, fa := Branches(Ult, y, c(30))
	if tr.Verdict != Split || !mustExact("t01", Backward(OpMul, []Set{x64(10, 20), c(2)}, 0, tr.X)).Equal(x64(10, 14)) ||
		!mustExact("t02", Backward(OpMul, []Set{x64(10, 20), c(2)}, 0, fa.X)).Equal(x64(15, 20)) {
		t.Errorf("t01/t02: %v %v", tr.X, fa.X)
	}
	if Narrow(Ult, y, c(20)).Verdict != Never {
		t.Error("t03: 2x < 20 must be never")
	}
	// t04: x <= 100, 4x = 6.
	if Narrow(Eq, mustExact("4x", Mul(x64(0, 100), c(4))), c(6)).Verdict != Never {
		t.Error("t04: 4x = 6 must be never")
	}
	// t05: z <= 5, (2z+11)/2 >= 7 gives z = [2,5].
	zx := mustExact("2z", Mul(x64(0, 5), c(2)))
	xx := mustExact("2z+11", Add(zx, c(11)))
	yy := mustExact("x/2", UDiv(xx, c(2)))
	n := Narrow(Uge, yy, c(7))
	bx := mustExact("back /", Backward(OpUDiv, []Set{xx, c(2)}, 0, n.X))
	bz := mustExact("back +", Backward(OpAdd, []Set{zx, c(11)}, 0, bx))
	if z := mustExact("back *", Backward(OpMul, []Set{x64(0, 5), c(2)}, 0, bz)); !z.Equal(x64(2, 5)) {
		t.Errorf("t05: z = %v", z)
	}
	// t06: (4x) mod 8 = 2 is never.
	if Narrow(Eq, mustExact("4x mod 8", URem(mustExact("4x", Mul(x64(0, 100), c(4))), c(8))), c(2)).Verdict != Never {
		t.Error("t06")
	}
	// t07/t08: x <= 10, x-5 < 3 gives x = [5,7]; then x < 5 is never.
	d := mustExact("x-5", Sub(x64(0, 10), c(5)))
	x7 := mustExact("t07", Backward(OpSub, []Set{x64(0, 10), c(5)}, 0, Narrow(Ult, d, c(3)).X))
	if !x7.Equal(x64(5, 7)) || Narrow(Ult, x7, c(5)).Verdict != Never {
		t.Errorf("t07/t08: %v", x7)
	}
	// t09/t10: x <= 9, y in [10,20]: x < y always, x >= y never.
	if Narrow(Ult, x64(0, 9), x64(10, 20)).Verdict != Always || Narrow(Uge, x64(0, 9), x64(10, 20)).Verdict != Never {
		t.Error("t09/t10")
	}
	// t11/t12: x <= 10, x != 5, then x >= 5 gives [6,10]; x = 5 is never.
	ne := Narrow(Ne, x64(0, 10), c(5))
	if ne.Verdict != Split || !Narrow(Uge, ne.X, c(5)).X.Equal(x64(6, 10)) || Narrow(Eq, ne.X, c(5)).Verdict != Never {
		t.Errorf("t11/t12: %v", ne.X)
	}
	// t13: x >= 2^63, 2x < 10 gives [2^63, 2^63+4].
	big := x64(two63, ^uint64(0))
	n13 := Narrow(Ult, mustExact("2x", Mul(big, c(2))), c(10))
	if x := mustExact("t13", Backward(OpMul, []Set{big, c(2)}, 0, n13.X)); !x.Equal(x64(two63, two63+4)) {
		t.Errorf("t13: %v", x)
	}
	// t14: x in [0,20]... 100 - x < 85 with x <= 20 gives [16,20].
	k := mustExact("100-x", Sub(c(100), x64(0, 20)))
	if x := mustExact("t14", Backward(OpSub, []Set{c(100), x64(0, 20)}, 1, Narrow(Ult, k, c(85)).X)); !x.Equal(x64(16, 20)) {
		t.Errorf("t14: %v", x)
	}
	// t15: 8-bit x <= 50, 5x >= 200 gives [40,50].
	x8 := Range(8, 0, 50)
	m5 := mustExact("5x", Mul(x8, Const(8, 5)))
	if x := mustExact("t15", Backward(OpMul, []Set{x8, Const(8, 5)}, 0, Narrow(Uge, m5, Const(8, 200)).X)); !x.Equal(Range(8, 40, 50)) {
		t.Errorf("t15: %v", x)
	}
	// t16: 8-bit x >= 250, x+10 < 6 gives [250,251].
	x16 := Range(8, 250, 255)
	a16 := mustExact("x+10", Add(x16, Const(8, 10)))
	if x := mustExact("t16", Backward(OpAdd, []Set{x16, Const(8, 10)}, 0, Narrow(Ult, a16, Const(8, 6)).X)); !x.Equal(Range(8, 250, 251)) {
		t.Errorf("t16: %v", x)
	}
	// t17: x <= 100, x/10 > 10 is never.
	if Narrow(Ugt, mustExact("x/10", UDiv(x64(0, 100), c(10))), c(10)).Verdict != Never {
		t.Error("t17")
	}
}

func TestSeedCasesGiveUp(t *testing.T) {
	x64 := func(lo, hi uint64) Set { return Range(64, lo, hi) }
	c := func(v uint64) Set { return Const(64, v) }
	// g01/g02: overlapping x < y cannot be handled exactly; a box exists.
	if Narrow(Ult, x64(0, 10), x64(2, 10)).Verdict != CannotHandle {
		t.Error("g01: overlap must be cannot-handle")
	}
	if _, _, ok := Box(Ult, x64(0, 10), x64(2, 10)); !ok {
		t.Error("g01: no box")
	}
	// g03: 3x = 1 over 64 bits: (7) fails, backward is not exact.
	if Mul(Full(64), c(3)).Exact || Backward(OpMul, []Set{Full(64), c(3)}, 0, c(1)).Exact {
		t.Error("g03 must give up")
	}
	// g04: x*y = 35 with x, y in [2,10]: backward through a non-linear mul.
	if Backward(OpMul, []Set{x64(2, 10), x64(2, 10)}, 0, c(35)).Exact {
		t.Error("g04 must give up")
	}
	// g05: x+y = 17 with x < 8, y <= 10: two symbolic operands.
	for i := range 2 {
		if Backward(OpAdd, []Set{x64(0, 7), x64(0, 10)}, i, c(17)).Exact {
			t.Error("g05 must give up")
		}
	}
	// g06: (4x) mod 8 = 4 with x < 2: no backward through urem.
	if Backward(OpURem, []Set{FromValues(64, []uint64{0, 4}).Set, c(8)}, 0, c(4)).Exact {
		t.Error("g06 must give up")
	}
	// g07: 8-bit 3x = 45 with x <= 100: (7) fails.
	if Mul(Range(8, 0, 100), Const(8, 3)).Exact {
		t.Error("g07 must give up")
	}
}
