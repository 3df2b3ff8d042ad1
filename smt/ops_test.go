package smt

import (
	"context"
	"math/big"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// argShape says what arguments an operator takes.
type argShape uint8

const (
	shapeBV      argShape = iota // n bit-vectors of one width
	shapeBool                    // n Booleans
	shapeConcat                  // two bit-vectors of any widths
	shapeExtract                 // one bit-vector, indices hi ≥ lo
	shapeIndexed                 // one bit-vector, one index k
	shapeIte                     // Bool, bit-vector, bit-vector
)

// opCase is one operator as the API builds it and as term builds it: the
// random test checks that the two agree, and that the solver agrees with
// term.Eval on the result.
type opCase struct {
	name  string
	op    term.Op
	shape argShape
	n     int
	api   func(s *Solver, a []Term, idx []int) Term
}

func bin(f func(s *Solver, a, b Term) Term) func(*Solver, []Term, []int) Term {
	return func(s *Solver, a []Term, _ []int) Term { return f(s, a[0], a[1]) }
}

func un(f func(s *Solver, a Term) Term) func(*Solver, []Term, []int) Term {
	return func(s *Solver, a []Term, _ []int) Term { return f(s, a[0]) }
}

func ind(f func(s *Solver, k int, a Term) Term) func(*Solver, []Term, []int) Term {
	return func(s *Solver, a []Term, idx []int) Term { return f(s, idx[0], a[0]) }
}

var opCases = []opCase{
	{"not", term.OpNot, shapeBool, 1, un((*Solver).Not)},
	{"and", term.OpAnd, shapeBool, 3, func(s *Solver, a []Term, _ []int) Term { return s.And(a...) }},
	{"or", term.OpOr, shapeBool, 3, func(s *Solver, a []Term, _ []int) Term { return s.Or(a...) }},
	{"xor", term.OpXor, shapeBool, 2, bin((*Solver).Xor)},
	{"=>", term.OpImplies, shapeBool, 2, bin((*Solver).Implies)},
	{"= Bool", term.OpEq, shapeBool, 2, bin((*Solver).Eq)},
	{"=", term.OpEq, shapeBV, 2, bin((*Solver).Eq)},
	{"distinct", term.OpDistinct, shapeBV, 3, func(s *Solver, a []Term, _ []int) Term { return s.Distinct(a...) }},
	{"ite", term.OpIte, shapeIte, 3, func(s *Solver, a []Term, _ []int) Term { return s.Ite(a[0], a[1], a[2]) }},
	{"concat", term.OpConcat, shapeConcat, 2, bin((*Solver).Concat)},
	{"extract", term.OpExtract, shapeExtract, 1, func(s *Solver, a []Term, idx []int) Term { return s.Extract(idx[0], idx[1], a[0]) }},
	{"zero_extend", term.OpZeroExtend, shapeIndexed, 1, ind((*Solver).ZeroExtend)},
	{"sign_extend", term.OpSignExtend, shapeIndexed, 1, ind((*Solver).SignExtend)},
	{"repeat", term.OpRepeat, shapeIndexed, 1, ind((*Solver).Repeat)},
	{"rotate_left", term.OpRotateLeft, shapeIndexed, 1, ind((*Solver).RotateLeft)},
	{"rotate_right", term.OpRotateRight, shapeIndexed, 1, ind((*Solver).RotateRight)},
	{"bvnot", term.OpBVNot, shapeBV, 1, un((*Solver).BVNot)},
	{"bvneg", term.OpBVNeg, shapeBV, 1, un((*Solver).BVNeg)},
	{"bvand", term.OpBVAnd, shapeBV, 2, bin((*Solver).BVAnd)},
	{"bvor", term.OpBVOr, shapeBV, 2, bin((*Solver).BVOr)},
	{"bvxor", term.OpBVXor, shapeBV, 2, bin((*Solver).BVXor)},
	{"bvnand", term.OpBVNand, shapeBV, 2, bin((*Solver).BVNand)},
	{"bvnor", term.OpBVNor, shapeBV, 2, bin((*Solver).BVNor)},
	{"bvxnor", term.OpBVXnor, shapeBV, 2, bin((*Solver).BVXnor)},
	{"bvadd", term.OpBVAdd, shapeBV, 2, bin((*Solver).BVAdd)},
	{"bvsub", term.OpBVSub, shapeBV, 2, bin((*Solver).BVSub)},
	{"bvmul", term.OpBVMul, shapeBV, 2, bin((*Solver).BVMul)},
	{"bvudiv", term.OpBVUdiv, shapeBV, 2, bin((*Solver).BVUDiv)},
	{"bvurem", term.OpBVUrem, shapeBV, 2, bin((*Solver).BVURem)},
	{"bvsdiv", term.OpBVSdiv, shapeBV, 2, bin((*Solver).BVSDiv)},
	{"bvsrem", term.OpBVSrem, shapeBV, 2, bin((*Solver).BVSRem)},
	{"bvsmod", term.OpBVSmod, shapeBV, 2, bin((*Solver).BVSMod)},
	{"bvshl", term.OpBVShl, shapeBV, 2, bin((*Solver).BVShl)},
	{"bvlshr", term.OpBVLshr, shapeBV, 2, bin((*Solver).BVLShr)},
	{"bvashr", term.OpBVAshr, shapeBV, 2, bin((*Solver).BVAShr)},
	{"bvcomp", term.OpBVComp, shapeBV, 2, bin((*Solver).BVComp)},
	{"bvult", term.OpBVUlt, shapeBV, 2, bin((*Solver).BVULT)},
	{"bvule", term.OpBVUle, shapeBV, 2, bin((*Solver).BVULE)},
	{"bvugt", term.OpBVUgt, shapeBV, 2, bin((*Solver).BVUGT)},
	{"bvuge", term.OpBVUge, shapeBV, 2, bin((*Solver).BVUGE)},
	{"bvslt", term.OpBVSlt, shapeBV, 2, bin((*Solver).BVSLT)},
	{"bvsle", term.OpBVSle, shapeBV, 2, bin((*Solver).BVSLE)},
	{"bvsgt", term.OpBVSgt, shapeBV, 2, bin((*Solver).BVSGT)},
	{"bvsge", term.OpBVSge, shapeBV, 2, bin((*Solver).BVSGE)},
	{"bvnego", term.OpBVNego, shapeBV, 1, un((*Solver).BVNegO)},
	{"bvuaddo", term.OpBVUaddo, shapeBV, 2, bin((*Solver).BVUAddO)},
	{"bvsaddo", term.OpBVSaddo, shapeBV, 2, bin((*Solver).BVSAddO)},
	{"bvusubo", term.OpBVUsubo, shapeBV, 2, bin((*Solver).BVUSubO)},
	{"bvssubo", term.OpBVSsubo, shapeBV, 2, bin((*Solver).BVSSubO)},
	{"bvumulo", term.OpBVUmulo, shapeBV, 2, bin((*Solver).BVUMulO)},
	{"bvsmulo", term.OpBVSmulo, shapeBV, 2, bin((*Solver).BVSMulO)},
	{"bvsdivo", term.OpBVSdivo, shapeBV, 2, bin((*Solver).BVSDivO)},
}

// TestOpsTableComplete keeps the table in step with term's operators: every
// operator a user can apply has a case (leaves, UF application, constant
// arrays, select/store and quantifiers have tests of their own).
func TestOpsTableComplete(t *testing.T) {
	have := map[term.Op]bool{}
	for _, c := range opCases {
		have[c.op] = true
	}
	own := map[term.Op]bool{term.OpTrue: true, term.OpFalse: true, term.OpBVConst: true, term.OpVar: true,
		term.OpBound: true, term.OpSelect: true, term.OpStore: true, term.OpConstArray: true, term.OpApply: true,
		term.OpForall: true, term.OpExists: true}
	for _, c := range fpOpCases {
		have[c.op] = true // TestFloatOpsMatchTerm
	}
	for _, op := range []term.Op{term.OpFPConst, term.OpRMConst, term.OpToFPBits, term.OpToFPFloat, term.OpToFPSigned} {
		own[op] = true // constants, and the overloads of to_fp: TestFloatOpsMatchTerm
	}
	for op := term.OpNot; op.String() != "<invalid op>"; op++ {
		if !have[op] && !own[op] {
			t.Errorf("operator %s has no case in opCases", op)
		}
	}
}

// widths are the widths the random test draws from: the narrow ones, the
// machine-word edges, and wide ones past uint64.
var widths = []uint32{1, 2, 3, 5, 8, 13, 16, 32, 63, 64, 65}

// wideWidths join them when SIFT_SMT_WIDE is set: a 128-bit divider takes
// the bit-blaster about a second per case, too long for make test.
var wideWidths = []uint32{100, 128}

// randomBV returns a w-bit value, often an edge value (0, 1, all ones, the
// least and greatest signed values).
func randomBV(r *rand.Rand, w uint32) bv.Value {
	switch r.IntN(6) {
	case 0:
		return bv.Zero(w)
	case 1:
		return bv.New(w, 1)
	case 2:
		return bv.Ones(w)
	case 3:
		return bv.FromBig(w, new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
	}
	x := new(big.Int)
	for i := uint32(0); i < w; i += 64 {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(r.Uint64()))
	}
	return bv.FromBig(w, x)
}

// TestOpsAgainstEval builds every operator through the API over constants
// fixed to random values, and checks, for each case: the model's value of
// the result equals term.Eval of the same operator built directly in term;
// the solver finds result = expected sat and result ≠ expected unsat.
func TestOpsAgainstEval(t *testing.T) {
	perOp, pool := 6, widths
	if testing.Short() {
		perOp = 2
	}
	if os.Getenv("SIFT_SMT_WIDE") != "" {
		perOp, pool = 20, append(append([]uint32(nil), widths...), wideWidths...)
	}
	ctx := context.Background()
	r := rand.New(rand.NewPCG(18, 2026))
	for _, c := range opCases {
		t.Run(c.name, func(t *testing.T) {
			// A solver per operator: one solver for all of them makes
			// the test 8 times slower (the engine's per-check cost grows
			// with the checks before, even across pops; see
			// BenchmarkIncrementalGrowth).
			s := NewSolver(Options{NoFallback: true})
			defer s.Close()
			for k := 0; k < perOp; k++ {
				checkOpCase(t, ctx, s, r, c, k, pool)
			}
		})
	}
}

func checkOpCase(t *testing.T, ctx context.Context, s *Solver, r *rand.Rand, c opCase, k int, widths []uint32) {
	t.Helper()
	ref := term.NewStore()
	model := term.NewModel()
	var args []Term
	var refArgs []term.Term
	var idx []int
	var refIdx []uint32
	// arg declares argument i of sort sort with value v, in both stores.
	arg := func(i int, apiSort Sort, refSort term.Sort, v term.Value) {
		name := "a" + string(rune('0'+i)) + "_" + c.name + "_" + string(rune('a'+k))
		a := s.Const(name, apiSort)
		x := ref.Var(name, refSort)
		args, refArgs = append(args, a), append(refArgs, x)
		model.Set(x, v)
	}
	bvArg := func(i int, w uint32) {
		v := randomBV(r, w)
		arg(i, s.BitVecSort(int(w)), ref.BitVecSort(w), ref.BVValue(v))
	}
	boolArg := func(i int) {
		arg(i, s.BoolSort(), ref.BoolSort(), term.BoolValue(r.IntN(2) == 0))
	}
	w := widths[r.IntN(len(widths))]
	switch c.shape {
	case shapeBV:
		for i := 0; i < c.n; i++ {
			bvArg(i, w)
		}
	case shapeBool:
		for i := 0; i < c.n; i++ {
			boolArg(i)
		}
	case shapeConcat:
		bvArg(0, w)
		bvArg(1, widths[r.IntN(len(widths))])
	case shapeExtract:
		bvArg(0, w)
		hi := r.IntN(int(w))
		lo := r.IntN(hi + 1)
		idx = []int{hi, lo}
	case shapeIndexed:
		bvArg(0, w)
		k := r.IntN(2 * int(w))
		if c.op == term.OpRepeat {
			k = 1 + r.IntN(4)
		}
		idx = []int{k}
	case shapeIte:
		boolArg(0)
		bvArg(1, w)
		bvArg(2, w)
	}
	for _, i := range idx {
		refIdx = append(refIdx, uint32(i))
	}
	got := c.api(s, args, idx)
	if err := got.Err(); err != nil {
		t.Fatalf("%s: building through the API: %v", c.name, err)
	}
	want, err := ref.Eval(ref.MustMake(c.op, refIdx, refArgs...), model)
	if err != nil {
		t.Fatalf("%s: term.Eval: %v", c.name, err)
	}
	expected := s.valueTerm(want)

	s.Push()
	defer s.Pop()
	for i, a := range args {
		if err := s.Assert(s.Eq(a, s.valueTerm(model.Values[refArgs[i]]))); err != nil {
			t.Fatal(err)
		}
	}
	res, err := s.Check(ctx, s.Eq(got, expected))
	if err != nil || res.Status != Sat {
		t.Fatalf("%s on %v: result = %s is %v (%v), want sat", c.name, args, want.BV, res, err)
	}
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	v, err := m.Eval(got)
	if err != nil {
		t.Fatal(err)
	}
	if !v.v.Equal(want) {
		t.Fatalf("%s: the model gives %s, term.Eval %s", c.name, v, s.printer.ValueString(want))
	}
	checkGoValue(t, v, want)
	res, err = s.Check(ctx, s.Not(s.Eq(got, expected)))
	if err != nil || res.Status != Unsat {
		t.Fatalf("%s: result ≠ %s is %v (%v), want unsat", c.name, s.printer.ValueString(want), res, err)
	}
}

// checkGoValue checks the Go value the API gives against term's value.
func checkGoValue(t *testing.T, v Value, want term.Value) {
	t.Helper()
	switch want.Kind {
	case term.ValBool:
		b, err := v.Bool()
		if err != nil || b != want.Bool {
			t.Fatalf("Bool() = %v, %v; want %v", b, err, want.Bool)
		}
	case term.ValBV:
		x, err := v.BigInt()
		if err != nil || x.Cmp(want.BV.Big()) != 0 {
			t.Fatalf("BigInt() = %v, %v; want %v", x, err, want.BV.Big())
		}
		u, err := v.Uint64()
		w, _ := want.BV.Uint64()
		if fits := want.BV.Width() <= 64; fits != (err == nil) || (fits && u != w) {
			t.Fatalf("Uint64() = %d, %v; want %d (fits: %v)", u, err, w, fits)
		}
	}
}

// valueTerm returns the constant term of a Boolean or bit-vector value.
func (s *Solver) valueTerm(v term.Value) Term {
	if v.Kind == term.ValBool {
		return s.Bool(v.Bool)
	}
	return s.BVBig(int(v.BV.Width()), v.BV.Big())
}
