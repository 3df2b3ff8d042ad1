package term

import (
	"math/rand"
	"testing"
)

// naiveSelect is the read the builder made before chains were indexed: the
// walk over every store whose index is syntactically decided.
func naiveSelect(st *Store, a, i Term) (Term, bool) {
	for {
		switch st.Op(a) {
		case OpConstArray:
			return st.Arg(a, 0), true
		case OpStore:
			j := st.Arg(a, 1)
			if j == i {
				return st.Arg(a, 2), true
			}
			if st.IsConst(i) && st.IsConst(j) {
				a = st.Arg(a, 0)
				continue
			}
		}
		return a, false // the array the read stays a select of
	}
}

// Reads of long chains (constant and variable indices mixed, rewrites of an
// index, several heads over one chain, reads between the stores, which
// index the chain as it grows and merge its segments) answer as the plain
// walk does.
func TestSelectIndexedChains(t *testing.T) {
	for _, tc := range []struct {
		name     string
		length   int
		indices  uint64 // constant indices range over [0, indices)
		varEvery int    // every varEvery-th store is at a variable index (0: none)
		growing  bool   // a read at the head after every store
	}{
		{"short", 10, 8, 0, false},
		{"long constant", 500, 300, 0, false},
		{"long rewrites", 400, 40, 0, false},
		{"long with variables", 600, 200, 97, false},
		{"growing table", 3000, 4000, 0, true},
		{"growing rewrites", 2000, 100, 0, true},
		{"growing with variables", 3000, 2000, 701, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := NewStore()
			rng := rand.New(rand.NewSource(1))
			idx, elem := st.BitVecSort(64), st.BitVecSort(8)
			a, err := st.ConstArray(st.ArraySort(idx, elem), st.ConstUint64(8, 0))
			if err != nil {
				t.Fatal(err)
			}
			heads := []Term{a}
			check := func(h Term) {
				i := st.ConstUint64(64, rng.Uint64()%(tc.indices+5))
				got := st.MustMake(OpSelect, nil, h, i)
				want, ok := naiveSelect(st, h, i)
				if ok && got != want {
					t.Fatalf("select(head %d, %d) = %v, want %v", h, i, got, want)
				}
				if !ok && (st.Op(got) != OpSelect || st.Arg(got, 0) != want) {
					t.Fatalf("select(head %d, %d) = %v, want a select of %v", h, i, got, want)
				}
			}
			for k := 0; k < tc.length; k++ {
				i := st.ConstUint64(64, rng.Uint64()%tc.indices)
				if tc.varEvery > 0 && k%tc.varEvery == tc.varEvery-1 {
					i = st.Var("i"+string(rune('a'+k%26)), idx)
				}
				a = st.MustMake(OpStore, nil, a, i, st.ConstUint64(8, uint64(k)))
				heads = append(heads, a)
				if tc.growing {
					check(a)
				}
			}
			for n := 0; n < 2000; n++ {
				check(heads[rng.Intn(len(heads))])
			}
		})
	}
}
