package svi

import "testing"

// Worked examples and unit vectors of the digest (seeds/004.md §2-§6).

const two63 = uint64(1) << 63

func sv(t *testing.T, w uint, lo, hi, s uint64) Set {
	t.Helper()
	set, ok := Strided(w, lo, hi, s)
	if !ok {
		t.Fatalf("invalid SVI <%d,%d,%d>_%d", lo, hi, s, w)
	}
	return set
}

func TestDigestForwardVectors(t *testing.T) {
	tests := []struct {
		name      string
		got       func() Result
		want      Set
		wantExact bool
	}{
		{"<250,5,1>_8 + 10", func() Result { return Add(sv(t, 8, 250, 5, 1), Const(8, 10)) }, sv(t, 8, 4, 15, 1), true},
		{"<10,20,1> - 15", func() Result { return Sub(sv(t, 64, 10, 20, 1), Const(64, 15)) }, sv(t, 64, ^uint64(4), 5, 1), true},
		{"100 - <10,20,1>", func() Result { return Sub(Const(64, 100), sv(t, 64, 10, 20, 1)) }, sv(t, 64, 80, 90, 1), true},
		{"<10,20,1> * 2", func() Result { return Mul(sv(t, 64, 10, 20, 1), Const(64, 2)) }, sv(t, 64, 20, 40, 2), true},
		{"<2^63,2^64-1,1> * 2", func() Result { return Mul(sv(t, 64, two63, ^uint64(0), 1), Const(64, 2)) }, sv(t, 64, 0, ^uint64(0)-1, 2), true},
		{"<11,21,2> / 2", func() Result { return UDiv(sv(t, 64, 11, 21, 2), Const(64, 2)) }, sv(t, 64, 5, 10, 1), true},
		{"<0,12,6> / 3", func() Result { return UDiv(sv(t, 64, 0, 12, 6), Const(64, 3)) }, sv(t, 64, 0, 4, 2), true},
		{"<10,14,2> mod 16", func() Result { return URem(sv(t, 64, 10, 14, 2), Const(64, 16)) }, sv(t, 64, 10, 14, 2), true},
		{"<0,400,4> mod 8", func() Result { return URem(sv(t, 64, 0, 400, 4), Const(64, 8)) }, sv(t, 64, 0, 4, 4), true},
		{"<3,30,3> mod 5", func() Result { return URem(sv(t, 64, 3, 30, 3), Const(64, 5)) }, sv(t, 64, 0, 4, 1), true},
		{"<250,6,4>_8 mod 4", func() Result { return URem(sv(t, 8, 250, 6, 4), Const(8, 4)) }, Const(8, 2), true},
		// The single-SVI formula is inexact here; the exact set {1,3,4} is
		// two parts, which a Set holds exactly (per-block rule).
		{"<3,9,3> mod 5", func() Result { return URem(sv(t, 64, 3, 9, 3), Const(64, 5)) }, FromValues(64, []uint64{1, 3, 4}).Set, true},
		{"<0,90,10> + <0,3,1> (5 fails)", func() Result { return Add(sv(t, 64, 0, 90, 10), sv(t, 64, 0, 3, 1)) }, sv(t, 64, 0, 93, 1), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.got()
			if !r.Set.Equal(tc.want) || r.Exact != tc.wantExact {
				t.Fatalf("got %v exact=%v, want %v exact=%v", r.Set, r.Exact, tc.want, tc.wantExact)
			}
		})
	}
}

// The digest's "must report ok=false" vectors: the result is sound but not
// claimed exact.
func TestDigestInexactVectors(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		in   []uint64 // values that must be in the result
	}{
		{"<0,6,3> / 2", UDiv(sv(t, 64, 0, 6, 3), Const(64, 2)), []uint64{0, 1, 3}},
		{"8-bit <0,100,1> * 3", Mul(sv(t, 8, 0, 100, 1), Const(8, 3)), []uint64{0, 45, 44, 255}},
		{"64-bit x * 3 (g03)", Mul(Full(64), Const(64, 3)), []uint64{1}},
	}
	for _, tc := range tests {
		if tc.r.Exact || tc.r.Why == "" {
			t.Errorf("%s: claims exact (%v)", tc.name, tc.r.Set)
		}
		for _, v := range tc.in {
			if !tc.r.Set.Contains(v) {
				t.Errorf("%s: %v misses %d", tc.name, tc.r.Set, v)
			}
		}
	}
}

func TestDigestTableI(t *testing.T) {
	tests := []struct {
		name         string
		x, y         Set
		verdict      Verdict
		xTrue, xFals Set
	}{
		{"<10,20,1> < 16", sv(t, 64, 10, 20, 1), Const(64, 16), Split, sv(t, 64, 10, 15, 1), sv(t, 64, 16, 20, 1)},
		{"<20,40,2> < 30", sv(t, 64, 20, 40, 2), Const(64, 30), Split, sv(t, 64, 20, 28, 2), sv(t, 64, 30, 40, 2)},
		{"<0,9,1> < <10,20,1>", sv(t, 64, 0, 9, 1), sv(t, 64, 10, 20, 1), Always, sv(t, 64, 0, 9, 1), Empty(64)},
		{"<0,10,1> < <2,10,1>", sv(t, 64, 0, 10, 1), sv(t, 64, 2, 10, 1), CannotHandle, sv(t, 64, 0, 9, 1), sv(t, 64, 2, 10, 1)},
	}
	for _, tc := range tests {
		onTrue, onFalse := Branches(Ult, tc.x, tc.y)
		if onTrue.Verdict != tc.verdict || !onTrue.X.Equal(tc.xTrue) || !onFalse.X.Equal(tc.xFals) {
			t.Errorf("%s: true %v %v, false %v", tc.name, onTrue.Verdict, onTrue.X, onFalse.X)
		}
	}
}

func TestDigestBackwardVectors(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		want Set
	}{
		{"2x in <20,28,2>, x=<10,20,1>", Backward(OpMul, []Set{sv(t, 64, 10, 20, 1), Const(64, 2)}, 0, sv(t, 64, 20, 28, 2)), sv(t, 64, 10, 14, 1)},
		{"x/2 in <7,10,1>, x=<11,21,2>", Backward(OpUDiv, []Set{sv(t, 64, 11, 21, 2), Const(64, 2)}, 0, sv(t, 64, 7, 10, 1)), sv(t, 64, 15, 21, 2)},
		{"x/10 in <3,5,1>, x=<0,100,1>", Backward(OpUDiv, []Set{sv(t, 64, 0, 100, 1), Const(64, 10)}, 0, sv(t, 64, 3, 5, 1)), sv(t, 64, 30, 59, 1)},
		{"2x < 10, x=<2^63,2^64-1,1>", Backward(OpMul, []Set{sv(t, 64, two63, ^uint64(0), 1), Const(64, 2)}, 0, Range(64, 0, 9)), sv(t, 64, two63, two63+4, 1)},
	}
	for _, tc := range tests {
		if !tc.r.Exact || !tc.r.Set.Equal(tc.want) {
			t.Errorf("%s: got %v exact=%v, want %v", tc.name, tc.r.Set, tc.r.Exact, tc.want)
		}
	}
}

// TestDigestBoxes checks the ubox examples: Fig. 1 (x ≤ y, m = 6), test
// g01 (x < y, box x=<0,5>, y=<6,10>, the digest §3.3 box) and Listing 2 line 5 (m = 12).
func TestDigestBoxes(t *testing.T) {
	tests := []struct {
		name         string
		p            Pred
		x, y         Set
		wantX, wantY Set
	}{
		{"Fig.1 x<=y", Ule, Range(64, 0, 10), Range(64, 2, 10), Range(64, 0, 6), Range(64, 6, 10)},
		{"g01 x<y", Ult, Range(64, 0, 10), Range(64, 2, 10), Range(64, 0, 5), Range(64, 6, 10)},
		{"Listing 2 x<=y", Ule, Range(64, 10, 15), Range(64, 10, 20), Range(64, 10, 12), Range(64, 12, 20)},
		{"Listing 2 x>y", Ugt, Range(64, 10, 15), Range(64, 10, 20), Range(64, 13, 15), Range(64, 10, 12)},
	}
	for _, tc := range tests {
		bx, by, ok := Box(tc.p, tc.x, tc.y)
		if !ok || !bx.Equal(tc.wantX) || !by.Equal(tc.wantY) {
			t.Errorf("%s: box %v × %v (ok %v), want %v × %v", tc.name, bx, by, ok, tc.wantX, tc.wantY)
		}
	}
}
