package quant_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

var statusRE = regexp.MustCompile(`:status (sat|unsat)`)

// TestMergeRegressions runs the merge queries of testdata/regress/merge
// (engine's TestRegressions checks their answers too): each must be decided
// with its :status by the quant stage itself or a stage before it (the
// preprocessing passes settle some outright), not by the stages after it,
// and no model may fail validation.
func TestMergeRegressions(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "regress", "merge", "*.smt2"))
	if len(files) == 0 {
		t.Fatal("no regression files")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".smt2"), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := statusRE.FindSubmatch(src)
			if m == nil {
				t.Fatal("no :status")
			}
			var sess *engine.Session
			var out strings.Builder
			in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(st *term.Store) smtlib.Solver {
				sess = engine.NewSession(st, engine.Options{NoFallback: true})
				return sess
			}, Timeout: 10 * time.Second}, &out)
			if err := in.Run(context.Background(), strings.NewReader(string(src))); err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(out.String()); got != string(m[1]) {
				t.Errorf("answered %q, want %s", got, m[1])
			}
			switch stage := sess.LastStage(); {
			case strings.HasPrefix(stage, "quant-"):
			case stage == "constant" || stage == "svi" || stage == "preprocess":
				t.Logf("decided by %q, before the quant stage", stage)
			default:
				t.Errorf("decided by %q, want the quant stage", stage)
			}
			if n := sess.Driver().ValidationFailures; n > 0 {
				t.Errorf("%d models failed validation", n)
			}
		})
	}
}
