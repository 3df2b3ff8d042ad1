package engine_test

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/svi"
)

// runSessions runs script through the interpreter and the default pipeline
// and returns the output and the sessions it made (one per store; (reset)
// makes another). withoutSVI drops the svi stage from each pipeline.
func runSessions(t *testing.T, script string, withoutSVI bool) (string, []*engine.Session) {
	t.Helper()
	opts := engine.Options{}
	if withoutSVI {
		opts.Disable = []string{"svi"}
	}
	// The timeout bounds a stuck check; it is not an assertion.
	return runWith(t, script, opts, 20*time.Second)
}

// sviStage finds the svi stage in a session's pipeline.
func sviStage(t *testing.T, s *engine.Session) *engine.SVIStage {
	t.Helper()
	for _, st := range s.Driver().Steps {
		if v, ok := st.(*engine.SVIStage); ok {
			return v
		}
	}
	t.Fatal("no svi stage in the default pipeline")
	return nil
}

// stageDecided returns how many checks the named stage decided.
func stageDecided(s *engine.Session, name string) int {
	for _, st := range s.Driver().Stats {
		if st.Name == name {
			return st.Decided
		}
	}
	return -1
}

// TestSeed004Layers answers every seed-004 file per its :status through the
// whole pipeline and asserts the layer expected.tsv names: pvi and ubox
// must be decided by the svi stage at that layer, bvt by bit-blasting after
// the svi stage gave up.
func TestSeed004Layers(t *testing.T) {
	dir := filepath.Join("..", "testdata", "seeds", "004")
	f, err := os.Open(filepath.Join(dir, "expected.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := 0
	byLayer := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 3 {
			t.Fatalf("malformed expected.tsv row %q", line)
		}
		file, want, layer := cols[0], cols[1], cols[2]
		rows++
		t.Run(strings.TrimSuffix(file, ".smt2"), func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(src), "(set-info :status "+want+")") {
				t.Fatalf(":status of %s disagrees with expected.tsv (%s)", file, want)
			}
			out, sessions := runSessions(t, string(src), false)
			if got := strings.SplitN(out, "\n", 2)[0]; got != want {
				t.Fatalf("answer %q, want %q; output:\n%s", got, want, out)
			}
			if strings.Contains(out, "error") {
				t.Errorf("output has an error:\n%s", out)
			}
			s := sessions[len(sessions)-1]
			stage := sviStage(t, s)
			st := stage.Stats()
			if st.Calls != 1 {
				t.Fatalf("svi stage called %d times, want 1", st.Calls)
			}
			if s.Driver().ValidationFailures != 0 {
				t.Errorf("%d models failed validation", s.Driver().ValidationFailures)
			}
			got := stage.LastLayer()
			byLayer[got.String()]++
			switch layer {
			case "pvi":
				if got != svi.PVI || st.PVI != 1 || stageDecided(s, "svi") != 1 {
					t.Errorf("layer %v (stats %+v), want pvi decided by svi", got, st)
				}
			case "ubox":
				if got != svi.UBox || st.UBox != 1 || stageDecided(s, "svi") != 1 {
					t.Errorf("layer %v (stats %+v), want ubox decided by svi", got, st)
				}
			case "bvt":
				if got != svi.BVT || st.BVT != 1 || stageDecided(s, "bitblast") != 1 {
					t.Errorf("layer %v (stats %+v, bitblast decided %d), want bvt: svi gives up, bit-blasting decides",
						got, st, stageDecided(s, "bitblast"))
				}
				if st.OutOfFragment != 0 {
					t.Errorf("file is in the fragment, but the stage said: %s", stage.LastDecision().Reason)
				}
			default:
				t.Fatalf("unknown layer %q", layer)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows != 24 {
		t.Errorf("expected.tsv has %d rows, want 24", rows)
	}
	t.Logf("seed 004: %d files, layers %v", rows, byLayer)
}

var sviAnswerLine = regexp.MustCompile(`(?m)^(sat|unsat|unknown)$`)

// TestSVIDevSuiteNoWrongAnswers runs every QF_BV file of testdata/dev twice,
// with and without the svi stage, and requires the answers to agree wherever
// both are definite, and to match a single-check file's :status. Every sat
// model is validated by the driver; a failure counts as a wrong answer here.
func TestSVIDevSuiteNoWrongAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bit-blaster on the dev QF_BV files")
	}
	root := filepath.Join("..", "testdata", "dev")
	files := smt2Under(t, root)
	qfbv, decided, checks := 0, 0, 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "(set-logic QF_BV)") {
			continue
		}
		qfbv++
		name, _ := filepath.Rel(root, p)
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			with, sessions := runSessions(t, string(src), false)
			without, _ := runSessions(t, string(src), true)
			a := sviAnswerLine.FindAllString(with, -1)
			b := sviAnswerLine.FindAllString(without, -1)
			if len(a) != len(b) {
				t.Fatalf("%d answers with svi, %d without:\n%s\n---\n%s", len(a), len(b), with, without)
			}
			for i := range a {
				if a[i] != "unknown" && b[i] != "unknown" && a[i] != b[i] {
					t.Errorf("check %d: %s with svi, %s without", i+1, a[i], b[i])
				}
			}
			if m := regexp.MustCompile(`:status (sat|unsat)\)`).FindStringSubmatch(string(src)); m != nil && len(a) == 1 {
				if a[0] != "unknown" && a[0] != m[1] {
					t.Errorf("answer %s, :status %s", a[0], m[1])
				}
			}
			fileDecided := false
			for _, s := range sessions {
				if s.Driver().ValidationFailures != 0 {
					t.Errorf("%d models failed validation", s.Driver().ValidationFailures)
				}
				st := sviStage(t, s).Stats()
				checks += st.Calls
				if st.PVI+st.UBox > 0 {
					fileDecided = true
				}
			}
			if fileDecided {
				decided++
			}
		})
	}
	if qfbv == 0 {
		t.Fatal("no QF_BV files found under testdata/dev")
	}
	t.Logf("dev QF_BV: %d files, %d with a check decided by svi (%d svi calls)", qfbv, decided, checks)
}

// TestSVIStageCoresAndStats: an unsat answer from the svi stage carries a
// core (so the driver need not defer it), assumptions included, and
// (get-info :all-statistics)-style counters name the layers.
func TestSVIStageCoresAndStats(t *testing.T) {
	tests := []struct {
		name, script, want string
	}{
		{"core of named assertions",
			"(set-option :produce-unsat-cores true)(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))" +
				"(assert (! (bvult y #x05) :named a))(assert (! (bvule x #x0a) :named b))(assert (! (bvugt x #x14) :named c))" +
				"(check-sat)(get-unsat-core)",
			"unsat\n(b c)\n"},
		{"failed assumptions",
			"(set-option :produce-unsat-assumptions true)(declare-const x (_ BitVec 8))(declare-const p Bool)(assert (bvule x #x0a))" +
				"(check-sat-assuming ((bvult #x0b x) (bvult x #x03)))(get-unsat-assumptions)",
			"unsat\n((bvult #x0b x))\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := runSVIDecided(t, tc.script, tc.want)
			if stage := sviStage(t, s); stage.LastLayer() != svi.PVI {
				t.Errorf("not decided at pvi: layer %v, stats %+v", stage.LastLayer(), stage.Stats())
			}
			found := false
			for _, kv := range s.Statistics() {
				if kv[0] == "svi-pvi" {
					found = kv[1] == "1"
				}
			}
			if !found {
				t.Errorf("statistics lack svi-pvi 1: %v", s.Statistics())
			}
		})
	}
}

// runSVIDecided runs script, requires the output want, and requires the
// last session's one check to be decided by the svi stage with every model
// validated; it returns that session.
func runSVIDecided(t *testing.T, script, want string) *engine.Session {
	t.Helper()
	out, sessions := runSessions(t, script, false)
	if out != want {
		t.Fatalf("got %q, want %q", out, want)
	}
	s := sessions[len(sessions)-1]
	if stageDecided(s, "svi") != 1 {
		t.Errorf("not decided by svi: %+v (%s)", sviStage(t, s).Stats(), sviStage(t, s).LastDecision().Reason)
	}
	if s.Driver().ValidationFailures != 0 {
		t.Errorf("%d models failed validation", s.Driver().ValidationFailures)
	}
	return s
}
