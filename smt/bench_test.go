package smt

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// The benchmarks pose the same small queries through the API and through
// the SMT-LIB text path (text generated, read by smtlib's interpreter, sent
// to an engine session, as a program driving sift by text would). Each
// query is two to four constraints over three 32-bit constants, of the
// shapes a symbolic executor's branch conditions have: comparisons with
// constants, offsets, masks; each is posed in its own push/pop. One op is
// one query; run 10,000 of them with
//
//	go test ./smt -run '^$' -bench 'Queries' -benchtime 10000x -benchmem

// constraint is one generated constraint: var[a] (+ k) op rhs, where rhs is
// var[b] when b ≥ 0 and the constant c otherwise; mask, when not 0, ands
// the left side with it first.
type constraint struct {
	a, b    int
	k, c    uint64
	mask    uint64
	op      string // bvult, bvule, bvugt, bvuge, =
	negated bool
}

type query []constraint

var benchVars = []string{"x", "y", "z"}

func genQueries(n int) []query {
	r := rand.New(rand.NewPCG(18, 10000))
	ops := []string{"bvult", "bvule", "bvugt", "bvuge", "="}
	qs := make([]query, n)
	for i := range qs {
		q := make(query, 2+r.IntN(3))
		for j := range q {
			c := constraint{a: r.IntN(3), b: -1, op: ops[r.IntN(len(ops))], c: uint64(r.IntN(1000)),
				negated: r.IntN(5) == 0}
			if r.IntN(3) == 0 {
				c.b = r.IntN(3)
			}
			if r.IntN(3) == 0 {
				c.k = uint64(r.IntN(100))
			}
			if r.IntN(4) == 0 {
				c.mask = uint64(r.IntN(256))
			}
			q[j] = c
		}
		qs[i] = q
	}
	return qs
}

// build returns the query's constraints as API terms.
func (q query) build(s *Solver, vars []Term) []Term {
	out := make([]Term, len(q))
	for j, c := range q {
		l := vars[c.a]
		if c.mask != 0 {
			l = s.BVAnd(l, s.BV(32, c.mask))
		}
		if c.k != 0 {
			l = s.BVAdd(l, s.BV(32, c.k))
		}
		rhs := s.BV(32, c.c)
		if c.b >= 0 {
			rhs = vars[c.b]
		}
		var f Term
		switch c.op {
		case "bvult":
			f = s.BVULT(l, rhs)
		case "bvule":
			f = s.BVULE(l, rhs)
		case "bvugt":
			f = s.BVUGT(l, rhs)
		case "bvuge":
			f = s.BVUGE(l, rhs)
		default:
			f = s.Eq(l, rhs)
		}
		if c.negated {
			f = s.Not(f)
		}
		out[j] = f
	}
	return out
}

// buildTerm returns the query's constraints built directly in a term store
// (what sift symex does today).
func (q query) buildTerm(st *term.Store, vars []term.Term) []term.Term {
	out := make([]term.Term, len(q))
	for j, c := range q {
		l := vars[c.a]
		if c.mask != 0 {
			l = st.MustMake(term.OpBVAnd, nil, l, st.ConstUint64(32, c.mask))
		}
		if c.k != 0 {
			l = st.MustMake(term.OpBVAdd, nil, l, st.ConstUint64(32, c.k))
		}
		rhs := st.ConstUint64(32, c.c)
		if c.b >= 0 {
			rhs = vars[c.b]
		}
		op, _ := term.OpByName(c.op)
		f := st.MustMake(op, nil, l, rhs)
		if c.negated {
			f = st.Not(f)
		}
		out[j] = f
	}
	return out
}

// text writes the query as the commands of one push/pop scope.
func (q query) text(b *strings.Builder) {
	b.WriteString("(push 1)\n")
	for _, c := range q {
		b.WriteString("(assert ")
		if c.negated {
			b.WriteString("(not ")
		}
		fmt.Fprintf(b, "(%s ", c.op)
		l := benchVars[c.a]
		if c.mask != 0 {
			l = fmt.Sprintf("(bvand %s (_ bv%d 32))", l, c.mask)
		}
		if c.k != 0 {
			l = fmt.Sprintf("(bvadd %s (_ bv%d 32))", l, c.k)
		}
		b.WriteString(l)
		if c.b >= 0 {
			b.WriteString(" " + benchVars[c.b] + ")")
		} else {
			fmt.Fprintf(b, " (_ bv%d 32))", c.c)
		}
		if c.negated {
			b.WriteString(")")
		}
		b.WriteString(")\n")
	}
	b.WriteString("(check-sat)\n(pop 1)\n")
}

const benchQueries = 10000

func BenchmarkQueriesAPI(b *testing.B) {
	qs := genQueries(benchQueries)
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	vars := []Term{s.Const("x", s.BitVecSort(32)), s.Const("y", s.BitVecSort(32)), s.Const("z", s.BitVecSort(32))}
	ctx := context.Background()
	b.ReportAllocs()
	defer cpuPerOp(b)()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Push()
		if err := s.Assert(qs[i%len(qs)].build(s, vars)...); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Check(ctx); err != nil {
			b.Fatal(err)
		}
		s.Pop()
	}
}

// newTextSession returns an interpreter over an engine session, with the
// benchmark's constants declared, writing its answers to out.
func newTextSession(out io.Writer) *smtlib.Interpreter {
	in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
		return engine.NewSession(st, engine.Options{NoFallback: true})
	}}, out)
	in.Run(context.Background(), strings.NewReader(
		"(set-logic QF_BV)(declare-const x (_ BitVec 32))(declare-const y (_ BitVec 32))(declare-const z (_ BitVec 32))"))
	return in
}

func BenchmarkQueriesText(b *testing.B) {
	qs := genQueries(benchQueries)
	in := newTextSession(io.Discard)
	ctx := context.Background()
	var sb strings.Builder
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sb.Reset()
		qs[i%len(qs)].text(&sb)
		if err := in.Run(ctx, strings.NewReader(sb.String())); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildAPI and BenchmarkBuildTerm build the queries' terms only,
// through the API and straight in a term store: the API's own overhead.
func BenchmarkBuildAPI(b *testing.B) {
	qs := genQueries(benchQueries)
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	vars := []Term{s.Const("x", s.BitVecSort(32)), s.Const("y", s.BitVecSort(32)), s.Const("z", s.BitVecSort(32))}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		qs[i%len(qs)].build(s, vars)
	}
}

func BenchmarkBuildTerm(b *testing.B) {
	qs := genQueries(benchQueries)
	st := term.NewStore()
	bv32 := st.BitVecSort(32)
	vars := []term.Term{st.Var("x", bv32), st.Var("y", bv32), st.Var("z", bv32)}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		qs[i%len(qs)].buildTerm(st, vars)
	}
}

// TestQueriesAgree checks that the benchmark's two paths pose the same
// queries: the answers agree, query by query.
func TestQueriesAgree(t *testing.T) {
	qs := genQueries(300)
	s := NewSolver(Options{NoFallback: true})
	defer s.Close()
	vars := []Term{s.Const("x", s.BitVecSort(32)), s.Const("y", s.BitVecSort(32)), s.Const("z", s.BitVecSort(32))}
	var out strings.Builder
	in := newTextSession(&out)
	counts := map[Status]int{}
	for i, q := range qs {
		s.Push()
		if err := s.Assert(q.build(s, vars)...); err != nil {
			t.Fatal(err)
		}
		r, err := s.Check(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		s.Pop()
		out.Reset()
		var sb strings.Builder
		q.text(&sb)
		if err := in.Run(context.Background(), strings.NewReader(sb.String())); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(out.String()); got != r.Status.String() {
			t.Fatalf("query %d: API %v, text %q\n%s", i, r, got, sb.String())
		}
		counts[r.Status]++
	}
	if counts[Sat] == 0 || counts[Unsat] == 0 {
		t.Errorf("the queries should mix sat and unsat, got %v", counts)
	}
	t.Logf("answers: %v", counts)
}

// BenchmarkIncrementalGrowth times the same queries on a fresh solver and on
// one that has already answered 2,000 others in push/pop scopes: with no
// assertion left from those, the two should cost the same.
func BenchmarkIncrementalGrowth(b *testing.B) {
	qs := genQueries(benchQueries)
	for _, before := range []int{0, 2000} {
		b.Run(fmt.Sprintf("before=%d", before), func(b *testing.B) {
			s := NewSolver(Options{NoFallback: true})
			defer s.Close()
			vars := []Term{s.Const("x", s.BitVecSort(32)), s.Const("y", s.BitVecSort(32)), s.Const("z", s.BitVecSort(32))}
			ctx := context.Background()
			pose := func(q query) {
				s.Push()
				s.Assert(q.build(s, vars)...)
				if _, err := s.Check(ctx); err != nil {
					b.Fatal(err)
				}
				s.Pop()
			}
			for i := 0; i < before; i++ {
				pose(qs[len(qs)-1-i])
			}
			b.ReportAllocs()
			defer cpuPerOp(b)()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				pose(qs[i%len(qs)])
			}
		})
	}
}
