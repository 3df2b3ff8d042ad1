package smtlib_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/alecthomas/participle/v2"
	"github.com/sift-solver/sift/internal/blowup"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// kleeScript generates a QF_ABV script of about size bytes in KLEE's shape:
// byte arrays read as little-endian words with concat/select/bvadd chains,
// many asserts, and words shared between asserts.
func kleeScript(size int) []byte {
	r := rand.New(rand.NewSource(1))
	var b bytes.Buffer
	b.WriteString("(set-logic QF_ABV)\n")
	const arrays = 8
	for i := 0; i < arrays; i++ {
		fmt.Fprintf(&b, "(declare-fun arr%d () (Array (_ BitVec 32) (_ BitVec 8)))\n", i)
	}
	b.WriteString("(declare-fun idx () (_ BitVec 32))\n")
	word := func(a, off int) string {
		s := fmt.Sprintf("(select arr%d (bvadd #x%08x idx))", a, off)
		for k := 1; k < 4; k++ {
			s = fmt.Sprintf("(concat (select arr%d (bvadd #x%08x idx)) %s)", a, off+k, s)
		}
		return s
	}
	for b.Len() < size {
		depth := 2 + r.Intn(12)
		e := word(r.Intn(arrays), 4*r.Intn(64))
		for d := 0; d < depth; d++ {
			op := []string{"bvadd", "bvmul", "bvand", "bvor", "bvsub"}[r.Intn(5)]
			e = fmt.Sprintf("(%s %s %s)", op, e, word(r.Intn(arrays), 4*r.Intn(64)))
		}
		fmt.Fprintf(&b, "(assert (let ((?B1 %s)) (bvult ?B1 #x%08x)))\n", e, r.Uint32())
	}
	return b.Bytes()
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// parseOnly runs src through the interpreter b.N times. Besides wall time it
// reports the process's CPU time per byte (cpu-MB/s): on the shared machine
// the wall time mostly measures the load, the CPU time the parser (it
// includes the garbage collector's other thread, so it is an upper bound).
func parseOnly(b *testing.B, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := cpuTime()
	defer func() {
		if cpu := cpuTime() - cpu0; cpu > 0 {
			b.ReportMetric(float64(len(src))*float64(b.N)/cpu.Seconds()/1e6, "cpu-MB/s")
		}
	}()
	for i := 0; i < b.N; i++ {
		var out bytes.Buffer
		in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(*term.Store) smtlib.Solver { return &recorder{} }}, &out)
		if err := in.Run(context.Background(), bytes.NewReader(src)); err != nil {
			b.Fatal(err)
		}
		if out.Len() != 0 {
			b.Fatalf("unexpected output: %.200s", out.String())
		}
	}
}

// BenchmarkParseKLEE50MB parses a ~50 MB KLEE-shaped QF_ABV script through
// the interpreter (hand-written lexer and term parser), building the DAG.
func BenchmarkParseKLEE50MB(b *testing.B) { parseOnly(b, kleeScript(50<<20)) }

// BenchmarkParseKLEE2MB is the same on 2 MB, to compare with the
// participle-only variant below.
func BenchmarkParseKLEE2MB(b *testing.B) { parseOnly(b, kleeScript(2<<20)) }

// sexpr is a participle-only grammar for whole scripts: every term as a
// generic s-expression tree. It is kept to measure the choice of a
// hand-written term parser.
type sexprScript struct {
	Items []*sexpr `parser:"@@*"`
}

type sexpr struct {
	List []*sexpr `parser:"  \"(\" @@* \")\""`
	Atom *string  `parser:"| @(Symbol | QuotedSymbol | Keyword | Numeral | Decimal | Hex | Binary | String)"`
}

// BenchmarkParseParticipleOnly2MB parses the 2 MB script with participle
// alone, on the same lexer, producing a generic tree (no term building).
func BenchmarkParseParticipleOnly2MB(b *testing.B) {
	src := kleeScript(2 << 20)
	p := participle.MustBuild[sexprScript](participle.Lexer(smtlib.LexerDefinition()))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := p.ParseBytes("", src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWriteKLEEBenchFile writes the benchmark script for timing other solvers
// on it: SIFT_KLEE_FILE=/tmp/klee50.smt2 go test -run WriteKLEE ./smtlib
func TestWriteKLEEBenchFile(t *testing.T) {
	path := os.Getenv("SIFT_KLEE_FILE")
	if path == "" {
		t.Skip("set SIFT_KLEE_FILE to write the 50 MB benchmark script")
	}
	if err := os.WriteFile(path, kleeScript(50<<20), 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkParseBlowup parses the deep and wide scripts of internal/blowup
// at growing sizes, to show that parsing stays linear in the input:
// cpu-MB/s should not fall as n grows. Every command runs through the interpreter
// with a solver that only records, so check-sat costs nothing.
func BenchmarkParseBlowup(b *testing.B) {
	for _, n := range []int{5000, 20000, 80000} {
		for _, sc := range blowup.ParseScripts(n) {
			b.Run(sc.Name, func(b *testing.B) {
				parseOnly(b, []byte(strings.Replace(sc.Text, "(check-sat)\n", "", 1)))
			})
		}
	}
}
