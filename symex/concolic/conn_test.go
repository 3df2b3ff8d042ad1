package concolic

import (
	"context"
	"testing"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/term"
)

// TestConnAgainstForking explores the connection state machine (events,
// globals read and written in one block, a panic) with and without
// merging, and checks it against the forking executor on ConnFork, the
// same machine with events and arguments as parameters: BASE runs equal
// its paths, both modes find its panic, no divergence, no stale UNSAT.
func TestConnAgainstForking(t *testing.T) {
	fork := seedFunc(t, "ConnFork")
	fst := term.NewStore()
	fres, err := symex.NewExecutor(fork, fst, nil, symex.Options{}).Explore(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !fres.Stats.Exhausted() || len(fres.Panics) != 1 {
		t.Fatalf("forking: exhausted %v, %d panics", fres.Stats.Exhausted(), len(fres.Panics))
	}
	for _, mergeOn := range []bool{false, true} {
		st := term.NewStore()
		s := symex.NewEngineSolver(st)
		res, err := Explore(st, seedFunc(t, "Conn"), s, Config{Merge: mergeOn, MaxEvents: 4})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Exhausted || res.Divergences != 0 || len(res.Panics) != 1 || res.Panics[0].Message != fres.Panics[0].Message {
			t.Fatalf("merge=%v: exhausted %v, %d divergences, panics %v", mergeOn, res.Exhausted, res.Divergences, res.Panics)
		}
		if !mergeOn && res.Runs != fres.Stats.Paths {
			t.Errorf("BASE: %d runs, the forking executor %d paths", res.Runs, fres.Stats.Paths)
		}
		if mergeOn && res.Runs*10 > fres.Stats.Paths {
			t.Errorf("MERGE: %d runs for %d paths", res.Runs, fres.Stats.Paths)
		}
		stale, err := res.DAG.StaleUnsat(s)
		if err != nil || len(stale) > 0 {
			t.Errorf("merge=%v: stale UNSAT %v %v", mergeOn, stale, err)
		}
	}
}
