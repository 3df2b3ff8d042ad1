package symex

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/symex/chain"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// The executor tests of seed 000 (E1–E8, the digest's §6.3) on the Go ports
// in testdata/seed000, with --check-merges on in every run.

func loadSeed000(t *testing.T, fn string) *Program {
	t.Helper()
	return loadTestFunc(t, "testdata/seed000", "MemspnA", fn)
}

// recordingPat is pat that keeps what each merge saw and built.
type recordingPat struct {
	*merge.Pat
	calls []patCall
}

type patCall struct {
	views  []*merge.View
	merged []merge.Merged
}

func (r *recordingPat) Merge(st *term.Store, views []*merge.View) ([]merge.Merged, error) {
	ms, err := r.Pat.Merge(st, views)
	r.calls = append(r.calls, patCall{views: views, merged: ms})
	return ms, err
}

// newPat is pat as --merge=pat --check-merges sets it up, recording.
func newPat(setup func(p *merge.Pat)) *recordingPat {
	p := merge.NewPat()
	p.Check = merge.NewChecker()
	if setup != nil {
		setup(p)
	}
	return &recordingPat{Pat: p}
}

// exploreMerged explores with strategy s and fails the test on an error
// (a failed --check-merges proof is one) or on a path that does not replay.
func exploreMerged(t *testing.T, p *Program, n int, s merge.Strategy) (*Executor, *Result) {
	t.Helper()
	return exploreMergedOpts(t, p, Options{MaxLen: n, Merge: s})
}

// cellOf finds the cell of the phi commented name in function fn.
func cellOf(v *merge.View, fn, name string) int {
	for c, cell := range v.Cells {
		if phi, ok := cell.Var.Value.(*ssa.Phi); ok && phi.Comment == name && phi.Parent().Name() == fn {
			return c
		}
	}
	return -1
}

// auxOf returns the merged pc's fresh count: the free variable that is not
// an input.
func auxOf(st *term.Store, m merge.Merged, inputs ...string) term.Term {
	for _, v := range st.FreeVarsOf(m.PC...) {
		if !slices.Contains(inputs, st.Name(v)) {
			return v
		}
	}
	return term.NoTerm
}

// TestSeed000E1toE3 is E1–E3 on memspn with chars = "a" and n ≤ 3: the loop
// exit sees the 7 leaves of Fig. 2, which become 2 merged states with
// quantified path constraints; the formula patterns and ranges are Table
// 1's (read forwards; backwards, the first group's pattern is the rotation
// (G, BG, Y) of the same words); count ↦ k, p ↦ 1 and 0, s and n unchanged.
func TestSeed000E1toE3(t *testing.T) {
	for _, ext := range []merge.Extraction{merge.ExtractForward, merge.ExtractBoth} {
		t.Run(fmt.Sprint("extract=", ext), func(t *testing.T) {
			rp := newPat(func(p *merge.Pat) { p.Extract = ext })
			ex, res := exploreMerged(t, loadSeed000(t, "MemspnA"), 4, rp)
			st := ex.st
			if len(rp.calls) != 1 || len(rp.calls[0].views) != 7 {
				t.Fatalf("merge calls %d, want one with the 7 leaves of Fig. 2", len(rp.calls))
			}
			ms := rp.Stats()
			if ms.Quantified != 2 || ms.StatesMerged != 7 || len(rp.calls[0].merged) != 2 {
				t.Fatalf("pat stats %+v, want 2 quantified merges of 7 states", *ms)
			}
			if rp.Check.Proved != 2 {
				t.Errorf("--check-merges proved %d merges, want 2", rp.Check.Proved)
			}
			n := st.Var("n", st.BitVecSort(64))
			s := st.Var("s", st.ArraySort(st.BitVecSort(64), st.BitVecSort(8)))
			c := func(x int) term.Term { return st.ConstUint64(64, uint64(x)) }
			G := func(x term.Term) term.Term { return st.MustMake(term.OpBVSlt, nil, x, n) }
			B := func(x term.Term) term.Term {
				return st.Eq(st.ConstUint64(8, 97), st.MustMake(term.OpSelect, nil, s, x))
			}
			minus1 := func(x term.Term) term.Term { return st.MustMake(term.OpBVAdd, nil, x, c(-1)) }
			call := rp.calls[0]
			for _, m := range call.merged {
				k := auxOf(st, m, "n", "s")
				i := st.BoundVar("i", st.BitVecSort(64))
				ule := func(a, b term.Term) term.Term { return st.MustMake(term.OpBVUle, nil, a, b) }
				forall := func(body term.Term) term.Term {
					return st.MustMake(term.OpForall, nil, i, st.Or(st.Not(st.And(ule(c(1), i), ule(i, k))), body))
				}
				root := st.Not(st.MustMake(term.OpBVSlt, nil, c(3), n)) // MemspnA's n ≤ 3
				v0 := call.views[m.Members[0]]
				count, p := cellOf(v0, "memspn", "count"), cellOf(v0, "memspn", "p")
				if count < 0 || p < 0 {
					t.Fatal("no count or p cell at the loop exit")
				}
				var want []term.Term
				var wantP int
				switch len(m.Members) {
				case 3: // (W,GB,GY) = {n5, n9, n13}, range 0 ≤ k ≤ 2
					want = []term.Term{root, ule(k, c(2)), forall(st.And(G(minus1(i)), B(minus1(i)))), st.And(G(k), st.Not(B(k)))}
					if ext == merge.ExtractBoth {
						// backwards: (G, BG, Y), φ1 = 0 < n
						want = []term.Term{root, ule(k, c(2)), G(c(0)), forall(st.And(B(minus1(i)), G(i))), st.Not(B(k))}
					}
					wantP = 1
				case 4: // (W,GB,R) = {n2, n6, n10, n14}, range 0 ≤ k ≤ 3
					want = []term.Term{root, ule(k, c(3)), forall(st.And(G(minus1(i)), B(minus1(i)))), st.Not(G(k))}
					wantP = 0
				default:
					t.Fatalf("a merged state of %d leaves", len(m.Members))
				}
				if !slices.Equal(m.PC[len(m.PC)-len(want):], want) {
					t.Errorf("%d leaves: pc %v\nwant the tail %v", len(m.Members), termStrings(st, m.PC), termStrings(st, want))
				}
				if m.Cells[count] != k || m.Cells[p] != c(wantP) {
					t.Errorf("%d leaves: count ↦ %s, p ↦ %s; want k and %d", len(m.Members),
						termString(st, m.Cells[count]), termString(st, m.Cells[p]), wantP)
				}
				for ci, cell := range v0.Cells {
					if cell.T == n || cell.T == s {
						if m.Cells[ci] != cell.T {
							t.Errorf("cell %d (%s) changed", ci, cell.Path)
						}
					}
				}
			}
			if res.Stats.Paths != 5 {
				t.Errorf("%d paths, want 5: n > 3, and the two merged states with count = 2 and not", res.Stats.Paths)
			}
		})
	}
}

// TestSeed000E4 is E4: count² has no a·k+b (0, 1, 4), so that cell is an
// ite chain over k while the pc stays quantified and count ↦ k.
func TestSeed000E4(t *testing.T) {
	rp := newPat(nil)
	ex, _ := exploreMerged(t, loadSeed000(t, "MemspnSquares"), 4, rp)
	st := ex.st
	if rp.Stats().Quantified != 2 {
		t.Fatalf("pat stats %+v, want 2 quantified merges", *rp.Stats())
	}
	for _, m := range rp.calls[0].merged {
		k := auxOf(st, m, "n", "s")
		v0 := rp.calls[0].views[m.Members[0]]
		count, sq := cellOf(v0, "memspnSquares", "count"), cellOf(v0, "memspnSquares", "sq")
		if m.Cells[count] != k {
			t.Errorf("count ↦ %s, want k", termString(st, m.Cells[count]))
		}
		if st.Op(m.Cells[sq]) != term.OpIte || !slices.Contains(st.FreeVarsOf(m.Cells[sq]), k) {
			t.Errorf("sq ↦ %s, want an ite chain over k", termString(st, m.Cells[sq]))
		}
	}
}

// TestSeed000Fallbacks is E5 and E6 through the executor: non-uniform
// tails, an invalid hash and too many groups hand all 7 leaves to the
// standard merge (2 merged states for E5, one per pattern group; 1 for the
// others), never to a wrong state (--check-merges, replay and the panic
// and coverage comparison below).
func TestSeed000Fallbacks(t *testing.T) {
	cases := []struct {
		name, fn string
		setup    func(p *merge.Pat)
		why      string
		merged   int
	}{
		{"E5 s[5·count]", "MemspnStride5", nil, merge.FallbackNoPattern, 2},
		{"E6 invalid hash", "MemspnA", func(p *merge.Pat) {
			p.Hash = func(st *term.Store, s merge.Step) uint64 {
				if st.Op(s.Lit) == term.OpNot {
					s.Lit = st.Arg(s.Lit, 0) // c and ¬c collide
				}
				return merge.ShapeHash(st, s)
			}
		}, merge.FallbackInvalidHash, 1},
		{"E6 --max-patterns 1", "MemspnA", func(p *merge.Pat) { p.MaxPatterns = 1 }, merge.FallbackTooMany, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rp := newPat(c.setup)
			exploreMerged(t, loadSeed000(t, c.fn), 4, rp)
			ms := rp.Stats()
			if ms.Fallback[c.why] != 7 || ms.Quantified != 0 || ms.Merges != c.merged || ms.StatesMerged != 7 {
				t.Errorf("pat stats %+v, want %d standard merges of the 7 leaves for %q", *ms, c.merged, c.why)
			}
		})
	}
}

// TestSeed000E7E8 is E7 and E8 on uClibc's strspn(str, "ab"), str of
// length 1..4 with a NUL last (the reference implementation's README): 15
// states reach the loop exit without incremental merging and 4 with it,
// which pat then merges into one quantified state. With p live after a
// match (StrspnABLast) nothing merges incrementally: 15 again. (How pat
// groups the 15 words over {a, b} is not part of the test: quantified -1.)
func TestSeed000E7E8(t *testing.T) {
	cases := []struct {
		fn          string
		incremental bool
		atExit      int
		quantified  int
	}{
		{"StrspnAB", false, 15, -1},
		{"StrspnAB", true, 4, 1},
		{"StrspnABLast", true, 15, -1},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/incremental=%v", c.fn, c.incremental), func(t *testing.T) {
			rp := newPat(func(p *merge.Pat) { p.Incremental = c.incremental })
			_, res := exploreMerged(t, loadSeed000(t, c.fn), 4, rp)
			if len(rp.calls) != 1 || len(rp.calls[0].views) != c.atExit {
				t.Fatalf("%d merge calls; want one with %d states at the loop exit", len(rp.calls), c.atExit)
			}
			if q := rp.Stats().Quantified; c.quantified >= 0 && q != c.quantified {
				t.Errorf("%d quantified merges, want %d (stats %+v)", q, c.quantified, *rp.Stats())
			}
			if inc := res.Stats.IncMerges; (inc > 0) != (c.atExit < 15) {
				t.Errorf("%d incremental merges", inc)
			}
		})
	}
}

// seed000Funcs are the E-test ports with their bounds.
var seed000Funcs = []struct {
	fn     string
	maxLen int
}{
	{"MemspnA", 4}, {"MemspnSquares", 4}, {"MemspnStride5", 4}, {"StrspnAB", 4}, {"StrspnABLast", 4},
	{"MemspnPanics", 4},
}

// TestPatKeepsPanicsAndCoverage: on every corpus function and E-test port,
// pat (the reference settings with and without incremental merging, and
// --merge=pat's; --check-merges on) finds the
// same panic sites and unsupported constructs and covers the same blocks
// and lines as no merging at the same bound, with no more paths, and every
// path replays (checkMergeAgrees). A failed --check-merges proof ends the
// run with an error, which fails the test.
func TestPatKeepsPanicsAndCoverage(t *testing.T) {
	t.Parallel() // heavy: beside the other heavy tests (symex_test.go)
	type fn struct {
		load func(t *testing.T) *Program
		name string
		n    int
	}
	var fns []fn
	for _, c := range corpusFuncs {
		for _, n := range c.maxLens {
			fns = append(fns, fn{func(t *testing.T) *Program { return loadCorpus(t, c.fn) }, c.fn, n})
		}
	}
	for _, c := range seed000Funcs {
		fns = append(fns, fn{func(t *testing.T) *Program { return loadSeed000(t, c.fn) }, c.fn, c.maxLen})
	}
	proved := 0
	// The reference settings (NewPat: loop exits, no veto), with and
	// without incremental merging, and --merge=pat's (joins too, the
	// hot-value veto on pattern groups), without and with coverage scouts (every state
	// with an uncovered block ahead passes merge points: the most they
	// can change the merges).
	cmdPat := func(t *testing.T) *recordingPat {
		s, err := merge.New("pat", merge.Options{HotVeto: true, NoStdVeto: true, CheckMerges: true})
		if err != nil {
			t.Fatal(err)
		}
		return &recordingPat{Pat: s.(*merge.Pat)}
	}
	variants := []struct {
		name  string
		make  func(t *testing.T) *recordingPat
		scout float64
	}{
		{"reference", func(*testing.T) *recordingPat { return newPat(nil) }, 0},
		{"incremental", func(*testing.T) *recordingPat { return newPat(func(p *merge.Pat) { p.Incremental = true }) }, 0},
		{"default", cmdPat, 0},
		{"reference+scouts", func(*testing.T) *recordingPat { return newPat(nil) }, 1},
		{"default+scouts", cmdPat, 1},
	}
	for _, f := range fns {
		var none noneRuns // the variants' runs without merging, by options
		for _, v := range variants {
			t.Run(fmt.Sprintf("%s/%d/%s", f.name, f.n, v.name), func(t *testing.T) {
				rp := v.make(t)
				p, opts := f.load(t), Options{MaxLen: f.n, ScoutShare: v.scout, ScoutLoopShare: v.scout}
				checkMergeAgreesWith(t, p, none.of(t, p, opts), opts, rp)
				if rp.Check.Proved != rp.Stats().Quantified {
					t.Errorf("--check-merges proved %d of %d quantified merges", rp.Check.Proved, rp.Stats().Quantified)
				}
				proved += rp.Check.Proved
			})
		}
	}
	if proved == 0 {
		t.Error("pat built no quantified state on the corpus: --check-merges proved nothing")
	}
}

// TestGeneratedTestsPanicUnderPat: the inputs pat gives for panics reached
// from its quantified merged states (models of ∀-constraints, completed
// by the merge's count) make the function panic in a real run of the
// generated test, and every returning path's inputs give its results.
func TestGeneratedTestsPanicUnderPat(t *testing.T) {
	rp := newPat(nil)
	_, res := exploreMerged(t, loadSeed000(t, "MemspnPanics"), 4, rp)
	if rp.Stats().Quantified == 0 || rp.Check.Proved != rp.Stats().Quantified {
		t.Fatalf("pat stats %+v, %d proved: want quantified merges, all proved", *rp.Stats(), rp.Check.Proved)
	}
	fromMerged, returns := 0, 0
	for _, p := range res.Paths {
		if p.Kind == "panic" && p.Merged {
			fromMerged++
		}
		if p.Kind == "return" {
			returns++
		}
	}
	if len(res.Panics) != 2 || fromMerged < 2 {
		t.Fatalf("%d panic sites, %d panicking paths from merged states; want 2 and 2", len(res.Panics), fromMerged)
	}
	files := map[string]string{"symex_MemspnPanics_test.go": res.TestFile(true)}
	rows, paths := runGeneratedTestsIn(t, "testdata/seed000", files)
	if rows != len(res.Panics) || paths != returns {
		t.Errorf("%d panic rows and %d path rows passed; want %d and %d", rows, paths, len(res.Panics), returns)
	}
}

func termString(st *term.Store, t term.Term) string { return smtlib.NewPrinter(st).TermString(t) }

func termStrings(st *term.Store, ts []term.Term) string {
	var out []string
	for _, t := range ts {
		out = append(out, termString(st, t))
	}
	return strings.Join(out, "\n  ")
}

// TestPatQuantifiedQueries: the quantified queries pat's merged states send
// (written by --emit-smt2 in the shape of seed 000 §3) get the same answer
// from sift and from the z3 binary, and sift's quant stage decides at least
// 95% of them without the Z3 fallback, counted by the executor's
// quantified_by_stage.
func TestPatQuantifiedQueries(t *testing.T) {
	t.Parallel() // heavy: beside the other heavy tests (symex_test.go)
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 is not on PATH")
	}
	dir := t.TempDir()
	byStage := map[string]int{}
	run := 0
	emit := func(p *Program, n int) {
		for _, inc := range []bool{false, true} {
			out := filepath.Join(dir, fmt.Sprint(run))
			run++
			pat := merge.NewPat()
			pat.Incremental = inc
			// Without the solver chain every query written reaches the
			// engine, so that quantified_by_stage counts them all.
			_, res := explore(t, p, Options{MaxLen: n, Merge: pat, EmitSMT2: out, SolverChain: &chain.Layers{}}, nil)
			for k, v := range res.QuantifiedByStage {
				byStage[k] += v
			}
		}
	}
	for _, c := range seed000Funcs {
		emit(loadSeed000(t, c.fn), c.maxLen)
	}
	for _, c := range corpusFuncs {
		emit(loadCorpus(t, c.fn), c.maxLens[len(c.maxLens)-1])
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.smt2"))
	quantified := 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(text, []byte("forall")) {
			continue
		}
		quantified++
		if !bytes.Contains(text, []byte("(set-logic ABV)")) && !bytes.Contains(text, []byte("(set-logic ALL)")) {
			t.Errorf("%s: a quantified query not declared ABV (or ALL, with constant arrays)", f)
		}
		sameAnswer(t, z3, f, text)
	}
	total := 0
	for _, v := range byStage {
		total += v
	}
	if total != quantified || total == 0 {
		t.Fatalf("%d quantified queries by stage %v, %d written", total, byStage, quantified)
	}
	if fallback := byStage["z3"] + byStage["unknown"]; fallback*20 > total {
		t.Errorf("the Z3 fallback or nothing decided %d of %d quantified queries (%v), more than 5%%", fallback, total, byStage)
	}
	t.Logf("%d quantified queries by stage: %v", total, byStage)
}

// TestQueryPCLeavesOutImplied checks that queries get the path constraint
// without the implied steps pat records (each is implied by the conjuncts
// before it), in order, and the whole pc when there are none.
func TestQueryPCLeavesOutImplied(t *testing.T) {
	st := term.NewStore()
	a, b, c, d := st.Var("a", st.BoolSort()), st.Var("b", st.BoolSort()), st.Var("c", st.BoolSort()), st.Var("d", st.BoolSort())
	for _, tc := range []struct {
		implied []int
		want    []term.Term
	}{
		{nil, []term.Term{a, b, c, d}},
		{[]int{1}, []term.Term{a, c, d}},
		{[]int{0, 3}, []term.Term{b, c}},
		{[]int{0, 1, 2, 3}, []term.Term{}},
	} {
		s := &State{pc: []term.Term{a, b, c, d}, implied: tc.implied}
		if got := s.queryPC(); !slices.Equal(got, tc.want) {
			t.Errorf("implied %v: queryPC %v, want %v", tc.implied, got, tc.want)
		}
	}
}

// TestPatDeadCounter: a loop's counter that no code after the exit reads
// is no cell of the states there (mergeview.go, "Only live SSA values"), so
// pat finds no cell that uses k and merges them the standard way; read
// after the exit, the counter is t(k) of a pattern merge. Of the 9 states
// leaving the loop at 4 bytes, 5 find no ':' (lengths 0 to 4) and return
// -1, with i dead in both functions; 4 find one at i = 0..3.
func TestPatDeadCounter(t *testing.T) {
	cases := []struct {
		fn           string
		quantified   int
		unparametric int // states merged the standard way for "no cell uses k"
	}{
		{"ColonLen", 0, 9},
		{"ColonAt", 1, 5},
	}
	for _, c := range cases {
		t.Run(c.fn, func(t *testing.T) {
			rp := newPat(nil)
			exploreMerged(t, loadSeed000(t, c.fn), 4, rp)
			ms := rp.Stats()
			if ms.Quantified != c.quantified || ms.Fallback[merge.FallbackUnparametric] != c.unparametric {
				t.Errorf("%d quantified merges, fallbacks %v; want %d, and %d for %q (stats %+v)", ms.Quantified,
					ms.Fallback, c.quantified, c.unparametric, merge.FallbackUnparametric, *ms)
			}
		})
	}
}
