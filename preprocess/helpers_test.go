package preprocess

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// collector is a smtlib.Solver that only records assertions, so that tests
// can write their input as SMT-LIB.
type collector struct{ asserts []term.Term }

func (c *collector) Push()                                  {}
func (c *collector) Pop()                                   {}
func (c *collector) Assert(t term.Term, _ string)           { c.asserts = append(c.asserts, t) }
func (c *collector) ResetAssertions()                       { c.asserts = nil }
func (c *collector) Assertions() []term.Term                { return c.asserts }
func (c *collector) Model() (*term.Model, error)            { return nil, nil }
func (c *collector) UnsatCore() ([]string, error)           { return nil, nil }
func (c *collector) UnsatAssumptions() ([]term.Term, error) { return nil, nil }
func (c *collector) Statistics() [][2]string                { return nil }
func (c *collector) SetRandomSeed(uint64)                   {}
func (c *collector) CheckSat(context.Context, []term.Term) smtlib.CheckResult {
	return smtlib.CheckResult{}
}

// parse runs script and returns the store and the asserted terms.
func parse(t *testing.T, script string) (*term.Store, []term.Term) {
	t.Helper()
	var st *term.Store
	c := &collector{}
	var out bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: func(s *term.Store) smtlib.Solver { st = s; return c }}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "error") {
		t.Fatalf("script error: %s", out.String())
	}
	return st, c.asserts
}

// freeVars returns the free variables of ts in first-occurrence order.
func freeVars(st *term.Store, ts []term.Term) []term.Term { return st.FreeVarsOf(ts...) }

// forAllModels calls f on every assignment of vars (Bool and narrow
// bit-vectors only) until f returns false.
func forAllModels(t *testing.T, st *term.Store, vars []term.Term, f func(m *term.Model) bool) {
	t.Helper()
	bits := uint32(0)
	for _, x := range vars {
		s := st.SortOf(x)
		switch {
		case st.IsBool(s):
			bits++
		case st.IsBitVec(s):
			bits += st.Width(s)
		default:
			t.Fatalf("brute force cannot enumerate %s", st.SortString(s))
		}
	}
	if bits > 20 {
		t.Fatalf("brute force over %d bits is too much", bits)
	}
	for n := uint64(0); n < 1<<bits; n++ {
		m := term.NewModel()
		rest := n
		for _, x := range vars {
			s := st.SortOf(x)
			if st.IsBool(s) {
				m.Set(x, term.BoolValue(rest&1 == 1))
				rest >>= 1
				continue
			}
			w := st.Width(s)
			m.Set(x, st.BVValue(bv.New(w, rest)))
			rest >>= w
		}
		if !f(m) {
			return
		}
	}
}

// holds reports whether every assertion is true under m.
func holds(t *testing.T, st *term.Store, as []term.Term, m *term.Model) bool {
	t.Helper()
	ev := term.NewEvaluator(st, m)
	for _, a := range as {
		b, err := ev.EvalBool(a)
		if err != nil {
			t.Fatalf("eval: %v", err)
		}
		if !b {
			return false
		}
	}
	return true
}

// bruteSolve returns a model of as over its free variables, or nil.
func bruteSolve(t *testing.T, st *term.Store, as []term.Term) *term.Model {
	t.Helper()
	var found *term.Model
	forAllModels(t, st, freeVars(st, as), func(m *term.Model) bool {
		if holds(t, st, as, m) {
			found = m
			return false
		}
		return true
	})
	return found
}

// runPasses preprocesses with the sanity checker on between passes.
func runPasses(t *testing.T, st *term.Store, as, frozen []term.Term, passes ...Pass) *State {
	t.Helper()
	d := NewDriver(Options{Sanity: true}, passes...)
	s, err := d.Run(context.Background(), st, as, frozen)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkReconstruction asserts that preprocessing kept satisfiability, and
// that a model of the result, mapped back, satisfies the original.
func checkReconstruction(t *testing.T, st *term.Store, orig []term.Term, s *State) {
	t.Helper()
	origModel := bruteSolve(t, st, orig)
	if s.Unsat() {
		if origModel != nil {
			t.Fatalf("preprocessing said unsat, but the input has a model")
		}
		return
	}
	m := bruteSolve(t, st, s.Assertions)
	if (m == nil) != (origModel == nil) {
		t.Fatalf("satisfiability changed: input sat=%v, result sat=%v", origModel != nil, m != nil)
	}
	if m == nil {
		return
	}
	back := s.Reconstruct(m)
	if !holds(t, st, orig, back) {
		t.Fatalf("reconstructed model does not satisfy the input")
	}
}

// printed returns the assertions as SMT-LIB text, one per line.
func printed(st *term.Store, as []term.Term) string {
	p := smtlib.NewPrinter(st)
	var parts []string
	for _, a := range as {
		parts = append(parts, p.TermString(a))
	}
	return strings.Join(parts, "\n")
}
