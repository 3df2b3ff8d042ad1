package quant

import (
	"context"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// parse runs an SMT-LIB script and returns the store and the assertions at
// its first check-sat (or at its end when it has none).
func parse(t *testing.T, script string) (*term.Store, []term.Term) {
	t.Helper()
	st, as, _, err := smtlib.ReadAssertions(strings.NewReader(script))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return st, as
}

// Parse is parse for the external tests (package quant_test).
var Parse = parse

// bv32 and friends build the terms the tests compare against.
func bv32(st *term.Store, x uint64) term.Term { return st.ConstUint64(32, x) }

func byteArray(st *term.Store) term.Sort {
	return st.ArraySort(st.BitVecSort(32), st.BitVecSort(8))
}

// bytesValue is the array value with cells 0..len(b)-1 set to b, 0 elsewhere.
func bytesValue(st *term.Store, b []uint64) term.Value {
	v := term.NewArrayValue(byteArray(st), st.BVValue(bv.Zero(8)))
	for i, x := range b {
		v.Arr = v.Arr.Store(st.BVValue(bv.New(32, uint64(i))), st.BVValue(bv.New(8, x)))
	}
	return v
}

// cells reads cells 0..n-1 of an array value.
func cells(st *term.Store, v term.Value, n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		x, _ := v.Arr.Select(st.BVValue(bv.New(32, uint64(i)))).BV.Uint64()
		out[i] = x
	}
	return out
}

func bvVal(st *term.Store, w uint32, x uint64) term.Value { return st.BVValue(bv.New(w, x)) }

// holds checks m against q by evaluation alone (no solver for ground
// queries: a range past enumLimit is not known to hold).
func holds(q *Query, m *term.Model) bool {
	ok, err := newChecker(q.Store, nil, &Stats{}).holds(context.Background(), q, m)
	return err == nil && ok
}
