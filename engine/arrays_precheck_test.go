package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// precheckRecorder is an smtlib.Solver that keeps the problem of the first
// check-sat, so the stage can be run on it alone.
type precheckRecorder struct {
	st         *term.Store
	assertions []term.Term
	problem    *stage.Problem
}

func (r *precheckRecorder) Push()                                  {}
func (r *precheckRecorder) Pop()                                   {}
func (r *precheckRecorder) Assert(t term.Term, _ string)           { r.assertions = append(r.assertions, t) }
func (r *precheckRecorder) ResetAssertions()                       { r.assertions = nil }
func (r *precheckRecorder) Assertions() []term.Term                { return r.assertions }
func (r *precheckRecorder) Model() (*term.Model, error)            { return nil, errors.New("none") }
func (r *precheckRecorder) UnsatCore() ([]string, error)           { return nil, errors.New("none") }
func (r *precheckRecorder) UnsatAssumptions() ([]term.Term, error) { return nil, errors.New("none") }
func (r *precheckRecorder) Statistics() [][2]string                { return nil }
func (r *precheckRecorder) SetRandomSeed(uint64)                   {}
func (r *precheckRecorder) CheckSat(_ context.Context, assumptions []term.Term) smtlib.CheckResult {
	if r.problem == nil {
		r.problem = &stage.Problem{Store: r.st, Assertions: append([]term.Term(nil), r.assertions...),
			Labels: make([]string, len(r.assertions)), Assumptions: assumptions}
	}
	return smtlib.CheckResult{}
}

// firstProblem parses a script and returns the problem of its first
// check-sat, or nil when the script has none or does not parse.
func firstProblem(t *testing.T, path string) *stage.Problem {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rec *precheckRecorder
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: func(st *term.Store) smtlib.Solver {
		rec = &precheckRecorder{st: st}
		return rec
	}}, &strings.Builder{})
	if err := in.Run(context.Background(), strings.NewReader(string(b))); err != nil || rec == nil {
		return nil
	}
	return rec.problem
}

// TestArraysPrecheckSeeds runs the stage alone on every seed-003 file: it
// decides t01 and t18 by itself, and answers unsat on no sat file.
func TestArraysPrecheckSeeds(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "seeds", "003", "*.smt2"))
	if len(files) != 20 {
		t.Fatalf("found %d seed files, want 20", len(files))
	}
	must := map[string]bool{"t01_paper_unsat.smt2": true, "t18_unsigned_inrange_unsat.smt2": true}
	for _, f := range files {
		name := filepath.Base(f)
		b, _ := os.ReadFile(f)
		p := firstProblem(t, f)
		if p == nil {
			t.Fatalf("%s: no problem", name)
		}
		s := NewArraysPrecheckStage()
		v, err := s.Decide(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if v.Status == term.Sat {
			t.Errorf("%s: the pre-check answered sat", name)
		}
		if v.Status == term.Unsat && strings.Contains(string(b), ":status sat") {
			t.Errorf("%s: unsat on a sat file", name)
		}
		if must[name] && (v.Status != term.Unsat || s.Decided != 1) {
			t.Errorf("%s: not decided by the pre-check (%s)", name, v.Reason)
		}
	}
}

// TestArraysPrecheckDev runs the stage alone on the QF_ABV and QF_AUFBV
// files of testdata/dev: no unsat on a sat file. It logs how many it decides.
func TestArraysPrecheckDev(t *testing.T) {
	dir := filepath.Join("..", "testdata", "dev")
	data, err := os.ReadFile(filepath.Join(dir, "ATTRIBUTION.tsv"))
	if err != nil {
		t.Skip("no dev suite")
	}
	files, decided, unsats := 0, 0, 0
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		cols := strings.Split(line, "\t")
		if i == 0 || len(cols) < 7 || (cols[5] != "QF_ABV" && cols[5] != "QF_AUFBV") {
			continue
		}
		p := firstProblem(t, filepath.Join(dir, cols[0]))
		if p == nil {
			continue
		}
		files++
		if cols[6] == "unsat" {
			unsats++
		}
		v, err := NewArraysPrecheckStage().Decide(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if v.Status == term.Unsat {
			decided++
			if cols[6] == "sat" {
				t.Errorf("%s: unsat on a sat file", cols[0])
			}
		}
	}
	if files == 0 {
		t.Fatal("no array files found in the dev suite")
	}
	t.Logf("arrays-precheck decided %d of %d dev array files (%d unsat)", decided, files, unsats)
}
