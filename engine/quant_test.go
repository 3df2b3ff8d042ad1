package engine

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine/bitblast"
	"github.com/sift-solver/sift/preprocess"
	"github.com/sift-solver/sift/quant"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// quantSession is a session with the default pipeline minus the Z3
// fallback, so that what the quant stage cannot decide stays unknown (or
// goes to the quantifier-free stages) and its counters say which of its
// stages decided.
func quantSession(st *term.Store) (*Session, *quantStage) {
	q := newQuantStage()
	s := NewSession(st, Options{})
	s.driver = NewDriver(constantStage{}, NewSVIStage(), newPreprocessStage(preprocess.Options{}), q, NewArraysPrecheckStage(), bitblast.New(bitblast.PruningOff))
	return s, q
}

// runQuant runs a script on a quant session and returns the check-sat
// answers and the stage's counters.
func runQuant(t *testing.T, script string) ([]string, quant.Stats) {
	t.Helper()
	var q *quantStage
	var out strings.Builder
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: func(st *term.Store) smtlib.Solver {
		s, qs := quantSession(st)
		q = qs
		return s
	}, Timeout: 20 * time.Second}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatalf("run: %v", err)
	}
	var answers []string
	for _, l := range strings.Split(out.String(), "\n") {
		if l == "sat" || l == "unsat" || l == "unknown" {
			answers = append(answers, l)
		}
	}
	return answers, q.QuantStats()
}

var statusRE = regexp.MustCompile(`:status (sat|unsat|unknown)`)

// TestQuantSeeds runs every seed-000 file: each answer agrees with :status
// (or is unknown where the digest leaves the query to a generic engine), and
// where the digest's §6.1 table names the deciding stage, the stage's
// counters show it decided there. The driver validates every sat model
// against the original assertions (U6).
func TestQuantSeeds(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "seeds", "000", "*.smt2"))
	if len(files) < 30 {
		t.Fatalf("found %d seed files", len(files))
	}
	// stages lists the stages allowed to decide; "" means unknown (handed on)
	// is acceptable; nil means any stage, or none for quantifier-free files.
	stages := map[string][]quant.Stage{
		"t01_strip_unsat":          {quant.StageStrip},
		"t02_lemma_unsat":          {quant.StageStrip},
		"t03_chain_fallback_unsat": {quant.StageExpand},
		"t04_k1_sat":               {quant.StageStrip},
		"t05_k0_vacuous_sat":       {quant.StageStrip},
		"t06_example5_sat":         {quant.StageStrip, quant.StageDuplicate, quant.StageRepair},
		"t06b_example5_nltk_unsat": {quant.StageStrip},
		"ex2_memspn_group2_unsat":  {quant.StageStrip},
		"ex3_paper_example5":       {quant.StageStrip, quant.StageDuplicate, quant.StageRepair, quant.StageExpand},
		"t09_hugek_unsat":          {quant.StageStrip},
		// k = 2^32−1: past any enumeration; wide duplication makes 'a' the
		// array's default and the ground-query check proves the ∀.
		"t09b_hugek_sat":        {quant.StageDuplicate},
		"t10_dup_sat":           {quant.StageStrip, quant.StageDuplicate},
		"t12_two_foralls_unsat": {quant.StageExpand},
		"t12b_two_foralls_sat":  {quant.StageStrip, quant.StageDuplicate},
		// The second check is refuted by stripping's last instance.
		"t08_thm37_equivalence":        {quant.StageNone, quant.StageStrip, quant.StageExpand},
		"t14_other_guard_shape_sat":    {quant.StageStrip, quant.StageDuplicate, quant.StageRepair, quant.StageNone},
		"t14b_other_guard_shape_unsat": {quant.StageStrip, quant.StageExpand, quant.StageNone},
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".smt2")
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want := "unsat" // t08 has two checks, both unsat, and no :status
			if m := statusRE.FindSubmatch(b); m != nil {
				want = string(m[1])
			}
			start := time.Now()
			answers, stats := runQuant(t, string(b))
			el := time.Since(start)
			allowed := stages[name]
			for _, a := range answers {
				if a != want && !(a == "unknown" && contains(allowed, quant.StageNone)) {
					t.Errorf("answered %s, want %s", a, want)
				}
			}
			decided := map[quant.Stage]int{quant.StageStrip: stats.Strip, quant.StageDuplicate: stats.Duplicate,
				quant.StageRepair: stats.Repair, quant.StageExpand: stats.Expand, quant.StageNone: stats.Fallback + stats.Unsupported}
			for st, n := range decided {
				if n > 0 && allowed != nil && !contains(allowed, st) {
					t.Errorf("stage %q decided %d check(s); the digest allows %v", st, n, allowed)
				}
			}
			t.Logf("%v in %v, stats %+v", answers, el, stats)
		})
	}
}

func contains(ss []quant.Stage, s quant.Stage) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// TestQuantKeptSolverSequence: the quant stage keeps its bit-blaster and
// the lifted ∀s' symbols across checks, so a ∀ below a disjunction lifts
// to the same p in every problem. Problems asked in turn, each with that ∀
// beside other facts, must still be answered each on its own: a fact of
// one (popped) problem must not reach the next, which the answers
// alternating between sat and unsat check.
func TestQuantKeptSolverSequence(t *testing.T) {
	const decls = `
(declare-const a (Array (_ BitVec 64) (_ BitVec 8)))
(declare-const k (_ BitVec 64))
(declare-const x Bool)
(assert (bvult k #x0000000000000010))
(assert (or x (forall ((i (_ BitVec 64))) (=> (bvule i k) (= (select a i) #x61)))))
`
	// Under ¬x the ∀ holds: a[0] = 'a' (k ≥ 0). Under x it need not.
	checks := []struct {
		facts string
		want  string
	}{
		{"(assert (not x)) (assert (= (select a #x0000000000000000) #x62))", "unsat"},
		{"(assert (= (select a #x0000000000000000) #x62))", "sat"},
		{"(assert (not x)) (assert (= (select a #x0000000000000003) #x62)) (assert (bvuge k #x0000000000000003))", "unsat"},
		{"(assert (not x)) (assert (= (select a #x0000000000000003) #x62))", "sat"},
		{"(assert (not x))", "sat"},
		{"(assert (not x)) (assert (= (select a #x0000000000000000) #x62))", "unsat"},
	}
	var b strings.Builder
	b.WriteString(decls)
	var want []string
	for _, c := range checks {
		b.WriteString("(push 1)" + c.facts + "(check-sat)(pop 1)\n")
		want = append(want, c.want)
	}
	got, stats := runQuant(t, b.String())
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("answers %v, want %v", got, want)
	}
	if stats.Strip+stats.Duplicate+stats.Repair+stats.Expand != len(checks) {
		t.Errorf("the quant stage decided %d of %d checks: %+v", stats.Strip+stats.Duplicate+stats.Repair+stats.Expand, len(checks), stats)
	}
}
