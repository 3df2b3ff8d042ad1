package preprocess

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/term"
)

func TestPolyEq(t *testing.T) {
	const decl = "(declare-const p Bool)(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(declare-const z (_ BitVec 4))"
	tests := []struct {
		name, script, want string
	}{
		{"commutativity", "(assert (not (= (bvmul x y) (bvmul y x))))", "false"},
		{"distributivity", "(assert (not (= (bvmul x (bvadd y z)) (bvadd (bvmul x y) (bvmul z x)))))", "false"},
		{"square of a sum", "(assert (= (bvmul (bvadd x y) (bvadd x y)) (bvadd (bvmul x x) (bvmul #x2 (bvmul x y)) (bvmul y y))))", "true"},
		{"shift is doubling", "(assert (or p (= (bvshl x #x1) (bvadd x x))))", "true"},
		{"shift past the width", "(assert (= (bvshl x #x4) #x0))", "true"},
		{"not is minus one minus", "(assert (= (bvnot x) (bvsub (bvneg x) #x1)))", "true"},
		{"constant difference", "(assert (= (bvadd x #x1) x))", "false"},
		{"coefficients wrap", "(assert (= (bvmul #x8 (bvadd x x)) #x0))", "true"},
		{"inside Boolean structure", "(assert (or p (not (= (bvsub x y) (bvneg (bvsub y x))))))", "p"},
		{"shifted low slices", "(assert (= (bvmul (bvadd x y) (bvadd x y)) (bvadd (bvmul x x) (bvmul y (bvadd y (concat ((_ extract 2 0) x) #b0))))))", "true"},
		{"shifted product", "(assert (= (concat (bvmul ((_ extract 1 0) x) ((_ extract 1 0) y)) #b00) (bvmul #x4 (bvmul y x))))", "true"},
		{"shifted non-slice: atom", "(assert (= (concat ((_ extract 2 0) (bvudiv x y)) #b0) (bvmul #x2 (bvudiv x y))))", "true"},
		{"atoms are opaque", "(assert (= (bvmul (bvudiv x y) z) (bvmul z (bvudiv x y))))", "true"},
		{"not an identity: kept", "(assert (= (bvmul x y) (bvmul x z)))", "(= (bvmul x y) (bvmul x z))"},
		{"vanishing but not zero: kept", "(assert (= (bvmul x (bvadd x #x1)) (bvmul #x2 (bvmul x #x8))))", "(= (bvmul x (bvadd x #x1)) (bvmul #x2 (bvmul x #x8)))"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+tc.script)
			s := runPasses(t, st, as, nil, PolyEq{})
			if got := printed(st, s.Assertions); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			checkReconstruction(t, st, as, s)
		})
	}
}

// TestPolyEqSoundRandom checks by brute force, on random arithmetic over
// 3-bit variables, that every equality the pass decides has that truth value
// under every assignment.
func TestPolyEqSoundRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	var gen func(d int) string
	gen = func(d int) string {
		if d == 0 || r.IntN(4) == 0 {
			return []string{"x", "y", "#b001", "#b110", "#b100"}[r.IntN(5)]
		}
		switch r.IntN(7) {
		case 0:
			return "(bvneg " + gen(d-1) + ")"
		case 1:
			return "(bvnot " + gen(d-1) + ")"
		case 2:
			return fmt.Sprintf("(bvshl %s #b%03b)", gen(d-1), r.IntN(5))
		case 3:
			return "(bvand " + gen(d-1) + " " + gen(d-1) + ")"
		}
		op := []string{"bvadd", "bvsub", "bvmul"}[r.IntN(3)]
		return "(" + op + " " + gen(d-1) + " " + gen(d-1) + ")"
	}
	decided := 0
	for range 3000 {
		script := "(declare-const x (_ BitVec 3))(declare-const y (_ BitVec 3))(assert (= " + gen(3) + " " + gen(3) + "))"
		st, as := parse(t, script)
		s := runPasses(t, st, as, nil, PolyEq{})
		got := s.Assertions[0]
		if !st.IsConst(got) {
			continue
		}
		decided++
		forAllModels(t, st, freeVars(st, as), func(m *term.Model) bool {
			if holds(t, st, as, m) != (got == st.True()) {
				t.Fatalf("%s decided %s, but an assignment disagrees", script, printed(st, []term.Term{got}))
			}
			return true
		})
	}
	if decided < 100 {
		t.Errorf("only %d of 3000 equalities decided: the test checks too little", decided)
	}
	t.Logf("%d of 3000 equalities decided", decided)
}
