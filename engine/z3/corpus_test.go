package z3

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestCorpus runs Solve over the .smt2 files below $SIFT_Z3_CORPUS (skipped
// when unset) and checks every answer against the file's :status and every
// model by defining the symbols as it says and solving again. Files with
// push/pop, check-sat-assuming or several check-sats are skipped (Solve
// checks one flat set of assertions), and so are files declaring sorts, whose
// model values are Z3's abstract elements. $SIFT_Z3_CORPUS_LOGICS (a regexp, default any) filters by logic.
//
//	SIFT_Z3_CORPUS=../../../shared/bench/dev SIFT_Z3_CORPUS_LOGICS='^(BV|ABV|AUFBV|UFBV)$' \
//	  go test -run Corpus -v ./engine/z3
func TestCorpus(t *testing.T) {
	root := os.Getenv("SIFT_Z3_CORPUS")
	if root == "" {
		t.Skip("SIFT_Z3_CORPUS not set")
	}
	logics := regexp.MustCompile(os.Getenv("SIFT_Z3_CORPUS_LOGICS"))
	status := regexp.MustCompile(`:status\s+(sat|unsat|unknown)`)
	var solved, unknown, models, skipped int
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".smt2") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		script := string(b)
		if !logics.MatchString(logicOf(script)) || strings.Contains(script, "(push") ||
			strings.Count(script, "(check-sat") > 1 || strings.Contains(script, "(check-sat-assuming") ||
			strings.Contains(script, "(declare-sort") {
			skipped++
			return nil
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		res, err := Solve(ctx, script)
		cancel()
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		if res.Status == Unknown {
			unknown++
			return nil
		}
		solved++
		if m := status.FindStringSubmatch(script); m != nil && m[1] != "unknown" && m[1] != res.Status.String() {
			t.Errorf("%s: %v, expected %s", path, res.Status, m[1])
		}
		if res.Status == Sat {
			models++
			checkCorpusModel(t, path, script, res.Model)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("decided %d (%d models checked), unknown %d, skipped %d", solved, models, unknown, skipped)
}

func checkCorpusModel(t *testing.T, path, script string, model []Binding) {
	t.Helper()
	for _, m := range model {
		if strings.Contains(m.Value, "(lambda") {
			t.Logf("%s: %s stays a lambda", path, m.Name)
		}
		open := -1
		for _, form := range []string{"(declare-fun " + m.Name + " ", "(declare-fun |" + m.Name + "| ",
			"(declare-const " + m.Name + " ", "(declare-const |" + m.Name + "| "} {
			if open = strings.Index(script, form); open >= 0 {
				break
			}
		}
		if open < 0 {
			t.Errorf("%s: cannot find the declaration of %s", path, m.Name)
			return
		}
		var formals []string
		for _, p := range m.Params {
			formals = append(formals, "("+p.Name+" "+p.Sort+")")
		}
		def := "(define-fun |" + m.Name + "| (" + strings.Join(formals, " ") + ") " + m.Sort + " " + m.Value + ")"
		script = script[:open] + def + script[matchingParen(script, open):]
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := Solve(ctx, script)
	switch {
	case err != nil:
		t.Errorf("%s: model does not read back: %v", path, err)
	case res.Status == Unknown:
		t.Logf("%s: model check unknown (%s)", path, res.Reason)
	case res.Status != Sat:
		t.Errorf("%s: model does not satisfy the script", path)
	}
}
