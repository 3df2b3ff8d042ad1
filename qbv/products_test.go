package qbv

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestSignedDigits: the digits add up to k modulo 2^width, no two are
// adjacent, and there are never more of them than k has set bits.
func TestSignedDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []bv.Value{bv.New(65, 0xfffffffc), bv.New(32, 0xffffffab), bv.New(8, 0), bv.New(1, 1), bv.New(64, 1<<63), bv.New(64, ^uint64(0))}
	for range 500 {
		w := 1 + rng.Uint32N(70)
		cases = append(cases, randValue(rng, w))
	}
	mod := func(w uint32) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(w)) }
	for _, k := range cases {
		plus, minus := signedDigits(k)
		sum := new(big.Int)
		var at []uint32
		for _, p := range plus {
			sum.Add(sum, new(big.Int).Lsh(big.NewInt(1), uint(p)))
			at = append(at, p)
		}
		for _, m := range minus {
			sum.Sub(sum, new(big.Int).Lsh(big.NewInt(1), uint(m)))
			at = append(at, m)
		}
		sum.Mod(sum, mod(k.Width()))
		if sum.Cmp(k.Big()) != 0 {
			t.Fatalf("%s (width %d): digits +%v −%v add up to %s", k.Big(), k.Width(), plus, minus, sum)
		}
		seen := map[uint32]bool{}
		for _, p := range at {
			if seen[p] || seen[p+1] || (p > 0 && seen[p-1]) {
				t.Fatalf("%s: digits +%v −%v are adjacent or repeated", k.Big(), plus, minus)
			}
			seen[p] = true
		}
		if len(at) > popcount(k) {
			t.Fatalf("%s: %d digits for %d set bits", k.Big(), len(at), popcount(k))
		}
	}
}

// TestCheapProducts: rewritten products evaluate as the products do, and
// products by runs of ones become a few shifts.
func TestCheapProducts(t *testing.T) {
	st := term.NewStore()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, w := range []uint32{1, 3, 8, 32, 65} {
		x := st.Var("x", st.BitVecSort(w))
		for n := range 60 {
			var k bv.Value
			switch n {
			case 0:
				k = bv.FromBig(w, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(4))) // −4
			default:
				k = randValue(rng, w)
			}
			prod := st.MustMake(term.OpBVMul, nil, st.Const(k), x)
			cheap := cheapProducts(st, prod, map[term.Term]term.Term{})
			for range 20 {
				xv := randValue(rng, w)
				m := term.NewModel()
				m.Set(x, st.BVValue(xv))
				ev := term.NewEvaluator(st, m)
				a, err1 := ev.Eval(prod)
				b, err2 := ev.Eval(cheap)
				if err1 != nil || err2 != nil || !a.Equal(b) {
					t.Fatalf("width %d, k=%s, x=%s: product %s, rewritten %s (%v, %v)", w, k.Big(), xv.Big(), a.Key(), b.Key(), err1, err2)
				}
			}
			if n == 0 && w >= 8 && st.Op(cheap) == term.OpBVMul {
				t.Errorf("width %d: −4·x stayed a product", w)
			}
		}
	}
}

// randValue is a random value of width w, runs of ones as likely as not.
func randValue(rng *rand.Rand, w uint32) bv.Value {
	x := new(big.Int)
	for i := uint32(0); i < w; i += 64 {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	if rng.IntN(2) == 0 {
		x.Neg(x.Rsh(x, uint(rng.UintN(uint(w)+64)))) // a small negative number
	}
	return bv.FromBig(w, x.Mod(x, new(big.Int).Lsh(big.NewInt(1), uint(w))))
}
