package svi

import (
	"math/rand/v2"
	"testing"
)

// binaryOps pairs every binary transfer function with its concrete meaning.
var binaryOps = []struct {
	op   Op
	eval func(a, b uint64, w uint) uint64
}{
	{OpAdd, func(a, b uint64, w uint) uint64 { return (a + b) & mask(w) }},
	{OpSub, func(a, b uint64, w uint) uint64 { return (a - b) & mask(w) }},
	{OpMul, func(a, b uint64, w uint) uint64 { return a * b & mask(w) }},
	{OpUDiv, func(a, b uint64, w uint) uint64 { return udiv(a, b, w) }},
	{OpURem, func(a, b uint64, w uint) uint64 { return urem(a, b) }},
	{OpSDiv, sdiv},
	{OpSRem, srem},
	{OpSMod, smod},
	{OpShl, func(a, b uint64, w uint) uint64 {
		if b >= uint64(w) {
			return 0
		}
		return a << b & mask(w)
	}},
	{OpLShr, func(a, b uint64, w uint) uint64 {
		if b >= uint64(w) {
			return 0
		}
		return a >> b
	}},
	{OpAShr, func(a, b uint64, w uint) uint64 {
		b = min(b, uint64(w-1))
		v := int64(a<<(64-w)) >> (64 - w) // sign-extend to 64 bits
		return uint64(v>>b) & mask(w)
	}},
	{OpAnd, func(a, b uint64, w uint) uint64 { return a & b }},
	{OpOr, func(a, b uint64, w uint) uint64 { return a | b }},
	{OpXor, func(a, b uint64, w uint) uint64 { return a ^ b }},
}

// checkImage brute-forces op over x×y (w <= 8) and checks soundness, and
// equality when the result claims exactness.
func checkImage(t *testing.T, name string, w uint, x, y Set, r Result, eval func(a, b uint64) uint64) {
	t.Helper()
	checkInvariants(t, r.Set)
	if r.Set.W() != w {
		t.Fatalf("%s(%v, %v): width %d, want %d", name, x, y, r.Set.W(), w)
	}
	var want bset
	xs, _ := x.Elements(256)
	ys, _ := y.Elements(256)
	for _, a := range xs {
		for _, b := range ys {
			want.add(eval(a, b))
		}
	}
	got := toBset(t, r.Set)
	if !want.subsetOf(got) {
		t.Fatalf("%s(%v, %v) = %v misses values (unsound)", name, x, y, r.Set)
	}
	if r.Exact && got != want {
		t.Fatalf("%s(%v, %v) = %v claims exact but has extra values", name, x, y, r.Set)
	}
}

// TestBinaryExhaustive6 runs every binary operator on all pairs of a family
// of 6-bit sets (single SVIs, wrapping SVIs and two-part unions).
func TestBinaryExhaustive6(t *testing.T) {
	const w = 6
	sets := append(family6Small(), Empty(w))
	for _, op := range binaryOps {
		t.Run(op.op.String(), func(t *testing.T) {
			for _, x := range sets {
				for _, y := range sets {
					r := Forward(op.op, x, y)
					checkImage(t, op.op.String(), w, x, y, r, func(a, b uint64) uint64 { return op.eval(a, b, w) })
				}
			}
		})
	}
}

// TestConstOperandsExhaustive6 runs the digest's operators with a constant
// operand on every 6-bit SVI (all lo, stride, length, wrapping included)
// and every constant.
func TestConstOperandsExhaustive6(t *testing.T) {
	const w = 6
	var svis []Set
	for lo := uint64(0); lo < 64; lo++ {
		for s := uint64(1); s < 64; s++ {
			for n := uint64(0); n*s < 64; n++ {
				if set, ok := Strided(w, lo, (lo+n*s)&63, s); ok {
					svis = append(svis, set)
				}
			}
		}
	}
	consts := []uint64{0, 1, 2, 3, 5, 8, 12, 32, 63}
	for _, op := range binaryOps[:5] { // add sub mul udiv urem
		t.Run(op.op.String(), func(t *testing.T) {
			for _, x := range svis {
				for _, k := range consts {
					y := Const(w, k)
					r := Forward(op.op, x, y)
					checkImage(t, op.op.String(), w, x, y, r, func(a, b uint64) uint64 { return op.eval(a, b, w) })
					if op.op == OpSub { // k - x as well
						r = Forward(op.op, y, x)
						checkImage(t, "ksub", w, y, x, r, func(a, b uint64) uint64 { return op.eval(a, b, w) })
					}
				}
			}
		})
	}
}

func TestUnaryExhaustive6(t *testing.T) {
	const w = 6
	unary := []struct {
		name string
		f    func(Set) Result
		eval func(uint64) uint64
	}{
		{"neg", Neg, func(a uint64) uint64 { return -a & 63 }},
		{"not", Not, func(a uint64) uint64 { return ^a & 63 }},
		{"zext2", func(x Set) Result { return ZeroExtend(x, 2) }, func(a uint64) uint64 { return a }},
		{"sext2", func(x Set) Result { return SignExtend(x, 2) }, func(a uint64) uint64 {
			if a >= 32 {
				return a + 192
			}
			return a
		}},
		{"extract4_1", func(x Set) Result { return Extract(x, 4, 1) }, func(a uint64) uint64 { return a >> 1 & 15 }},
		{"extract5_3", func(x Set) Result { return Extract(x, 5, 3) }, func(a uint64) uint64 { return a >> 3 }},
		{"extract2_0", func(x Set) Result { return Extract(x, 2, 0) }, func(a uint64) uint64 { return a & 7 }},
	}
	for _, u := range unary {
		t.Run(u.name, func(t *testing.T) {
			for _, x := range family(w, []uint64{0, 1, 13, 31, 32, 47, 60, 63}, []uint64{1, 2, 3, 4, 6, 8, 9, 32}, []uint64{0, 1, 2, 3, 5, 9, 20, 63}, 40) {
				r := u.f(x)
				checkImage(t, u.name, r.Set.W(), x, Const(1, 0), r, func(a, _ uint64) uint64 { return u.eval(a) })
				if (u.name == "neg" || u.name == "not" || u.name[1:4] == "ext") && !r.Exact {
					t.Errorf("%s(%v) must be exact", u.name, x)
				}
			}
		})
	}
}

func TestConcatIteExhaustive(t *testing.T) {
	xs := family(3, []uint64{0, 3, 6}, []uint64{1, 2, 3}, []uint64{0, 1, 2, 4}, 5)
	ys := family(4, []uint64{0, 5, 14}, []uint64{1, 3, 4}, []uint64{0, 2, 7}, 5)
	for _, x := range xs {
		for _, y := range ys {
			checkImage(t, "concat", 7, x, y, Concat(x, y), func(a, b uint64) uint64 { return a<<4 | b })
		}
	}
	for _, c := range []Set{Const(1, 0), Const(1, 1), Full(1)} {
		for _, a := range ys {
			for _, b := range ys {
				r := Ite(c, a, b)
				var want bset
				if c.Contains(1) {
					for _, v := range mustElems(a) {
						want.add(v)
					}
				}
				if c.Contains(0) {
					for _, v := range mustElems(b) {
						want.add(v)
					}
				}
				if got := toBset(t, r.Set); got != want || !r.Exact {
					t.Fatalf("ite(%v, %v, %v) = %v (exact %v)", c, a, b, r.Set, r.Exact)
				}
			}
		}
	}
}

func mustElems(s Set) []uint64 {
	v, _ := s.Elements(1 << 16)
	return v
}

// TestBinarySampled8 draws random 8-bit operand pairs (fixed seed).
func TestBinarySampled8(t *testing.T) {
	const w = 8
	r := rand.New(rand.NewPCG(8, 8))
	for _, op := range binaryOps {
		for range 600 {
			x := randomSVISet(r, w, 80)
			y := randomSVISet(r, w, 20)
			if r.IntN(3) == 0 {
				y = Const(w, r.Uint64N(256))
			}
			if r.IntN(4) == 0 {
				x = Join(x, randomSVISet(r, w, 30)).Set
			}
			res := Forward(op.op, x, y)
			checkImage(t, op.op.String(), w, x, y, res, func(a, b uint64) uint64 { return op.eval(a, b, w) })
		}
	}
}

// TestBinarySampled64 checks 64-bit operands: small ones exhaustively, and
// large ones by sampling concrete points (soundness only).
func TestBinarySampled64(t *testing.T) {
	const w = 64
	r := rand.New(rand.NewPCG(64, 64))
	for _, op := range binaryOps {
		for i := range 400 {
			small := i%2 == 0
			maxN := uint64(1) << 62
			if small {
				maxN = 30
			}
			x := randomSVISet(r, w, maxN)
			y := randomSVISet(r, w, maxN)
			if r.IntN(3) == 0 {
				y = Const(w, r.Uint64()>>r.UintN(64))
			}
			res := Forward(op.op, x, y)
			checkInvariants(t, res.Set)
			eval := func(a, b uint64) uint64 { return op.eval(a, b, w) }
			if small {
				var want []uint64
				for _, a := range mustElems(x) {
					for _, b := range mustElems(y) {
						want = append(want, eval(a, b))
					}
				}
				ws := FromValues(w, want).Set
				if !ws.SubsetOf(res.Set) {
					t.Fatalf("%v(%v, %v) = %v is unsound", op.op, x, y, res.Set)
				}
				if res.Exact && !ws.Equal(res.Set) {
					t.Fatalf("%v(%v, %v) = %v claims exact, want %v", op.op, x, y, res.Set, ws)
				}
				continue
			}
			for range 50 {
				a, b := samplePoint(r, x), samplePoint(r, y)
				if v := eval(a, b); !res.Set.Contains(v) {
					t.Fatalf("%v(%v, %v) = %v misses %v(%d, %d) = %d", op.op, x, y, res.Set, op.op, a, b, v)
				}
			}
		}
	}
}

// samplePoint returns a random element of a non-empty set.
func samplePoint(r *rand.Rand, s Set) uint64 {
	p := s.parts[r.IntN(len(s.parts))]
	n := p.N()
	var i uint64
	switch r.IntN(4) {
	case 0:
		i = 0
	case 1:
		i = n
	default:
		if n == ^uint64(0) {
			i = r.Uint64()
		} else {
			i = r.Uint64N(n + 1)
		}
	}
	return p.Lo + i*p.S
}
