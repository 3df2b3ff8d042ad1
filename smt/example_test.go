package smt_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/sift-solver/sift/smt"
)

// A puzzle: two numbers below 20 whose sum is 17 and product 72.
func Example_puzzle() {
	s := smt.NewSolver(smt.Options{})
	defer s.Close()
	byte8 := s.BitVecSort(8)
	x, y := s.Const("x", byte8), s.Const("y", byte8)
	twenty := s.BV(8, 20)
	err := s.Assert(
		s.BVULT(x, y), s.BVULT(y, twenty), // small enough that x*y cannot wrap
		s.Eq(s.BVAdd(x, y), s.BV(8, 17)),
		s.Eq(s.BVMul(x, y), s.BV(8, 72)),
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := s.Check(context.Background())
	if err != nil || r.Status != smt.Sat {
		fmt.Println(r, err)
		return
	}
	m, _ := s.Model()
	xv, _ := m.Uint64(x)
	yv, _ := m.Uint64(y)
	fmt.Println(r, xv, yv)
	// Output: sat 8 9
}

// A bit-trick proved for every 32-bit x: x & -x (the lowest set bit) equals
// x & ^(x-1). The check looks for an x where they differ; unsat is the proof.
func Example_bitTrick() {
	s := smt.NewSolver(smt.Options{NoFallback: true})
	defer s.Close()
	x := s.Const("x", s.BitVecSort(32))
	lowest := s.BVAnd(x, s.BVNeg(x))
	other := s.BVAnd(x, s.BVNot(s.BVSub(x, s.BV(32, 1))))
	differ := s.Not(s.Eq(lowest, other))
	fmt.Println(differ)
	r, err := s.Check(context.Background(), differ)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r)
	// A wrong trick gets a counterexample instead.
	wrong := s.Not(s.Eq(lowest, s.BVAnd(x, s.BVSub(x, s.BV(32, 1)))))
	r, _ = s.Check(context.Background(), wrong)
	m, _ := s.Model()
	cx, _ := m.Eval(x)
	bad, _ := m.Bool(wrong)
	fmt.Println(r, "counterexample found:", cx.Sort(), bad)
	// Output:
	// (not (= (bvand x (bvneg x)) (bvand x (bvnot (bvsub x #x00000001)))))
	// unsat
	// sat counterexample found: (_ BitVec 32) true
}

// An array model: a byte memory where a string was written at p.
func Example_arrayModel() {
	s := smt.NewSolver(smt.Options{})
	defer s.Close()
	word := s.BitVecSort(32)
	mem := s.Const("mem", s.ArraySort(word, s.BitVecSort(8)))
	p := s.Const("p", word)
	at := func(k uint64) smt.Term { return s.Select(mem, s.BVAdd(p, s.BV(32, k))) }
	s.Assert(
		s.Eq(p, s.BV(32, 0x1000)),
		s.Eq(at(0), s.BV(8, 'h')),
		s.Eq(at(1), s.BV(8, 'i')),
		s.Eq(at(2), s.BV(8, 0)),
	)
	r, _ := s.Check(context.Background())
	m, _ := s.Model()
	v, _ := m.Eval(mem)
	entries, _, _ := v.Map()
	var text []byte
	for k := uint64(0x1000); k < 0x1003; k++ {
		var c uint64
		if e, ok := entries[k]; ok {
			c, _ = e.Uint64()
		}
		text = append(text, byte(c))
	}
	keys := slices.Sorted(func(yield func(uint64) bool) {
		for k := range entries {
			if !yield(k) {
				return
			}
		}
	})
	fmt.Printf("%s %q written at %#x\n", r, text[:2], keys[0])
	// Output: sat "hi" written at 0x1000
}

// Incremental use: assertions stay, levels come and go, and assumptions hold
// for one check; the unsat core names the assumptions that clash.
func Example_incremental() {
	s := smt.NewSolver(smt.Options{})
	defer s.Close()
	ctx := context.Background()
	x := s.Const("x", s.BitVecSort(16))
	s.Assert(s.BVUGT(x, s.BV(16, 100)))

	small := s.BVULT(x, s.BV(16, 50))
	even := s.Eq(s.Extract(0, 0, x), s.BV(1, 0))
	r, _ := s.Check(ctx, small, even)
	core, _ := s.UnsatCore()
	fmt.Println(r, core)

	r, _ = s.Check(ctx, even)
	m, _ := s.Model()
	ok, _ := m.Bool(s.And(even, s.BVUGT(x, s.BV(16, 100))))
	fmt.Println(r, ok)

	s.Push()
	s.Assert(s.Eq(x, s.BV(16, 101)))
	r, _ = s.Check(ctx, even)
	fmt.Println("inside push:", r)
	s.Pop()
	r, _ = s.Check(ctx, even)
	fmt.Println("after pop:", r)
	// Output:
	// unsat [(bvult x #x0032)]
	// sat true
	// inside push: unsat
	// after pop: sat
}
