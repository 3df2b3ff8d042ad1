package engine_test

import (
	"strings"
	"testing"
)

// TestDatatypes checks records and enumerations, lowered to bit-vectors,
// end to end: constructors, selectors, both spellings of testers, match,
// the values a declared constant may take, models and get-value as the
// standard writes them, and the datatypes that are unsupported.
func TestDatatypes(t *testing.T) {
	const decls = "(declare-datatype Color ((red) (green) (blue)))" +
		"(declare-datatypes ((Pt 0) (Box 0)) (((mk-pt (px (_ BitVec 4)) (py (_ BitVec 4)) (on Bool))) ((box (lo Pt) (hi Pt) (c Color)))))"
	tests := []struct{ name, script, want string }{
		{"selectors of a constructor", decls + "(assert (not (= (py (mk-pt #x1 #x2 true)) #x2)))(check-sat)", "unsat\n"},
		{"Bool field", decls + "(assert (on (mk-pt #x1 #x2 false)))(check-sat)", "unsat\n"},
		{"records are equal by fields", decls + "(declare-const p Pt)(declare-const q Pt)" +
			"(assert (= (px p) (px q)))(assert (= (py p) (py q)))(assert (= (on p) (on q)))(assert (distinct p q))(check-sat)", "unsat\n"},
		{"an enumeration has its values only", decls + "(declare-const k Color)(assert (distinct k red green blue))(check-sat)", "unsat\n"},
		{"testers", decls + "(declare-const k Color)(assert (not (is-red k)))(assert (not ((_ is green) k)))(check-sat)(get-value (k))",
			"sat\n((k blue))\n"},
		{"match on an enumeration", decls + "(declare-const k Color)(assert (= (match k ((red #x1) (green #x2) (blue #x3))) #x2))(check-sat)(get-value (k))",
			"sat\n((k green))\n"},
		{"match binds fields", decls + "(declare-const p Pt)(assert (= p (mk-pt #x4 #x5 true)))" +
			"(assert (not (= (match p (((mk-pt x y o) (ite o (bvadd x y) #x0)))) #x9)))(check-sat)", "unsat\n"},
		{"match with a variable", decls + "(declare-const k Color)(assert (= (match k ((red #x1) (other #x7))) #x7))(assert (is-red k))(check-sat)", "unsat\n"},
		{"model", decls + "(declare-const b Box)(assert (= (px (lo b)) #x3))(assert (on (hi b)))(assert ((_ is green) (c b)))" +
			"(assert (= (py (lo b)) (py (hi b))))(assert (= (bvadd (py (lo b)) (px (hi b))) #x0))(assert (= (py (lo b)) #x1))(assert (not (on (lo b))))(check-sat)(get-model)",
			"sat\n(\n  (define-fun b () Box (box (mk-pt #x3 #x1 false) (mk-pt #xf #x1 true) green))\n)\n"},
		{"a record with an array is its fields", "(declare-datatype M ((mk-m (mem (Array (_ BitVec 2) (_ BitVec 4))) (n (_ BitVec 4)))))" +
			"(declare-const x M)(declare-const y M)(assert (= (mem x) (mem y)))(assert (= (n x) (n y)))(assert (distinct x y))(check-sat)", "unsat\n"},
		{"a record with an array: model", "(declare-datatype M ((mk-m (mem (Array (_ BitVec 2) (_ BitVec 4))) (n (_ BitVec 4)))))" +
			"(declare-const x M)(assert (= (select (mem x) #b01) #x7))(assert (= (n x) #x2))(assert (= (mem x) (store ((as const (Array (_ BitVec 2) (_ BitVec 4))) #x0) #b01 #x7)))(check-sat)(get-model)(get-value (x))",
			"sat\n(\n  (define-fun x () M (mk-m (store ((as const (Array (_ BitVec 2) (_ BitVec 4))) #x0) #b01 #x7) #x2))\n)\n((x (mk-m (store ((as const (Array (_ BitVec 2) (_ BitVec 4))) #x0) #b01 #x7) #x2)))\n"},
		{"a record with an array: no constructor", "(declare-datatype M ((mk-m (mem (Array (_ BitVec 2) (_ BitVec 4))))))" +
			"(assert (= (mk-m ((as const (Array (_ BitVec 2) (_ BitVec 4))) #x0)) (mk-m ((as const (Array (_ BitVec 2) (_ BitVec 4))) #x1))))", "unsupported\n"},
		{"recursive", "(declare-datatypes ((L 0)) (((nil) (cons (hd (_ BitVec 8)) (tl L)))))(check-sat)", "unsupported\nunknown\n"},
		{"several constructors with fields", "(declare-datatype O ((none) (some (v (_ BitVec 8)))))", "unsupported\n"},
		{"parametric", "(declare-datatypes ((P 1)) ((par (T) ((p (f T))))))", "unsupported\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := runScript(t, tc.script); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestDatatypeSorts checks that datatypes are sorts of their own to the
// script, though lowered to bit-vectors: an enumeration of four values and a
// (_ BitVec 2) have one sort in the term store. Well-sorted scripts that mix
// datatypes with arrays, functions, let, ite, match, :named and define-sort
// are read as before; ill-sorted ones get an error naming both sorts.
func TestDatatypeSorts(t *testing.T) {
	const decls = "(declare-datatype Color ((red) (green) (blue) (black)))" +
		"(declare-datatype Dir ((north) (south) (east) (west)))" +
		"(declare-datatype Pt ((mk-pt (px (_ BitVec 2)) (pc Color))))" +
		"(declare-const c Color)(declare-const d Dir)(declare-const x (_ BitVec 2))(declare-const p Pt)"
	good := []struct{ name, script, want string }{
		{"array of a datatype", decls + "(declare-const a (Array (_ BitVec 2) Color))" +
			"(assert (= (select (store a #b01 green) #b01) c))(assert (not (= c green)))(check-sat)", "unsat\n"},
		{"const array of a datatype", decls + "(assert (= (select ((as const (Array Dir Color)) blue) d) c))(assert (is-red c))(check-sat)", "unsat\n"},
		{"function over datatypes", decls + "(declare-fun f (Color) Dir)(assert (= (f red) d))(assert (distinct (f c) d))(assert (= c red))(check-sat)", "unsat\n"},
		{"define-fun with datatype parameters", decls + "(define-fun next ((k Color)) Color (ite (= k red) green red))" +
			"(assert (= (next c) c))(check-sat)", "unsat\n"},
		{"let, ite and named", decls + "(assert (let ((k (ite (= x #b00) red (! blue :named b)))) (= k c)))(assert (= c b))(assert (= x #b00))(check-sat)", "unsat\n"},
		{"selector of a datatype field", decls + "(assert (= (pc p) c))(assert (= c (pc (mk-pt x black))))(assert (not (is-black c)))(check-sat)", "unsat\n"},
		{"match yields a datatype", decls + "(assert (= (match d ((north red) (other c))) green))(assert (is-north d))(check-sat)", "unsat\n"},
		{"define-sort names a datatype", decls + "(define-sort Hue () Color)(declare-const h Hue)(assert (= h c))(assert (distinct h c))(check-sat)", "unsat\n"},
		{"qualified constructor", decls + "(assert (= (as red Color) c))(assert (not (is-red c)))(check-sat)", "unsat\n"},
		{"bits of a datatype field", decls + "(assert (= (bvadd (px p) #b01) x))(assert (= (px p) x))(check-sat)", "unsat\n"},
	}
	for _, tc := range good {
		t.Run(tc.name, func(t *testing.T) {
			if got := runScript(t, tc.script); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	bad := []struct{ name, script, want string }{
		{"two enumerations", decls + "(assert (= c d))", "= expects arguments of one sort, got Color and Dir"},
		{"constructors of two enumerations", decls + "(assert (distinct red north))", "distinct expects arguments of one sort, got Color and Dir"},
		{"enumeration and its bits", decls + "(assert (= c x))", "got Color and (_ BitVec 2)"},
		{"arithmetic on an enumeration", decls + "(assert (= (bvadd c c) c))", "bvadd does not take arguments of sort Color"},
		{"ite branches", decls + "(assert (= (ite true c d) c))", "ite branches have sorts Color and Dir"},
		{"array index", decls + "(declare-const a (Array Color Dir))(assert (= (select a x) d))", "the index has sort (_ BitVec 2), expected Color"},
		{"array value", decls + "(declare-const a (Array Color Dir))(assert (= (store a c c) a))", "the value has sort Color, expected Dir"},
		{"const array", decls + "(assert (= ((as const (Array Color Dir)) red) ((as const (Array Color Dir)) north)))", "needs v of sort Dir, got Color"},
		{"function argument", decls + "(declare-fun f (Color) Dir)(assert (= (f north) d))", "argument 1 of f has sort Dir, expected Color"},
		{"constructor field", decls + "(assert (= (mk-pt x north) p))", "argument 2 of mk-pt has sort Dir, expected Color"},
		{"selector argument", decls + "(assert (= (px c) x))", "argument 1 of px has sort Color, expected Pt"},
		{"tester argument", decls + "(assert (is-red d))", "argument 1 of is-red has sort Dir, expected Color"},
		{"define-fun body", decls + "(define-fun g () Color north)", "body of g has sort Dir, declared Color"},
		{"match constructor", decls + "(assert (= (match d ((red #b00) (other #b01))) x))", "match on a term of sort Dir with constructor red of Color"},
		{"match cases", decls + "(assert (= (match d ((north red) (other north))) c))", "the cases of match have sorts Color and Dir"},
		{"qualified identifier", decls + "(assert (= (as north Color) c))", "north has sort Dir, not Color"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			got := runScript(t, tc.script+"(check-sat)")
			if !strings.Contains(got, tc.want) || !strings.HasPrefix(got, "(error \"line 1 col ") {
				t.Errorf("got %q, want an error with %q", got, tc.want)
			}
		})
	}
}
