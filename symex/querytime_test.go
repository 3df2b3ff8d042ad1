package symex

import (
	"context"
	"testing"
	"time"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// TestQueryTimesPairs: the median and the 90th percentile of the recorded
// checks, in milliseconds; a wall clock is said.
func TestQueryTimesPairs(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name string
		q    queryTimes
		want [][2]string
	}{
		{"none", queryTimes{}, nil},
		{"one", queryTimes{d: []time.Duration{2 * ms}}, [][2]string{{"query-median-ms", "2.000"}, {"query-p90-ms", "2.000"}}},
		{"ten", queryTimes{d: []time.Duration{10 * ms, 1 * ms, 2 * ms, 3 * ms, 4 * ms, 5 * ms, 6 * ms, 7 * ms, 8 * ms, 9 * ms}},
			[][2]string{{"query-median-ms", "6.000"}, {"query-p90-ms", "10.000"}}},
		{"wall", queryTimes{d: []time.Duration{ms / 2}, wall: true},
			[][2]string{{"query-median-ms", "0.500"}, {"query-p90-ms", "0.500"}, {"query-clock", "wall"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.q.pairs()
			if len(got) != len(c.want) {
				t.Fatalf("%v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("%v, want %v", got, c.want)
				}
			}
		})
	}
}

// TestPipeSolverConstArray: a pipe solver is given a logic in which z3
// reads constant arrays (a string's zero-filled bytes are one), and it
// times the check.
func TestPipeSolverConstArray(t *testing.T) {
	st := term.NewStore()
	ps := z3Pipe(t, st)
	b8 := st.BitVecSort(8)
	zero, err := st.ConstArray(st.ArraySort(st.BitVecSort(64), b8), st.ConstUint64(8, 0))
	if err != nil {
		t.Fatal(err)
	}
	x := st.Var("x", b8)
	a := st.Eq(x, st.MustMake(term.OpSelect, nil, zero, st.Var("i", st.BitVecSort(64))))
	status, _, err := ps.Check(context.Background(), []term.Term{a}, []term.Term{x})
	if err != nil || status != smtlib.Sat {
		t.Fatalf("%v, %v; want sat", status, err)
	}
	if got := ps.Statistics(); len(got) < 3 || got[1][0] != "query-median-ms" {
		t.Errorf("statistics %v: no query time", got)
	}
}
