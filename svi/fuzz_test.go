package svi

import "testing"

// FuzzArithSoundness checks add, mul and the shifts on arbitrary small
// strided intervals at widths 1..64: every concrete result must be in the
// abstract result, and an exact result must have no extra element.
func FuzzArithSoundness(f *testing.F) {
	f.Add(uint8(8), uint64(250), uint64(3), uint64(5), uint64(10), uint64(0), uint64(1), uint8(0))
	f.Add(uint8(64), uint64(1)<<63, uint64(1), uint64(6), uint64(2), uint64(0), uint64(0), uint8(1))
	f.Add(uint8(6), uint64(33), uint64(5), uint64(3), uint64(2), uint64(1), uint64(2), uint8(2))
	f.Fuzz(func(t *testing.T, wb uint8, lo1, s1, n1, lo2, s2, n2 uint64, opSel uint8) {
		w := uint(wb%64) + 1
		m := mask(w)
		n1, n2 = n1%24, n2%24
		x, ok1 := Strided(w, lo1, lo1+n1*s1, max(s1&m, 1))
		y, ok2 := Strided(w, lo2, lo2+n2*s2, max(s2&m, 1))
		if !ok1 || !ok2 || !mulFits(n1, max(s1&m, 1), w) || !mulFits(n2, max(s2&m, 1), w) {
			return
		}
		ops := []struct {
			op   Op
			eval func(a, b uint64) uint64
		}{
			{OpAdd, func(a, b uint64) uint64 { return (a + b) & m }},
			{OpMul, func(a, b uint64) uint64 { return a * b & m }},
			{OpShl, func(a, b uint64) uint64 { return binaryOps[8].eval(a, b, w) }},
			{OpLShr, func(a, b uint64) uint64 { return binaryOps[9].eval(a, b, w) }},
			{OpAShr, func(a, b uint64) uint64 { return binaryOps[10].eval(a, b, w) }},
		}
		o := ops[int(opSel)%len(ops)]
		r := Forward(o.op, x, y)
		checkInvariants(t, r.Set)
		var vals []uint64
		for _, a := range mustElems(x) {
			for _, b := range mustElems(y) {
				vals = append(vals, o.eval(a, b))
			}
		}
		want := FromValues(w, vals).Set
		if !want.SubsetOf(r.Set) {
			t.Fatalf("%v(%v, %v) = %v is unsound (want ⊇ %v)", o.op, x, y, r.Set, want)
		}
		if r.Exact && !want.Equal(r.Set) {
			t.Fatalf("%v(%v, %v) = %v claims exact, want %v", o.op, x, y, r.Set, want)
		}
	})
}
