package preprocess

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

func TestDivRem(t *testing.T) {
	const decl = "(declare-const x (_ BitVec 4))(declare-const y (_ BitVec 4))(declare-const z (_ BitVec 4))"
	tests := []struct{ name, term, want string }{
		{"sub of signed product", "(bvsub x (bvmul (bvsdiv x y) y))", "(bvsrem x y)"},
		{"sub of unsigned product", "(bvsub x (bvmul y (bvudiv x y)))", "(bvurem x y)"},
		{"add of negated product", "(bvadd (bvneg (bvmul (bvsdiv x y) y)) x)", "(bvsrem x y)"},
		{"add of product by -k", "(bvadd x (bvmul #xb (bvsdiv x #x5)))", "(bvsrem x #x5)"},
		{"add of product by -y", "(bvadd x (bvmul (bvudiv x y) (bvneg y)))", "(bvurem x y)"},
		{"signed quotient of the remainder", "(bvsdiv (bvsub x (bvmul (bvsdiv x #x5) #x5)) #x5)", "#x0"},
		{"quotient of the remainder by the minimum", "(bvsdiv (bvsrem x #x8) #x8)", "#x0"},
		{"other dividend kept", "(bvsub z (bvmul (bvsdiv x y) y))", "(bvsub z (bvmul (bvsdiv x y) y))"},
		{"product by k not -k kept", "(bvadd x (bvmul #x5 (bvsdiv x #x5)))", "(bvadd x (bvmul #x5 (bvsdiv x #x5)))"},
		{"quotient by zero kept", "(bvsdiv (bvsrem x #x0) #x0)", "(bvsdiv (bvsrem x #x0) #x0)"},
		{"other divisor kept", "(bvsdiv (bvsrem x y) y)", "(bvsdiv (bvsrem x y) y)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, as := parse(t, decl+"(assert (= z "+tc.term+"))")
			s := runPasses(t, st, as, nil, DivRem{})
			want := "(= z " + tc.want + ")"
			if got := printed(st, s.Assertions); got != want {
				t.Errorf("got %s, want %s", got, want)
			}
			checkReconstruction(t, st, as, s)
			// The identity itself, on every value of x, y and z.
			forAllModels(t, st, freeVars(st, as), func(m *term.Model) bool {
				if holds(t, st, as, m) != holds(t, st, s.Assertions, m) {
					t.Fatalf("%s and %s differ under %s", tc.term, tc.want, describeModel(st, m))
				}
				return true
			})
		})
	}
}
