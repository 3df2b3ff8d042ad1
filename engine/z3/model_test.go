package z3

import (
	"slices"
	"strings"
	"testing"

	"github.com/sift-solver/sift/internal/sexpr"
)

// defined rewrites script so that each declaration of a model symbol
// becomes (define-fun name (params) sort value). Declarations the
// assertions do not use stay, as the model does not cover them.
func defined(t *testing.T, script string, model []Binding) string {
	t.Helper()
	for _, m := range model {
		open := strings.Index(script, "(declare-fun "+m.Name+" ")
		if open < 0 {
			t.Fatalf("model symbol %s is not declared in the script", m.Name)
		}
		end := matchingParen(script, open)
		var formals []string
		for _, p := range m.Params {
			formals = append(formals, "("+p.Name+" "+p.Sort+")")
		}
		def := "(define-fun " + m.Name + " (" + strings.Join(formals, " ") + ") " + m.Sort + " " + m.Value + ")"
		script = script[:open] + def + script[end:]
	}
	return script
}

// matchingParen returns the index just past the parenthesis closing the one
// at open, or the end of s when it is unclosed.
func matchingParen(s string, open int) int {
	if end := sexpr.End(s, open); end >= 0 {
		return end
	}
	return len(s)
}

// checkModel asks Z3 whether the script holds once every symbol is defined
// as the model says.
func checkModel(t *testing.T, script string, model []Binding) {
	t.Helper()
	res, err := solveSlowly(defined(t, script, model))
	if err != nil {
		t.Fatalf("model does not read back: %v\n%v", err, model)
	}
	if res.Status != Sat {
		t.Fatalf("model does not satisfy the script (%v %s):\n%v", res.Status, res.Reason, model)
	}
}

func TestModels(t *testing.T) {
	tests := []struct {
		name   string
		script string
		// want holds the value strings that the script determines; every
		// model symbol must be listed, with "" where any value may do.
		want map[string]string
		// contains, if set, must occur in the value of the named symbol
		// (Z3 may wrap the value in let bindings).
		contains map[string]string
	}{
		{
			name: "bit-vectors as #x and #b literals",
			script: `(declare-fun x () (_ BitVec 8)) (declare-fun y () (_ BitVec 7)) (declare-fun z () (_ BitVec 64))
				(assert (= (bvadd x #x01) #x10)) (assert (= y #b0000011)) (assert (= z (concat x (_ bv0 56))))`,
			want: map[string]string{"x": "#x0f", "y": "#b0000011", "z": "#x0f00000000000000"},
		},
		{
			name:   "Bool constants",
			script: `(declare-fun p () Bool) (declare-fun q () Bool) (assert p) (assert (not q))`,
			want:   map[string]string{"p": "true", "q": "false"},
		},
		{
			name:   "unconstrained symbol is completed",
			script: `(declare-fun x () (_ BitVec 8)) (declare-fun y () (_ BitVec 8)) (assert (or (= x x) (= y #x01)))`,
			want:   map[string]string{"x": "", "y": ""},
		},
		{
			name: "array as const+store",
			script: `(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))
				(assert (= (select a #x00000001) #x41)) (assert (= (select a #x00000007) #x00))
				(assert (forall ((i (_ BitVec 32))) (=> (not (= i #x00000001)) (= (select a i) #x00))))`,
			want: map[string]string{"a": "(store ((as const (Array (_ BitVec 32) (_ BitVec 8))) #x00) #x00000001 #x41)"},
		},
		{
			name: "array from a range guard becomes stores",
			script: `(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))
				(assert (forall ((i (_ BitVec 32))) (=> (bvult i #x00000003) (= (select a i) #x61))))
				(assert (forall ((i (_ BitVec 32))) (=> (bvuge i #x00000003) (= (select a i) #x00))))`,
			want: map[string]string{"a": "(store (store (store ((as const (Array (_ BitVec 32) (_ BitVec 8))) #x00)" +
				" #x00000000 #x61) #x00000001 #x61) #x00000002 #x61)"},
		},
		{
			name: "nested arrays",
			script: `(declare-fun n () (Array (_ BitVec 8) (Array (_ BitVec 8) (_ BitVec 4))))
				(assert (= (select (select n #x01) #x02) #x3)) (assert (= (select (select n #x02) #x02) #x4))
				(assert (= (select (select n #x01) #x03) #x5)) (assert (= (select (select n #x01) #x04) #x0))`,
			contains: map[string]string{"n": "(store"},
		},
		{
			name: "nested arrays under a range",
			script: `(declare-fun a () (Array (_ BitVec 32) (Array (_ BitVec 8) (_ BitVec 8))))
				(declare-fun k () (_ BitVec 32))
				(assert (forall ((i (_ BitVec 32))) (=> (and (bvule #x00000001 i) (bvule i k)) (= (select (select a i) #x03) #x41))))
				(assert (= k #x00000003))
				(assert (= (select (select a #x00000005) #x03) #x42))`,
			want:     map[string]string{"k": "#x00000003", "a": ""},
			contains: map[string]string{"a": "(store"},
		},
		{
			name: "small index sort enumerated",
			script: `(declare-fun b () (Array (_ BitVec 4) (_ BitVec 8)))
				(assert (forall ((i (_ BitVec 4))) (= (select b i) ((_ zero_extend 4) (bvand i #x3)))))`,
			contains: map[string]string{"b": "(store"},
		},
		{
			name:   "Bool-indexed array",
			script: `(declare-fun a () (Array Bool (_ BitVec 8))) (assert (= (select a true) #x01)) (assert (= (select a false) #x02))`,
			want:   map[string]string{"a": ""},
		},
		{
			name: "uninterpreted function as ite",
			script: `(declare-fun f ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8))
				(assert (= (f #x01 #x02) #x05)) (assert (= (f #x02 #x01) #x07))`,
			want:     map[string]string{"f": ""},
			contains: map[string]string{"f": "(ite"},
		},
		{
			name: "function defined by a forall",
			script: `(set-logic UFBV) (declare-fun f ((_ BitVec 8) (_ BitVec 8)) (_ BitVec 8)) (declare-fun y () (_ BitVec 8))
				(assert (forall ((a (_ BitVec 8)) (b (_ BitVec 8))) (= (f a b) (bvsub a (bvmul #x02 b)))))
				(assert (= (f y #x01) #x05))`,
			want: map[string]string{"f": "", "y": "#x07"},
		},
		{
			name: "array-valued function",
			script: `(declare-fun g ((_ BitVec 8)) (Array (_ BitVec 8) (_ BitVec 8)))
				(assert (= (select (g #x01) #x02) #x03)) (assert (= (select (g #x02) #x02) #x04))`,
			want: map[string]string{"g": ""},
		},
		{
			name: "function over arrays",
			script: `(declare-fun h ((Array (_ BitVec 8) (_ BitVec 8))) (_ BitVec 8)) (declare-fun a () (Array (_ BitVec 8) (_ BitVec 8)))
				(assert (= (h a) #x09)) (assert (not (= (h (store a #x00 #x01)) #x09)))`,
			want: map[string]string{"h": "", "a": ""},
		},
		{
			name:   "seed 000 t04",
			script: readTestdata(t, "t04_k1_sat.smt2"),
			want:   map[string]string{"k": "#x00000001", "s": ""},
		},
	}
	for _, d := range deciders {
		for _, tc := range tests {
			t.Run(d.name+"/"+tc.name, func(t *testing.T) {
				res, err := decideSlowly(d.decide, tc.script)
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != Sat {
					t.Fatalf("status %v (%s), want sat", res.Status, res.Reason)
				}
				var names []string
				for _, b := range res.Model {
					names = append(names, b.Name)
					if strings.ContainsAny(b.Value, "\n\t") || strings.Contains(b.Value, "as-array") ||
						strings.Contains(b.Value, "lambda") || strings.Contains(b.Value, "(_ bv") {
						t.Errorf("%s: value is not in the promised form: %s", b.Name, b.Value)
					}
					if w := tc.want[b.Name]; w != "" && b.Value != w {
						t.Errorf("%s = %s, want %s", b.Name, b.Value, w)
					}
					if c := tc.contains[b.Name]; !strings.Contains(b.Value, c) {
						t.Errorf("%s = %s, want it to contain %s", b.Name, b.Value, c)
					}
				}
				var wantNames []string
				for n := range tc.want {
					wantNames = append(wantNames, n)
				}
				for n := range tc.contains {
					if _, ok := tc.want[n]; !ok {
						wantNames = append(wantNames, n)
					}
				}
				slices.Sort(wantNames)
				if !slices.Equal(names, wantNames) {
					t.Fatalf("model symbols %v, want %v", names, wantNames)
				}
				checkModel(t, tc.script, res.Model)
			})
		}
	}
}

// TestFunctionBindingShape pins down the parameters of a function binding.
func TestFunctionBindingShape(t *testing.T) {
	res, err := solveSlowly(`(declare-fun f ((_ BitVec 8) Bool) (_ BitVec 4))
		(assert (= (f #x01 true) #x5)) (assert (= (f #x01 false) #x6))`)
	if err != nil || res.Status != Sat || len(res.Model) != 1 {
		t.Fatalf("got %+v, %v", res, err)
	}
	b := res.Model[0]
	want := []Param{{"x!0", "(_ BitVec 8)"}, {"x!1", "Bool"}}
	if b.Name != "f" || b.Sort != "(_ BitVec 4)" || !slices.Equal(b.Params, want) {
		t.Fatalf("binding %+v, want f with params %v and sort (_ BitVec 4)", b, want)
	}
}

// TestArrayTooIrregularStaysLambda documents the one case without a
// const+store form: an array whose exceptions cover more than maxStores
// indices. The value is still Z3's lambda and still correct.
func TestArrayTooIrregularStaysLambda(t *testing.T) {
	script := `(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))
		(assert (forall ((i (_ BitVec 32))) (= (select a i) (ite (bvult i #x00010000) #x01 (ite (bvult i #x80000000) #x02 #x03)))))`
	res, err := solveSlowly(script)
	if err != nil || res.Status != Sat || len(res.Model) != 1 {
		t.Fatalf("got %+v, %v", res, err)
	}
	if !strings.HasPrefix(res.Model[0].Value, "(lambda") {
		t.Fatalf("value %s, want a lambda", res.Model[0].Value)
	}
	checkModel(t, script, res.Model)
}

// TestQuotedSymbolName checks that names come back without |quotes|.
func TestQuotedSymbolName(t *testing.T) {
	res, err := solveSlowly(`(declare-fun |x y| () (_ BitVec 8)) (declare-fun |p| () Bool) (assert (= |x y| #x05)) (assert p)`)
	if err != nil || res.Status != Sat {
		t.Fatalf("got %+v, %v", res, err)
	}
	want := []Binding{{Name: "p", Sort: "Bool", Value: "true"}, {Name: "x y", Sort: "(_ BitVec 8)", Value: "#x05"}}
	if !slices.EqualFunc(res.Model, want, func(a, b Binding) bool {
		return a.Name == b.Name && a.Sort == b.Sort && a.Value == b.Value && a.Params == nil
	}) {
		t.Fatalf("model %+v, want %+v", res.Model, want)
	}
}
