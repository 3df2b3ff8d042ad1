package preprocess

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

// sliceDecl declares the variables of the slicing and narrowing tests:
// brute force enumerates at most 20 bits of them.
const sliceDecl = "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))(declare-const z (_ BitVec 4))" +
	"(declare-const a (_ BitVec 4))(declare-const b (_ BitVec 4))(declare-const c (_ BitVec 4))"

// A passCase is a script, the variable to freeze (of width frozenWidth),
// the printed result of the passes and the number of variables eliminated.
type passCase struct {
	name, script, frozen string
	want                 string
	elim                 int
}

// runPassCases runs the passes on each case's script over sliceDecl and
// checks the result, the trail and model reconstruction by brute force.
func runPassCases(t *testing.T, tests []passCase, frozenWidth uint32, passes func() []Pass) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, sliceDecl+tc.script)
			var frozen []term.Term
			if tc.frozen != "" {
				frozen = append(frozen, st.Var(tc.frozen, st.BitVecSort(frozenWidth)))
			}
			s := runPasses(t, st, as, frozen, passes()...)
			if got := printed(st, s.Assertions); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if got := len(s.Trail()); got != tc.elim {
				t.Errorf("eliminated %d variables, want %d", got, tc.elim)
			}
			checkReconstruction(t, st, as, s)
		})
	}
}

func TestSlice(t *testing.T) {
	tests := []passCase{
		{"extracts cut", "(assert (not (= ((_ extract 7 4) x) ((_ extract 3 0) x))))",
			"", "(not (= slice!0 slice!1))", 1},
		{"cut propagated through an equality",
			"(assert (or (= ((_ extract 7 2) x) ((_ extract 5 0) y)) (= ((_ extract 1 0) x) #b10)))(assert (= ((_ extract 3 0) y) z))",
			"", "(or (= slice!0 #b10) (and (= slice!2 slice!4) (= slice!1 slice!3)))\n(= z slice!3)", 2},
		{"equality of concatenations", "(assert (or (= x (concat z a)) (= x (concat a z))))",
			"", "(or (and (= z slice!1) (= a slice!0)) (and (= a slice!1) (= z slice!0)))", 1},
		{"arithmetic use kept whole", "(assert (= ((_ extract 3 0) x) z))(assert (bvult x y))",
			"", "(= z ((_ extract 3 0) x))\n(bvult x y)", 0},
		{"frozen kept whole", "(assert (= ((_ extract 3 0) x) ((_ extract 7 4) x)))",
			"x", "(= ((_ extract 3 0) x) ((_ extract 7 4) x))", 0},
	}
	runPassCases(t, tests, 8, func() []Pass { return []Pass{NewSlice(), &Rewrite{}} })
}

// TestSliceThenNarrow runs the default passes on small equalities of
// concatenations of extracts (the shape of the ext_con family): slicing,
// eq-concat and narrowing must keep satisfiability and models. Each
// disjunct forces bits 2 and 1 of its v equal, which the disequalities deny.
func TestSliceThenNarrow(t *testing.T) {
	const decl = "(declare-const a (_ BitVec 4))(declare-const v1 (_ BitVec 4))(declare-const v2 (_ BitVec 4))(declare-const d (_ BitVec 1))"
	const body = "(assert (or (and (= ((_ extract 3 1) a) (concat ((_ extract 3 2) v1) d)) (= ((_ extract 2 0) a) (concat d ((_ extract 1 0) v1))))" +
		" (and (= ((_ extract 3 1) a) (concat ((_ extract 3 2) v2) d)) (= ((_ extract 2 0) a) (concat d ((_ extract 1 0) v2))))))"
	const neq1 = "(assert (not (= ((_ extract 2 2) v1) ((_ extract 1 1) v1))))"
	const neq2 = "(assert (not (= ((_ extract 2 2) v2) ((_ extract 1 1) v2))))"
	tests := []struct {
		name, extra string
		sat         bool
	}{
		{"sat", "", true},
		{"sat by the second disjunct", neq1, true},
		{"unsat", neq1 + neq2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+body+tc.extra)
			s := runPasses(t, st, as, nil, DefaultPasses()...)
			if got := bruteSolve(t, st, as) != nil; got != tc.sat {
				t.Fatalf("input sat = %v, want %v", got, tc.sat)
			}
			if len(s.Trail()) == 0 {
				t.Errorf("nothing sliced:\n%s", printed(st, s.Assertions))
			}
			checkReconstruction(t, st, as, s)
		})
	}
}
