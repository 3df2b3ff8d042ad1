package qbv

import (
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// TestBoundaryValues: the ends of a range, most extreme first, without
// repeats in narrow widths.
func TestBoundaryValues(t *testing.T) {
	tests := []struct {
		w    uint32
		want []uint64
	}{
		{1, []uint64{0, 1}},
		{2, []uint64{0, 3, 1, 2}},
		{8, []uint64{0, 255, 1, 254, 128, 127, 129, 126}},
	}
	for _, tc := range tests {
		got := boundaryValues(tc.w)
		if len(got) != len(tc.want) {
			t.Fatalf("width %d: %d values, want %d", tc.w, len(got), len(tc.want))
		}
		for i, v := range got {
			if x, _ := v.Uint64(); x != tc.want[i] || v.Width() != tc.w {
				t.Errorf("width %d: value %d is %v, want %d", tc.w, i, v, tc.want[i])
			}
		}
	}
}

// TestToBoundary: for ∀x l. x < l ⇒ x·a < 100 with a = 10 in the ground
// model and a product widened to 16 bits, the counterexample x = 20,
// l = 30 moves to x = 254, l = 255 (x moves only once l has); a
// counterexample whose value a ground term has stays; with an 8-bit
// product, which wraps, nothing moves.
func TestToBoundary(t *testing.T) {
	st := term.NewStore()
	s8 := st.BitVecSort(8)
	x, l, a := st.Var("x", s8), st.Var("l", s8), st.Var("a", s8)
	ult := func(p, q term.Term) term.Term { return st.MustMake(term.OpBVUlt, nil, p, q) }
	k := func(v uint64) term.Value { return st.BVValue(bv.New(8, v)) }
	zext := func(p term.Term) term.Term { return st.MustMake(term.OpZeroExtend, []uint32{8}, p) }
	widened := st.Or(st.Not(ult(x, l)), ult(st.MustMake(term.OpBVMul, nil, zext(x), zext(a)), st.ConstUint64(16, 100)))
	wraps := st.Or(st.Not(ult(x, l)), ult(st.MustMake(term.OpBVMul, nil, x, a), st.ConstUint64(8, 100)))
	tests := []struct {
		name      string
		body      term.Term
		groundA   bool // a is in the ground pool
		x, l      uint64
		wantX     uint64
		wantL     uint64
		wantMoved bool
	}{
		{"to the ends", widened, false, 20, 30, 254, 255, true},
		{"at the ends", widened, false, 254, 255, 254, 255, false},
		{"a ground term's value stays", widened, true, 10, 30, 10, 255, true},
		{"a product that wraps", wraps, false, 20, 30, 20, 30, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := &run{s: &Solver{}, st: st, pool: newPool(st)}
			if tc.groundA {
				r.pool.collect(a)
			}
			m := term.NewModel()
			m.Set(a, k(10))
			r.pool.newModel(m)
			q := &quantifier{vars: []term.Term{x, l}, body: tc.body, neg: term.NoTerm}
			q.prepare(st)
			ce := term.NewModel()
			ce.Set(q.ic[0], k(tc.x))
			ce.Set(q.ic[1], k(tc.l))
			out := r.toBoundary(q, m, ce)
			if moved := out != ce; moved != tc.wantMoved {
				t.Errorf("moved %v, want %v", moved, tc.wantMoved)
			}
			gx, _ := st.ValueOf(out, q.ic[0]).BV.Uint64()
			gl, _ := st.ValueOf(out, q.ic[1]).BV.Uint64()
			if gx != tc.wantX || gl != tc.wantL {
				t.Errorf("x, l = %d, %d, want %d, %d", gx, gl, tc.wantX, tc.wantL)
			}
			if ok, err := term.NewEvaluator(st, withValues(m, q.ic, []term.Value{k(gx), k(gl)})).EvalBool(q.neg); !ok || err != nil {
				t.Errorf("not a counterexample any more (%v)", err)
			}
		})
	}
}
