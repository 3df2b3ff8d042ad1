package arrays

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sift-solver/sift/term"
)

func seedFile(name string) string { return filepath.Join("..", "testdata", "seeds", "003", name) }

// TestCandidateLemmaCounts checks the digest §3.4 counts and the §7 ones.
func TestCandidateLemmaCounts(t *testing.T) {
	tests := []struct {
		file                    string
		unpruned, ty, iv, both  int
		bothElements, bothPairs int
	}{
		{"t02_paper_sat.smt2", 156, 36, 68, 20, 16, 4},
		{"t15_pair_disjoint_sat.smt2", 28, 4, 12, 0, 0, 0},
		{"t13_pair_eq_unsat.smt2", 28, 4, 28, 4, 0, 4},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(seedFile(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			st, as, a := analyzeScript(t, string(b))
			got := a.CandidateLemmas(st, as)
			want := LemmaCounts{tc.unpruned, tc.ty, tc.iv, tc.both, tc.bothElements, tc.bothPairs}
			if got != want {
				t.Fatalf("got %+v, want %+v", got, want)
			}
		})
	}
}

// selectsOf returns the index terms of the symbolic selects on the array
// named arr, in DAG order.
func selectsOf(st *term.Store, as []term.Term, arr string) []term.Term {
	_, reads, _ := collect(st, as)
	var out []term.Term
	for _, r := range reads {
		if b := st.Arg(r, 0); st.Op(b) == term.OpVar && st.Name(b) == arr && st.Op(st.Arg(r, 1)) != term.OpBVConst {
			out = append(out, st.Arg(r, 1))
		}
	}
	return out
}

// TestT15NeedsNoLemma: every pair of reads of t15 is proven distinct.
func TestT15NeedsNoLemma(t *testing.T) {
	b, _ := os.ReadFile(seedFile("t15_pair_disjoint_sat.smt2"))
	st, as, a := analyzeScript(t, string(b))
	idx := selectsOf(st, as, "m")
	if len(idx) != 8 {
		t.Fatalf("found %d symbolic reads, want 8", len(idx))
	}
	m := st.Var("m", st.ArraySort(st.BitVecSort(32), st.BitVecSort(8)))
	for x, i := range idx {
		for _, j := range idx[x+1:] {
			if a.MayBeEqual(m, i, j) {
				t.Errorf("MayBeEqual(%d, %d) = true; t15 needs no lemma", i, j)
			}
		}
	}
}

// TestMayBeEqual covers the §8 traps: an index that can wrap keeps its
// pairs, and each proof rule prunes exactly where it applies.
func TestMayBeEqual(t *testing.T) {
	const decl = `(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun x () (_ BitVec 32)) (declare-fun y () (_ BitVec 32)) (declare-fun z () (_ BitVec 32))
`
	tests := []struct {
		name    string
		asserts string
		i, j    string // names of the terms below
		want    bool
	}{
		// x in [0xfffffffd, 0xffffffff]: x+5 wraps to [2,4] and can equal y in [0,3].
		{"wrap keeps pair", `(assert (bvuge x #xfffffffd)) (assert (bvule y #x00000003))`, "x5", "y", true},
		// Same with y in [8,9]: the wrapped range [2,4] is disjoint from it.
		{"wrap disjoint", `(assert (bvuge x #xfffffffd)) (assert (bvuge y #x00000008)) (assert (bvule y #x00000009))`, "x5", "y", false},
		// x unconstrained: x+5 can be anything.
		{"no facts", ``, "x5", "y", true},
		{"disjoint intervals", `(assert (bvule x #x00000003)) (assert (bvuge y #x00000004))`, "x", "y", false},
		{"touching intervals", `(assert (bvule x #x00000004)) (assert (bvuge y #x00000004))`, "x", "y", true},
		{"constant difference", ``, "x", "x5", false},
		{"different residue", ``, "4x", "4y1", false},
		{"same residue", ``, "4x", "4y", true},
		{"signed bound does not bound unsigned", `(assert (bvslt x #x00000003)) (assert (bvuge y #x00000004))`, "x", "y", true},
		{"definition gives residue", `(assert (= z (bvadd (bvmul #x00000004 x) #x00000001)))`, "z", "4y", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			script := decl + tc.asserts + `
(assert (= (select a (bvadd x #x00000005)) (select a y)))
(assert (= (select a (bvmul #x00000004 x)) (select a (bvadd #x00000001 (bvmul #x00000004 y)))))
(assert (= (select a (bvmul #x00000004 y)) (select a z)))
(assert (= (select a x) #x00))
(check-sat)`
			st, _, a := analyzeScript(t, script)
			if a.Status == Unsat {
				t.Fatal("satisfiable script called unsat")
			}
			bv32 := st.BitVecSort(32)
			x, y, z := st.Var("x", bv32), st.Var("y", bv32), st.Var("z", bv32)
			c := func(v uint64) term.Term { return st.ConstUint64(32, v) }
			mul := func(k uint64, v term.Term) term.Term { return st.MustMake(term.OpBVMul, nil, c(k), v) }
			add := func(u, v term.Term) term.Term { return st.MustMake(term.OpBVAdd, nil, u, v) }
			terms := map[string]term.Term{
				"x": x, "y": y, "z": z, "x5": add(x, c(5)),
				"4x": mul(4, x), "4y": mul(4, y), "4y1": add(c(1), mul(4, y)),
			}
			arr := st.Var("a", st.ArraySort(bv32, st.BitVecSort(8)))
			if got := a.MayBeEqual(arr, terms[tc.i], terms[tc.j]); got != tc.want {
				iv1, _ := a.IntervalOf(terms[tc.i])
				iv2, _ := a.IntervalOf(terms[tc.j])
				t.Fatalf("MayBeEqual(%s, %s) = %v, want %v (intervals %v %v)", tc.i, tc.j, got, tc.want, iv1, iv2)
			}
		})
	}
}

// TestAccessSize: concat groups give an access size only when the base
// index is proven aligned.
func TestAccessSize(t *testing.T) {
	word := func(base string) string {
		return `(concat (select a (bvadd #x00000003 ` + base + `)) (concat (select a (bvadd #x00000002 ` + base + `)) (concat (select a (bvadd #x00000001 ` + base + `)) (select a ` + base + `))))`
	}
	tests := []struct {
		name, asserts string
		want          uint32
	}{
		{"aligned words", `(assert (= ` + word("(bvmul #x00000004 x)") + " " + word("(bvmul #x00000004 y)") + `))`, 4},
		{"unaligned base", `(assert (= ` + word("(bvmul #x00000004 x)") + " " + word("y") + `))`, 1},
		{"base 4x+2", `(assert (= ` + word("(bvmul #x00000004 x)") + " " + word("(bvadd #x00000002 (bvmul #x00000004 y))") + `))`, 2},
		{"8-aligned words", `(assert (= ` + word("(bvmul #x00000008 x)") + " " + word("(bvshl y #x00000003)") + `))`, 4},
		{"halfword read", `(assert (= ((_ extract 15 0) ` + word("(bvmul #x00000004 x)") + `) #x0000))`, 2},
		{"lone byte read", `(assert (= ` + word("(bvmul #x00000004 x)") + ` #x00000000)) (assert (= (select a y) #x00))`, 1},
		{"constant reads only", `(assert (= (select a #x00000001) #x00))`, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			script := `(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))
(declare-fun x () (_ BitVec 32)) (declare-fun y () (_ BitVec 32))
` + tc.asserts + "\n(check-sat)"
			st, _, an := analyzeScript(t, script)
			arr := st.Var("a", st.ArraySort(st.BitVecSort(32), st.BitVecSort(8)))
			if got := an.AccessSize[arr]; got != tc.want {
				t.Fatalf("AccessSize = %d, want %d", got, tc.want)
			}
		})
	}
}
