package preprocess

import (
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

func TestUnconstrained(t *testing.T) {
	const decl = "(declare-const p Bool)(declare-const q Bool)(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(declare-const z (_ BitVec 4))"
	tests := []struct {
		name, script string
		elim         int // variables put on the trail
	}{
		{"bvadd", "(assert (bvult (bvadd x y) #x3))(assert (bvult y z))", 1},
		{"bvsub right", "(assert (bvult (bvsub y x) #x3))(assert (bvult y z))", 1},
		{"bvsub left", "(assert (bvult (bvsub x y) #x3))(assert (bvult y z))", 1},
		{"bvxor", "(assert (bvult (bvxor x y) y))", 1},
		{"bvxnor", "(assert (bvult (bvxnor x y) y))", 1},
		{"bvnot", "(assert (bvult (bvnot x) y))(assert (= (bvmul y y) #x4))", 1},
		{"bvneg", "(assert (bvult (bvneg x) y))(assert (= (bvmul y y) #x4))", 1},
		{"bvmul odd", "(assert (bvult (bvmul x #x3) y))(assert (= (bvmul y y) #x4))", 1},
		{"bvmul even kept", "(assert (= (bvmul x #x2) #x3))", 0},
		{"extract", "(assert (= ((_ extract 2 1) x) ((_ extract 1 0) (bvmul y y))))", 1},
		{"equality", "(assert (or (= x (bvmul y y)) (bvult y #x2)))(assert (bvult #x2 y))", 1},
		{"bool not", "(assert (or (not p) (bvult y #x2)))(assert (bvult #x2 y))", 1},
		{"bool xor", "(assert (xor p q))", 1},
		{"concat both free", "(assert (bvult (concat x y) (concat z z)))", 2},
		{"ite both free", "(assert (bvult (ite p x y) (bvmul z z)))", 2},
		{"bvult kept", "(assert (bvult x (bvmul y y)))", 0},
		{"bvand kept", "(assert (= (bvand x y) #xf))(assert (bvult y #x3))", 0},
		{"twice kept", "(assert (bvult (bvadd x y) (bvmul x y)))", 0},
		{"unsat stays unsat", "(assert (bvult (bvadd x y) #x0))", 1},
		{"chain", "(assert (bvult (bvnot (bvadd x y)) (bvmul y y)))", 1},
		{"assertion", "(assert (= (bvadd x y) (bvmul y y)))(assert (bvult y #x3))", 1},
		{"bvand both free", "(assert (bvult (bvand x z) (bvmul y y)))", 2},
		{"bvudiv both free", "(assert (bvult (bvudiv x z) (bvmul y y)))", 2},
		{"bvmul both free", "(assert (bvult (bvmul x z) (bvmul y y)))", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+tc.script)
			s := runPasses(t, st, as, nil, NewUnconstrained())
			if got := len(s.Trail()); got != tc.elim {
				t.Errorf("eliminated %d, want %d; result:\n%s", got, tc.elim, printed(st, s.Assertions))
			}
			checkReconstruction(t, st, as, s)
		})
	}
}

// TestUnconstrainedArrays checks reads of arrays that occur once, stores
// into them and array equalities, over small sorts, by brute force.
func TestUnconstrainedArrays(t *testing.T) {
	const decl = "(declare-const p Bool)(declare-const x (_ BitVec 2))(declare-const y (_ BitVec 2))(declare-const z (_ BitVec 2))" +
		"(declare-const a (Array (_ BitVec 1) (_ BitVec 2)))(declare-const b (Array (_ BitVec 1) (_ BitVec 2)))"
	tests := []struct {
		name, script string
		elim         int
		sat          bool
	}{
		{"select", "(assert (distinct (bvmul y y) (select a ((_ extract 0 0) y))))(assert (bvult y x))", 1, true},
		{"select under arithmetic", "(assert (= (bvadd (select a #b0) x) (bvmul y y)))(assert (bvult x y))", 1, true},
		{"select twice kept", "(assert (distinct (select a #b0) (select a #b1)))(assert (bvult (select a #b0) (select a #b1)))", 0, true},
		{"store both free", "(assert (= (select (store a #b1 z) ((_ extract 0 0) y)) (bvmul y y)))(assert (bvult x y))", 2, true},
		{"store value constrained kept", "(assert (= (select (store a #b1 x) ((_ extract 0 0) z)) (bvmul y y)))(assert (bvult x y))(assert (bvult z y))", 0, true},
		{"array equality", "(assert (or (= a b) (= (select b #b0) #b11)))(assert (distinct (select b #b0) (select b #b1)))", 1, true},
		{"array equality forced", "(assert (not (= a b)))(assert (bvult (select b #b0) (select b #b1)))", 1, true},
		{"unsat kept unsat", "(assert (= (select a #b0) x))(assert (bvult x #b00))", 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+tc.script)
			s := runPasses(t, st, as, nil, NewUnconstrained())
			if got := len(s.Trail()); got != tc.elim {
				t.Errorf("eliminated %d, want %d; result:\n%s", got, tc.elim, printed(st, s.Assertions))
			}
			checkSmallReconstruction(t, st, as, s, tc.sat)
		})
	}
}

// TestUnconstrainedWideDivisionChain is issue 14's case: a 1024-bit bvudiv
// chain that differs from a read of an array occurring nowhere else. The
// whole assertion is unconstrained: nothing is left to solve, and the
// reconstructed model satisfies the input.
func TestUnconstrainedWideDivisionChain(t *testing.T) {
	st, as := parse(t, "(declare-fun x () (_ BitVec 1024))(declare-fun y () (_ BitVec 1024))(declare-fun z () (_ BitVec 1024))"+
		"(declare-fun i () (_ BitVec 32))(declare-fun a () (Array (_ BitVec 32) (_ BitVec 1024)))"+
		"(assert (not (= (bvudiv (bvudiv (bvudiv x y) z) (bvudiv y x)) (select a i))))")
	s := runPasses(t, st, as, nil, NewUnconstrained())
	for _, a := range s.Assertions {
		if a != st.True() {
			t.Fatalf("left %s", printed(st, s.Assertions))
		}
	}
	m := term.NewModel()
	m.Set(st.Var("x", st.BitVecSort(1024)), st.BVValue(bv.New(1024, 12345)))
	if !holds(t, st, as, s.Reconstruct(m)) {
		t.Fatal("reconstructed model fails the input")
	}
}

// TestUnconstrainedFrozenAndQuantified checks that frozen variables and
// variables below a quantifier are never eliminated.
func TestUnconstrainedFrozenAndQuantified(t *testing.T) {
	st, as := parse(t, "(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))"+
		"(assert (bvult (bvadd x #x1) #x3))(assert (forall ((i (_ BitVec 4))) (bvule (bvadd y i) i)))")
	x := st.Var("x", st.BitVecSort(4))
	s := runPasses(t, st, as, []term.Term{x}, NewUnconstrained())
	if len(s.Trail()) != 0 {
		t.Errorf("eliminated %v", s.Trail())
	}
}

// TestUnconstrainedReconstructsWide checks the odd-multiplier inverse and
// the trail at a width beyond brute force.
func TestUnconstrainedReconstructsWide(t *testing.T) {
	st, as := parse(t, "(declare-const x (_ BitVec 64))(declare-const y (_ BitVec 64))"+
		"(assert (= (bvmul x #x00000000deadbeef) (bvmul y y)))")
	s := runPasses(t, st, as, nil, NewUnconstrained())
	if len(s.Trail()) == 0 {
		t.Fatalf("nothing eliminated: %s", printed(st, s.Assertions))
	}
	// Any value of the remaining variables works after reconstruction.
	m := term.NewModel()
	for _, v := range freeVars(st, s.Assertions) {
		if st.IsBool(st.SortOf(v)) {
			m.Set(v, term.BoolValue(true))
		} else {
			m.Set(v, st.BVValue(bv.New(st.Width(st.SortOf(v)), 0x1234567)))
		}
	}
	if !holds(t, st, s.Assertions, m) {
		t.Fatalf("chosen model does not satisfy the result %s", printed(st, s.Assertions))
	}
	if !holds(t, st, as, s.Reconstruct(m)) {
		t.Fatalf("reconstructed model fails the input")
	}
}

func TestInverseOdd(t *testing.T) {
	for _, w := range []uint32{1, 2, 3, 4, 8, 13, 64, 65, 130} {
		for _, k := range []uint64{1, 3, 5, 0xdeadbeef, 0xffffffffffffffff} {
			v := bv.New(w, k)
			if !v.Bit(0) {
				continue
			}
			if got := bv.Mul(v, inverseOdd(v)); !got.Equal(bv.New(w, 1)) {
				t.Errorf("w=%d k=%#x: k*inverse = %s", w, k, got)
			}
		}
	}
}
