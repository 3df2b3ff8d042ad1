package smt

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The path benchmarks pose a symbolic executor's questions along one path:
// the path constraint grows by one conjunct per step (true at a hidden
// point, so every prefix is satisfiable) and each step asks whether the
// prefix and a branch condition (the benchmark's query shapes, sat or not)
// are satisfiable. One op is one check. The shapes are
//
//	base:   one solver; each conjunct asserted at the base level, each
//	        condition in a push/pop scope (the session's incremental
//	        attempt keeps the base level as clauses);
//	scoped: one solver; each conjunct in a push scope of its own, kept
//	        to the end of the path (an executor that pops back when it
//	        backtracks);
//	fresh:  a new solver per check, given the prefix and the condition;
//	z3:     the base shape as SMT-LIB text through `z3 -in` (skipped
//	        without z3), the peer.
//
// Each reports cpu-ns/op, the process's CPU time (z3's for z3):
//
//	go test ./smt -run '^$' -bench 'Path' -benchtime 2000x
const pathSteps = 100

// pathStep is one step: the conjunct the path adds and the condition asked.
type pathStep struct{ add, cond constraint }

// holds evaluates c at the point x over benchVars.
func (c constraint) holds(x [3]uint32) bool {
	l := x[c.a]
	if c.mask != 0 {
		l &= uint32(c.mask)
	}
	l += uint32(c.k)
	r := uint32(c.c)
	if c.b >= 0 {
		r = x[c.b]
	}
	var v bool
	switch c.op {
	case "bvult":
		v = l < r
	case "bvule":
		v = l <= r
	case "bvugt":
		v = l > r
	case "bvuge":
		v = l >= r
	default:
		v = l == r
	}
	return v != c.negated
}

// genPath returns n steps whose conjuncts all hold at one hidden point.
func genPath(n int) []pathStep {
	r := rand.New(rand.NewPCG(31, 34))
	point := [3]uint32{uint32(r.IntN(1000)), uint32(r.IntN(1000)), uint32(r.IntN(1000))}
	var cs []constraint
	for _, q := range genQueries(2 * n) {
		cs = append(cs, q...)
	}
	out := make([]pathStep, n)
	for i := range out {
		add := cs[2*i]
		if !add.holds(point) {
			add.negated = !add.negated
		}
		out[i] = pathStep{add: add, cond: cs[2*i+1]}
	}
	return out
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuPerOp starts counting the process's CPU time; the function it returns
// reports it per op as cpu-ns/op (on a loaded machine ns/op, wall time,
// means little).
func cpuPerOp(b *testing.B) func() {
	c0 := processCPU()
	return func() { b.ReportMetric(float64(processCPU()-c0)/float64(b.N), "cpu-ns/op") }
}

func newPathSolver() (*Solver, []Term) {
	s := NewSolver(Options{NoFallback: true})
	return s, []Term{s.Const("x", s.BitVecSort(32)), s.Const("y", s.BitVecSort(32)), s.Const("z", s.BitVecSort(32))}
}

// runPath answers the first n checks of path in shape and returns their
// statuses.
func runPath(tb testing.TB, shape string, path []pathStep, n int) []Status {
	ctx := context.Background()
	var out []Status
	var s *Solver
	var vars []Term
	for i := 0; i < n; i++ {
		step := path[i%len(path)]
		if i%len(path) == 0 && shape != "fresh" {
			if s != nil {
				s.Close()
			}
			s, vars = newPathSolver()
		}
		check := func(s *Solver) {
			s.Push()
			if err := s.Assert(query{step.cond}.build(s, vars)...); err != nil {
				tb.Fatal(err)
			}
			r, err := s.Check(ctx)
			if err != nil {
				tb.Fatal(err)
			}
			s.Pop()
			out = append(out, r.Status)
		}
		switch shape {
		case "base":
			s.Assert(query{step.add}.build(s, vars)...)
			check(s)
		case "scoped":
			s.Push()
			s.Assert(query{step.add}.build(s, vars)...)
			check(s)
		case "fresh":
			f, fv := newPathSolver()
			vars = fv
			for _, p := range path[:i%len(path)+1] {
				f.Assert(query{p.add}.build(f, vars)...)
			}
			check(f)
			f.Close()
		}
	}
	if s != nil {
		s.Close()
	}
	return out
}

// pathText is the base shape of the first n checks as one SMT-LIB script.
func pathText(path []pathStep, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i%len(path) == 0 {
			b.WriteString("(reset)\n(set-logic QF_BV)\n")
			for _, v := range benchVars {
				fmt.Fprintf(&b, "(declare-const %s (_ BitVec 32))\n", v)
			}
		}
		step := path[i%len(path)]
		var add strings.Builder
		query{step.add}.text(&add)
		// The conjunct without its scope: the lines between push and
		// check-sat.
		lines := strings.Split(add.String(), "\n")
		b.WriteString(strings.Join(lines[1:len(lines)-3], "\n") + "\n")
		query{step.cond}.text(&b)
	}
	return b.String()
}

func BenchmarkPath(b *testing.B) {
	path := genPath(pathSteps)
	for _, shape := range []string{"base", "scoped", "fresh"} {
		b.Run(shape, func(b *testing.B) {
			defer cpuPerOp(b)()
			b.ResetTimer()
			runPath(b, shape, path, b.N)
		})
	}
	b.Run("z3", func(b *testing.B) {
		if _, err := exec.LookPath("z3"); err != nil {
			b.Skip("z3 not found")
		}
		cmd := exec.Command("z3", "-in")
		cmd.Stdin = strings.NewReader(pathText(path, b.N))
		b.ResetTimer()
		out, err := cmd.Output()
		if err != nil {
			b.Fatal(err)
		}
		if got := strings.Fields(string(out)); len(got) != b.N {
			b.Fatalf("z3 answered %d checks of %d", len(got), b.N)
		}
		ps := cmd.ProcessState
		b.ReportMetric(float64(ps.UserTime()+ps.SystemTime())/float64(b.N), "cpu-ns/op")
	})
}

// TestPathShapesAgree checks that every shape of the path benchmark gets
// the same answers as fresh solving, check by check, and that the path
// mixes sat and unsat conditions.
func TestPathShapesAgree(t *testing.T) {
	path := genPath(pathSteps)
	n := 2*pathSteps + 10 // past a path's end, so a new path starts
	want := runPath(t, "fresh", path, n)
	counts := map[Status]int{}
	for _, s := range want {
		counts[s]++
	}
	if counts[Sat] == 0 || counts[Unsat] == 0 || counts[Unknown] != 0 {
		t.Fatalf("fresh answers %v: want both sat and unsat, no unknown", counts)
	}
	for _, shape := range []string{"base", "scoped"} {
		got := runPath(t, shape, path, n)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: check %d is %v, fresh solving says %v", shape, i, got[i], want[i])
			}
		}
	}
}
