package symex

import (
	"testing"

	"github.com/sift-solver/sift/term"
)

// TestTableRead: a read of a constant table at a symbolic index, rewritten
// as the runs' tree or down the index's ite tree, has the select's value
// at every value of the index's variable, and leaves no array behind;
// tables the rewrite does not apply to keep the select.
func TestTableRead(t *testing.T) {
	st := term.NewStore()
	e := &Executor{st: st}
	idx, byteS := st.BitVecSort(64), st.BitVecSort(8)
	c64 := func(n uint64) term.Term { return st.ConstUint64(64, n) }
	c8 := func(n uint64) term.Term { return st.ConstUint64(8, n) }
	x := st.Var("x", byteS)
	wide := st.MustMake(term.OpZeroExtend, []uint32{56}, x)
	table := func(base uint64, vals func(k uint64) (uint64, bool), n uint64) term.Term {
		a, err := st.ConstArray(st.ArraySort(idx, byteS), c8(base))
		if err != nil {
			t.Fatal(err)
		}
		for k := range n {
			if v, ok := vals(k); ok {
				a = st.MustMake(term.OpStore, nil, a, c64(k), c8(v))
			}
		}
		return a
	}
	// utf8's first: runs of classes over the byte.
	first := table(0, func(k uint64) (uint64, bool) {
		switch {
		case k < 0x80:
			return 0xf0, true
		case k < 0xc2:
			return 0xf1, true
		case k < 0xe0:
			return 0x02, true
		}
		return 0x03, k != 0xf7 // a hole: the base's 0
	}, 256)
	// Every entry its own run: too many runs for a run tree.
	squares := table(7, func(k uint64) (uint64, bool) { return k * k, true }, 100)
	// A binary search's index: an ite tree over x with constant leaves,
	// under &^1 (strconv's isPrint[i&^1]).
	search := st.Ite(st.MustMake(term.OpBVUlt, nil, x, c8(40)), c64(3),
		st.Ite(st.MustMake(term.OpBVUlt, nil, x, c8(90)), c64(17), c64(200)))
	masked := st.MustMake(term.OpBVAnd, nil, search, c64(^uint64(1)))
	symbolic := st.Var("s", st.ArraySort(idx, byteS))
	cases := []struct {
		name      string
		a, i      term.Term
		rewritten bool
	}{
		{"runs", first, wide, true},
		{"runs, index past the table", first, st.MustMake(term.OpBVAdd, nil, wide, c64(200)), true},
		{"many runs, ite index", squares, masked, true},
		{"many runs, plain index", squares, wide, false},
		{"symbolic array", symbolic, masked, false},
		{"stored at a symbolic index", st.MustMake(term.OpStore, nil, first, wide, c8(1)), masked, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := e.tableRead(c.a, c.i)
			if ok != c.rewritten {
				t.Fatalf("rewritten %v, want %v", ok, c.rewritten)
			}
			if !ok {
				return
			}
			if st.Contains(got, func(u term.Term) bool { return st.IsArray(st.SortOf(u)) }) {
				t.Errorf("an array is left in %s", termString(st, got))
			}
			want := st.MustMake(term.OpSelect, nil, c.a, c.i)
			for v := range uint64(256) {
				sub := map[term.Term]term.Term{x: c8(v)}
				if g, w := st.Substitute(got, sub), st.Substitute(want, sub); g != w {
					t.Fatalf("x = %d: %s, the select %s", v, termString(st, g), termString(st, w))
				}
			}
		})
	}
}
