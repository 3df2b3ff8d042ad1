package engine_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
)

// TestRegressions runs every file under testdata/regress (one directory per
// class of issue 14: rewriting, limits and unconstrained terms, model
// import, the fallback's share of the time, merge queries). Each must be decided with its :status, and every model must
// validate. A file with the comment "; regress: no-fallback" is run without
// the Z3 fallback: what it tests is decided by sift's own stages. A file
// with "; regress: decided-by NAME" must be decided by the pipeline step
// NAME (Session.LastStage "quant-strip" and the like count as "quant") or a
// step before it (preprocessing settles some outright), never after it. A
// line "; regress: output TEXT" names a line the output must contain (a
// value the model must give), and no file may make sift print an error.
var (
	decidedByRE = regexp.MustCompile(`; regress: decided-by (\S+)`)
	outputRE    = regexp.MustCompile(`(?m)^; regress: output (.+)$`)
)

// decidedBy reports whether the session's last check was decided by the
// step named want or by one before it in the pipeline.
func decidedBy(s *engine.Session, want string) bool {
	got := s.LastStage()
	if strings.HasPrefix(got, "quant-") {
		got = "quant" // the procedure's step: the quant stage decided
	}
	for _, st := range s.Driver().Stats {
		switch st.Name {
		case got:
			return true
		case want:
			return false
		}
	}
	return false
}

func TestRegressions(t *testing.T) {
	files := smt2Under(t, "../testdata/regress")
	if len(files) == 0 {
		t.Fatal("no regression files")
	}
	for _, f := range files {
		name, _ := filepath.Rel("../testdata/regress", f)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			m := statusRE.FindSubmatch(src)
			if m == nil {
				t.Fatal("no :status")
			}
			want := string(m[1])
			opts := engine.Options{NoFallback: strings.Contains(string(src), "; regress: no-fallback")}
			out, sessions := runWith(t, string(src), opts, 10*time.Second)
			if got, _, _ := strings.Cut(out, "\n"); got != want {
				t.Errorf("answered %q, want %s\n%s", got, want, out)
			}
			lines := strings.Split(out, "\n")
			for _, l := range lines {
				if strings.HasPrefix(strings.TrimSpace(l), "(error") || strings.HasPrefix(l, "unsupported") {
					t.Errorf("printed an error: %s", l)
				}
			}
			for i, l := range lines {
				lines[i] = strings.TrimSpace(l)
			}
			for _, w := range outputRE.FindAllSubmatch(src, -1) {
				if !slices.Contains(lines, strings.TrimSpace(string(w[1]))) {
					t.Errorf("output lacks the line %q\n%s", w[1], out)
				}
			}
			by := decidedByRE.FindSubmatch(src)
			for _, s := range sessions {
				if n := s.Driver().ValidationFailures; n > 0 {
					t.Errorf("%d models failed validation (a bug)", n)
				}
				if by != nil && !decidedBy(s, string(by[1])) {
					t.Errorf("decided by %q, want %s or a step before it", s.LastStage(), by[1])
				}
			}
		})
	}
}
