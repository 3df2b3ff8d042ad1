package sat

import (
	"context"
	"math/big"
	"math/rand"
	"testing"
)

// Words wider than 64 bits, against math/big.

func bigMask(w int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	return m.Sub(m, big.NewInt(1))
}

func bigSample(rng *rand.Rand, w int) *big.Int {
	switch rng.Intn(6) {
	case 0:
		return big.NewInt(0)
	case 1:
		return bigMask(w)
	case 2:
		return big.NewInt(int64(rng.Intn(w + 3)))
	}
	v := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	if rng.Intn(2) == 0 { // a narrower value, so divisions have real quotients
		v.Rsh(v, uint(rng.Intn(w)))
	}
	return v
}

func TestWideOperators(t *testing.T) {
	ops := []struct {
		name  string
		blast func(b *Blaster, x, y Word) Word
		ref   func(x, y *big.Int, w int) *big.Int
	}{
		{"bvadd", (*Blaster).Add, func(x, y *big.Int, w int) *big.Int { return new(big.Int).Add(x, y) }},
		{"bvsub", (*Blaster).Sub, func(x, y *big.Int, w int) *big.Int { return new(big.Int).Sub(x, y) }},
		{"bvmul", (*Blaster).Mul, func(x, y *big.Int, w int) *big.Int { return new(big.Int).Mul(x, y) }},
		{"bvudiv", (*Blaster).Udiv, func(x, y *big.Int, w int) *big.Int {
			if y.Sign() == 0 {
				return bigMask(w)
			}
			return new(big.Int).Quo(x, y)
		}},
		{"bvurem", (*Blaster).Urem, func(x, y *big.Int, w int) *big.Int {
			if y.Sign() == 0 {
				return new(big.Int).Set(x)
			}
			return new(big.Int).Rem(x, y)
		}},
		{"bvshl", (*Blaster).Shl, func(x, y *big.Int, w int) *big.Int {
			if y.Cmp(big.NewInt(int64(w))) >= 0 {
				return big.NewInt(0)
			}
			return new(big.Int).Lsh(x, uint(y.Uint64()))
		}},
		{"bvlshr", (*Blaster).Lshr, func(x, y *big.Int, w int) *big.Int {
			if y.Cmp(big.NewInt(int64(w))) >= 0 {
				return big.NewInt(0)
			}
			return new(big.Int).Rsh(x, uint(y.Uint64()))
		}},
		{"bvult", func(b *Blaster, x, y Word) Word { return Word{b.Ult(x, y)} }, func(x, y *big.Int, w int) *big.Int {
			return big.NewInt(b2i(x.Cmp(y) < 0))
		}},
	}
	rng := rand.New(rand.NewSource(7))
	for _, op := range ops {
		for _, w := range []int{65, 70, 100} {
			c := newCircuit([]int{w, w}, func(b *Blaster, in []Word) Word { return op.blast(b, in[0], in[1]) })
			for i := 0; i < 12; i++ {
				x, y := bigSample(rng, w), bigSample(rng, w)
				for k, v := range []*big.Int{x, y} {
					for j, e := range c.inputs[k] {
						l := c.cnf.Lit(e)
						if v.Bit(j) == 0 {
							l = l.Not()
						}
						c.s.Assume(l)
					}
				}
				if r := c.s.Solve(context.Background()); r != Sat {
					t.Fatalf("%s w=%d: %v", op.name, w, r)
				}
				got := new(big.Int)
				for j, bit := range c.cnf.Values(c.out) {
					if bit {
						got.SetBit(got, j, 1)
					}
				}
				want := op.ref(x, y, w)
				want.And(want, bigMask(w)) // also wraps negative differences
				if got.Cmp(want) != 0 {
					t.Fatalf("%s w=%d (%v, %v) = %v, want %v", op.name, w, x, y, got, want)
				}
			}
			c.s.Close()
		}
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func TestConstLimbs(t *testing.T) {
	b := NewBlaster()
	tests := []struct {
		width int
		limbs []uint64
		set   []int
	}{
		{70, []uint64{5, 1 << 5}, []int{0, 2, 69}},
		{64, []uint64{1 << 63, 1}, []int{63}}, // limbs past the width are ignored
		{3, nil, nil},
		{130, []uint64{0, 0, 2}, []int{129}},
	}
	for _, tc := range tests {
		w := b.Const(tc.width, tc.limbs)
		if len(w) != tc.width {
			t.Fatalf("width %d, want %d", len(w), tc.width)
		}
		want := make(map[int]bool)
		for _, i := range tc.set {
			want[i] = true
		}
		for i, e := range w {
			if (e == True) != want[i] || !e.IsConst() {
				t.Errorf("Const(%d, %v) bit %d = %v", tc.width, tc.limbs, i, e)
			}
		}
	}
}
