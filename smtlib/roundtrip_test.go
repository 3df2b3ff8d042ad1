package smtlib_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// recorder is a Solver that only records what is asserted.
type recorder struct {
	asserted []term.Term
}

func (r *recorder) Push()                            {}
func (r *recorder) Pop()                             {}
func (r *recorder) Assert(t term.Term, label string) { r.asserted = append(r.asserted, t) }
func (r *recorder) ResetAssertions()                 {}
func (r *recorder) Assertions() []term.Term          { return r.asserted }
func (r *recorder) CheckSat(context.Context, []term.Term) smtlib.CheckResult {
	return smtlib.CheckResult{Status: smtlib.Unknown, Reason: "recorder"}
}
func (r *recorder) Model() (*term.Model, error)            { return nil, os.ErrNotExist }
func (r *recorder) UnsatCore() ([]string, error)           { return nil, os.ErrNotExist }
func (r *recorder) UnsatAssumptions() ([]term.Term, error) { return nil, os.ErrNotExist }
func (r *recorder) Statistics() [][2]string                { return nil }
func (r *recorder) SetRandomSeed(uint64)                   {}

// parseAndPrint runs a script through a recording interpreter and prints its
// assertions back as a standalone script.
func parseAndPrint(t *testing.T, name string, src []byte) string {
	t.Helper()
	var rec *recorder
	var out bytes.Buffer
	// Models on: the test is about reading terms, and some files ask for a
	// model without setting :produce-models.
	// Diagnostics go to the same buffer, so each unsupported response is
	// followed by the line that says why.
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, Diagnostics: &out, NewSolver: func(*term.Store) smtlib.Solver {
		rec = &recorder{}
		return rec
	}}, &out)
	if err := in.Run(context.Background(), bytes.NewReader(src)); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	lines := strings.Split(out.String(), "\n")
	for i, line := range lines {
		// Options sift does not know are answered unsupported; anything else
		// unsupported or erroneous means a term was not read.
		unsupportedTerm := line == "unsupported" && (i+1 >= len(lines) ||
			!(strings.Contains(lines[i+1], "option") || strings.Contains(lines[i+1], "command") ||
				strings.Contains(lines[i+1], "floating-point")))
		answerDependent := strings.Contains(line, "not available")
		// Some suite files set the logic after a push; SMT-LIB 2.6 (and
		// z3) reject that command, and the rest of the script is read.
		if strings.Contains(line, "set-logic must come before") {
			continue
		}
		if (strings.HasPrefix(line, "(error") && !answerDependent) || unsupportedTerm {
			t.Fatalf("%s: %s %s", name, line, lines[min(i+1, len(lines)-1)])
		}
	}
	return smtlib.NewPrinter(in.Store()).ScriptString("", rec.asserted)
}

// smt2Files lists the .smt2 files under dirs that exist.
func smt2Files(t *testing.T, dirs ...string) []string {
	var files []string
	for _, d := range dirs {
		if _, err := os.Stat(d); err != nil {
			continue
		}
		filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(p, ".smt2") {
				files = append(files, p)
			}
			return nil
		})
	}
	return files
}

func roundTrip(t *testing.T, files []string) {
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		once := parseAndPrint(t, f, src)
		twice := parseAndPrint(t, f+" (printed)", []byte(once))
		if once != twice {
			t.Errorf("%s: print∘parse is not idempotent:\n--- first\n%.2000s\n--- second\n%.2000s", f, once, twice)
		}
	}
}

func TestRoundTripTestdata(t *testing.T) {
	files := smt2Files(t, "../testdata/dev", "../testdata/seeds")
	if len(files) < 100 {
		t.Fatalf("expected the testdata corpus (≥100 files), found %d", len(files))
	}
	roundTrip(t, files)
}

func TestRoundTripSharedSuites(t *testing.T) {
	files := smt2Files(t, "../../shared/bench/dev", "../../shared/tests/seeds")
	if len(files) == 0 {
		t.Skip("../shared is absent: the dev suite round trip needs ../shared/bench/dev")
	}
	if testing.Short() {
		t.Skip("-short: skipping the 979-file round trip")
	}
	roundTrip(t, files)
}
