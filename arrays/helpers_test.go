package arrays

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// recorder is an smtlib.Solver that keeps the assertions at the first
// check-sat and answers unknown.
type recorder struct {
	st         *term.Store
	assertions []term.Term
	checked    []term.Term
	didCheck   bool
}

func (r *recorder) Push()                                  {}
func (r *recorder) Pop()                                   {}
func (r *recorder) Assert(t term.Term, _ string)           { r.assertions = append(r.assertions, t) }
func (r *recorder) ResetAssertions()                       { r.assertions = nil }
func (r *recorder) Assertions() []term.Term                { return r.assertions }
func (r *recorder) Model() (*term.Model, error)            { return nil, errors.New("none") }
func (r *recorder) UnsatCore() ([]string, error)           { return nil, errors.New("none") }
func (r *recorder) UnsatAssumptions() ([]term.Term, error) { return nil, errors.New("none") }
func (r *recorder) Statistics() [][2]string                { return nil }
func (r *recorder) SetRandomSeed(uint64)                   {}
func (r *recorder) CheckSat(_ context.Context, assumptions []term.Term) smtlib.CheckResult {
	if !r.didCheck {
		r.didCheck = true
		r.checked = append(append([]term.Term(nil), r.assertions...), assumptions...)
	}
	return smtlib.CheckResult{}
}

// parseScript returns the store and the assertions of script's first
// check-sat.
func parseScript(t *testing.T, script string) (*term.Store, []term.Term) {
	t.Helper()
	var rec *recorder
	in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
		rec = &recorder{st: st}
		return rec
	}}, &strings.Builder{})
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	if rec == nil || !rec.didCheck {
		t.Fatal("script has no check-sat")
	}
	return rec.st, rec.checked
}

func parseFile(t *testing.T, path string) (*term.Store, []term.Term) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseScript(t, string(b))
}

func analyzeScript(t *testing.T, script string) (*term.Store, []term.Term, *Analysis) {
	t.Helper()
	st, as := parseScript(t, script)
	a, err := Analyze(context.Background(), st, as)
	if err != nil {
		t.Fatal(err)
	}
	return st, as, a
}

// expectedStatus reads (set-info :status …) from a script.
func expectedStatus(script string) string {
	for _, s := range []string{"sat", "unsat", "unknown"} {
		if strings.Contains(script, "(set-info :status "+s+")") {
			return s
		}
	}
	return ""
}
