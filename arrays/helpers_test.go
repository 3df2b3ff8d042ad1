package arrays

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// parseScript returns the store and the assertions of script's first
// check-sat.
func parseScript(t *testing.T, script string) (*term.Store, []term.Term) {
	t.Helper()
	st, as, out, err := smtlib.ReadAssertions(strings.NewReader(script))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(script, "check-sat") {
		t.Fatalf("script has no check-sat\n%s", out)
	}
	return st, as
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
