package term

import (
	"slices"
	"testing"

	"github.com/sift-solver/sift/bv"
)

func TestSubstitute(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	x, y, z := st.Var("x", b8), st.Var("y", b8), st.Var("z", b8)
	p := st.Var("p", st.BoolSort())
	i := st.BoundVar("i", b8)
	c3 := st.ConstUint64(8, 3)
	mk := func(op Op, idx []uint32, args ...Term) Term { return st.MustMake(op, idx, args...) }
	add := func(a, b Term) Term { return mk(OpBVAdd, nil, a, b) }
	forallI := func(body Term) Term { return mk(OpForall, nil, i, body) }
	cases := []struct {
		name string
		t    Term
		sub  map[Term]Term
		want Term
	}{
		{"empty", add(x, y), nil, add(x, y)},
		{"var", add(x, y), map[Term]Term{x: z}, add(z, y)},
		{"simultaneous-swap", mk(OpBVSub, nil, x, y), map[Term]Term{x: y, y: x}, mk(OpBVSub, nil, y, x)},
		{"rewrites-again", add(x, y), map[Term]Term{y: st.ConstUint64(8, 0)}, x},
		{"folds", add(x, y), map[Term]Term{x: c3, y: c3}, st.ConstUint64(8, 6)},
		{"subterm-key", mk(OpBVMul, nil, add(x, y), z), map[Term]Term{add(x, y): z}, mk(OpBVMul, nil, z, z)},
		{"untouched", add(x, y), map[Term]Term{z: c3}, add(x, y)},
		{"bool-var", st.Ite(p, x, y), map[Term]Term{p: st.True()}, x},
		{"extract-indices-kept", mk(OpExtract, []uint32{5, 2}, x), map[Term]Term{x: y}, mk(OpExtract, []uint32{5, 2}, y)},
		{"under-quantifier", forallI(st.Eq(add(i, x), y)), map[Term]Term{x: z},
			forallI(st.Eq(add(i, z), y))},
		{"shielded-bound", forallI(st.Eq(add(i, x), y)), map[Term]Term{i: c3},
			forallI(st.Eq(add(i, x), y))},
		{"shielded-bound-rest-applies", forallI(st.Eq(add(i, x), y)), map[Term]Term{i: c3, x: z},
			forallI(st.Eq(add(i, z), y))},
		{"free-bound-replaced", st.Eq(add(i, x), y), map[Term]Term{i: c3},
			st.Eq(add(c3, x), y)},
		{"shield-only-inside", st.And(st.Eq(i, x), forallI(st.Eq(i, x))), map[Term]Term{i: y},
			st.And(st.Eq(y, x), forallI(st.Eq(i, x)))},
	}
	for _, c := range cases {
		if got := st.Substitute(c.t, c.sub); got != c.want {
			t.Errorf("%s: got term %d (%s), want %d (%s)", c.name, got, st.Op(got), c.want, st.Op(c.want))
		}
	}
}

// TestSubstituteMemo: terms substituted in turn under one memo come out as
// Substitute makes them, and a subterm walked once is not walked again.
func TestSubstituteMemo(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	x, y := st.Var("x", b8), st.Var("y", b8)
	add := func(a, b Term) Term { return st.MustMake(OpBVAdd, nil, a, b) }
	mul := func(a, b Term) Term { return st.MustMake(OpBVMul, nil, a, b) }
	shared := mul(add(x, y), y)
	sub := map[Term]Term{x: st.ConstUint64(8, 2)}
	memo := map[Term]Term{}
	for _, c := range []struct {
		name string
		t    Term
		grow int // the memo's growth: the subterms not walked before
	}{
		{"first", shared, 2},
		{"again", shared, 0},
		{"sharing", add(shared, x), 1},
		{"folds", add(x, x), 1},
	} {
		before := len(memo)
		got := st.SubstituteMemo(c.t, sub, memo)
		if want := st.Substitute(c.t, sub); got != want {
			t.Errorf("%s: got term %d, want %d", c.name, got, want)
		}
		if g := len(memo) - before; g != c.grow {
			t.Errorf("%s: memo grew by %d, want %d", c.name, g, c.grow)
		}
	}
	if got := st.SubstituteMemo(shared, nil, memo); got != shared {
		t.Errorf("empty substitution: got term %d, want %d", got, shared)
	}
}

func TestSubstituteConstArray(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	as := st.ArraySort(b8, b8)
	x, y := st.Var("x", b8), st.Var("y", b8)
	ca, _ := st.ConstArray(as, x)
	want, _ := st.ConstArray(as, y)
	if got := st.Substitute(ca, map[Term]Term{x: y}); got != want {
		t.Errorf("constant array substitution gave %d, want %d", got, want)
	}
	// Read over the substituted constant array folds to its value.
	sel := st.MustMake(OpSelect, nil, st.MustMake(OpStore, nil, st.Var("a", as), x, y), x)
	if sel != y {
		t.Fatalf("select over store at the same index did not fold")
	}
}

func TestFreeVars(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	x, y, z := st.Var("x", b8), st.Var("y", b8), st.Var("z", b8)
	f := st.Var("f", st.FunSort([]Sort{b8}, b8))
	i := st.BoundVar("i", b8)
	add := func(a, b Term) Term { return st.MustMake(OpBVAdd, nil, a, b) }
	cases := []struct {
		name string
		t    Term
		want []Term
	}{
		{"const", st.ConstUint64(8, 1), nil},
		{"order", st.Eq(add(y, x), add(x, z)), []Term{y, x, z}},
		{"shared-once", st.Eq(add(x, x), add(x, x)), nil}, // builds true
		{"function-symbol", st.Eq(st.MustMake(OpApply, nil, f, x), y), []Term{f, x, y}},
		{"bound-excluded", st.MustMake(OpForall, nil, i, st.Eq(add(i, x), y)), []Term{x, y}},
	}
	for _, c := range cases {
		got := st.FreeVars(c.t)
		if len(got) != len(c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
			continue
		}
		for k := range got {
			if got[k] != c.want[k] {
				t.Errorf("%s: got %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

func TestIsQuantifierFree(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	x := st.Var("x", b8)
	i := st.BoundVar("i", b8)
	q := st.MustMake(OpExists, nil, i, st.Eq(i, x))
	p := st.Var("p", st.BoolSort())
	cases := []struct {
		name string
		t    Term
		want bool
	}{
		{"atom", st.Eq(x, st.ConstUint64(8, 2)), true},
		{"bound-var-alone", st.Eq(i, x), true},
		{"quantifier", q, false},
		{"nested", st.And(p, st.Not(q)), false},
		{"constant", st.True(), true},
	}
	for _, c := range cases {
		if got := st.IsQuantifierFree(c.t); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestContains(t *testing.T) {
	st := NewStore()
	x, y := st.Var("x", st.BitVecSort(8)), st.Var("y", st.BitVecSort(8))
	shared := st.MustMake(OpBVAdd, nil, x, y)
	f := st.Eq(st.MustMake(OpBVMul, nil, shared, shared), x)
	isOp := func(op Op) func(Term) bool { return func(n Term) bool { return st.Op(n) == op } }
	for _, tc := range []struct {
		op   Op
		want bool
	}{{OpBVAdd, true}, {OpBVMul, true}, {OpEq, true}, {OpBVUdiv, false}} {
		if got := st.Contains(f, isOp(tc.op)); got != tc.want {
			t.Errorf("Contains(%v) = %v, want %v", tc.op, got, tc.want)
		}
	}
	if !st.Contains(f, func(n Term) bool { return n == y }) {
		t.Errorf("y is below the shared sum")
	}
}

func TestValueTermEvaluatesToValue(t *testing.T) {
	st := NewStore()
	a := st.ArraySort(st.BitVecSort(4), st.BitVecSort(8))
	arr := NewArrayValue(a, st.BVValue(bv.New(8, 7)))
	arr.Arr = arr.Arr.Store(st.BVValue(bv.New(4, 3)), st.BVValue(bv.New(8, 9)))
	for _, v := range []Value{BoolValue(true), st.BVValue(bv.New(70, 5)), arr} {
		c := st.ValueTerm(v)
		got, err := st.Eval(c, NewModel())
		if err != nil || !got.Equal(v) {
			t.Errorf("Eval(ValueTerm(%s)) = %v, %v", v.Key(), got.Key(), err)
		}
	}
	f := st.Var("f", st.FunSort([]Sort{st.BitVecSort(8)}, st.BitVecSort(8)))
	if c := st.ValueTerm(st.ValueOf(NewModel(), f)); c != NoTerm {
		t.Errorf("a function value has no term, got %v", c)
	}
}

func TestPostOrder(t *testing.T) {
	st := NewStore()
	x, y := st.Var("x", st.BitVecSort(8)), st.Var("y", st.BitVecSort(8))
	sum := st.MustMake(OpBVAdd, nil, x, y)
	f, g := st.Eq(sum, x), st.Eq(st.MustMake(OpBVMul, nil, sum, sum), y)
	pos := map[Term]int{}
	st.PostOrder([]Term{f, g}, func(n Term) {
		if _, twice := pos[n]; twice {
			t.Errorf("node %d visited twice", n)
		}
		pos[n] = len(pos)
	})
	for n, i := range pos {
		for _, a := range st.Args(n) {
			if pos[a] >= i {
				t.Errorf("argument %d visited after its parent %d", a, n)
			}
		}
	}
	if len(pos) != 6 { // x, y, sum, f, the product and g
		t.Errorf("visited %d nodes, want 6", len(pos))
	}
}

func TestWalk(t *testing.T) {
	st := NewStore()
	x, y := st.Var("x", st.BitVecSort(8)), st.Var("y", st.BitVecSort(8))
	sum := st.MustMake(OpBVAdd, nil, x, y)
	prod := st.MustMake(OpBVMul, nil, sum, sum)
	f, g := st.Eq(sum, x), st.Eq(prod, y)
	var order []Term
	if st.Walk([]Term{f, g}, func(n Term) bool { order = append(order, n); return false }) {
		t.Error("the walk says it stopped")
	}
	// Each node once, before its arguments, from a stack: the last root
	// first, and a node's last argument first.
	if want := []Term{g, y, prod, sum, x, f}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	visited := 0
	if !st.Walk([]Term{f, g}, func(n Term) bool { visited++; return n == sum }) || visited != 4 {
		t.Errorf("the walk did not stop at sum (%d nodes visited, want 4)", visited)
	}
}
