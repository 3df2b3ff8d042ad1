package fpbv

import (
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// TestArrayEqualityIgnoresJunk: stores over a constant array that write
// every value of a small index sort equal another constant array, as in
// the original; compared as words, the junk indices would tell them apart.
func TestArrayEqualityIgnoresJunk(t *testing.T) {
	for _, idx := range []string{"rm", "fp"} {
		st := term.NewStore()
		var is term.Sort
		var values []term.Term
		if idx == "rm" {
			is = st.RoundingModeSort()
			for r := fp.RoundingMode(0); r < fp.NumRoundingModes; r++ {
				values = append(values, st.RoundingModeConst(r))
			}
		} else {
			f := fp.Format{EB: 2, SB: 2}
			is = st.FloatSort(f)
			for p := uint64(0); p < 16; p++ {
				if v := fp.FromBits(f, bv.New(4, p)); v.Bits().Equal(bv.New(4, p)) {
					values = append(values, st.FloatConst(v))
				}
			}
		}
		es := st.BitVecSort(4)
		as := st.ArraySort(is, es)
		c0, c1 := st.Var("c0", es), st.Var("c1", es)
		base, err := st.ConstArray(as, c1)
		if err != nil {
			t.Fatal(err)
		}
		chain := base
		for _, v := range values {
			chain = st.MustMake(term.OpStore, nil, chain, v, c0)
		}
		other, _ := st.ConstArray(as, c0)
		eq := st.Eq(other, chain)
		l := New(st)
		low, err := l.Lower(eq)
		if err != nil {
			t.Fatal(err)
		}
		m := term.NewModel()
		m.Set(c0, st.BVValue(bv.New(4, 3)))
		m.Set(c1, st.BVValue(bv.New(4, 5)))
		for _, tm := range []term.Term{eq, low} {
			v, err := st.Eval(tm, m)
			if err != nil || !v.Bool {
				t.Errorf("%s index: %v under c0=3, c1=5 is %v %v", idx, tm == low, v.Bool, err)
			}
		}
		if err := l.ArraysExact([]term.Term{eq}); err != nil {
			t.Errorf("%s index: %v", idx, err)
		}
	}
}

func TestArraysExactRefuses(t *testing.T) {
	st := term.NewStore()
	// Arrays indexed by rounding modes, as elements of another array.
	inner := st.ArraySort(st.RoundingModeSort(), st.BoolSort())
	outer := st.Var("o", st.ArraySort(st.BitVecSort(2), inner))
	e := st.Eq(st.MustMake(term.OpSelect, nil, outer, st.ConstUint64(2, 0)), st.MustMake(term.OpSelect, nil, outer, st.ConstUint64(2, 1)))
	if err := New(st).ArraysExact([]term.Term{e}); err == nil || !strings.Contains(err.Error(), "inside another sort") {
		t.Errorf("nested junk-indexed arrays: %v", err)
	}
}
