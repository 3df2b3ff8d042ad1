package bv

import (
	"fmt"
	"testing"
)

// go test -run '^$' -bench . -benchmem ./bv

var benchSink Value

func BenchmarkOps(b *testing.B) {
	ops := []struct {
		name string
		f    func(a, b Value) Value
	}{{"Add", Add}, {"Mul", Mul}, {"Udiv", Udiv}, {"Sdiv", Sdiv}}
	for _, w := range []uint32{32, 128} {
		x := Sub(Zero(w), New(w, 0x1234_5678_9abc_def1))
		y := New(w, 0x0fed_cba9)
		for _, op := range ops {
			b.Run(fmt.Sprintf("%s/%d", op.name, w), func(b *testing.B) {
				for b.Loop() {
					benchSink = op.f(x, y)
				}
			})
		}
	}
}

// The narrow path must not allocate: the term builder folds constants in
// its hot loop.
func TestNarrowOpsDoNotAllocate(t *testing.T) {
	a, b := New(32, 0xdeadbeef), New(32, 7)
	for _, op := range binaryOps {
		if n := testing.AllocsPerRun(20, func() { benchSink = op.impl(a, b) }); n != 0 {
			t.Errorf("%s at width 32 allocates %.0f times", op.name, n)
		}
	}
	for _, p := range predicates {
		if n := testing.AllocsPerRun(20, func() { _ = p.impl(a, b) }); n != 0 {
			t.Errorf("%s at width 32 allocates %.0f times", p.name, n)
		}
	}
	resize := map[string]func(){
		"extract":     func() { benchSink = Extract(a, 15, 3) },
		"concat":      func() { benchSink = Concat(a, b) },
		"sign_extend": func() { benchSink = SignExtend(a, 16) },
		"repeat":      func() { benchSink = Repeat(b, 2) },
		"rotate":      func() { benchSink = RotateLeft(a, 5) },
		"not":         func() { benchSink = Not(a) },
		"neg":         func() { benchSink = Neg(a) },
	}
	for name, f := range resize {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s at width 32 allocates %.0f times", name, n)
		}
	}
}
