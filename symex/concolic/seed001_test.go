package concolic

import (
	"fmt"
	"slices"
	"strings"
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

// seedFunc loads function fn of the seed 001 test programs
// (symex/testdata/concolic).
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

func domain(lo, hi int64) []int64 {
	var d []int64
	for x := lo; x <= hi; x++ {
		d = append(d, x)
	}
	return d
}

// seedCase is one row of seed 001 §7.3, under the reference policy of
// §7.1 (enumerative solver, inputs 0 and events stop in run 1).
type seedCase struct {
	name, fn  string
	hi        int64 // the integer domain is 0 … hi
	k         int   // --max-events
	baseRuns  int
	baseNodes int
	baseUnsat int
	runs      [3]int // MERGE runs with bfs, dfs, covfirst
	nodes     int
	merges    int
	edges     int
	unsat     int
	marker    string // "" for none; a panic message or a Mark label
	hit       [2]int // first run that hits marker, BASE → MERGE, with bfs (0: never)
}

var seedCases = []seedCase{
	{"T1", "T1", 40, 0, 3, 2, 0, [3]int{3, 3, 3}, 2, 0, 4, 0, "ERROR", [2]int{3, 3}},
	{"T2", "T2", 3, 0, 8, 15, 8, [3]int{5, 4, 5}, 4, 3, 8, 0, "END_T", [2]int{5, 5}},
	{"T3n3", "D3", 1, 0, 8, 15, 8, [3]int{5, 4, 5}, 4, 3, 8, 0, "BUG", [2]int{5, 5}},
	{"T3n5", "D5", 1, 0, 32, 63, 32, [3]int{7, 6, 7}, 6, 5, 12, 0, "BUG", [2]int{17, 7}},
	{"T3n10", "D10", 1, 0, 1024, 2047, 1024, [3]int{12, 11, 12}, 11, 10, 22, 0, "BUG", [2]int{513, 12}},
	{"T4", "T4", 3, 0, 8, 7, 0, [3]int{6, 6, 6}, 5, 2, 10, 0, "", [2]int{}},
	{"T5K1", "T5", 3, 1, 4, 2, 1, [3]int{4, 4, 4}, 2, 0, 5, 1, "foo", [2]int{0, 0}},
	{"T5K2", "T5", 3, 2, 13, 9, 5, [3]int{8, 7, 8}, 5, 2, 12, 2, "foo", [2]int{0, 0}},
	{"T5K3", "T5", 3, 3, 42, 32, 17, [3]int{12, 10, 12}, 8, 5, 20, 2, "foo", [2]int{16, 12}},
	{"T5K4", "T5", 3, 4, 143, 111, 53, [3]int{16, 13, 17}, 11, 9, 28, 2, "foo", [2]int{16, 16}},
	{"T6N3", "T6N3", 1, 0, 8, 30, 23, [3]int{4, 4, 4}, 8, 3, 12, 4, "BUG", [2]int{1, 1}},
	{"T6N10", "T6N10", 1, 0, 1024, 4094, 3071, [3]int{11, 11, 11}, 22, 10, 33, 11, "BUG", [2]int{1, 1}},
	{"T7", "T7", 3, 0, 2, 3, 2, [3]int{2, 2, 2}, 2, 1, 3, 1, "B_then", [2]int{1, 1}},
	{"T8", "T8", 3, 0, 3, 5, 3, [3]int{3, 3, 3}, 3, 2, 6, 0, "BUG", [2]int{3, 3}},
	{"T9", "T9", 3, 0, 6, 7, 2, [3]int{4, 4, 4}, 3, 2, 6, 0, "BUG", [2]int{5, 4}},
}

// firstHit is the first run that panicked with msg or marked it.
func firstHit(res *Result, msg string) int {
	if n, ok := res.FirstMark[msg]; ok {
		return n
	}
	for _, p := range res.Panics {
		if p.Message == msg {
			return p.Run
		}
	}
	return 0
}

// exploreSeed runs one configuration with the reference policy and checks
// the invariants every run must keep: the DAG stays acyclic after every
// insertion, no divergence, and the generic oracle finds no stale UNSAT
// mark.
func exploreSeed(t *testing.T, c seedCase, merge bool, search string, extra func(*Config)) *Result {
	t.Helper()
	st := term.NewStore()
	p := seedFunc(t, c.fn)
	cfg := Config{Merge: merge, Search: search, MaxEvents: c.k, MaxRuns: 5000,
		CheckAfter: func(d *DAG) error {
			if !d.Acyclic() {
				return fmt.Errorf("the DAG has a cycle")
			}
			return nil
		}}
	if extra != nil {
		extra(&cfg)
	}
	s := NewEnumerative(st, domain(0, c.hi))
	res, err := Explore(st, p, s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Exhausted && res.Divergences == 0 {
		t.Fatalf("not exhausted: %s", res.Stopped)
	}
	if len(res.Unsupported) > 0 {
		t.Fatalf("unsupported: %v", res.Unsupported)
	}
	stale, err := res.DAG.StaleUnsat(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 && !cfg.NoReset {
		t.Errorf("stale UNSAT marks: %v", stale)
	}
	return res
}

func TestSeed001Table(t *testing.T) {
	for _, c := range seedCases {
		t.Run(c.name, func(t *testing.T) {
			base := exploreSeed(t, c, false, "bfs", nil)
			if base.Runs != c.baseRuns || base.Nodes != c.baseNodes || base.UnsatEdges != c.baseUnsat {
				t.Errorf("BASE: runs %d nodes %d unsat %d, want %d %d %d", base.Runs, base.Nodes, base.UnsatEdges,
					c.baseRuns, c.baseNodes, c.baseUnsat)
			}
			if base.Divergences != 0 || base.Merges != 0 {
				t.Errorf("BASE: divergences %d merges %d", base.Divergences, base.Merges)
			}
			for i, search := range Searches {
				res := exploreSeed(t, c, true, search, nil)
				if res.Runs != c.runs[i] {
					t.Errorf("MERGE %s: runs %d, want %d", search, res.Runs, c.runs[i])
				}
				if res.Nodes != c.nodes || res.Merges != c.merges || res.Explored != c.edges || res.UnsatEdges != c.unsat {
					t.Errorf("MERGE %s: nodes %d merges %d edges %d unsat %d, want %d %d %d %d", search, res.Nodes, res.Merges,
						res.Explored, res.UnsatEdges, c.nodes, c.merges, c.edges, c.unsat)
				}
				if res.Divergences != 0 {
					t.Errorf("MERGE %s: %d divergences", search, res.Divergences)
				}
				_, _, inner := res.DAG.Counts()
				if res.Merges != inner-(res.Nodes-1) {
					t.Errorf("MERGE %s: merges %d, but %d edges to nodes and %d nodes", search, res.Merges, inner, res.Nodes)
				}
				if search == "bfs" && c.marker != "" {
					if got := [2]int{firstHit(base, c.marker), firstHit(res, c.marker)}; got != c.hit {
						t.Errorf("first hit of %s BASE→MERGE: %v, want %v", c.marker, got, c.hit)
					}
				}
			}
		})
	}
}

// TestSeed001Extra are the per-test assertions of seed 001 §7.3.
func TestSeed001Extra(t *testing.T) {
	byName := map[string]seedCase{}
	for _, c := range seedCases {
		byName[c.name] = c
	}
	t.Run("T2-DFS-hit", func(t *testing.T) {
		c := byName["T2"]
		base, res := exploreSeed(t, c, false, "dfs", nil), exploreSeed(t, c, true, "dfs", nil)
		if a, b := firstHit(base, "END_T"), firstHit(res, "END_T"); a != 3 || b != 3 {
			t.Errorf("END_T with dfs: %d → %d, want 3 → 3", a, b)
		}
	})
	t.Run("T3-covfirst", func(t *testing.T) {
		c := byName["T3n10"]
		base := exploreSeed(t, c, false, "covfirst", nil)
		if got := firstHit(base, "BUG"); got != 11 {
			t.Errorf("BASE covfirst hits BUG at run %d, want 11", got)
		}
	})
	t.Run("T5-hits", func(t *testing.T) {
		for _, w := range []struct {
			name, search string
			hit          [2]int
		}{{"T5K3", "dfs", [2]int{7, 7}}, {"T5K3", "covfirst", [2]int{16, 11}}, {"T5K4", "covfirst", [2]int{16, 11}}} {
			c := byName[w.name]
			base, res := exploreSeed(t, c, false, w.search, nil), exploreSeed(t, c, true, w.search, nil)
			if got := [2]int{firstHit(base, "foo"), firstHit(res, "foo")}; got != w.hit {
				t.Errorf("%s %s: foo %v, want %v", w.name, w.search, got, w.hit)
			}
		}
	})
	t.Run("T5-nodes", func(t *testing.T) {
		res := exploreSeed(t, byName["T5K3"], true, "bfs", nil)
		var got []string
		for _, n := range res.DAG.Nodes {
			got = append(got, pointName(n))
		}
		slices.Sort(got)
		// One event node per position (Fig. 12), 3K-1 nodes.
		want := "HF(-1) HF(0) HF(1) b2Fun:0@0 b2Fun:0@1 b2Fun:0@2 b2Fun:1@1 b2Fun:1@2"
		if strings.Join(got, " ") != want {
			t.Errorf("nodes %q, want %q", strings.Join(got, " "), want)
		}
		var unsat []string
		for _, n := range res.DAG.Nodes {
			for _, d := range n.Dirs() {
				if n.Status[d] == Unsat {
					unsat = append(unsat, fmt.Sprintf("%s.%d", pointName(n), d))
				}
			}
		}
		if w := "b2Fun:0@0.1 b2Fun:1@1.1"; strings.Join(unsat, " ") != w {
			t.Errorf("UNSAT edges %v, want %s", unsat, w)
		}
	})
	t.Run("T4-no-stack", func(t *testing.T) {
		res := exploreSeed(t, byName["T4"], true, "bfs", func(c *Config) { c.NoStack = true })
		if res.Divergences < 1 {
			t.Errorf("without the stack in program points: %d divergences, want at least 1", res.Divergences)
		}
	})
	t.Run("T6-no-iters", func(t *testing.T) {
		c := seedCase{fn: "T6N5", hi: 1}
		res := exploreSeed(t, c, true, "bfs", func(c *Config) { c.NoIters = true })
		if res.Runs != 6 || res.Refused == 0 {
			t.Errorf("without iteration counters: %d runs, %d refused merges; want 6 runs and refusals (the ancestor guard)", res.Runs, res.Refused)
		}
	})
	t.Run("T9-reset", func(t *testing.T) {
		c := byName["T9"]
		noReset := exploreSeed(t, c, true, "dfs", func(c *Config) { c.NoReset = true })
		st := noReset.DAG.st
		stale, err := noReset.DAG.StaleUnsat(NewEnumerative(st, domain(0, 3)))
		if err != nil {
			t.Fatal(err)
		}
		if noReset.Runs != 3 || firstHit(noReset, "BUG") != 0 || len(stale) != 1 {
			t.Errorf("without the reset: %d runs, BUG at %d, %d stale marks; want 3, never, 1", noReset.Runs, firstHit(noReset, "BUG"), len(stale))
		}
		reset := exploreSeed(t, c, true, "dfs", nil)
		if firstHit(reset, "BUG") != 4 {
			t.Errorf("with the reset BUG at run %d, want 4", firstHit(reset, "BUG"))
		}
	})
}

// pointName is a short name for a node's program point: HF(i) for events,
// function:block@event otherwise.
func pointName(n *Node) string {
	if n.Event {
		return fmt.Sprintf("HF(%d)", n.Point.Event)
	}
	f := n.Point.Func[strings.LastIndex(n.Point.Func, ".")+1:]
	return fmt.Sprintf("%s:%d@%d", f, n.Point.Block, n.Point.Event)
}

// evalAt evaluates t with the inputs vals (by input name prefix order: the
// inputs of ip in creation order take vals[i]).
func evalAt(t *testing.T, d *DAG, x term.Term, vals ...int64) int64 {
	t.Helper()
	m := term.NewModel()
	for i, in := range d.ip.Inputs {
		v := int64(0)
		if i < len(vals) {
			v = vals[i]
		}
		if in.Event && i >= len(vals) {
			v = -1
		}
		m.Set(in.Var, d.st.BVValue(bvInt(int(v))))
	}
	v, err := term.NewEvaluator(d.st, m).Eval(x)
	if err != nil {
		t.Fatal(err)
	}
	return valueInt(v)
}

func nodeAt(d *DAG, fnSuffix string, block int) *Node {
	for _, n := range d.Nodes {
		if strings.HasSuffix(n.Point.Func, fnSuffix) && n.Point.Block == block {
			return n
		}
	}
	return nil
}

// TestSeed001Stores checks the merged stores and conditions of §7.3's
// extra assertions by evaluation over the test domain.
func TestSeed001Stores(t *testing.T) {
	byName := map[string]seedCase{}
	for _, c := range seedCases {
		byName[c.name] = c
	}
	t.Run("T2", func(t *testing.T) {
		res := exploreSeed(t, byName["T2"], true, "bfs", nil)
		d := res.DAG
		last := d.Nodes[len(d.Nodes)-1]
		if len(d.Nodes) != 4 || len(last.In) != 2 {
			t.Fatalf("%d nodes, the last with %d in-edges", len(d.Nodes), len(last.In))
		}
		// Cond(L17) ≡ ITE(i0=0,1,0)+ITE(i1=1,1,0)+ITE(i2=2,1,0)=3: its only
		// model over 0…3 is (0,1,2), and PC(L17) is valid.
		var models [][3]int64
		for a := int64(0); a < 4; a++ {
			for b := int64(0); b < 4; b++ {
				for c := int64(0); c < 4; c++ {
					if evalAt(t, d, d.PC(last), a, b, c) != 1 {
						t.Fatalf("PC(L17) false at %d %d %d", a, b, c)
					}
					if evalAt(t, d, d.Cond(last), a, b, c) == 1 {
						models = append(models, [3]int64{a, b, c})
					}
				}
			}
		}
		if len(models) != 1 || models[0] != [3]int64{0, 1, 2} {
			t.Errorf("models of Cond(L17): %v, want [[0 1 2]]", models)
		}
	})
	t.Run("T7", func(t *testing.T) {
		res := exploreSeed(t, byName["T7"], true, "bfs", nil)
		d := res.DAG
		b := d.Nodes[1]
		if d.Cond(b) != d.st.True() {
			t.Errorf("Cond(B) is not true")
		}
		for k, v := range d.Store(b) {
			if iteDepth(d.st, v, map[term.Term]int{}) > 0 {
				t.Errorf("store entry %s has an ite", k)
			}
		}
		if b.Status[0] != Unsat {
			t.Errorf("B.else is not UNSAT")
		}
	})
	t.Run("T8", func(t *testing.T) {
		res := exploreSeed(t, byName["T8"], true, "bfs", nil)
		d := res.DAG
		j := d.Nodes[0]
		for _, n := range d.Nodes {
			if len(n.In) > len(j.In) {
				j = n
			}
		}
		if len(j.In) != 3 {
			t.Fatalf("J has %d in-edges, want 3", len(j.In))
		}
		for i, want := range []int64{0, 0, 1, 1} { // x==3 iff i ∉ {0, 1}
			if evalAt(t, d, d.PC(j), int64(i)) != 1 || evalAt(t, d, d.Cond(j), int64(i)) != want {
				t.Errorf("i=%d: PC(J) or Cond(J) wrong", i)
			}
		}
	})
	t.Run("T5", func(t *testing.T) {
		res := exploreSeed(t, byName["T5K3"], true, "bfs", nil)
		d := res.DAG
		var hf0 *Node
		for _, n := range d.Nodes {
			if n.Event && n.Point.Event == 0 {
				hf0 = n
			}
		}
		b0 := d.Store(hf0)["g:b0"]
		// Under PC(HF(0)), b0 = ITE(e0=0, 1, 0).
		e0 := slices.IndexFunc(d.ip.Inputs, func(in *Input) bool { return in.Name == "e|0" })
		for e := int64(-1); e < 3; e++ {
			vals := make([]int64, len(d.ip.Inputs))
			for i, in := range d.ip.Inputs {
				if in.Event {
					vals[i] = -1
				}
			}
			vals[e0] = e
			if evalAt(t, d, d.PC(hf0), vals...) != 1 {
				continue
			}
			want := int64(0)
			if e == 0 {
				want = 1
			}
			if got := evalAt(t, d, b0, vals...); got != want {
				t.Errorf("e0=%d: b0 = %d, want %d", e, got, want)
			}
		}
	})
}
