package z3

import (
	"slices"
	"strings"
	"testing"
)

// TestInterpretDeclaredSorts reads back a model over a declared sort: its
// elements come back as Z3's U!val!n names, as Solve gives them.
func TestInterpretDeclaredSorts(t *testing.T) {
	script := `(set-logic UF) (declare-sort U 0) (declare-fun u () U) (declare-fun v () U) (declare-fun g (U) U)
		(assert (not (= u v))) (assert (= (g u) v)) (assert (= (g v) u))`
	res, err := decideSlowly(Interpret, script)
	if err != nil || res.Status != Sat {
		t.Fatalf("got %+v, %v; want sat", res, err)
	}
	got := map[string]Binding{}
	for _, b := range res.Model {
		got[b.Name] = b
	}
	u, v, g := got["u"].Value, got["v"].Value, got["g"]
	if !strings.HasPrefix(u, "U!val!") || !strings.HasPrefix(v, "U!val!") || u == v {
		t.Fatalf("u = %q, v = %q: want two distinct elements U!val!n", u, v)
	}
	if len(g.Params) != 1 || g.Params[0].Sort != "U" || !strings.Contains(g.Value, u) || !strings.Contains(g.Value, v) {
		t.Fatalf("g = %+v: want a function of U mentioning %s and %s", g, u, v)
	}
}

// TestModelEntries splits a model as the interpreter prints it: comments,
// the elements of a declared sort, its cardinality constraint, quoted names,
// let-bound bodies, several parameters.
func TestModelEntries(t *testing.T) {
	text := `(
  ;; universe for U:
  ;;   U!val!0
  (declare-fun U!val!0 () U)
  ;; cardinality constraint:
  (forall ((x U)) (= x U!val!0))
  (define-fun |x y| () (_ BitVec 4)
    #x7)
  (define-fun a () (Array (_ BitVec 4) (_ BitVec 4))
    (let ((a!1 (store ((as const (Array (_ BitVec 4) (_ BitVec 4))) #xc) #xe #x5)))
      (store a!1 #x1 #x2)))
  (define-fun f ((x!0 (_ BitVec 4)) (x!1 Bool)) (_ BitVec 4)
    (ite (and (= x!0 #x2) (= x!1 false)) #x5
      #x3))
)`
	defs, elems := modelEntries(text)
	if !slices.Equal(elems, []string{"(declare-fun U!val!0 () U)"}) {
		t.Errorf("elements %q", elems)
	}
	want := []modelDef{
		{name: "|x y|", sort: "(_ BitVec 4)", body: "#x7"},
		{name: "a", sort: "(Array (_ BitVec 4) (_ BitVec 4))", body: "(let ((a!1 (store ((as const (Array (_ BitVec 4) (_ BitVec 4))) #xc) #xe #x5)))\n      (store a!1 #x1 #x2))"},
		{name: "f", params: [][2]string{{"x!0", "(_ BitVec 4)"}, {"x!1", "Bool"}}, sort: "(_ BitVec 4)",
			body: "(ite (and (= x!0 #x2) (= x!1 false)) #x5\n      #x3)"},
	}
	if len(defs) != len(want) {
		t.Fatalf("%d definitions, want %d: %+v", len(defs), len(want), defs)
	}
	for i := range want {
		if defs[i].name != want[i].name || defs[i].sort != want[i].sort || defs[i].body != want[i].body ||
			!slices.Equal(defs[i].params, want[i].params) {
			t.Errorf("definition %d: %+v, want %+v", i, defs[i], want[i])
		}
	}
}

// TestModelEntriesRejectsOddText checks that text that is not a printed
// model fails (as a z3Error, which Interpret turns into an error) rather
// than being half read.
func TestModelEntriesRejectsOddText(t *testing.T) {
	for _, text := range []string{"", "sat", "(\n  (define-fun x () (_ BitVec 4)\n", "((define-fun x () (_ BitVec 4)))", ")("} {
		func() {
			defer func() {
				if _, ok := recover().(z3Error); !ok {
					t.Errorf("%q: no z3Error", text)
				}
			}()
			modelEntries(text)
		}()
	}
}
