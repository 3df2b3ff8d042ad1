package qbv

import (
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestInvertibilityConditionsExact checks every invertibility condition
// against enumeration at widths 1–5: IC(s,t) holds exactly when some x has
// x ⋄ s = t (or s ⋄ x = t). Exactness matters for soundness: a choice
// constraint IC ⇒ c ⋄ s = t over a condition that holds where no x exists
// would be unsatisfiable, and an unsat answer built on it wrong.
func TestInvertibilityConditionsExact(t *testing.T) {
	ops := []term.Op{term.OpBVMul, term.OpBVAnd, term.OpBVOr, term.OpBVUdiv, term.OpBVUrem,
		term.OpBVShl, term.OpBVLshr, term.OpBVAshr}
	maxW := uint32(6)
	if testing.Short() {
		maxW = 4
	}
	for _, op := range ops {
		for k := 0; k < 2; k++ {
			for w := uint32(1); w <= maxW; w++ {
				st := term.NewStore()
				n := uint64(1) << w
				for sv := uint64(0); sv < n; sv++ {
					s := st.ConstUint64(w, sv)
					// image[t] says some x gives t.
					image := make([]bool, n)
					for xv := uint64(0); xv < n; xv++ {
						args := []term.Term{st.ConstUint64(w, xv), s}
						if k == 1 {
							args[0], args[1] = s, args[0]
						}
						r := st.MustMake(op, nil, args...)
						x, _ := st.Value(r).Uint64()
						image[x] = true
					}
					for tv := uint64(0); tv < n; tv++ {
						ic, ok := invertibility(st, op, k, s, st.ConstUint64(w, tv))
						if !ok {
							t.Fatalf("%s: no condition", op)
						}
						got, err := st.Eval(ic, term.NewModel())
						if err != nil {
							t.Fatal(err)
						}
						if got.Bool != image[tv] {
							t.Errorf("%s (x at %d), width %d, s=%d t=%d: condition %v, but a solution exists: %v",
								op, k, w, sv, tv, got.Bool, image[tv])
						}
					}
				}
			}
		}
	}
}

// TestInverseOdd checks the inverse of odd values modulo 2^w.
func TestInverseOdd(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, w := range []uint32{1, 2, 3, 7, 8, 31, 32, 33, 64, 65, 128} {
		for range 20 {
			v := bv.Add(bv.Mul(bv.New(w, r.Uint64()), bv.New(w, 2)), bv.New(w, 1)) // odd
			if p := bv.Mul(v, inverseOdd(v)); !p.Equal(bv.New(w, 1)) {
				t.Errorf("width %d: %v · inverse = %v", w, v, p)
			}
		}
	}
}

// TestSolveInvertible checks the solved forms of the invertible steps:
// for e(x) = t built from +, −, ¬, −, xor, xnor, · by an odd literal,
// concat and extensions, e[x := solve(e, t)] evaluates to t for random
// values of the other symbols.
func TestSolveInvertible(t *testing.T) {
	st := term.NewStore()
	w := uint32(8)
	x := st.Var("x", st.BitVecSort(w))
	a := st.Var("a", st.BitVecSort(w))
	b := st.Var("b", st.BitVecSort(4))
	mk := func(op term.Op, args ...term.Term) term.Term { return st.MustMake(op, nil, args...) }
	cases := []term.Term{
		mk(term.OpBVAdd, x, a),
		mk(term.OpBVSub, a, x),
		mk(term.OpBVSub, x, a),
		mk(term.OpBVNeg, mk(term.OpBVNot, x)),
		mk(term.OpBVXor, a, mk(term.OpBVAdd, x, st.ConstUint64(w, 3))),
		mk(term.OpBVXnor, x, a),
		mk(term.OpBVMul, x, st.ConstUint64(w, 77)),
		st.MustMake(term.OpExtract, []uint32{7, 0}, mk(term.OpConcat, b, x)),
		st.MustMake(term.OpExtract, []uint32{11, 4}, mk(term.OpConcat, x, b)),
		st.MustMake(term.OpExtract, []uint32{7, 0}, st.MustMake(term.OpZeroExtend, []uint32{4}, x)),
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i, e := range cases {
		for range 50 {
			m := term.NewModel()
			m.Set(a, st.BVValue(bv.New(w, rng.Uint64())))
			m.Set(b, st.BVValue(bv.New(4, rng.Uint64())))
			m.Set(x, st.BVValue(bv.New(w, rng.Uint64())))
			target := st.ConstUint64(st.Width(st.SortOf(e)), rng.Uint64())
			r := &run{st: st}
			iv := &inverter{r: r, x: x, model: m, ev: term.NewEvaluator(st, m)}
			u, ok := iv.solve(e, target)
			if !ok || len(iv.lemmas) > 0 {
				t.Fatalf("case %d: not solved directly (ok=%v, %d choices)", i, ok, len(iv.lemmas))
			}
			got, err := st.Eval(st.Substitute(e, map[term.Term]term.Term{x: u}), m)
			if err != nil {
				t.Fatal(err)
			}
			if want := st.Value(target); !got.BV.Equal(want) {
				t.Errorf("case %d: e[x:=u] = %v, want %v", i, got.BV, want)
			}
		}
	}
}

// TestSolveByChoice checks a step without a direct inverse: x·a = t
// yields a choice constant and the constraint IC ⇒ c·a = t.
func TestSolveByChoice(t *testing.T) {
	st := term.NewStore()
	x := st.Var("x", st.BitVecSort(4))
	a := st.Var("a", st.BitVecSort(4))
	tt := st.Var("t", st.BitVecSort(4))
	r := &run{st: st}
	m := term.NewModel()
	iv := &inverter{r: r, x: x, model: m, ev: term.NewEvaluator(st, m)}
	u, ok := iv.solve(st.MustMake(term.OpBVMul, nil, x, a), tt)
	if !ok || len(iv.lemmas) != 1 || st.Op(u) != term.OpVar || u == x {
		t.Fatalf("solve gave %v, %d lemmas", ok, len(iv.lemmas))
	}
	// The constraint holds for some c whatever a and t are.
	for av := uint64(0); av < 16; av++ {
		for tv := uint64(0); tv < 16; tv++ {
			sat := false
			for cv := uint64(0); cv < 16 && !sat; cv++ {
				m := term.NewModel()
				m.Set(a, st.BVValue(bv.New(4, av)))
				m.Set(tt, st.BVValue(bv.New(4, tv)))
				m.Set(u, st.BVValue(bv.New(4, cv)))
				b, err := term.NewEvaluator(st, m).EvalBool(iv.lemmas[0])
				sat = err == nil && b
			}
			if !sat {
				t.Errorf("a=%d t=%d: the choice constraint has no solution", av, tv)
			}
		}
	}
}
