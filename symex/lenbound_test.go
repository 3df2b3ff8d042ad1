package symex

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestLenMax: a string's bound is tightened to what its length term
// allows (a constant, ites and sums of constants, as html's unescape
// leaves the length of a token cut from its 4096-byte buffer), and left
// where the term allows more (an input's length, a sum that may wrap).
func TestLenMax(t *testing.T) {
	st := term.NewStore()
	e := &Executor{st: st}
	n := st.Var("n", st.BitVecSort(64))
	b := st.Var("b", st.BoolSort())
	ite := func(x, y int) term.Term { return st.Ite(b, e.idx(x), e.idx(y)) }
	for _, tc := range []struct {
		name string
		len  term.Term
		want int
	}{
		{"const", e.idx(5), 5},
		{"const-over-max", e.idx(5000), 4096},
		{"ite", ite(0, 1), 1},
		{"sum-of-ites", e.add(e.add(ite(0, 1), ite(1, 0)), e.idx(3)), 5},
		{"var", n, 4096},
		{"sum-with-var", e.add(n, e.idx(1)), 4096},
		{"wraps", e.add(ite(0, -1), e.idx(2)), 4096},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := e.lenMax(tc.len, 4096); got != tc.want {
				t.Errorf("lenMax = %d, want %d", got, tc.want)
			}
		})
	}
}
