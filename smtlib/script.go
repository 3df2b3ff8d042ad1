package smtlib

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/sift-solver/sift/term"
)

// ReadAssertions runs a script without solving anything and returns its store
// and the problem of its first check-sat: the assertions then in force
// followed by the check's assumptions. A script without check-sat gives the
// assertions at its end. The script's responses (errors included) are
// returned as text, for callers that want to show them.
func ReadAssertions(src io.Reader) (*term.Store, []term.Term, string, error) {
	var rec *recorder
	var out strings.Builder
	in := NewInterpreter(Config{NewSolver: func(st *term.Store) Solver {
		rec = &recorder{st: st}
		return rec
	}}, &out)
	if err := in.Run(context.Background(), src); err != nil {
		return nil, nil, out.String(), err
	}
	if rec.checked {
		return rec.st, rec.first, out.String(), nil
	}
	return rec.st, rec.assertions, out.String(), nil
}

// recorder is a Solver that only records: the assertions, and the problem of
// the first check-sat.
type recorder struct {
	st         *term.Store
	assertions []term.Term
	levels     []int
	first      []term.Term
	checked    bool
}

var errRecorder = errors.New("no solving: the script is only read")

func (r *recorder) Push() { r.levels = append(r.levels, len(r.assertions)) }
func (r *recorder) Pop() {
	r.assertions = r.assertions[:r.levels[len(r.levels)-1]]
	r.levels = r.levels[:len(r.levels)-1]
}
func (r *recorder) Assert(t term.Term, _ string)           { r.assertions = append(r.assertions, t) }
func (r *recorder) ResetAssertions()                       { r.assertions, r.levels = nil, nil }
func (r *recorder) Assertions() []term.Term                { return r.assertions }
func (r *recorder) Model() (*term.Model, error)            { return nil, errRecorder }
func (r *recorder) UnsatCore() ([]string, error)           { return nil, errRecorder }
func (r *recorder) UnsatAssumptions() ([]term.Term, error) { return nil, errRecorder }
func (r *recorder) Statistics() [][2]string                { return nil }
func (r *recorder) SetRandomSeed(uint64)                   {}
func (r *recorder) CheckSat(_ context.Context, assumptions []term.Term) CheckResult {
	if !r.checked {
		r.checked = true
		r.first = append(append([]term.Term(nil), r.assertions...), assumptions...)
	}
	return CheckResult{Status: Unknown, Reason: "the script is only read"}
}
