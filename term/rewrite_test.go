package term

import (
	"math/rand"
	"testing"

	"github.com/sift-solver/sift/bv"
)

// shape is a term as written, before the builder rewrites it. Its meaning is
// computed from the operator definitions (refEval), independently of the
// rewrites, and compared with the evaluation of the built term.
type shape struct {
	op   Op
	idx  []uint32
	kids []*shape
	leaf Term // for leaves
	w    uint32
	bool bool // Boolean sort
}

// refEval computes the meaning of s under m by the SMT-LIB definitions.
func refEval(t *testing.T, st *Store, s *shape, m *Model) Value {
	if s.leaf != NoTerm {
		return mustEval(t, st, s.leaf, m)
	}
	vals := make([]Value, len(s.kids))
	for i, k := range s.kids {
		vals[i] = refEval(t, st, k, m)
	}
	switch s.op {
	case OpNot:
		return BoolValue(!vals[0].Bool)
	case OpAnd, OpOr:
		r := s.op == OpAnd
		for _, v := range vals {
			if s.op == OpAnd {
				r = r && v.Bool
			} else {
				r = r || v.Bool
			}
		}
		return BoolValue(r)
	case OpXor:
		r := false
		for _, v := range vals {
			r = r != v.Bool
		}
		return BoolValue(r)
	case OpImplies:
		r := vals[len(vals)-1].Bool
		for i := len(vals) - 2; i >= 0; i-- {
			r = !vals[i].Bool || r
		}
		return BoolValue(r)
	case OpEq:
		for i := 0; i+1 < len(vals); i++ {
			if !vals[i].Equal(vals[i+1]) {
				return BoolValue(false)
			}
		}
		return BoolValue(true)
	case OpDistinct:
		for i := range vals {
			for j := range vals[:i] {
				if vals[i].Equal(vals[j]) {
					return BoolValue(false)
				}
			}
		}
		return BoolValue(true)
	case OpIte:
		if vals[0].Bool {
			return vals[1]
		}
		return vals[2]
	}
	bvs := make([]bv.Value, len(vals))
	for i, v := range vals {
		bvs[i] = v.BV
	}
	// Left-associative n-ary bit-vector operators.
	if len(bvs) > 2 {
		acc := bvs[0]
		for _, b := range bvs[1:] {
			acc, _, _ = applyBV(s.op, 0, 0, []bv.Value{acc, b})
		}
		return st.BVValue(acc)
	}
	var i0, i1 uint32
	if len(s.idx) > 0 {
		i0 = s.idx[0]
	}
	if len(s.idx) > 1 {
		i1 = s.idx[1]
	}
	r, isBool, b := applyBV(s.op, i0, i1, bvs)
	if isBool {
		return BoolValue(b)
	}
	return st.BVValue(r)
}

// build constructs s through the checked builder.
func (s *shape) build(t *testing.T, st *Store) Term {
	if s.leaf != NoTerm {
		return s.leaf
	}
	args := make([]Term, len(s.kids))
	for i, k := range s.kids {
		args[i] = k.build(t, st)
	}
	r, err := st.Make(s.op, s.idx, args...)
	if err != nil {
		t.Fatalf("Make(%s): %v", s.op, err)
	}
	return r
}

// shapeGen draws random shapes over base-width variables x, y and Bool p, q,
// biased towards the patterns the builder rewrites: repeated arguments,
// neutral and absorbing constants, negations, nested extracts and concats.
type shapeGen struct {
	rng   *rand.Rand
	st    *Store
	w     uint32
	bvars []Term
	pvars []Term
	pool  []*shape // recently generated shapes, reused to create sharing
}

func (g *shapeGen) leafBV(w uint32) *shape {
	st := g.st
	switch g.rng.Intn(5) {
	case 0:
		return &shape{leaf: st.Const(bv.Zero(w)), w: w}
	case 1:
		return &shape{leaf: st.Const(bv.Ones(w)), w: w}
	case 2:
		return &shape{leaf: st.Const(bv.New(w, 1)), w: w}
	}
	if w == g.w {
		return &shape{leaf: g.bvars[g.rng.Intn(len(g.bvars))], w: w}
	}
	if w < g.w {
		x := &shape{leaf: g.bvars[g.rng.Intn(len(g.bvars))], w: g.w}
		lo := uint32(g.rng.Intn(int(g.w - w + 1)))
		return &shape{op: OpExtract, idx: []uint32{lo + w - 1, lo}, kids: []*shape{x}, w: w}
	}
	x := &shape{leaf: g.bvars[g.rng.Intn(len(g.bvars))], w: g.w}
	return &shape{op: OpZeroExtend, idx: []uint32{w - g.w}, kids: []*shape{x}, w: w}
}

func (g *shapeGen) reuse(w uint32, isBool bool) *shape {
	for _, k := range []int{g.rng.Intn(len(g.pool) + 1), g.rng.Intn(len(g.pool) + 1)} {
		if k < len(g.pool) && g.pool[k].bool == isBool && (isBool || g.pool[k].w == w) {
			return g.pool[k]
		}
	}
	return nil
}

func (g *shapeGen) bvShape(w uint32, depth int) *shape {
	if s := g.reuse(w, false); s != nil && g.rng.Intn(3) == 0 {
		return s
	}
	if depth == 0 || g.rng.Intn(4) == 0 {
		return g.leafBV(w)
	}
	d := depth - 1
	var s *shape
	switch g.rng.Intn(12) {
	case 0:
		op := []Op{OpBVNot, OpBVNeg}[g.rng.Intn(2)]
		s = &shape{op: op, kids: []*shape{g.bvShape(w, d)}}
	case 1, 2, 3, 4:
		ops := []Op{OpBVAnd, OpBVOr, OpBVXor, OpBVNand, OpBVNor, OpBVXnor, OpBVAdd, OpBVSub, OpBVMul,
			OpBVUdiv, OpBVUrem, OpBVSdiv, OpBVSrem, OpBVSmod, OpBVShl, OpBVLshr, OpBVAshr}
		a := g.bvShape(w, d)
		b := a
		if g.rng.Intn(3) > 0 {
			b = g.bvShape(w, d)
		}
		s = &shape{op: ops[g.rng.Intn(len(ops))], kids: []*shape{a, b}}
	case 5:
		s = &shape{op: OpIte, kids: []*shape{g.boolShape(d), g.bvShape(w, d), g.bvShape(w, d)}}
	case 6:
		k := uint32(g.rng.Intn(3))
		outer := w + k
		inner := g.bvShape(outer, d)
		lo := uint32(g.rng.Intn(int(k + 1)))
		s = &shape{op: OpExtract, idx: []uint32{lo + w - 1, lo}, kids: []*shape{inner}}
	case 7:
		if w < 2 {
			return g.leafBV(w)
		}
		hw := uint32(1 + g.rng.Intn(int(w-1)))
		s = &shape{op: OpConcat, kids: []*shape{g.bvShape(hw, d), g.bvShape(w-hw, d)}}
	case 8:
		k := uint32(g.rng.Intn(int(w)))
		op := []Op{OpZeroExtend, OpSignExtend}[g.rng.Intn(2)]
		s = &shape{op: op, idx: []uint32{k}, kids: []*shape{g.bvShape(w-k, d)}}
	case 9:
		n := uint32(1)
		if w%2 == 0 && g.rng.Intn(2) == 0 {
			n = 2
		}
		s = &shape{op: OpRepeat, idx: []uint32{n}, kids: []*shape{g.bvShape(w/n, d)}}
	case 10:
		op := []Op{OpRotateLeft, OpRotateRight}[g.rng.Intn(2)]
		s = &shape{op: op, idx: []uint32{uint32(g.rng.Intn(int(2*w + 1)))}, kids: []*shape{g.bvShape(w, d)}}
	case 11:
		s = &shape{op: OpBVComp, kids: []*shape{g.bvShape(w, d), g.bvShape(w, d)}}
		if w != 1 {
			return g.leafBV(w)
		}
	}
	s.w = w
	g.pool = append(g.pool, s)
	return s
}

func (g *shapeGen) boolShape(depth int) *shape {
	st := g.st
	if s := g.reuse(0, true); s != nil && g.rng.Intn(3) == 0 {
		return s
	}
	if depth == 0 || g.rng.Intn(5) == 0 {
		switch g.rng.Intn(4) {
		case 0:
			return &shape{leaf: st.Bool(g.rng.Intn(2) == 0), bool: true}
		}
		return &shape{leaf: g.pvars[g.rng.Intn(len(g.pvars))], bool: true}
	}
	d := depth - 1
	var s *shape
	switch g.rng.Intn(8) {
	case 0:
		s = &shape{op: OpNot, kids: []*shape{g.boolShape(d)}}
	case 1, 2:
		op := []Op{OpAnd, OpOr, OpXor, OpImplies}[g.rng.Intn(4)]
		n := 1 + g.rng.Intn(4)
		if op == OpAnd || op == OpOr {
			n = g.rng.Intn(12) // also the map-based path above 8 arguments
		}
		s = &shape{op: op}
		for i := 0; i < n; i++ {
			k := g.boolShape(d)
			if i > 0 && g.rng.Intn(3) == 0 {
				prev := s.kids[g.rng.Intn(i)]
				k = prev
				if g.rng.Intn(2) == 0 {
					k = &shape{op: OpNot, kids: []*shape{prev}, bool: true}
				}
			}
			s.kids = append(s.kids, k)
		}
	case 3:
		a := g.bvShape(g.w, d)
		ops := []Op{OpBVUlt, OpBVUle, OpBVUgt, OpBVUge, OpBVSlt, OpBVSle, OpBVSgt, OpBVSge,
			OpBVUaddo, OpBVSaddo, OpBVUsubo, OpBVSsubo, OpBVUmulo, OpBVSmulo, OpBVSdivo}
		b := a
		if g.rng.Intn(3) > 0 {
			b = g.bvShape(g.w, d)
		}
		s = &shape{op: ops[g.rng.Intn(len(ops))], kids: []*shape{a, b}}
	case 4:
		s = &shape{op: OpBVNego, kids: []*shape{g.bvShape(g.w, d)}}
	case 5:
		op := []Op{OpEq, OpDistinct}[g.rng.Intn(2)]
		n := 2 + g.rng.Intn(2)
		s = &shape{op: op}
		isBool := g.rng.Intn(2) == 0
		for i := 0; i < n; i++ {
			var k *shape
			if isBool {
				k = g.boolShape(d)
			} else {
				k = g.bvShape(g.w, d)
			}
			if i > 0 && g.rng.Intn(3) == 0 {
				k = s.kids[0]
			}
			s.kids = append(s.kids, k)
		}
	case 6, 7:
		s = &shape{op: OpIte, kids: []*shape{g.boolShape(d), g.boolShape(d), g.boolShape(d)}}
	}
	s.bool = true
	g.pool = append(g.pool, s)
	return s
}

// assignments calls f with every model over the given bit-vector and Bool
// variables of width w.
func assignments(st *Store, w uint32, bvars, pvars []Term, f func(m *Model)) {
	bits := uint(len(bvars))*uint(w) + uint(len(pvars))
	for code := uint64(0); code < 1<<bits; code++ {
		m := NewModel()
		c := code
		for _, x := range bvars {
			m.Set(x, st.BVValue(bv.New(w, c)))
			c >>= w
		}
		for _, p := range pvars {
			m.Set(p, BoolValue(c&1 == 1))
			c >>= 1
		}
		f(m)
	}
}

// TestRewritesPreserveMeaning builds random shapes through Make and checks the
// built term against the shape's definition under every assignment.
func TestRewritesPreserveMeaning(t *testing.T) {
	for _, w := range []uint32{2, 3} {
		st := NewStore()
		g := &shapeGen{rng: rand.New(rand.NewSource(int64(w))), st: st, w: w}
		g.bvars = []Term{st.Var("x", st.BitVecSort(w)), st.Var("y", st.BitVecSort(w))}
		g.pvars = []Term{st.Var("p", st.BoolSort())}
		for n := 0; n < 250; n++ {
			var s *shape
			if n%2 == 0 {
				s = g.boolShape(3)
			} else {
				s = g.bvShape(w+uint32(n%3), 3)
			}
			built := s.build(t, st)
			assignments(st, w, g.bvars, g.pvars, func(m *Model) {
				want := refEval(t, st, s, m)
				got := mustEval(t, st, built, m)
				if !got.Equal(want) {
					t.Fatalf("w=%d shape %d (%s): built term evaluates to %s, definition gives %s",
						w, n, s.op, showValue(got), showValue(want))
				}
			})
		}
	}
}

// TestRewriteResults checks that each local rewrite of rewrite.go produces the
// documented term.
func TestRewriteResults(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	p, q := st.Var("p", st.BoolSort()), st.Var("q", st.BoolSort())
	x, y := st.Var("x", b8), st.Var("y", b8)
	i, j := st.Var("i", b8), st.Var("j", b8)
	zero, one, ones := st.Const(bv.Zero(8)), st.ConstUint64(8, 1), st.Const(bv.Ones(8))
	c3, c5 := st.ConstUint64(8, 3), st.ConstUint64(8, 5)
	T, F := st.True(), st.False()
	as := st.ArraySort(b8, b8)
	a := st.Var("a", as)
	mk := func(op Op, idx []uint32, args ...Term) Term { return st.MustMake(op, idx, args...) }
	many := []Term{p, q, st.Var("r0", st.BoolSort()), st.Var("r1", st.BoolSort()), st.Var("r2", st.BoolSort()),
		st.Var("r3", st.BoolSort()), st.Var("r4", st.BoolSort()), st.Var("r5", st.BoolSort()), p}
	cases := []struct {
		name      string
		got, want Term
	}{
		{"not-true", st.Not(T), F},
		{"not-false", st.Not(F), T},
		{"not-not", st.Not(st.Not(p)), p},
		{"and-empty", st.And(), T},
		{"or-empty", st.Or(), F},
		{"and-neutral", st.And(T, p, T), p},
		{"and-absorbing", st.And(p, F, q), F},
		{"or-absorbing", st.Or(p, T), T},
		{"and-dup", st.And(p, q, p), st.And(p, q)},
		{"and-complement", st.And(p, q, st.Not(p)), F},
		{"or-complement", st.Or(st.Not(q), p, q), T},
		{"and-many-dup", st.And(append(many, many...)...), st.And(many[:8]...)},
		{"and-many-complement", st.And(append(many, st.Not(q))...), F},
		{"or-many-complement-first", st.Or(append([]Term{st.Not(q)}, many...)...), T},
		{"xor-self", mk(OpXor, nil, p, p), F},
		{"xor-false", mk(OpXor, nil, F, p), p},
		{"xor-true", mk(OpXor, nil, p, T), st.Not(p)},
		{"implies-false-ante", st.Implies(F, p), T},
		{"implies-true-cons", st.Implies(p, T), T},
		{"implies-self", st.Implies(p, p), T},
		{"implies-true-ante", st.Implies(T, p), p},
		{"implies-false-cons", st.Implies(p, F), st.Not(p)},
		{"eq-self", st.Eq(x, x), T},
		{"eq-consts", st.Eq(c3, c5), F},
		{"eq-true", st.Eq(T, p), p},
		{"eq-false", st.Eq(p, F), st.Not(p)},
		{"eq-chain", mk(OpEq, nil, x, y, c3), st.And(st.Eq(x, y), st.Eq(y, c3))},
		{"distinct-pair", mk(OpDistinct, nil, x, y), st.Not(st.Eq(x, y))},
		{"distinct-dup", mk(OpDistinct, nil, x, y, x), F},
		{"distinct-consts", mk(OpDistinct, nil, c3, c5, zero), T},
		{"ite-true", st.Ite(T, x, y), x},
		{"ite-false", st.Ite(F, x, y), y},
		{"ite-same", st.Ite(p, x, x), x},
		{"ite-not", st.Ite(st.Not(p), x, y), st.Ite(p, y, x)},
		{"ite-bool-id", st.Ite(p, T, F), p},
		{"ite-bool-neg", st.Ite(p, F, T), st.Not(p)},
		{"ite-bool-or", st.Ite(p, T, q), st.Or(p, q)},
		{"ite-bool-and", st.Ite(p, q, F), st.And(p, q)},
		{"select-const-array", mk(OpSelect, nil, must(st.ConstArray(as, c3)), x), c3},
		{"select-store-same", mk(OpSelect, nil, mk(OpStore, nil, a, i, x), i), x},
		{"select-store-other-const", mk(OpSelect, nil, mk(OpStore, nil, a, c3, x), c5), mk(OpSelect, nil, a, c5)},
		{"select-store-unknown", mk(OpSelect, nil, mk(OpStore, nil, a, i, x), j),
			st.intern(node{op: OpSelect, sort: b8}, []Term{mk(OpStore, nil, a, i, x), j})},
		{"store-overwrite", mk(OpStore, nil, mk(OpStore, nil, a, i, x), i, y), mk(OpStore, nil, a, i, y)},
		{"bvugt-swap", mk(OpBVUgt, nil, x, y), mk(OpBVUlt, nil, y, x)},
		{"bvuge-swap", mk(OpBVUge, nil, x, y), mk(OpBVUle, nil, y, x)},
		{"bvsgt-swap", mk(OpBVSgt, nil, x, y), mk(OpBVSlt, nil, y, x)},
		{"bvsge-swap", mk(OpBVSge, nil, x, y), mk(OpBVSle, nil, y, x)},
		{"bvnot-bvnot", mk(OpBVNot, nil, mk(OpBVNot, nil, x)), x},
		{"bvneg-bvneg", mk(OpBVNeg, nil, mk(OpBVNeg, nil, x)), x},
		{"bvadd-zero", mk(OpBVAdd, nil, zero, x), x},
		{"bvor-zero", mk(OpBVOr, nil, x, zero), x},
		{"bvor-self", mk(OpBVOr, nil, x, x), x},
		{"bvor-ones", mk(OpBVOr, nil, x, ones), ones},
		{"bvxor-self", mk(OpBVXor, nil, x, x), zero},
		{"bvand-zero", mk(OpBVAnd, nil, x, zero), zero},
		{"bvand-ones", mk(OpBVAnd, nil, ones, x), x},
		{"bvand-ones-right", mk(OpBVAnd, nil, x, ones), x},
		{"bvand-self", mk(OpBVAnd, nil, x, x), x},
		{"bvmul-zero", mk(OpBVMul, nil, zero, x), zero},
		{"bvmul-one", mk(OpBVMul, nil, one, x), x},
		{"bvmul-one-right", mk(OpBVMul, nil, x, one), x},
		{"bvsub-self", mk(OpBVSub, nil, x, x), zero},
		{"bvsub-zero", mk(OpBVSub, nil, x, zero), x},
		{"bvshl-zero-amount", mk(OpBVShl, nil, x, zero), x},
		{"bvlshr-zero-value", mk(OpBVLshr, nil, zero, x), zero},
		{"bvashr-zero-value", mk(OpBVAshr, nil, zero, x), zero},
		{"bvudiv-one", mk(OpBVUdiv, nil, x, one), x},
		{"bvult-self", mk(OpBVUlt, nil, x, x), F},
		{"bvslt-self", mk(OpBVSlt, nil, x, x), F},
		{"bvule-self", mk(OpBVUle, nil, x, x), T},
		{"bvsge-self", mk(OpBVSge, nil, x, x), T},
		{"bvcomp-self", mk(OpBVComp, nil, x, x), st.ConstUint64(1, 1)},
		{"extract-full", mk(OpExtract, []uint32{7, 0}, x), x},
		{"extract-extract", mk(OpExtract, []uint32{2, 1}, mk(OpExtract, []uint32{6, 2}, x)), mk(OpExtract, []uint32{4, 3}, x)},
		{"extract-concat-low", mk(OpExtract, []uint32{5, 1}, mk(OpConcat, nil, x, y)), mk(OpExtract, []uint32{5, 1}, y)},
		{"extract-concat-high", mk(OpExtract, []uint32{15, 8}, mk(OpConcat, nil, x, y)), x},
		{"extract-zext", mk(OpExtract, []uint32{3, 0}, mk(OpZeroExtend, []uint32{8}, x)), mk(OpExtract, []uint32{3, 0}, x)},
		{"zero-extend-0", mk(OpZeroExtend, []uint32{0}, x), x},
		{"sign-extend-0", mk(OpSignExtend, []uint32{0}, x), x},
		{"repeat-1", mk(OpRepeat, []uint32{1}, x), x},
		{"rotate-full", mk(OpRotateLeft, []uint32{16}, x), x},
		{"rotate-right-0", mk(OpRotateRight, []uint32{0}, x), x},
		{"bvadd-left-assoc", mk(OpBVAdd, nil, x, y, c3), mk(OpBVAdd, nil, mk(OpBVAdd, nil, x, y), c3)},
		{"concat-left-assoc", mk(OpConcat, nil, x, y, c3), mk(OpConcat, nil, mk(OpConcat, nil, x, y), c3)},
		{"forall-const-body", mk(OpForall, nil, st.BoundVar("k", b8), T), T},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: built %s (term %d), want %s (term %d)", c.name, st.Op(c.got), c.got, st.Op(c.want), c.want)
		}
	}
	// Rules that must not fire.
	if st.Op(mk(OpSelect, nil, mk(OpStore, nil, a, i, x), j)) != OpSelect {
		t.Errorf("select over a store at an undecided index was rewritten")
	}
	if st.Op(mk(OpBVUdiv, nil, x, zero)) != OpBVUdiv {
		t.Errorf("bvudiv by zero was rewritten to something else")
	}
}

func must(t Term, err error) Term {
	if err != nil {
		panic(err)
	}
	return t
}
