package concolic

import (
	"testing"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/term"
)

// TestSeed001Engine checks seed 001 §7.4's solver-independent invariants
// with sift's engine as the solver (inputs over their whole range):
// BASE runs are the feasible paths; after MERGE exploration the nodes,
// explored edges and merges are §7.3's, merges = edges to nodes - (nodes -
// 1), no divergence, no stale UNSAT mark (re-solved with the engine), every
// reachable marker hit, and runs ≤ 1 + edges - edges of run 1.
func TestSeed001Engine(t *testing.T) {
	markers := map[string][]string{
		"T1": {"ERROR"}, "T2": {"END_T", "END_F"}, "T3n3": {"BUG"}, "T3n5": {"BUG"}, "T3n10": {"BUG"},
		"T4": {"log", "f_then", "g_then"}, "T5K3": {"foo"}, "T5K4": {"foo"}, "T6N3": {"BUG"}, "T6N10": {"BUG"},
		"T7": {"B_then"}, "T8": {"BUG"}, "T9": {"BUG", "B"},
	}
	for _, c := range seedCases {
		t.Run(c.name, func(t *testing.T) {
			for _, mergeOn := range []bool{false, true} {
				if !mergeOn && c.baseRuns > 200 {
					continue // 1024 runs: the enumerative table covers them
				}
				for _, search := range Searches {
					if !mergeOn && search != "bfs" {
						continue
					}
					st := term.NewStore()
					s := symex.NewEngineSolver(st)
					res, err := Explore(st, seedFunc(t, c.fn), s, Config{Merge: mergeOn, Search: search, MaxEvents: c.k, MaxRuns: 1000})
					if err != nil {
						t.Fatal(err)
					}
					if !res.Exhausted || res.Divergences != 0 {
						t.Fatalf("merge=%v %s: exhausted %v, %d divergences", mergeOn, search, res.Exhausted, res.Divergences)
					}
					stale, err := res.DAG.StaleUnsat(s)
					if err != nil || len(stale) > 0 {
						t.Errorf("merge=%v %s: stale UNSAT %v (%v)", mergeOn, search, stale, err)
					}
					for _, m := range markers[c.name] {
						if firstHit(res, m) == 0 {
							t.Errorf("merge=%v %s: %s never hit", mergeOn, search, m)
						}
					}
					if !mergeOn {
						if res.Runs != c.baseRuns {
							t.Errorf("BASE runs %d, want %d feasible paths", res.Runs, c.baseRuns)
						}
						continue
					}
					_, _, inner := res.DAG.Counts()
					if res.Nodes != c.nodes || res.Explored != c.edges || res.Merges != c.merges || res.Merges != inner-(res.Nodes-1) {
						t.Errorf("%s: nodes %d edges %d merges %d (edges to nodes %d), want %d %d %d", search, res.Nodes,
							res.Explored, res.Merges, inner, c.nodes, c.edges, c.merges)
					}
					if first := len(res.History[0].Out.Trace.Steps); res.Runs > 1+c.edges-first {
						t.Errorf("%s: %d runs, more than 1 + %d - %d", search, res.Runs, c.edges, first)
					}
				}
			}
		})
	}
}
