package engine

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// solveFile runs a script through sessions with opts and returns the
// answers of its check-sats. Steps named in drop are left out of the
// pipeline.
func solveFile(t *testing.T, path string, opts Options, timeout time.Duration, drop ...string) []string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, Timeout: timeout, NewSolver: func(st *term.Store) smtlib.Solver {
		opts.Disable = append(opts.Disable, drop...)
		return NewSession(st, opts)
	}}, &out)
	if err := in.Run(context.Background(), bytes.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	var answers []string
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		switch l := strings.TrimSpace(sc.Text()); l {
		case "sat", "unsat", "unknown":
			answers = append(answers, l)
		}
	}
	return answers
}

var statusInfo = regexp.MustCompile(`:status\s+(sat|unsat|unknown)`)

// expectedComment reads "; expected sat|unsat" after a check-sat, the form
// of files with several checks.
var expectedComment = regexp.MustCompile(`\(check-sat\)\s*;\s*expected\s+(sat|unsat)`)

// TestFallbackSeed000 answers every seed-000 file per its :status (or its
// per-check "expected" comments), with the default pipeline and with the
// quant stage left out, so that the fallback decides what quant would.
func TestFallbackSeed000(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "seeds", "000", "*.smt2"))
	if len(files) == 0 {
		t.Fatal("no seed-000 files")
	}
	for _, drop := range []string{"", "quant"} {
		for _, f := range files {
			name := filepath.Base(f)
			label := "default"
			if drop != "" {
				label = "without_" + drop
			}
			t.Run(strings.TrimSuffix(name, ".smt2")+"_"+label, func(t *testing.T) {
				src, _ := os.ReadFile(f)
				var want []string
				for _, m := range expectedComment.FindAllStringSubmatch(string(src), -1) {
					want = append(want, m[1])
				}
				if want == nil {
					for _, m := range statusInfo.FindAllStringSubmatch(string(src), 1) {
						want = append(want, m[1])
					}
				}
				if want == nil {
					t.Fatal("no expected status")
				}
				got := solveFile(t, f, Options{}, 20*time.Second, drop)
				if !slices.Equal(got, want) {
					t.Fatalf("answers %v, want %v", got, want)
				}
			})
		}
	}
}

// TestFallbackDevQuantified answers the quantified files of the dev subset
// (logics BV, ABV, UFBV, AUFBV) per their expected status, or unknown; never
// wrongly. Files only the fallback decides are listed in wantDecided.
func TestFallbackDevQuantified(t *testing.T) {
	if testing.Short() {
		t.Skip("several seconds of Z3")
	}
	tsv, err := os.ReadFile(filepath.Join("..", "testdata", "dev", "ATTRIBUTION.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(tsv), "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) < 7 {
			continue
		}
		switch cols[5] {
		case "BV", "ABV", "UFBV", "AUFBV":
		default:
			continue
		}
		n++
		path, want := cols[0], cols[6]
		t.Run(strings.ReplaceAll(filepath.Base(path), "/", "_"), func(t *testing.T) {
			got := solveFile(t, filepath.Join("..", "testdata", "dev", path), Options{}, 5*time.Second)
			if len(got) == 0 {
				t.Fatal("no answer")
			}
			for _, g := range got {
				if g != "unknown" && want != "unknown" && g != want {
					t.Fatalf("WRONG: answers %v, expected %s", got, want)
				}
			}
			if got[len(got)-1] == "unknown" {
				t.Logf("unknown (expected %s)", want)
			}
		})
	}
	if n != 26 {
		t.Fatalf("%d quantified dev files, want 26", n)
	}
}

// TestNoFallback checks that a quantified unsat file only Z3 decides (with
// the qbv stage off, which decides it too) is unknown with NoFallback and
// unsat without.
func TestNoFallback(t *testing.T) {
	f := filepath.Join("..", "testdata", "dev", "cvc5", "test", "regress", "cli", "regress0", "quantifiers", "qbv-simp.smt2")
	noQBV := []string{"qbv"}
	tests := []struct {
		opts Options
		want string
	}{
		{Options{Disable: noQBV}, "unsat"},
		{Options{NoFallback: true, Disable: noQBV}, "unknown"},
	}
	for _, tc := range tests {
		got := solveFile(t, f, tc.opts, 20*time.Second)
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("NoFallback=%v: %v, want %s", tc.opts.NoFallback, got, tc.want)
		}
	}
	var trace bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: func(st *term.Store) smtlib.Solver {
		return NewSession(st, Options{Trace: &trace, Disable: noQBV})
	}}, &bytes.Buffer{})
	src, _ := os.ReadFile(f)
	if err := in.Run(context.Background(), bytes.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(trace.String(), "stage z3-fallback: unsat") {
		t.Errorf("trace does not say the fallback decided:\n%s", trace.String())
	}
}

// sentenceStage answers sat with an empty model and vouches for sentences.
type sentenceStage struct{ sentences map[term.Term]bool }

func (sentenceStage) Name() string { return "vouching-sat" }

func (s sentenceStage) Decide(context.Context, *stage.Problem) (stage.Verdict, error) {
	return stage.Verdict{Status: term.Sat, Model: term.NewModel(), Sentences: s.sentences}, nil
}

// TestDriverTakesDecidedSentences checks that validation takes the closed
// sentences a verdict vouches for without evaluating them, and evaluates
// everything else: a false sentence gets through only when vouched for,
// which is why only the Z3 fallback, for sentences Z3 itself decided, does.
func TestDriverTakesDecidedSentences(t *testing.T) {
	// (assert (forall ((y (_ BitVec 2))) (= y #b00)))
	st := term.NewStore()
	y := st.BoundVar("y", st.BitVecSort(2))
	sentence := st.MustMake(term.OpForall, nil, y, st.Eq(y, st.ConstUint64(2, 0)))
	p := &stage.Problem{Store: st, Assertions: []term.Term{sentence}, Labels: []string{""}}
	if v := NewDriver(sentenceStage{}).Decide(context.Background(), p); v.Status != term.Unknown {
		t.Errorf("without the vouch: %v, want unknown (the sentence is false)", v.Status)
	}
	d := NewDriver(sentenceStage{map[term.Term]bool{sentence: true}})
	if v := d.Decide(context.Background(), p); v.Status != term.Sat {
		t.Errorf("with the vouch: %v (%s), want sat", v.Status, v.Reason)
	}
}
