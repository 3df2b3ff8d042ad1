package engine

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/engine/z3"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// fallbackRecorder is an smtlib.Solver that keeps the problem of the first
// check-sat, so stages and model checks can be run on it directly.
type fallbackRecorder struct {
	st         *term.Store
	assertions []term.Term
	problem    *stage.Problem
}

func (r *fallbackRecorder) Push()                                  {}
func (r *fallbackRecorder) Pop()                                   {}
func (r *fallbackRecorder) Assert(t term.Term, _ string)           { r.assertions = append(r.assertions, t) }
func (r *fallbackRecorder) ResetAssertions()                       { r.assertions = nil }
func (r *fallbackRecorder) Assertions() []term.Term                { return r.assertions }
func (r *fallbackRecorder) Model() (*term.Model, error)            { return nil, errors.New("none") }
func (r *fallbackRecorder) UnsatCore() ([]string, error)           { return nil, errors.New("none") }
func (r *fallbackRecorder) UnsatAssumptions() ([]term.Term, error) { return nil, errors.New("none") }
func (r *fallbackRecorder) Statistics() [][2]string                { return nil }
func (r *fallbackRecorder) SetRandomSeed(uint64)                   {}
func (r *fallbackRecorder) CheckSat(_ context.Context, assumptions []term.Term) smtlib.CheckResult {
	if r.problem == nil {
		r.problem = &stage.Problem{Store: r.st, Assertions: append([]term.Term(nil), r.assertions...),
			Labels: make([]string, len(r.assertions)), Assumptions: assumptions}
	}
	return smtlib.CheckResult{}
}

// scriptProblem parses script (ending in check-sat) into a Problem.
func scriptProblem(t *testing.T, script string) *stage.Problem {
	t.Helper()
	var rec *fallbackRecorder
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: func(st *term.Store) smtlib.Solver {
		rec = &fallbackRecorder{st: st}
		return rec
	}}, &bytes.Buffer{})
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil || rec == nil || rec.problem == nil {
		t.Fatalf("script gave no problem (%v)", err)
	}
	return rec.problem
}

// varByName finds a free variable of p.
func varByName(t *testing.T, p *stage.Problem, name string) term.Term {
	t.Helper()
	for _, v := range freeVars(p.Store, append(p.Assertions, p.Assumptions...)) {
		if p.Store.Name(v) == name {
			return v
		}
	}
	t.Fatalf("no variable %s", name)
	return term.NoTerm
}

// TestImportZ3Model reads hand-written bindings of every value shape and
// compares the printed model with the expected define-funs.
func TestImportZ3Model(t *testing.T) {
	decls := `(declare-sort U 0)
(declare-const x (_ BitVec 8)) (declare-const p Bool) (declare-const w (_ BitVec 72))
(declare-const a (Array (_ BitVec 2) (_ BitVec 8)))
(declare-const n (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8))))
(declare-fun f ((_ BitVec 8) Bool) (_ BitVec 4))
(declare-const u U) (declare-const v U)
(declare-fun g (U) U) (declare-fun h (U) (_ BitVec 8))
(declare-const au (Array U Bool))
(declare-fun big ((_ BitVec 32)) (_ BitVec 32))
(assert (and (= (bvadd x x) x) p (= (bvadd w w) w) (= (select a #b00) x) (= (select (select n #x0) #x1) x) (= (f x p) #x0)
  (= u v) (= (g u) (g v)) (= (h u) #x00) (select au u) (= (big #x00000000) #x00000000)))
(check-sat)`
	bvs := func(w string) string { return "(_ BitVec " + w + ")" }
	tests := []struct {
		name    string
		binding z3.Binding
		want    string // the define-fun the printer writes, or the error text
		wantErr bool
	}{
		{"bit-vector", z3.Binding{Name: "x", Sort: bvs("8"), Value: "#x2a"},
			"(define-fun x () (_ BitVec 8) #x2a)", false},
		{"wide bit-vector", z3.Binding{Name: "w", Sort: bvs("72"), Value: "#x800000000000000001"},
			"(define-fun w () (_ BitVec 72) #x800000000000000001)", false},
		{"Bool", z3.Binding{Name: "p", Sort: "Bool", Value: "true"},
			"(define-fun p () Bool true)", false},
		{"array with let", z3.Binding{Name: "a", Sort: "(Array (_ BitVec 2) (_ BitVec 8))",
			Value: "(let ((a!1 (store ((as const (Array (_ BitVec 2) (_ BitVec 8))) #x00) #b00 #x61))) (store a!1 #b01 #x62))"},
			"(define-fun a () (Array (_ BitVec 2) (_ BitVec 8)) (store (store ((as const (Array (_ BitVec 2) (_ BitVec 8))) #x00) #b00 #x61) #b01 #x62))", false},
		{"nested array", z3.Binding{Name: "n", Sort: "(Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))",
			Value: "(store ((as const (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))) ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x06)) #x1 (store ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x06) #x2 #x05))"},
			"(define-fun n () (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8))) (store ((as const (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))) ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x06)) #x1 (store ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x06) #x2 #x05)))", false},
		{"function table", z3.Binding{Name: "f", Params: []z3.Param{{Name: "x!0", Sort: bvs("8")}, {Name: "x!1", Sort: "Bool"}}, Sort: bvs("4"),
			Value: "(ite (and (= x!0 #x02) (= x!1 false)) #x4 (ite (and (= x!0 #x01) (= x!1 true)) #x1 #x0))"},
			"(define-fun f ((x!0 (_ BitVec 8)) (x!1 Bool)) (_ BitVec 4) (ite (and (= x!0 #x02) (= x!1 false)) #x4 (ite (and (= x!0 #x01) (= x!1 true)) #x1 #x0)))", false},
		{"function table, repeated row", z3.Binding{Name: "f", Params: []z3.Param{{Name: "x!0", Sort: bvs("8")}, {Name: "x!1", Sort: "Bool"}}, Sort: bvs("4"),
			Value: "(ite (and (= #x02 x!0) (not x!1)) #x4 (ite (and (= x!0 #x02) (= x!1 false)) #x9 #x0))"},
			"(define-fun f ((x!0 (_ BitVec 8)) (x!1 Bool)) (_ BitVec 4) (ite (and (= x!0 #x02) (= x!1 false)) #x4 #x0))", false},
		{"element", z3.Binding{Name: "u", Sort: "U", Value: "U!val!1"},
			"(define-fun u () U U!val!1)", false},
		{"function over a declared sort", z3.Binding{Name: "g", Params: []z3.Param{{Name: "x!0", Sort: "U"}}, Sort: "U",
			Value: "(ite (= x!0 U!val!0) U!val!1 U!val!0)"},
			"(define-fun g ((x!0 U)) U (ite (= x!0 U!val!0) U!val!1 U!val!0))", false},
		{"constant function", z3.Binding{Name: "h", Params: []z3.Param{{Name: "x!0", Sort: "U"}}, Sort: bvs("8"), Value: "#x03"},
			"(define-fun h ((x!0 U)) (_ BitVec 8) #x03)", false},
		{"array over a declared sort", z3.Binding{Name: "au", Sort: "(Array U Bool)",
			Value: "(store ((as const (Array U Bool)) false) U!val!2 true)"},
			"(define-fun au () (Array U Bool) (store ((as const (Array U Bool)) false) U!val!2 true))", false},
		{"wrong sort", z3.Binding{Name: "x", Sort: bvs("16"), Value: "#x002a"}, "Z3 gives sort", true},
		{"value of another sort", z3.Binding{Name: "x", Sort: bvs("8"), Value: "#b1"}, "has sort", true},
		{"lambda", z3.Binding{Name: "a", Sort: "(Array (_ BitVec 2) (_ BitVec 8))",
			Value: "(lambda ((i (_ BitVec 2))) #x00)"}, "lambda", true},
		{"element of an unknown sort", z3.Binding{Name: "u", Sort: "U", Value: "V!val!0"}, "unknown sort", true},
		{"symbolic value", z3.Binding{Name: "x", Sort: bvs("8"), Value: "(bvadd y #x01)"}, "unknown constant", true},
		{"body over a large domain", z3.Binding{Name: "big", Params: []z3.Param{{Name: "x!0", Sort: bvs("32")}}, Sort: bvs("32"),
			Value: "(ite (= x!0 #x00000000) #x00000000 (bvadd x!0 #x00000001))"},
			"(define-fun big ((x!0 (_ BitVec 32))) (_ BitVec 32) (ite (= x!0 #x00000000) #x00000000 (bvadd x!0 #x00000001)))", false},
		{"body over a large domain with a symbol", z3.Binding{Name: "big", Params: []z3.Param{{Name: "x!0", Sort: bvs("32")}}, Sort: bvs("32"),
			Value: "(bvadd x!0 y)"}, "unknown constant", true},
		{"missing parameter", z3.Binding{Name: "f", Sort: bvs("4"), Value: "#x0"}, "parameters", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := scriptProblem(t, decls)
			st := p.Store
			v := varByName(t, p, tc.binding.Name)
			m, err := importZ3Model(st, []term.Term{v}, []z3.Binding{tc.binding})
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("err = %v, want one mentioning %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(smtlib.NewPrinter(st).ModelString(m, []term.Term{v}), "(\n"), ")"))
			if got != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestImportZ3ModelEnumeratesSmallBodies checks that a function body which
// is not a table is tabulated exactly on a small domain.
func TestImportZ3ModelEnumeratesSmallBodies(t *testing.T) {
	p := scriptProblem(t, `(declare-fun f ((_ BitVec 3) Bool) (_ BitVec 3)) (assert (= (f #b000 true) #b000)) (check-sat)`)
	st := p.Store
	f := varByName(t, p, "f")
	b := z3.Binding{Name: "f", Params: []z3.Param{{Name: "x!0", Sort: "(_ BitVec 3)"}, {Name: "x!1", Sort: "Bool"}}, Sort: "(_ BitVec 3)",
		Value: "(ite (= x!0 #b101) #b010 (ite x!1 (bvmul x!0 #b011) (bvnot x!0)))"}
	m, err := importZ3Model(st, []term.Term{f}, []z3.Binding{b})
	if err != nil {
		t.Fatal(err)
	}
	fv := m.Values[f].Fun
	if len(fv.Args) != 16 {
		t.Fatalf("%d rows, want the 16 points of the domain", len(fv.Args))
	}
	for x := uint64(0); x < 8; x++ {
		for _, flag := range []bool{false, true} {
			want := bv.New(3, ^x&7)
			switch {
			case x == 5:
				want = bv.New(3, 2)
			case flag:
				want = bv.New(3, (x*3)&7)
			}
			got := fv.Apply([]term.Value{st.BVValue(bv.New(3, x)), term.BoolValue(flag)})
			if !got.BV.Equal(want) {
				t.Errorf("f(%d, %v) = %s, want %s", x, flag, got.BV, want)
			}
		}
	}
}

// TestImportZ3ModelLambda checks that a body over a domain too large to
// tabulate becomes a lambda value that evaluates exactly at any point.
func TestImportZ3ModelLambda(t *testing.T) {
	p := scriptProblem(t, `(declare-fun f ((_ BitVec 32) (_ BitVec 32)) (_ BitVec 32)) (assert (= (f #x00000001 #x00000002) #x00000000)) (check-sat)`)
	st := p.Store
	f := varByName(t, p, "f")
	b := z3.Binding{Name: "f", Params: []z3.Param{{Name: "x!0", Sort: "(_ BitVec 32)"}, {Name: "x!1", Sort: "(_ BitVec 32)"}}, Sort: "(_ BitVec 32)",
		Value: "(ite (= x!0 #x00000007) #x0000002a (bvmul (bvadd x!0 x!1) x!1))"}
	m, err := importZ3Model(st, []term.Term{f}, []z3.Binding{b})
	if err != nil {
		t.Fatal(err)
	}
	fv := m.Values[f].Fun
	if !fv.IsLambda() {
		t.Fatal("not a lambda")
	}
	for _, pt := range [][3]uint64{{7, 9, 42}, {1, 2, 6}, {0xffffffff, 1, 0}, {5, 0x10000, 0x50000}} {
		got, err := fv.Eval([]term.Value{st.BVValue(bv.New(32, pt[0])), st.BVValue(bv.New(32, pt[1]))})
		if err != nil {
			t.Fatal(err)
		}
		if !got.BV.Equal(bv.New(32, pt[2])) {
			t.Errorf("f(%#x, %#x) = %s, want %#x", pt[0], pt[1], got.BV, pt[2])
		}
	}
}

// TestZ3ModelCheck has Z3 confirm or refute models of assertions that term's
// evaluation cannot decide (quantifiers over 32 bits, over declared sorts).
func TestZ3ModelCheck(t *testing.T) {
	tests := []struct {
		name, script string
		model        map[string]string // variable → binding value
		confirmed    bool
		lastOnly     bool // check only the last assertion, as the driver does with the capped ones
	}{
		{"wide forall holds", `(declare-const x (_ BitVec 32)) (assert (forall ((y (_ BitVec 32))) (= (bvand x y) y))) (check-sat)`,
			map[string]string{"x": "#xffffffff"}, true, false},
		{"wide forall fails", `(declare-const x (_ BitVec 32)) (assert (forall ((y (_ BitVec 32))) (= (bvand x y) y))) (check-sat)`,
			map[string]string{"x": "#xfffffffe"}, false, false},
		{"universe of two elements", `(declare-sort U 0) (declare-const a U) (declare-const b U)
(assert (forall ((z U)) (or (= z a) (= z b)))) (check-sat)`, map[string]string{"a": "U!val!0", "b": "U!val!1"}, true, false},
		{"exists needs another element", `(declare-sort U 0) (declare-const a U) (declare-const b U)
(assert (exists ((z U)) (distinct z a))) (check-sat)`, map[string]string{"a": "U!val!0"}, false, false},
		{"exists finds the other element", `(declare-sort U 0) (declare-const a U) (declare-const b U)
(assert (exists ((z U)) (distinct z a))) (assert (distinct a b)) (check-sat)`, map[string]string{"a": "U!val!0", "b": "U!val!1"}, true, false},
		// The universe comes from the whole model: b's element counts even
		// though the checked assertion does not mention b.
		{"universe from the whole model", `(declare-sort U 0) (declare-const a U) (declare-const b U)
(assert (distinct a b)) (assert (forall ((z U)) (= z a))) (check-sat)`, map[string]string{"a": "U!val!0", "b": "U!val!1"}, false, true},
		// ∃∀ with a free symbol: confirmed by instantiating x (the closed
		// instance is satisfiable) rather than by refuting the ∀∃ negation.
		{"exists-forall instance holds", `(declare-const x (_ BitVec 32))
(assert (exists ((y (_ BitVec 32))) (forall ((z (_ BitVec 32))) (and (= y #x00000001) (bvuge (bvor z x) y))))) (check-sat)`,
			map[string]string{"x": "#x00000005"}, true, false},
		{"exists-forall instance fails", `(declare-const x (_ BitVec 32))
(assert (exists ((y (_ BitVec 32))) (forall ((z (_ BitVec 32))) (and (= y #x00000001) (bvuge (bvor z x) y))))) (check-sat)`,
			map[string]string{"x": "#x00000000"}, false, false},
		{"function in a quantifier", `(declare-fun f ((_ BitVec 16)) (_ BitVec 16))
(assert (forall ((y (_ BitVec 16)) (z (_ BitVec 16))) (=> (= (f y) (f z)) (= y z)))) (check-sat)`,
			map[string]string{"f": "#x0000"}, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := scriptProblem(t, tc.script)
			st := p.Store
			var bindings []z3.Binding
			vars := freeVars(st, p.Assertions)
			for _, v := range vars {
				b := z3.Binding{Name: st.Name(v), Value: tc.model[st.Name(v)]}
				s := st.SortOf(v)
				if st.Kind(s) == term.KindFun {
					for i, d := range st.Domain(s) {
						b.Params = append(b.Params, z3.Param{Name: "x!" + string(rune('0'+i)), Sort: st.SortString(d)})
					}
					s = st.Range(s)
				}
				b.Sort = st.SortString(s)
				bindings = append(bindings, b)
			}
			m, err := importZ3Model(st, vars, bindings)
			if err != nil {
				t.Fatal(err)
			}
			s := newZ3Stage(z3Options{})
			checked := p.Assertions
			if tc.lastOnly {
				checked = checked[len(checked)-1:]
			}
			err = s.checkModel(context.Background(), st, m, checked, nil, checkHelp{})
			if (err == nil) != tc.confirmed {
				t.Fatalf("checkModel = %v, want confirmed=%v\nscript:\n%s", err, tc.confirmed, modelCheckScript(st, m, checked))
			}
		})
	}
}

// satStage answers sat with a fixed model, with or without a model checker.
type satStage struct {
	model *term.Model
	check stage.ModelChecker
}

func (satStage) Name() string { return "fixed-sat" }
func (s satStage) Decide(context.Context, *stage.Problem) (stage.Verdict, error) {
	return stage.Verdict{Status: term.Sat, Model: s.model, ModelCheck: s.check}, nil
}

// TestDriverModelCheckGate checks that a model whose assertion passes the
// quantifier cap is accepted only through a model checker that confirms it.
func TestDriverModelCheckGate(t *testing.T) {
	p := scriptProblem(t, `(declare-const x (_ BitVec 32)) (assert (forall ((y (_ BitVec 32))) (= (bvand x y) y))) (check-sat)`)
	st := p.Store
	x := varByName(t, p, "x")
	good, bad := term.NewModel(), term.NewModel()
	good.Set(x, st.BVValue(bv.New(32, 0xffffffff)))
	bad.Set(x, st.BVValue(bv.New(32, 0x7fffffff)))
	z := newZ3Stage(z3Options{})
	checkAll := func(ctx context.Context, st *term.Store, m *term.Model, as []term.Term) error {
		return z.checkModel(ctx, st, m, as, nil, checkHelp{})
	}
	// With a budget for its own proof, and no Z3 to ask: sift's quantifier
	// procedure must prove the good model alone, and not the bad one.
	own := newZ3Stage(z3Options{NewProver: newModelProver})
	own.solver = failingZ3{}
	proveOwn := func(ctx context.Context, st *term.Store, m *term.Model, as []term.Term) error {
		return own.checkModel(ctx, st, m, as, nil, checkHelp{budget: 10 * time.Second})
	}
	tests := []struct {
		name  string
		model *term.Model
		check stage.ModelChecker
		want  term.Status
	}{
		{"no checker", good, nil, term.Unknown},
		{"confirmed by z3", good, checkAll, term.Sat},
		{"refuted by z3", bad, checkAll, term.Unknown},
		{"proved by qbv", good, proveOwn, term.Sat},
		{"not proved by qbv", bad, proveOwn, term.Unknown},
	}
	for _, tc := range tests {
		d := NewDriver(satStage{tc.model, tc.check})
		if v := d.Decide(context.Background(), p); v.Status != tc.want {
			t.Errorf("%s: %v (%s), want %v", tc.name, v.Status, v.Reason, tc.want)
		}
	}
	if n := own.ownProofs.Load(); n != 1 {
		t.Errorf("own proofs = %d, want 1", n)
	}
}

// TestZ3StageVerdicts runs the stage alone on small problems of each answer.
func TestZ3StageVerdicts(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name, script string
		ctx          context.Context
		want         term.Status
		reason       string
	}{
		{"sat with UF and declared sort", `(declare-sort U 0) (declare-fun g (U) U) (declare-const u U) (declare-fun f ((_ BitVec 8)) (_ BitVec 8))
(assert (distinct u (g u))) (assert (forall ((y (_ BitVec 8))) (= (f y) (bvadd y #x01)))) (check-sat)`, context.Background(), term.Sat, ""},
		{"unsat quantified", `(declare-const x (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (bvult y x))) (check-sat)`,
			context.Background(), term.Unsat, ""},
		{"canceled", `(declare-const x (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (bvult y x))) (check-sat)`,
			canceled, term.Unknown, "z3 gave up: canceled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := scriptProblem(t, tc.script)
			v, err := newZ3Stage(z3Options{}).Decide(tc.ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if v.Status != tc.want || (tc.reason != "" && v.Reason != tc.reason) {
				t.Fatalf("%v (%s), want %v (%s)", v.Status, v.Reason, tc.want, tc.reason)
			}
			if v.Status == term.Sat {
				d := NewDriver()
				if _, err := d.validate(context.Background(), p, v.Model, v); err != nil {
					t.Fatalf("model does not validate: %v", err)
				}
			}
		})
	}
}

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

// TestZ3ModelCheckClosedSentences checks that a closed assertion Z3 was given
// is taken as proved by Z3's sat answer (no second call), and that one it was
// not given is still checked.
func TestZ3ModelCheckClosedSentences(t *testing.T) {
	st := term.NewStore()
	w := st.BitVecSort(8)
	x := st.BoundVar("x", w)
	// ∀x. x <u 0 is false: no second call would confirm it.
	closedFalse := st.MustMake(term.OpForall, nil, x, st.MustMake(term.OpBVUlt, nil, x, st.ConstUint64(8, 0)))
	z := newZ3Stage(z3Options{})
	m := term.NewModel()
	if err := z.checkModel(context.Background(), st, m, []term.Term{closedFalse}, map[term.Term]bool{closedFalse: true}, checkHelp{}); err != nil {
		t.Errorf("closed assertion given to z3: %v, want it accepted on z3's sat", err)
	}
	if err := z.checkModel(context.Background(), st, m, []term.Term{closedFalse}, nil, checkHelp{}); err == nil {
		t.Errorf("closed assertion not given to z3 was accepted without a check")
	}
}

// TestSameProblem checks the test that lets the fallback skip its second
// try when the passes changed nothing.
func TestSameProblem(t *testing.T) {
	p := scriptProblem(t, "(declare-const x (_ BitVec 8))(assert (bvult x #x05))(assert (distinct x #x01))(check-sat)")
	same := &stage.Problem{Store: p.Store, Assertions: append([]term.Term(nil), p.Assertions...)}
	fewer := &stage.Problem{Store: p.Store, Assertions: p.Assertions[:1]}
	assumed := &stage.Problem{Store: p.Store, Assertions: p.Assertions, Assumptions: p.Assertions[:1]}
	if !sameProblem(p, same) || sameProblem(p, fewer) || sameProblem(p, assumed) {
		t.Errorf("sameProblem: same %v, fewer %v, with assumptions %v; want true, false, false",
			sameProblem(p, same), sameProblem(p, fewer), sameProblem(p, assumed))
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
	p := scriptProblem(t, `(assert (forall ((y (_ BitVec 2))) (= y #b00))) (check-sat)`)
	sentence := p.Assertions[0]
	if v := NewDriver(sentenceStage{}).Decide(context.Background(), p); v.Status != term.Unknown {
		t.Errorf("without the vouch: %v, want unknown (the sentence is false)", v.Status)
	}
	d := NewDriver(sentenceStage{map[term.Term]bool{sentence: true}})
	if v := d.Decide(context.Background(), p); v.Status != term.Sat {
		t.Errorf("with the vouch: %v (%s), want sat", v.Status, v.Reason)
	}
}

// TestClosedSentences checks which assertions the fallback vouches for:
// closed ones over bit-vectors, not those with a free symbol or over a
// declared sort (whose universe the model fixes).
func TestClosedSentences(t *testing.T) {
	p := scriptProblem(t, `(declare-sort U 0) (declare-const x (_ BitVec 4))
		(assert (forall ((y (_ BitVec 4))) (exists ((z (_ BitVec 4))) (= (bvadd y z) #x0))))
		(assert (forall ((y (_ BitVec 4))) (bvule y (bvor y x))))
		(assert (exists ((u U) (v U)) (distinct u v)))
		(check-sat)`)
	got := closedSentences(p.Store, p.Assertions)
	if !got[p.Assertions[0]] || got[p.Assertions[1]] || got[p.Assertions[2]] || len(got) != 1 {
		t.Errorf("closedSentences = %v, want only the first assertion", got)
	}
}

// failingZ3 answers every call with an error.
type failingZ3 struct{}

func (failingZ3) Solve(context.Context, string) (z3.Result, error) {
	return z3.Result{}, errors.New("no z3 here")
}
func (failingZ3) Interpret(context.Context, string) (z3.Result, error) {
	return z3.Result{}, errors.New("no z3 here")
}

// TestZ3ModelConfirmedOnPosedText checks the confirmation through the
// script's own text with each symbol fixed by an equality: Z3 confirms a
// true model and refuses a false one, and a problem with a symbol that is
// not a constant gets no such script.
func TestZ3ModelConfirmedOnPosedText(t *testing.T) {
	// The posed text is the script's declarations and assertions.
	posed := `(declare-const x (_ BitVec 32)) (declare-const b Bool) (assert (exists ((z (_ BitVec 32))) (forall ((y (_ BitVec 32))) (and b (= (bvand (bvor x z) y) y)))))`
	p := scriptProblem(t, posed+" (check-sat)")
	st := p.Store
	good := modelOf(t, p, map[string]term.Value{"x": st.BVValue(bv.New(32, 0x0f0f0f0f)), "b": term.BoolValue(true)})
	bad := modelOf(t, p, map[string]term.Value{"x": st.BVValue(bv.New(32, 0x0f0f0f0f)), "b": term.BoolValue(false)})
	script, ok := fixedScript(st, good, posed, p.Assertions)
	if !ok || !strings.Contains(script, "(assert (= x #x0f0f0f0f))") || !strings.Contains(script, "(assert (= b true))") {
		t.Fatalf("fixedScript = %q, %v", script, ok)
	}
	z := newZ3Stage(z3Options{})
	help := checkHelp{all: p.Assertions, posed: posed, hasPosed: true}
	for _, tc := range []struct {
		name string
		m    *term.Model
		want bool
	}{{"good", good, true}, {"bad", bad, false}} {
		err := z.checkModel(context.Background(), st, tc.m, p.Assertions, nil, help)
		if (err == nil) != tc.want {
			t.Errorf("%s model: %v, want confirmed=%v", tc.name, err, tc.want)
		}
	}

	qposed := `(declare-fun f ((_ BitVec 8)) (_ BitVec 8)) (assert (forall ((y (_ BitVec 8))) (= (f y) y)))`
	q := scriptProblem(t, qposed+" (check-sat)")
	if _, ok := fixedScript(q.Store, term.NewModel(), qposed, q.Assertions); ok {
		t.Error("fixedScript fixed a function symbol")
	}
}

// TestZ3ModelProvedByParts checks the structural proofs of a model's
// quantified assertion: a disjunction by one true disjunct, sift's own
// procedure (with no Z3 to ask) and Z3 racing the disjuncts (with no
// budget for sift's), and a conjunction by each of its conjuncts; a false
// disjunction is proved by neither.
func TestZ3ModelProvedByParts(t *testing.T) {
	// With x = #xffffffff the second disjunct holds; the first never does.
	p := scriptProblem(t, `(declare-const x (_ BitVec 32)) (declare-const b Bool)
		(assert (and b (or (forall ((y (_ BitVec 32))) (bvult y (bvand x y))) (forall ((y (_ BitVec 32))) (= (bvand x y) y)))))
		(check-sat)`)
	st := p.Store
	good := modelOf(t, p, map[string]term.Value{"x": st.BVValue(bv.New(32, 0xffffffff)), "b": term.BoolValue(true)})
	bad := modelOf(t, p, map[string]term.Value{"x": st.BVValue(bv.New(32, 0x7fffffff)), "b": term.BoolValue(true)})

	own := newZ3Stage(z3Options{NewProver: newModelProver})
	own.solver = failingZ3{}
	if err := own.checkModel(context.Background(), st, good, p.Assertions, nil, checkHelp{budget: 10 * time.Second}); err != nil || own.ownProofs.Load() != 1 {
		t.Errorf("own proof: %v, %d proofs; want proved once", err, own.ownProofs.Load())
	}
	if err := own.checkModel(context.Background(), st, bad, p.Assertions, nil, checkHelp{budget: 10 * time.Second}); err == nil {
		t.Error("own proof: a false model was proved")
	}

	z := newZ3Stage(z3Options{})
	help := checkHelp{z3Took: time.Second}
	if err := z.checkModel(context.Background(), st, good, p.Assertions[:1], nil, help); err != nil {
		t.Errorf("by z3: %v", err)
	}
	if z.disjunctProofs.Load() != 0 {
		t.Error("a conjunction was raced as a disjunction")
	}
	disj := st.Arg(p.Assertions[0], 1)
	if err := z.checkModel(context.Background(), st, good, []term.Term{disj}, nil, help); err != nil || z.disjunctProofs.Load() != 1 {
		t.Errorf("disjunction by z3: %v, %d by a disjunct; want proved by one", err, z.disjunctProofs.Load())
	}
	if err := z.checkModel(context.Background(), st, bad, []term.Term{disj}, nil, help); err == nil {
		t.Error("by z3: a false disjunction was confirmed")
	}
}

// modelOf returns the model giving each named symbol of p its value.
func modelOf(t *testing.T, p *stage.Problem, vals map[string]term.Value) *term.Model {
	t.Helper()
	m := term.NewModel()
	for name, v := range vals {
		m.Set(varByName(t, p, name), v)
	}
	return m
}

func TestModelDependentFirst(t *testing.T) {
	p := scriptProblem(t, `(declare-const x (_ BitVec 8))
		(assert (forall ((y (_ BitVec 8))) (bvule y #xff)))
		(assert (= x #x01))
		(assert (exists ((y (_ BitVec 8))) (= y #x02)))
		(assert (exists ((y (_ BitVec 8))) (= y x)))
		(check-sat)`)
	st, as := p.Store, p.Assertions
	tests := []struct {
		name string
		in   []term.Term
		want []term.Term
	}{
		{"closed first", as, []term.Term{as[1], as[3], as[0], as[2]}},
		{"already ordered", []term.Term{as[3], as[2]}, []term.Term{as[3], as[2]}},
		{"all closed", []term.Term{as[2], as[0]}, []term.Term{as[2], as[0]}},
		{"none", nil, []term.Term{}},
	}
	for _, tc := range tests {
		if got := modelDependentFirst(st, tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}
