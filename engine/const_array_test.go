package engine_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/engine/bitblast"
)

// constArrayForm is one of KLEE's encodings of an initialised byte array
// (digest 003 §2.2): per-byte asserts (#836), a store chain over a fresh
// array ("flushing", #926), or a store chain over a constant array.
type constArrayForm string

const (
	formAsserts    constArrayForm = "asserts"
	formChain      constArrayForm = "chain"
	formConstChain constArrayForm = "const-chain"
)

// constArrayScript generates an n-byte initialised array read at a symbolic
// index i < n. Every byte is (7k+3) mod 251, except byte n-7, which holds
// #xff and is the only one that does. want is #xff (sat, i = n-7, and unsat
// once i ≠ n-7 is asserted) or #xfe (unsat: no byte holds it). The const
// form has no set-logic: z3 4.8.12 rejects constant arrays under QF_ABV.
func constArrayScript(form constArrayForm, n int, want byte) string {
	elem := func(k int) int {
		if k == n-7 {
			return 0xff
		}
		return (7*k + 3) % 251
	}
	var b strings.Builder
	if form != formConstChain {
		b.WriteString("(set-logic QF_ABV)\n")
	}
	b.WriteString("(declare-fun m () (Array (_ BitVec 32) (_ BitVec 8)))\n(declare-fun i () (_ BitVec 32))\n")
	read := "(select m i)"
	switch form {
	case formAsserts:
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "(assert (= (select m (_ bv%d 32)) (_ bv%d 8)))\n", k, elem(k))
		}
	case formChain, formConstChain:
		base := "m"
		if form == formConstChain {
			base = "((as const (Array (_ BitVec 32) (_ BitVec 8))) (_ bv0 8))"
		}
		var c strings.Builder
		for k := 0; k < n; k++ {
			c.WriteString("(store ")
		}
		c.WriteString(base)
		for k := 0; k < n; k++ {
			fmt.Fprintf(&c, " (_ bv%d 32) (_ bv%d 8))", k, elem(k))
		}
		read = "(select " + c.String() + " i)"
	}
	fmt.Fprintf(&b, "(assert (bvult i (_ bv%d 32)))\n(assert (= %s (_ bv%d 8)))\n(check-sat)\n", n, read, want)
	return b.String()
}

// TestLargeConstantArrays: both sizes, all three forms, sat and unsat, under
// every pruning mode, with exact answers and a bounded number of SAT calls
// (one per array element was the blow-up).
func TestLargeConstantArrays(t *testing.T) {
	for _, n := range []int{1024, 4096} {
		for _, form := range []constArrayForm{formAsserts, formChain, formConstChain} {
			for _, mode := range []bitblast.Pruning{bitblast.PruningOff, bitblast.PruningIntervals, bitblast.PruningFull} {
				t.Run(fmt.Sprintf("%s-%d-%s", form, n, mode), func(t *testing.T) {
					opts := engine.Options{NoFallback: true, ArrayPruning: mode}
					// sat at exactly i = n-7, then unsat without it.
					script := constArrayScript(form, n, 0xff) + "(get-value (i))\n(assert (not (= i (_ bv" + strconv.Itoa(n-7) + " 32))))\n(check-sat)\n"
					out, stats, bad := runOpts(t, script, opts)
					want := fmt.Sprintf("sat\n((i #x%08x))\nunsat\n", n-7)
					if out != want || bad != 0 {
						t.Fatalf("got %q (%d failed models), want %q", out, bad, want)
					}
					if it := statInt(t, stats, "array-cegar-iterations"); it > 6 {
						t.Errorf("%d SAT calls for two checks: lemmas are added one element at a time", it)
					}
					out, _, _ = runOpts(t, constArrayScript(form, n, 0xfe), opts)
					if out != "unsat\n" {
						t.Fatalf("absent value: got %q, want unsat", out)
					}
				})
			}
		}
	}
}

// z3Limit is the z3 binary's time limit in the benchmark, in seconds: z3
// 4.8.12 does not finish the store-chain files.
const z3Limit = 20

// BenchmarkConstArrays times sift (in process, parsing included) and the z3
// binary (a process per run, limited to z3Limit seconds) on the same
// generated files. Run with -benchtime=1x: each z3 timeout costs z3Limit.
func BenchmarkConstArrays(b *testing.B) {
	z3, z3err := exec.LookPath("z3")
	dir := b.TempDir()
	for _, n := range []int{1024, 4096} {
		for _, form := range []constArrayForm{formAsserts, formChain} {
			for _, want := range []byte{0xff, 0xfe} {
				name := fmt.Sprintf("%s-%d-%s", form, n, map[byte]string{0xff: "sat", 0xfe: "unsat"}[want])
				script := constArrayScript(form, n, want)
				path := filepath.Join(dir, name+".smt2")
				if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
					b.Fatal(err)
				}
				b.Run(name+"/sift", func(b *testing.B) {
					for b.Loop() {
						runOpts(b, script, engine.Options{NoFallback: true})
					}
				})
				b.Run(name+"/z3", func(b *testing.B) {
					if z3err != nil {
						b.Skip("no z3 binary")
					}
					timeouts := 0
					for b.Loop() {
						out, err := exec.Command(z3, "-T:"+strconv.Itoa(z3Limit), path).Output()
						if err != nil && !strings.Contains(string(out), "timeout") {
							b.Fatal(err)
						}
						if strings.Contains(string(out), "timeout") {
							timeouts++
						}
					}
					b.ReportMetric(float64(timeouts), "z3-timeouts")
				})
			}
		}
	}
}

// kleeWordsScript is KLEE's shape of an int table: n initialised bytes
// (per-byte asserts, byte k = (7k+3) mod 251) read as a little-endian
// 4-byte word at 4i, i < n/5. The word at i = 150 is #xd0c9c2bb, and no
// aligned word is #x01020304.
func kleeWordsScript(n int, word string) string {
	var b strings.Builder
	b.WriteString("(set-logic QF_ABV)\n(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))\n(declare-fun i () (_ BitVec 32))\n")
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "(assert (= (select a (_ bv%d 32)) (_ bv%d 8)))\n", k, (7*k+3)%251)
	}
	rd := func(k int) string { return fmt.Sprintf("(select a (bvadd (_ bv%d 32) (bvmul (_ bv4 32) i)))", k) }
	fmt.Fprintf(&b, "(assert (bvult i (_ bv%d 32)))\n(assert (= (concat %s (concat %s (concat %s %s))) %s))\n(check-sat)\n",
		n/5, rd(3), rd(2), rd(1), rd(0), word)
	return b.String()
}

// TestKleeWordsPruning: on word reads of a byte table, the offsets modulo
// the recovered access size prune most element lemmas (digest §3.4); each
// mode gives the exact answer, and full pruning generates at least 4 times
// fewer lemmas than none.
func TestKleeWordsPruning(t *testing.T) {
	const n = 1024
	generated := map[bitblast.Pruning]int{}
	for _, mode := range []bitblast.Pruning{bitblast.PruningOff, bitblast.PruningIntervals, bitblast.PruningFull} {
		opts := engine.Options{NoFallback: true, ArrayPruning: mode}
		out, stats, bad := runOpts(t, kleeWordsScript(n, "#x01020304"), opts)
		if out != "unsat\n" {
			t.Fatalf("%s: got %q, want unsat", mode, out)
		}
		generated[mode] = statInt(t, stats, "array-lemmas-generated")
		out, _, bad = runOpts(t, kleeWordsScript(n, "#xd0c9c2bb")+"(get-value (i))\n", opts)
		if want := "sat\n((i #x00000096))\n"; out != want || bad != 0 {
			t.Fatalf("%s: got %q (%d failed models), want %q", mode, out, bad, want)
		}
	}
	t.Logf("lemmas generated (unsat): %v", generated)
	if off, full := generated[bitblast.PruningOff], generated[bitblast.PruningFull]; full*4 > off {
		t.Errorf("full pruning generated %d lemmas, off %d: want at least 4x fewer", full, off)
	}
}
