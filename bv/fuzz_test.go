package bv

import (
	"fmt"
	"testing"
)

// FuzzOps checks, at a narrow width (1..64), that every uint64 kernel agrees
// with its math/big kernel and with the oracle; and at a wide width (65..194)
// that every operator agrees with the oracle.
//
//	go test -run '^$' -fuzz FuzzOps -fuzztime 30s ./bv
func FuzzOps(f *testing.F) {
	f.Add(uint8(63), uint64(1)<<63, ^uint64(0), uint8(0), uint64(1), uint64(0))
	f.Add(uint8(7), uint64(0x80), uint64(0xff), uint8(63), ^uint64(0), ^uint64(0))
	f.Add(uint8(0), uint64(1), uint64(1), uint8(1), uint64(0), uint64(1)<<63)
	f.Add(uint8(31), uint64(5), uint64(0), uint8(200), uint64(3), uint64(0))
	f.Fuzz(func(t *testing.T, wSeed uint8, x, y uint64, extSeed uint8, hx, hy uint64) {
		nw := 1 + uint32(wSeed)%64
		fuzzNarrow(t, nw, New(nw, x), New(nw, y))
		ww := 65 + uint32(extSeed)%130
		a := Concat(New(ww-64, hx), New(64, x))
		b := Concat(New(ww-64, hy), New(64, y))
		fuzzAgainstReference(t, a, b)
	})
}

func fuzzNarrow(t *testing.T, w uint32, a, b Value) {
	x, y := a.Big(), b.Big()
	for _, op := range binaryOps {
		if op.wide == nil {
			continue
		}
		if got, viaBig := op.impl(a, b), FromBig(w, op.wide(w, x, y)); !got.Equal(viaBig) {
			t.Fatalf("%s w=%d %s %s: uint64 path %s, big path %s", op.name, w, x, y, got, viaBig)
		}
	}
	for _, p := range predicates {
		if p.wide == nil {
			continue
		}
		if got, viaBig := p.impl(a, b), p.wide(w, x, y); got != viaBig {
			t.Fatalf("%s w=%d %s %s: uint64 path %v, big path %v", p.name, w, x, y, got, viaBig)
		}
	}
	for _, op := range unaryOps {
		if got, viaBig := op.impl(a), FromBig(w, op.wide(w, x)); !got.Equal(viaBig) {
			t.Fatalf("%s w=%d %s: uint64 path %s, big path %s", op.name, w, x, got, viaBig)
		}
	}
	fuzzAgainstReference(t, a, b)
}

func fuzzAgainstReference(t *testing.T, a, b Value) {
	w, x, y := a.Width(), a.Big(), b.Big()
	for _, op := range binaryOps {
		wantW := w
		if op.name == "bvcomp" {
			wantW = 1
		}
		checkValue(t, fmt.Sprintf("%s w=%d %s %s", op.name, w, x, y), op.impl(a, b), wantW, op.ref(w, x, y))
	}
	for _, p := range predicates {
		if got, want := p.impl(a, b), p.ref(w, x, y); got != want {
			t.Fatalf("%s w=%d %s %s: got %v, want %v", p.name, w, x, y, got, want)
		}
	}
	for _, op := range unaryOps {
		checkValue(t, fmt.Sprintf("%s w=%d %s", op.name, w, x), op.impl(a), w, op.ref(w, x))
	}
	if got, want := Nego(a), refNego(w, x); got != want {
		t.Fatalf("bvnego w=%d %s: got %v, want %v", w, x, got, want)
	}
}
