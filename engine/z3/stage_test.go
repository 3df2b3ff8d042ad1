package z3

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine/bitblast"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/qbv"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// scriptProblem parses script (ending in check-sat) into the problem of
// its check.
func scriptProblem(t *testing.T, script string) *stage.Problem {
	t.Helper()
	st, as, out, err := smtlib.ReadAssertions(strings.NewReader(script))
	if err != nil || st == nil {
		t.Fatalf("script gave no problem (%v): %s", err, out)
	}
	return &stage.Problem{Store: st, Assertions: as, Labels: make([]string, len(as))}
}

// testProver is the stage's own prover in these tests: qbv over a bare
// bit-blaster (the engine gives the stage qbv over its quantifier-free
// pipeline).
func testProver() Prover {
	return qbv.NewSolver(func(st *term.Store) qbv.QFSolver { return blastQF{st, bitblast.New(bitblast.PruningOff)} })
}

// blastQF is a bit-blasting stage as qbv's QFSolver.
type blastQF struct {
	st *term.Store
	s  *bitblast.Stage
}

func (q blastQF) Solve(ctx context.Context, assertions, assumptions []term.Term) (term.Status, *term.Model, error) {
	v, err := q.s.Decide(ctx, &stage.Problem{Store: q.st, Assertions: assertions, Labels: make([]string, len(assertions)), Assumptions: assumptions})
	if err != nil {
		return term.Unknown, nil, nil
	}
	return v.Status, v.Model, nil
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
		binding Binding
		want    string // the define-fun the printer writes, or the error text
		wantErr bool
	}{
		{"bit-vector", Binding{Name: "x", Sort: bvs("8"), Value: "#x2a"},
			"(define-fun x () (_ BitVec 8) #x2a)", false},
		{"wide bit-vector", Binding{Name: "w", Sort: bvs("72"), Value: "#x800000000000000001"},
			"(define-fun w () (_ BitVec 72) #x800000000000000001)", false},
		{"Bool", Binding{Name: "p", Sort: "Bool", Value: "true"},
			"(define-fun p () Bool true)", false},
		{"array with let", Binding{Name: "a", Sort: "(Array (_ BitVec 2) (_ BitVec 8))",
			Value: "(let ((a!1 (store ((as const (Array (_ BitVec 2) (_ BitVec 8))) #x00) #b00 #x61))) (store a!1 #b01 #x62))"},
			"(define-fun a () (Array (_ BitVec 2) (_ BitVec 8)) (store (store ((as const (Array (_ BitVec 2) (_ BitVec 8))) #x00) #b00 #x61) #b01 #x62))", false},
		{"nested array", Binding{Name: "n", Sort: "(Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))",
			Value: "(store ((as const (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))) ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x06)) #x1 (store ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x06) #x2 #x05))"},
			"(define-fun n () (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8))) (store ((as const (Array (_ BitVec 4) (Array (_ BitVec 4) (_ BitVec 8)))) ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x06)) #x1 (store ((as const (Array (_ BitVec 4) (_ BitVec 8))) #x06) #x2 #x05)))", false},
		{"function table", Binding{Name: "f", Params: []Param{{Name: "x!0", Sort: bvs("8")}, {Name: "x!1", Sort: "Bool"}}, Sort: bvs("4"),
			Value: "(ite (and (= x!0 #x02) (= x!1 false)) #x4 (ite (and (= x!0 #x01) (= x!1 true)) #x1 #x0))"},
			"(define-fun f ((x!0 (_ BitVec 8)) (x!1 Bool)) (_ BitVec 4) (ite (and (= x!0 #x02) (= x!1 false)) #x4 (ite (and (= x!0 #x01) (= x!1 true)) #x1 #x0)))", false},
		{"function table, repeated row", Binding{Name: "f", Params: []Param{{Name: "x!0", Sort: bvs("8")}, {Name: "x!1", Sort: "Bool"}}, Sort: bvs("4"),
			Value: "(ite (and (= #x02 x!0) (not x!1)) #x4 (ite (and (= x!0 #x02) (= x!1 false)) #x9 #x0))"},
			"(define-fun f ((x!0 (_ BitVec 8)) (x!1 Bool)) (_ BitVec 4) (ite (and (= x!0 #x02) (= x!1 false)) #x4 #x0))", false},
		{"element", Binding{Name: "u", Sort: "U", Value: "U!val!1"},
			"(define-fun u () U U!val!1)", false},
		{"function over a declared sort", Binding{Name: "g", Params: []Param{{Name: "x!0", Sort: "U"}}, Sort: "U",
			Value: "(ite (= x!0 U!val!0) U!val!1 U!val!0)"},
			"(define-fun g ((x!0 U)) U (ite (= x!0 U!val!0) U!val!1 U!val!0))", false},
		{"constant function", Binding{Name: "h", Params: []Param{{Name: "x!0", Sort: "U"}}, Sort: bvs("8"), Value: "#x03"},
			"(define-fun h ((x!0 U)) (_ BitVec 8) #x03)", false},
		{"array over a declared sort", Binding{Name: "au", Sort: "(Array U Bool)",
			Value: "(store ((as const (Array U Bool)) false) U!val!2 true)"},
			"(define-fun au () (Array U Bool) (store ((as const (Array U Bool)) false) U!val!2 true))", false},
		{"wrong sort", Binding{Name: "x", Sort: bvs("16"), Value: "#x002a"}, "Z3 gives sort", true},
		{"value of another sort", Binding{Name: "x", Sort: bvs("8"), Value: "#b1"}, "has sort", true},
		{"lambda", Binding{Name: "a", Sort: "(Array (_ BitVec 2) (_ BitVec 8))",
			Value: "(lambda ((i (_ BitVec 2))) #x00)"}, "lambda", true},
		{"element of an unknown sort", Binding{Name: "u", Sort: "U", Value: "V!val!0"}, "unknown sort", true},
		{"symbolic value", Binding{Name: "x", Sort: bvs("8"), Value: "(bvadd y #x01)"}, "unknown constant", true},
		{"body over a large domain", Binding{Name: "big", Params: []Param{{Name: "x!0", Sort: bvs("32")}}, Sort: bvs("32"),
			Value: "(ite (= x!0 #x00000000) #x00000000 (bvadd x!0 #x00000001))"},
			"(define-fun big ((x!0 (_ BitVec 32))) (_ BitVec 32) (ite (= x!0 #x00000000) #x00000000 (bvadd x!0 #x00000001)))", false},
		{"body over a large domain with a symbol", Binding{Name: "big", Params: []Param{{Name: "x!0", Sort: bvs("32")}}, Sort: bvs("32"),
			Value: "(bvadd x!0 y)"}, "unknown constant", true},
		{"missing parameter", Binding{Name: "f", Sort: bvs("4"), Value: "#x0"}, "parameters", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := scriptProblem(t, decls)
			st := p.Store
			v := varByName(t, p, tc.binding.Name)
			m, err := importModel(st, []term.Term{v}, []Binding{tc.binding})
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
	b := Binding{Name: "f", Params: []Param{{Name: "x!0", Sort: "(_ BitVec 3)"}, {Name: "x!1", Sort: "Bool"}}, Sort: "(_ BitVec 3)",
		Value: "(ite (= x!0 #b101) #b010 (ite x!1 (bvmul x!0 #b011) (bvnot x!0)))"}
	m, err := importModel(st, []term.Term{f}, []Binding{b})
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
	b := Binding{Name: "f", Params: []Param{{Name: "x!0", Sort: "(_ BitVec 32)"}, {Name: "x!1", Sort: "(_ BitVec 32)"}}, Sort: "(_ BitVec 32)",
		Value: "(ite (= x!0 #x00000007) #x0000002a (bvmul (bvadd x!0 x!1) x!1))"}
	m, err := importModel(st, []term.Term{f}, []Binding{b})
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
			var bindings []Binding
			vars := freeVars(st, p.Assertions)
			for _, v := range vars {
				b := Binding{Name: st.Name(v), Value: tc.model[st.Name(v)]}
				s := st.SortOf(v)
				if st.Kind(s) == term.KindFun {
					for i, d := range st.Domain(s) {
						b.Params = append(b.Params, Param{Name: "x!" + string(rune('0'+i)), Sort: st.SortString(d)})
					}
					s = st.Range(s)
				}
				b.Sort = st.SortString(s)
				bindings = append(bindings, b)
			}
			m, err := importModel(st, vars, bindings)
			if err != nil {
				t.Fatal(err)
			}
			s := NewStage(StageOptions{})
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

// TestZ3ModelCheckClosedSentences checks that a closed assertion Z3 was given
// is taken as proved by Z3's sat answer (no second call), and that one it was
// not given is still checked.
func TestZ3ModelCheckClosedSentences(t *testing.T) {
	st := term.NewStore()
	w := st.BitVecSort(8)
	x := st.BoundVar("x", w)
	// ∀x. x <u 0 is false: no second call would confirm it.
	closedFalse := st.MustMake(term.OpForall, nil, x, st.MustMake(term.OpBVUlt, nil, x, st.ConstUint64(8, 0)))
	z := NewStage(StageOptions{})
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

func (failingZ3) Solve(context.Context, string) (Result, error) {
	return Result{}, errors.New("no z3 here")
}

func (failingZ3) Interpret(context.Context, string) (Result, error) {
	return Result{}, errors.New("no z3 here")
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
	z := NewStage(StageOptions{})
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

	own := NewStage(StageOptions{NewProver: testProver})
	own.solver = failingZ3{}
	if err := own.checkModel(context.Background(), st, good, p.Assertions, nil, checkHelp{budget: 10 * time.Second}); err != nil || own.ownProofs.Load() != 1 {
		t.Errorf("own proof: %v, %d proofs; want proved once", err, own.ownProofs.Load())
	}
	if err := own.checkModel(context.Background(), st, bad, p.Assertions, nil, checkHelp{budget: 10 * time.Second}); err == nil {
		t.Error("own proof: a false model was proved")
	}

	z := NewStage(StageOptions{})
	// A first call long enough that the race's quarter of it covers z3's
	// start on a loaded machine: the test is about which proof wins, not when.
	help := checkHelp{z3Took: 40 * time.Second}
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
