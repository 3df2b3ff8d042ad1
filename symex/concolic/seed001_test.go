package concolic

import (
	"fmt"
	"sync"
	"testing"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/term"
)

var (
	seedOnce sync.Once
	seedProg *symex.Program
	seedErr  error
)

// seedFunc loads function fn of the seed 001 test programs.
func seedFunc(t testing.TB, fn string) *symex.Program {
	t.Helper()
	seedOnce.Do(func() { seedProg, seedErr = symex.Load("../testdata/concolic", ".", "T1") })
	if seedErr != nil {
		t.Fatal(seedErr)
	}
	p, err := seedProg.WithFunc(fn)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSmoke(t *testing.T) {
	for _, fn := range []string{"T1", "T2", "T4", "T5", "T6N3", "T7", "T8", "T9", "D3"} {
		for _, mergeOn := range []bool{false, true} {
			st := term.NewStore()
			p := seedFunc(t, fn)
			dom := []int64{0, 1, 2, 3}
			res, err := Explore(st, p.Fn, NewEnumerative(st, dom), Config{Merge: mergeOn, MaxRuns: 300})
			if err != nil {
				t.Fatal(fn, err)
			}
			ex, un, _ := res.DAG.Counts()
			fmt.Printf("%s merge=%v runs=%d nodes=%d merges=%d edges=%d unsat=%d div=%d ends=%v marks=%v unsupported=%v\n", fn, mergeOn, res.Runs, res.Nodes, res.Merges, ex, un, res.Divergences, res.Ends, res.FirstMark, res.Unsupported)
		}
	}
}
