package arrays

import (
	"context"
	"math/big"
	"math/rand"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestILPAgainstBruteForce checks the exact LP and branch and bound on small
// random systems against enumeration of every integer point.
func TestILPAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for iter := 0; iter < 300; iter++ {
		s := &system{}
		nv := 2 + rng.Intn(2)
		for v := 0; v < nv; v++ {
			lo := int64(rng.Intn(3))
			s.newVar(big.NewInt(lo), big.NewInt(lo+int64(rng.Intn(6))))
		}
		nr := 1 + rng.Intn(3)
		for r := 0; r < nr; r++ {
			var terms []lin
			for v := 0; v < nv; v++ {
				terms = append(terms, lin{v, big.NewInt(int64(rng.Intn(9) - 4))})
			}
			s.addRow(terms, rng.Intn(3) == 0, big.NewInt(int64(rng.Intn(15)-4)))
		}
		want := bruteFeasible(s)
		lp, _, _ := solveLP(s.clone())
		if lp == lpInfeasible && want {
			t.Fatalf("iter %d: LP relaxation infeasible but an integer point exists", iter)
		}
		got := integerFeasible(s.clone(), &ilpBudget{maxNodes: 1000, propVisits: 1000})
		if got == ilpUnknown || (got == ilpFeasible) != want {
			t.Fatalf("iter %d: integerFeasible = %v, brute force feasible = %v", iter, got, want)
		}
	}
}

func bruteFeasible(s *system) bool {
	x := make([]int64, len(s.lo))
	var rec func(v int) bool
	rec = func(v int) bool {
		if v == len(x) {
			for _, r := range s.rows {
				sum := int64(0)
				for _, tm := range r.terms {
					sum += tm.c.Int64() * x[tm.v]
				}
				if r.eq && sum != r.rhs.Int64() || !r.eq && sum > r.rhs.Int64() {
					return false
				}
			}
			return true
		}
		for x[v] = s.lo[v].Int64(); x[v] <= s.hi[v].Int64(); x[v]++ {
			if rec(v + 1) {
				return true
			}
		}
		return false
	}
	return rec(0)
}

// TestPreCheckAgainstBruteForce builds random conjunctions of 4-bit atoms
// (wrapping arithmetic, signed and unsigned comparisons, extracts, concat,
// sign extension) and checks that Analyze never calls a satisfiable one
// unsat (each answer is compared with enumeration of all 256 models).
func TestPreCheckAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	st := term.NewStore()
	bv4 := st.BitVecSort(4)
	x, y := st.Var("x", bv4), st.Var("y", bv4)
	c := func() term.Term { return st.ConstUint64(4, uint64(rng.Intn(16))) }
	var gen func(d int) term.Term
	gen = func(d int) term.Term {
		if d == 0 || rng.Intn(3) == 0 {
			switch rng.Intn(3) {
			case 0:
				return x
			case 1:
				return y
			}
			return c()
		}
		ops := []term.Op{term.OpBVAdd, term.OpBVSub, term.OpBVMul, term.OpBVNeg, term.OpBVNot, term.OpBVAnd,
			term.OpBVOr, term.OpBVUdiv, term.OpBVUrem, term.OpBVShl, term.OpBVLshr, term.OpExtract, term.OpBVXor}
		switch op := ops[rng.Intn(len(ops))]; op {
		case term.OpBVNeg, term.OpBVNot:
			return st.MustMake(op, nil, gen(d-1))
		case term.OpExtract:
			// (concat (extract 1 0 a) (extract 3 2 b)) and sign_extend of an extract keep width 4.
			a := st.MustMake(term.OpExtract, []uint32{1, 0}, gen(d-1))
			if rng.Intn(2) == 0 {
				return st.MustMake(term.OpSignExtend, []uint32{2}, a)
			}
			return st.MustMake(term.OpConcat, nil, a, st.MustMake(term.OpExtract, []uint32{3, 2}, gen(d-1)))
		case term.OpBVMul, term.OpBVUdiv, term.OpBVUrem, term.OpBVShl, term.OpBVLshr:
			if rng.Intn(2) == 0 {
				return st.MustMake(op, nil, gen(d-1), c())
			}
			return st.MustMake(op, nil, c(), gen(d-1))
		default:
			return st.MustMake(op, nil, gen(d-1), gen(d-1))
		}
	}
	cmps := []term.Op{term.OpBVUlt, term.OpBVUle, term.OpBVSlt, term.OpBVSle, term.OpEq}
	unsats := 0
	for iter := 0; iter < 400; iter++ {
		var as []term.Term
		for k := 0; k < 1+rng.Intn(3); k++ {
			a := st.MustMake(cmps[rng.Intn(len(cmps))], nil, gen(2), gen(2))
			if rng.Intn(4) == 0 {
				a = st.Not(a)
			}
			as = append(as, a)
		}
		an, err := Analyze(context.Background(), st, as)
		if err != nil {
			t.Fatal(err)
		}
		models := 0
		for vx := uint64(0); vx < 16; vx++ {
			for vy := uint64(0); vy < 16; vy++ {
				m := term.NewModel()
				m.Set(x, st.BVValue(bv.New(4, vx)))
				m.Set(y, st.BVValue(bv.New(4, vy)))
				ok := true
				for _, a := range as {
					v, err := st.Eval(a, m)
					if err != nil {
						t.Fatal(err)
					}
					ok = ok && v.Bool
				}
				if ok {
					models++
				}
			}
		}
		if an.Status == Unsat {
			unsats++
			if models > 0 {
				t.Fatalf("iter %d: pre-check says unsat, %d models exist: %v", iter, models, as)
			}
		}
	}
	t.Logf("pre-check decided %d of 400 random conjunctions", unsats)
	if unsats == 0 {
		t.Fatal("the pre-check decided nothing: the test exercises no unsat path")
	}
}
