package engine_test

import "testing"

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
