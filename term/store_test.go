package term

import (
	"slices"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
)

func TestHashConsing(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	x, y := st.Var("x", b8), st.Var("y", b8)
	mk := func(op Op, idx []uint32, args ...Term) Term { return st.MustMake(op, idx, args...) }
	same := []struct {
		name string
		a, b Term
	}{
		{"var", st.Var("x", b8), x},
		{"const", st.ConstUint64(8, 5), st.Const(bv.New(8, 5))},
		{"wide-const", st.Const(val(200, "1<<150")), st.Const(val(200, "1<<150"))},
		{"bvadd", mk(OpBVAdd, nil, x, y), mk(OpBVAdd, nil, x, y)},
		{"extract", mk(OpExtract, []uint32{5, 2}, x), mk(OpExtract, []uint32{5, 2}, x)},
		{"apply", mk(OpApply, nil, st.Var("f", st.FunSort([]Sort{b8}, b8)), x),
			mk(OpApply, nil, st.Var("f", st.FunSort([]Sort{b8}, b8)), x)},
	}
	for _, c := range same {
		if c.a != c.b {
			t.Errorf("%s: building twice gave %d and %d", c.name, c.a, c.b)
		}
	}
	different := []struct {
		name string
		a, b Term
	}{
		{"arg-order", mk(OpBVSub, nil, x, y), mk(OpBVSub, nil, y, x)},
		{"op", mk(OpBVAdd, nil, x, y), mk(OpBVMul, nil, x, y)},
		{"extract-indices", mk(OpExtract, []uint32{5, 2}, x), mk(OpExtract, []uint32{6, 3}, x)},
		{"extract-lo", mk(OpExtract, []uint32{5, 2}, x), mk(OpExtract, []uint32{5, 1}, x)},
		{"rotate-amount", mk(OpRotateLeft, []uint32{1}, x), mk(OpRotateLeft, []uint32{2}, x)},
		{"zero-vs-sign-extend", mk(OpZeroExtend, []uint32{4}, x), mk(OpSignExtend, []uint32{4}, x)},
		{"const-width", st.ConstUint64(8, 0), st.ConstUint64(16, 0)},
		{"const-width-wide", st.Const(bv.Ones(64)), st.Const(bv.Ones(65))},
		{"const-value", st.ConstUint64(8, 1), st.ConstUint64(8, 2)},
		{"var-sort", st.Var("x", b8), st.Var("x", st.BitVecSort(9))},
		{"var-vs-bound", st.Var("x", b8), st.BoundVar("x", b8)},
		{"var-name", x, y},
	}
	for _, c := range different {
		if c.a == c.b {
			t.Errorf("%s: distinct terms share id %d", c.name, c.a)
		}
	}
}

// TestIdsAreTopological checks that every argument has a smaller id than its
// parent, also across table growth.
func TestIdsAreTopological(t *testing.T) {
	st := NewStore()
	b16 := st.BitVecSort(16)
	acc := st.Var("x", b16)
	for n := 0; n < 3000; n++ { // several table doublings
		acc = st.MustMake(OpBVAdd, nil, acc, st.ConstUint64(16, uint64(n+1)*7919))
		acc = st.MustMake(OpBVXor, nil, st.Var("y", b16), acc)
	}
	for tm := Term(1); int(tm) < st.NumTerms(); tm++ {
		for _, a := range st.Args(tm) {
			if a >= tm {
				t.Fatalf("term %d (%s) has argument %d", tm, st.Op(tm), a)
			}
		}
	}
	// After growth, rebuilding finds the old terms instead of adding new ones.
	n := st.NumTerms()
	again := st.Var("x", b16)
	for k := 0; k < 3000; k++ {
		again = st.MustMake(OpBVAdd, nil, again, st.ConstUint64(16, uint64(k+1)*7919))
		again = st.MustMake(OpBVXor, nil, st.Var("y", b16), again)
	}
	if again != acc || st.NumTerms() != n {
		t.Errorf("rebuilding after growth: %d vs %d, %d terms vs %d", again, acc, st.NumTerms(), n)
	}
}

func TestSorts(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	arr := st.ArraySort(st.BitVecSort(32), b8)
	u := st.UninterpretedSort("Elem")
	odd := st.UninterpretedSort("a b")
	fn := st.FunSort([]Sort{b8, st.BoolSort()}, arr)
	if st.BitVecSort(8) != b8 || st.ArraySort(st.BitVecSort(32), b8) != arr ||
		st.UninterpretedSort("Elem") != u || st.FunSort([]Sort{b8, st.BoolSort()}, arr) != fn {
		t.Errorf("sorts are not interned")
	}
	if st.BitVecSort(9) == b8 || st.ArraySort(b8, st.BitVecSort(32)) == arr || st.UninterpretedSort("Elem2") == u {
		t.Errorf("different sorts share an id")
	}
	cases := []struct {
		s    Sort
		want string
		kind SortKind
	}{
		{st.BoolSort(), "Bool", KindBool},
		{b8, "(_ BitVec 8)", KindBitVec},
		{arr, "(Array (_ BitVec 32) (_ BitVec 8))", KindArray},
		{st.ArraySort(b8, arr), "(Array (_ BitVec 8) (Array (_ BitVec 32) (_ BitVec 8)))", KindArray},
		{u, "Elem", KindUninterpreted},
		{odd, "|a b|", KindUninterpreted},
		{fn, "((_ BitVec 8) Bool) (Array (_ BitVec 32) (_ BitVec 8))", KindFun},
		{NoSort, "<invalid sort>", KindInvalid},
	}
	for _, c := range cases {
		if got := st.SortString(c.s); got != c.want {
			t.Errorf("SortString = %q, want %q", got, c.want)
		}
		if got := st.Kind(c.s); got != c.kind {
			t.Errorf("Kind(%s) = %d, want %d", c.want, got, c.kind)
		}
	}
	if st.Width(b8) != 8 || st.IndexSort(arr) != st.BitVecSort(32) || st.ElemSort(arr) != b8 ||
		st.Range(fn) != arr || len(st.Domain(fn)) != 2 {
		t.Errorf("sort accessors disagree with construction")
	}
}

func TestFreshNames(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	st.Var("t!1", b8) // a user name that looks like a fresh one
	seen := map[string]bool{"t!1": true}
	for n := 0; n < 50; n++ {
		v := st.Fresh("t", b8)
		name := st.Name(v)
		if seen[name] {
			t.Fatalf("Fresh returned the used name %q", name)
		}
		if !strings.HasPrefix(name, "t") || st.Op(v) != OpVar || st.SortOf(v) != b8 {
			t.Fatalf("Fresh returned %q of op %s", name, st.Op(v))
		}
		seen[name] = true
	}
	// A fresh name is reserved for every sort, not only the one it was made with.
	f := st.Fresh("u", st.BoolSort())
	if g := st.Fresh("u", b8); st.Name(g) == st.Name(f) {
		t.Errorf("Fresh reused %q for another sort", st.Name(f))
	}
}

// TestMakeErrors drives every error path of build.go: each returns an error,
// none panics.
func TestMakeErrors(t *testing.T) {
	st := NewStore()
	b8, b16 := st.BitVecSort(8), st.BitVecSort(16)
	x, y := st.Var("x", b8), st.Var("y", b8)
	w := st.Var("w", b16)
	p := st.Var("p", st.BoolSort())
	arr := st.Var("a", st.ArraySort(b8, b8))
	f := st.Var("f", st.FunSort([]Sort{b8}, b8))
	g := st.Var("g", st.FunSort([]Sort{b8}, b8))
	big := st.Var("big", st.BitVecSort(MaxWidth/2+1))
	i := st.BoundVar("i", b8)
	cases := []struct {
		name string
		op   Op
		idx  []uint32
		args []Term
	}{
		{"missing-indices", OpExtract, nil, []Term{x}},
		{"extra-indices", OpBVAdd, []uint32{1}, []Term{x, y}},
		{"no-term-arg", OpNot, nil, []Term{NoTerm}},
		{"out-of-range-arg", OpNot, nil, []Term{Term(1 << 30)}},
		{"not-arity", OpNot, nil, []Term{p, p}},
		{"not-sort", OpNot, nil, []Term{x}},
		{"and-sort", OpAnd, nil, []Term{p, x}},
		{"xor-empty", OpXor, nil, nil},
		{"implies-sort", OpImplies, nil, []Term{p, x}},
		{"eq-arity", OpEq, nil, []Term{x}},
		{"eq-sorts", OpEq, nil, []Term{x, w}},
		{"eq-functions", OpEq, nil, []Term{f, g}},
		{"distinct-functions", OpDistinct, nil, []Term{f, g}},
		{"distinct-sorts", OpDistinct, nil, []Term{x, p}},
		{"ite-arity", OpIte, nil, []Term{p, x}},
		{"ite-cond", OpIte, nil, []Term{x, x, y}},
		{"ite-branches", OpIte, nil, []Term{p, x, w}},
		{"select-arity", OpSelect, nil, []Term{arr}},
		{"select-non-array", OpSelect, nil, []Term{x, y}},
		{"select-index-sort", OpSelect, nil, []Term{arr, w}},
		{"store-arity", OpStore, nil, []Term{arr, x}},
		{"store-non-array", OpStore, nil, []Term{x, x, y}},
		{"store-index-sort", OpStore, nil, []Term{arr, w, x}},
		{"store-value-sort", OpStore, nil, []Term{arr, x, w}},
		{"apply-nothing", OpApply, nil, nil},
		{"apply-non-function", OpApply, nil, []Term{x, y}},
		{"apply-arity", OpApply, nil, []Term{f, x, y}},
		{"apply-arg-sort", OpApply, nil, []Term{f, w}},
		{"forall-no-body", OpForall, nil, []Term{p}},
		{"forall-free-var", OpForall, nil, []Term{x, p}},
		{"exists-non-bool-body", OpExists, nil, []Term{i, x}},
		{"make-true", OpTrue, nil, nil},
		{"make-const", OpBVConst, nil, nil},
		{"make-var", OpVar, nil, nil},
		{"make-bound", OpBound, nil, nil},
		{"make-const-array", OpConstArray, nil, []Term{x}},
		{"make-invalid", OpInvalid, nil, nil},
		{"bv-on-bool", OpBVAdd, nil, []Term{p, p}},
		{"bvnot-arity", OpBVNot, nil, []Term{x, y}},
		{"bvnego-arity", OpBVNego, nil, nil},
		{"extract-arity", OpExtract, []uint32{1, 0}, []Term{x, y}},
		{"extract-hi-past-width", OpExtract, []uint32{8, 0}, []Term{x}},
		{"extract-lo-above-hi", OpExtract, []uint32{2, 3}, []Term{x}},
		{"repeat-0", OpRepeat, []uint32{0}, []Term{x}},
		{"repeat-too-wide", OpRepeat, []uint32{1 << 30}, []Term{x}},
		{"zero-extend-too-wide", OpZeroExtend, []uint32{MaxWidth}, []Term{x}},
		{"sign-extend-overflow", OpSignExtend, []uint32{^uint32(0)}, []Term{x}},
		{"concat-empty", OpConcat, nil, nil},
		{"concat-too-wide", OpConcat, nil, []Term{big, big}},
		{"binary-one-arg", OpBVUdiv, nil, []Term{x}},
		{"binary-sorts", OpBVAdd, nil, []Term{x, w}},
		{"binary-three-args", OpBVUdiv, nil, []Term{x, y, x}},
		{"comparison-three-args", OpBVUlt, nil, []Term{x, y, x}},
	}
	for _, c := range cases {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: Make panicked: %v", c.name, r)
				}
			}()
			got, err := st.Make(c.op, c.idx, c.args...)
			if err == nil {
				t.Errorf("%s: Make(%s) succeeded with term %d", c.name, c.op, got)
			} else if got != NoTerm {
				t.Errorf("%s: error %q came with term %d", c.name, err, got)
			}
		}()
	}

	arrSort := st.ArraySort(b8, b8)
	if _, err := st.ConstArray(b8, x); err == nil {
		t.Errorf("ConstArray over a non-array sort succeeded")
	}
	if _, err := st.ConstArray(arrSort, w); err == nil {
		t.Errorf("ConstArray with an ill-sorted value succeeded")
	}
	if _, err := st.ConstArray(arrSort, x); err != nil {
		t.Errorf("ConstArray: %v", err)
	}
}

func TestOpNames(t *testing.T) {
	for o := OpNot; o < numOps; o++ {
		switch o {
		case OpApply, OpConstArray, OpForall, OpExists:
			if _, ok := OpByName(o.String()); ok && o != OpForall && o != OpExists {
				t.Errorf("%s should have no plain name", o)
			}
			continue
		case OpFPConst, OpRMConst:
			if _, ok := OpByName(o.String()); ok {
				t.Errorf("%s should have no plain name", o)
			}
			continue
		case OpToFPBits, OpToFPFloat, OpToFPSigned:
			if got, _ := OpByName(o.String()); got != OpToFP {
				t.Errorf("%s is read as %s, want the overloaded to_fp", o, got)
			}
			continue
		}
		if got, ok := OpByName(o.String()); !ok || got != o {
			t.Errorf("OpByName(%q) = %v, %v", o.String(), got, ok)
		}
	}
	if Op(200).String() != "<invalid op>" || Op(200).NumIndices() != 0 {
		t.Errorf("out-of-range operator is not reported invalid")
	}
	if OpExtract.NumIndices() != 2 || OpRepeat.NumIndices() != 1 || OpBVAdd.NumIndices() != 0 {
		t.Errorf("NumIndices disagrees with SMT-LIB")
	}
}

// TestRollback checks that a rollback forgets the terms built since the mark
// and nothing else: older terms keep their ids and meaning, names of
// forgotten variables are free again, and the store goes on interning.
func TestRollback(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	x := st.Var("x", b8)
	sum, _ := st.Make(OpBVAdd, nil, x, st.ConstUint64(8, 1))
	m := st.Mark()
	n := st.NumTerms()
	y := st.Var("y", b8)
	for i := range 5000 {
		st.Make(OpBVMul, nil, y, st.ConstUint64(8, uint64(i)))
	}
	st.Rollback(m)
	if st.NumTerms() != n || st.NameUsed("y") || !st.NameUsed("x") {
		t.Fatalf("after rollback: %d terms (want %d), y used %v, x used %v", st.NumTerms(), n, st.NameUsed("y"), st.NameUsed("x"))
	}
	if again, _ := st.Make(OpBVAdd, nil, st.Var("x", b8), st.ConstUint64(8, 1)); again != sum {
		t.Errorf("an older term was not found again: %d, want %d", again, sum)
	}
	y2 := st.Var("y", b8)
	if int(y2) != n || st.Name(y2) != "y" {
		t.Errorf("a new term after rollback: id %d name %q, want id %d", y2, st.Name(y2), n)
	}
	if p, _ := st.Make(OpBVMul, nil, y2, st.ConstUint64(8, 3)); st.Op(p) != OpBVMul || st.Arg(p, 0) != y2 {
		t.Errorf("interning after rollback built %v", p)
	}
}

// TestEachConjunct checks that nested conjunctions are flattened, last
// argument first, and that anything else is its own conjunct.
func TestEachConjunct(t *testing.T) {
	st := NewStore()
	p, q, r := st.Var("p", BoolSortID), st.Var("q", BoolSortID), st.Var("r", BoolSortID)
	tests := []struct {
		name string
		t    Term
		want []Term
	}{
		{"atom", p, []Term{p}},
		{"flat", st.And(p, q), []Term{q, p}},
		{"nested", st.And(p, st.And(q, r)), []Term{r, q, p}},
		{"disjunction", st.Or(p, q), []Term{st.Or(p, q)}},
	}
	for _, tc := range tests {
		var got []Term
		st.EachConjunct(tc.t, func(c Term) { got = append(got, c) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
