package term

import "testing"

func TestFeatures(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	arr := st.ArraySort(b8, b8)
	nested := st.ArraySort(b8, arr)
	x := st.Var("x", b8)
	a := st.Var("a", arr)
	n := st.Var("n", nested)
	f := st.Var("f", st.FunSort([]Sort{b8}, b8))
	g := st.Var("g", st.FunSort([]Sort{arr}, b8))
	i := st.BoundVar("i", b8)
	read := st.MustMake(OpSelect, nil, a, x)
	cases := []struct {
		name string
		t    Term
		want Features
	}{
		{"constant", st.True(), 0},
		{"bit-vector atom", st.Eq(x, st.ConstUint64(8, 1)), 0},
		{"array variable", a, FeatArray},
		{"read", st.Eq(read, x), FeatArray | FeatSelect},
		{"nested read", st.Eq(st.MustMake(OpSelect, nil, st.MustMake(OpSelect, nil, n, x), x), x),
			FeatArray | FeatNestedArray | FeatSelect},
		{"function over bit-vectors", st.Eq(st.MustMake(OpApply, nil, f, x), x), FeatApply},
		{"function over arrays", st.Eq(st.MustMake(OpApply, nil, g, a), x), FeatApply | FeatArrayFun | FeatArray},
		{"bound variable", st.Eq(i, x), FeatBound},
		{"quantifier", st.MustMake(OpExists, nil, i, st.Eq(i, x)), FeatQuantifier | FeatBound},
		{"below a connective", st.And(st.Eq(read, x), st.Not(st.MustMake(OpForall, nil, i, st.Eq(i, x)))),
			FeatArray | FeatSelect | FeatQuantifier | FeatBound},
	}
	for _, c := range cases {
		if got := st.Features(c.t); got != c.want {
			t.Errorf("%s: features %07b, want %07b", c.name, got, c.want)
		}
	}
	if got := st.FeaturesOf([]Term{a, st.Eq(st.MustMake(OpApply, nil, f, x), x)}); got != FeatArray|FeatApply {
		t.Errorf("FeaturesOf: %06b", got)
	}
	if !(FeatArray | FeatApply).Has(FeatApply) || FeatArray.Has(FeatArray|FeatApply) {
		t.Error("Has is wrong")
	}
}
