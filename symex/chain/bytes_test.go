package chain

import (
	"context"
	"slices"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// bytesFixture is a string's bytes: an array s from 64-bit indices to
// bytes, its reads at 0, 1 and at a symbolic index i.
type bytesFixture struct {
	*fixture
	s, i, s0, s1, si term.Term
}

func newBytesFixture() *bytesFixture {
	f := newFixture()
	st := f.st
	b64 := st.BitVecSort(64)
	s := st.Var("s", st.ArraySort(b64, st.BitVecSort(8)))
	i := st.Var("i", b64)
	sel := func(at term.Term) term.Term { return st.MustMake(term.OpSelect, nil, s, at) }
	return &bytesFixture{fixture: f, s: s, i: i, s0: sel(st.ConstUint64(64, 0)), s1: sel(st.ConstUint64(64, 1)), si: sel(i)}
}

// TestRelevantByBytes: constraints on different bytes of one array are
// independent, until the array is read at a symbolic index.
func TestRelevantByBytes(t *testing.T) {
	f := newBytesFixture()
	st := f.st
	on0 := f.ult(f.s0, f.k(9))
	on1 := f.ult(f.k(100), f.s1)
	pc := []term.Term{on0, on1}
	cond := st.Eq(f.s1, f.k(120))
	s := newSymbols(st)
	if got, want := s.relevant(pc, cond), []term.Term{on1}; !slices.Equal(got, want) {
		t.Errorf("relevant to s[1]: %v, want %v", got, want)
	}
	whole := st.Eq(f.si, f.k(7))
	if got, want := s.relevant(append(pc, whole), cond), []term.Term{on0, on1, whole}; !slices.Equal(got, want) {
		t.Errorf("with s[i]: %v, want %v", got, want)
	}
}

// TestBytesComplete: the model of one byte's slice is written into the
// path's array, whose other bytes keep their values.
func TestBytesComplete(t *testing.T) {
	f := newBytesFixture()
	st := f.st
	b := &engineBackend{sess: engine.NewSession(st, engine.Options{})}
	c := New(st, b, Layers{Independence: true})
	pc := []term.Term{f.ult(f.s0, f.k(9)), f.ult(f.k(100), f.s1)}
	arr := term.NewArrayValue(st.SortOf(f.s), st.BVValue(bv.New(8, 0)))
	arr.Arr = arr.Arr.Store(st.BVValue(bv.New(64, 0)), st.BVValue(bv.New(8, 5))).
		Store(st.BVValue(bv.New(64, 1)), st.BVValue(bv.New(8, 101)))
	known := term.NewModel()
	known.Set(f.s, arr)
	cond := st.Eq(f.s1, f.k(120))
	res, m, err := c.Check(context.Background(), Query{PC: pc, Cond: cond, Known: known})
	if err != nil || res != smtlib.Sat || m == nil {
		t.Fatalf("got %v %v %v", res, m, err)
	}
	if len(b.asked) != 1 || len(b.asked[0]) != 2 {
		t.Errorf("backend asked %v, want s[1]'s slice", b.asked)
	}
	if c.Stats().Rejected != 0 || !Holds(st, m, append(pc, cond)...) {
		t.Errorf("the completed model fails the question (stats %+v)", c.Stats())
	}
	if v := m.Values[f.s].Arr.Select(st.BVValue(bv.New(64, 0))); !v.Equal(st.BVValue(bv.New(8, 5))) {
		t.Errorf("s[0] = %v, want the path's 5", v)
	}
}
