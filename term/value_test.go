package term

import (
	"testing"

	"github.com/sift-solver/sift/bv"
)

// TestArrayValueEqualSmallDomain checks extensional equality of array values
// over small index domains, where one array has several representations.
func TestArrayValueEqualSmallDomain(t *testing.T) {
	st := NewStore()
	b := func(w uint32, x uint64) Value { return st.BVValue(bv.New(w, x)) }
	arr := func(w uint32, def Value, kv ...Value) Value {
		v := NewArrayValue(st.ArraySort(st.BitVecSort(w), def.Sort), def)
		for k := 0; k+1 < len(kv); k += 2 {
			v.Arr = v.Arr.Store(kv[k], kv[k+1])
		}
		return v
	}
	tests := []struct {
		name string
		x, y Value
		want bool
	}{
		{"default swapped over one bit", arr(1, b(8, 5), b(1, 0), b(8, 7)), arr(1, b(8, 7), b(1, 1), b(8, 5)), true},
		{"fully written equals constant", arr(1, b(8, 0), b(1, 0), b(8, 3), b(1, 1), b(8, 3)), arr(1, b(8, 3)), true},
		{"half written over two bits", arr(2, b(8, 1), b(2, 0), b(8, 2), b(2, 1), b(8, 2)),
			arr(2, b(8, 2), b(2, 2), b(8, 1), b(2, 3), b(8, 1)), true},
		{"different at one index", arr(1, b(8, 5), b(1, 0), b(8, 7)), arr(1, b(8, 7), b(1, 0), b(8, 5)), false},
		{"wide index keeps its default", arr(8, b(8, 5), b(8, 0), b(8, 7)), arr(8, b(8, 7), b(8, 1), b(8, 5)), false},
		{"bool index", NewArrayValue(st.ArraySort(BoolSortID, b(1, 0).Sort), b(1, 0)),
			func() Value {
				v := NewArrayValue(st.ArraySort(BoolSortID, b(1, 0).Sort), b(1, 1))
				v.Arr = v.Arr.Store(BoolValue(false), b(1, 0))
				v.Arr = v.Arr.Store(BoolValue(true), b(1, 0))
				return v
			}(), true},
	}
	for _, tc := range tests {
		if got := tc.x.Equal(tc.y); got != tc.want {
			t.Errorf("%s: Equal = %v, want %v (keys %s, %s)", tc.name, got, tc.want, tc.x.Key(), tc.y.Key())
		}
	}
}
