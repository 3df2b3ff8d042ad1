package qbv

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestEnumerate: a check by enumeration finds the least counterexample, or
// none when the formula has no model; formulas with a symbol other than the
// counterexample constants, too wide, or without a multiplier or divider are
// not enumerable.
func TestEnumerate(t *testing.T) {
	st := term.NewStore()
	f := st.Var("f", st.BitVecSort(16))
	p := st.Var("p", st.BoolSort())
	other := st.Var("y", st.BitVecSort(16))
	wide := st.Var("w", st.BitVecSort(20))
	h := st.Var("h", st.BitVecSort(12))
	k16 := func(v uint64) term.Term { return st.ConstUint64(16, v) }
	urem := func(a, b term.Term) term.Term { return st.MustMake(term.OpBVUrem, nil, a, b) }
	ult := func(a, b term.Term) term.Term { return st.MustMake(term.OpBVUlt, nil, a, b) }
	// f is a proper divisor of n: 1 < f < n ∧ n mod f = 0.
	divisor := func(n uint64) term.Term {
		return st.And(ult(k16(1), f), ult(f, k16(n)), st.Eq(urem(k16(n), f), k16(0)))
	}
	tests := []struct {
		name       string
		ic         []term.Term
		neg        term.Term
		enumerable bool
		status     Status
		x          term.Term
		want       uint64 // x's value when Sat
	}{
		{"least factor of 3·101·103", []term.Term{f}, divisor(3 * 101 * 103), true, Sat, f, 3},
		{"least factor of 101·103", []term.Term{f}, divisor(101 * 103), true, Sat, f, 101},
		{"a prime has none", []term.Term{f}, divisor(65521), true, Unsat, f, 0},
		{"with a Boolean", []term.Term{p, h}, st.And(p, st.Eq(urem(k16(4101), st.MustMake(term.OpZeroExtend, []uint32{4}, h)), k16(0)), ult(k16(1), st.MustMake(term.OpZeroExtend, []uint32{4}, h))), true, Sat, h, 3},
		{"no multiplier or divider", []term.Term{f}, ult(k16(7), f), false, Unknown, f, 0},
		{"a free symbol", []term.Term{f}, st.Eq(f, other), false, Unknown, f, 0},
		{"too wide", []term.Term{f, wide}, st.Eq(st.MustMake(term.OpZeroExtend, []uint32{4}, f), wide), false, Unknown, f, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := &quantifier{ic: tc.ic}
			if got := enumerable(st, q, tc.neg); got != tc.enumerable {
				t.Fatalf("enumerable %v, want %v", got, tc.enumerable)
			}
			if !tc.enumerable {
				return
			}
			r := &run{st: st}
			status, m := r.enumerate(q, tc.neg, func() bool { return false })
			if status != tc.status {
				t.Fatalf("status %v, want %v", status, tc.status)
			}
			if status == Sat {
				if v := st.ValueOf(m, tc.x); func() uint64 { x, _ := v.BV.Uint64(); return x }() != tc.want {
					t.Errorf("%s = %v, want %d", st.Name(tc.x), v.BV, tc.want)
				}
				if ok, err := term.NewEvaluator(st, m).EvalBool(tc.neg); !ok || err != nil {
					t.Errorf("the model does not satisfy the formula (%v)", err)
				}
			}
		})
	}
}
