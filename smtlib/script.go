package smtlib

import (
	"bufio"
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

// Script is what ReadScript read.
type Script struct {
	// Assertions are the assertions in force at the end of the script.
	Assertions []term.Term
	// Symbols maps the names the script declared (declare-const,
	// declare-fun) and the names of the scope to their terms.
	Symbols map[string]term.Term
}

// ReadScript runs the declarations, definitions and assertions of a script
// over the caller's store st, without solving: check-sat is recorded, not
// decided. The names of scope are declared before the script starts, so a
// script can use terms the caller built. The first error in the script (with
// its line and column) or a command that sift does not support is returned
// as the error; (reset) is an error too, since it would start a new store.
func ReadScript(st *term.Store, scope Scope, src io.Reader) (*Script, error) {
	var rec *recorder
	var firstErr error
	in := &Interpreter{out: bufio.NewWriter(io.Discard)}
	in.cfg.NewSolver = func(s *term.Store) Solver {
		rec = &recorder{st: s}
		return rec
	}
	in.reset()
	in.st, in.env, in.pr = st, scopedEnv(st, scope), NewPrinter(st)
	rec.st = st
	in.onError = func(err error) {
		if firstErr == nil {
			firstErr = err
		}
	}
	if err := in.Run(context.Background(), src); err != nil {
		return nil, err
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if in.st != st {
		return nil, errors.New("the script resets the solver: (reset) is not allowed here")
	}
	syms := make(map[string]term.Term, len(in.env.funs))
	for name, d := range in.env.funs {
		if d.Var != term.NoTerm {
			syms[name] = d.Var
		}
	}
	return &Script{Assertions: append([]term.Term(nil), rec.assertions...), Symbols: syms}, nil
}
