package smtlib_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// TestConformance runs each point of SMT-LIB 2.6 that sift was found to read
// differently from the standard, or that the standard leaves to a solver, in
// both dialects, against the exact output. The comment of each row says what
// cvc5 1.0.3 and z3 4.8.12 answer (checked by hand; error texts differ).
func TestConformance(t *testing.T) {
	const bv = "(declare-const x (_ BitVec 4))"
	const models = "(set-option :produce-models true)"
	tests := []struct {
		name, script string
		standard     string // --compat=smtlib (the default)
		z3           string // --compat=z3
	}{
		// cvc5: error; z3: the model (z3 has models on by default).
		{"get-model needs :produce-models", bv + "(check-sat)(get-model)",
			"sat\n(error \"line 1 col 42: model generation is not enabled: (set-option :produce-models true) first\")\n",
			"sat\n(\n  (define-fun x () (_ BitVec 4) #x0)\n)\n"},
		{"get-value needs :produce-models", bv + "(check-sat)(get-value (x))",
			"sat\n(error \"line 1 col 42: model generation is not enabled: (set-option :produce-models true) first\")\n",
			"sat\n((x #x0))\n"},
		{"get-model format is 2.6's", models + bv + "(check-sat)(get-model)",
			"sat\n(\n  (define-fun x () (_ BitVec 4) #x0)\n)\n", "sat\n(\n  (define-fun x () (_ BitVec 4) #x0)\n)\n"},
		// Both print the term as given, not what a defined symbol stands for.
		{"get-value prints terms as written", models + bv + "(define-fun y () (_ BitVec 4) (bvadd x #x1))(check-sat)(get-value (y |x| #b0011))",
			"sat\n((y #x1)\n (|x| #x0)\n (#b0011 #x3))\n", "sat\n((y #x1)\n (|x| #x0)\n (#b0011 #x3))\n"},
		// Both: error.
		{"get-value only in sat mode", models + bv + "(check-sat)(assert (= x #x1))(get-value (x))",
			"sat\n(error \"line 1 col 93: model is not available: the last check-sat did not answer sat\")\n",
			"sat\n(error \"line 1 col 93: model is not available: the last check-sat did not answer sat\")\n"},
		// Both: error.
		{"second set-logic", "(set-logic QF_BV)(set-logic QF_BV)",
			"(error \"line 1 col 18: the logic is already set (to QF_BV): set-logic may come only once\")\n",
			"(error \"line 1 col 18: the logic is already set (to QF_BV): set-logic may come only once\")\n"},
		// cvc5 accepts it after a declaration (with a warning), z3 errors; an
		// assertion before set-logic is an error in both.
		{"set-logic after a declaration", bv + "(set-logic QF_BV)",
			"(error \"line 1 col 31: set-logic must come before any declaration, definition, assertion, push or check\")\n",
			"(error \"line 1 col 31: set-logic must come before any declaration, definition, assertion, push or check\")\n"},
		{"set-logic after an assertion", "(assert true)(set-logic QF_BV)(check-sat)",
			"(error \"line 1 col 14: set-logic must come before any declaration, definition, assertion, push or check\")\nsat\n",
			"(error \"line 1 col 14: set-logic must come before any declaration, definition, assertion, push or check\")\nsat\n"},
		// The standard wants let binders pairwise distinct; cvc5 warns and
		// takes the last, z3 takes the last silently.
		{"let with a duplicate binder", "(assert (let ((y #x1) (y #x2)) (= y #x2)))(check-sat)",
			"(error \"line 1 col 24: y is bound twice in one let\")\nsat\n", "sat\n"},
		// Any numeral is a legal rotation, taken modulo the width. z3 rejects
		// numerals past 2^32 ("expects one integer parameter").
		{"rotate by 2^64+1", bv + "(assert (distinct ((_ rotate_left 18446744073709551617) x) ((_ rotate_left 1) x)))(check-sat)",
			"unsat\n", "unsat\n"},
		{"rotate_right by 2^32+1", bv + "(assert (distinct ((_ rotate_right 4294967297) x) ((_ rotate_left 3) x)))(check-sat)",
			"unsat\n", "unsat\n"},
		// cvc5: error; z3: answers.
		{"get-assignment needs :produce-assignments", "(declare-const p Bool)(assert (! p :named a))(check-sat)(get-assignment)",
			"sat\n(error \"line 1 col 57: get-assignment is not enabled: (set-option :produce-assignments true) first\")\n",
			"sat\n((a true))\n"},
		{"get-assignment with the option", "(set-option :produce-assignments true)(declare-const p Bool)(assert (! p :named a))(check-sat)(get-assignment)",
			"sat\n((a true))\n", "sat\n((a true))\n"},
		// Both: error.
		{"get-unsat-core needs :produce-unsat-cores", "(assert (! false :named a))(check-sat)(get-unsat-core)",
			"unsat\n(error \"line 1 col 39: unsat core generation is not enabled: (set-option :produce-unsat-cores true) first\")\n",
			"unsat\n(error \"line 1 col 39: unsat core generation is not enabled: (set-option :produce-unsat-cores true) first\")\n"},
		{"get-unsat-assumptions needs its option", "(declare-const p Bool)(check-sat-assuming (p (not p)))(get-unsat-assumptions)",
			"unsat\n(error \"line 1 col 55: get-unsat-assumptions is not enabled: (set-option :produce-unsat-assumptions true) first\")\n",
			"unsat\n(error \"line 1 col 55: get-unsat-assumptions is not enabled: (set-option :produce-unsat-assumptions true) first\")\n"},
		// Both: error (z3 asks for :interactive-mode).
		{"get-assertions needs :produce-assertions", bv + "(assert (= x x))(get-assertions)",
			"(error \"line 1 col 47: get-assertions is not enabled: (set-option :produce-assertions true) first\")\n",
			"(error \"line 1 col 47: get-assertions is not enabled: (set-option :produce-assertions true) first\")\n"},
		{"get-assertions as written", "(set-option :produce-assertions true)" + bv + "(assert (= x x))(push)(assert (bvult x #x1))(pop)(assert (! (= x #x2) :named n))(get-assertions)",
			"((= x x)\n (! (= x #x2) :named n))\n", "((= x x)\n (! (= x #x2) :named n))\n"},
		// cvc5 accepts start-mode options until the first assertion, push
		// or check, then errors ("already fully initialized"); z3 accepts
		// :produce-models at any time.
		{"start-mode option after set-logic and a declaration", "(set-logic QF_BV)" + bv + models + "(check-sat)(get-value (x))",
			"sat\n((x #x0))\n", "sat\n((x #x0))\n"},
		{"start-mode option after an assertion", bv + "(assert (= x #x3))" + models + "(check-sat)(get-value (x))",
			"(error \"line 1 col 49: option :produce-models must be set before the first assertion, push or check\")\nsat\n(error \"line 1 col 93: model generation is not enabled: (set-option :produce-models true) first\")\n",
			"sat\n((x #x3))\n"},
		{"any-mode option after an assertion", "(assert true)(set-option :print-success true)(check-sat)",
			"success\nsat\n", "success\nsat\n"},
		// Both: error.
		{"check-sat-assuming needs Boolean terms", bv + "(check-sat-assuming (x))",
			"(error \"line 1 col 52: check-sat-assuming expects Boolean terms\")\n",
			"(error \"line 1 col 52: check-sat-assuming expects Boolean terms\")\n"},
		// Both: error on redefinition; a parameter may shadow a constant.
		{"define-fun over a declared name", bv + "(define-fun x () Bool true)",
			"(error \"line 1 col 31: symbol \"\"x\"\" is already declared\")\n",
			"(error \"line 1 col 31: symbol \"\"x\"\" is already declared\")\n"},
		{"define-fun parameter shadows a constant", bv + "(define-fun f ((x Bool)) Bool (not x))(assert (f false))(check-sat)",
			"sat\n", "sat\n"},
		// cvc5: error ("shadowing a theory function symbol"); z3 accepts and
		// overloads, which sift cannot.
		{"declaring a theory symbol", "(declare-const bvadd Bool)(declare-const true Bool)(declare-fun let () Bool)",
			"(error \"line 1 col 1: symbol \"\"bvadd\"\" is a theory symbol or reserved word: it cannot be declared\")\n" +
				"(error \"line 1 col 27: symbol \"\"true\"\" is a theory symbol or reserved word: it cannot be declared\")\n" +
				"(error \"line 1 col 52: symbol \"\"let\"\" is a theory symbol or reserved word: it cannot be declared\")\n",
			"(error \"line 1 col 1: symbol \"\"bvadd\"\" is a theory symbol or reserved word: it cannot be declared\")\n" +
				"(error \"line 1 col 27: symbol \"\"true\"\" is a theory symbol or reserved word: it cannot be declared\")\n" +
				"(error \"line 1 col 52: symbol \"\"let\"\" is a theory symbol or reserved word: it cannot be declared\")\n"},
		// Both: error past the stack; push 0 and pop 0 do nothing.
		{"pop beyond the stack", "(push 2)(pop 3)(pop 0)(push 0)(get-info :assertion-stack-levels)",
			"(error \"line 1 col 9: pop 3 exceeds the 2 open assertion levels\")\n(:assertion-stack-levels 2)\n",
			"(error \"line 1 col 9: pop 3 exceeds the 2 open assertion levels\")\n(:assertion-stack-levels 2)\n"},
		// cvc5 resets the options; z3 keeps them.
		{"reset", "(set-option :print-success true)" + models + bv + "(reset)(get-option :print-success)(get-option :produce-models)(assert (= x x))",
			"success\nsuccess\nsuccess\nfalse\nfalse\n(error \"line 1 col 169: unknown constant \"\"x\"\"\")\n",
			"success\nsuccess\nsuccess\nsuccess\ntrue\ntrue\n(error \"line 1 col 169: unknown constant \"\"x\"\"\")\n"},
		// Both: reset-assertions keeps global declarations only, and the logic.
		{"reset-assertions", "(set-logic QF_BV)(declare-const p Bool)(reset-assertions)(assert p)(set-logic QF_BV)",
			"(error \"line 1 col 66: unknown constant \"\"p\"\"\")\n(error \"line 1 col 68: the logic is already set (to QF_BV): set-logic may come only once\")\n",
			"(error \"line 1 col 66: unknown constant \"\"p\"\"\")\n(error \"line 1 col 68: the logic is already set (to QF_BV): set-logic may come only once\")\n"},
		{":global-declarations", "(set-option :global-declarations true)(push)(declare-const g Bool)(pop)(reset-assertions)(assert g)(check-sat)",
			"sat\n", "sat\n"},
		{":global-declarations after a declaration", "(declare-const g Bool)(set-option :global-declarations true)",
			"(error \"line 1 col 23: :global-declarations must be set before any declaration\")\n",
			"(error \"line 1 col 23: :global-declarations must be set before any declaration\")\n"},
		// cvc5 prints the string literal; z3 its contents.
		{"echo", "(echo \"a \"\"b\"\"\")(echo \"\")(echo \"x\\y\")",
			"\"a \"\"b\"\"\"\n\"\"\n\"x\\y\"\n", "a \"b\"\n\nx\\y\n"},
		// Both: success after every command whose response is success,
		// exit included; nothing more after echo.
		{":print-success", "(set-option :print-success true)(set-logic QF_BV)" + bv + "(assert (= x x))(push)(pop)(check-sat)(echo \"e\")(get-info :name)(exit)(check-sat)",
			"success\nsuccess\nsuccess\nsuccess\nsuccess\nsuccess\nsat\n\"e\"\n(:name \"sift\")\nsuccess\n",
			"success\nsuccess\nsuccess\nsuccess\nsuccess\nsuccess\nsat\ne\n(:name \"sift\")\nsuccess\n"},
		// Both: reason-unknown only after unknown.
		{":reason-unknown after sat", "(check-sat)(get-info :reason-unknown)",
			"sat\n(error \"line 1 col 12: reason-unknown is not available: the last check-sat did not answer unknown\")\n",
			"sat\n(error \"line 1 col 12: reason-unknown is not available: the last check-sat did not answer unknown\")\n"},
	}
	for _, tc := range tests {
		for _, d := range []smtlib.Dialect{smtlib.Standard, smtlib.Z3} {
			t.Run(d.String()+"/"+tc.name, func(t *testing.T) {
				want := tc.standard
				if d == smtlib.Z3 {
					want = tc.z3
				}
				if got := runDialect(t, d, tc.script); got != want {
					t.Errorf("script %s\n got: %q\nwant: %q", tc.script, got, want)
				}
			})
		}
	}
}

// TestProduceModelsConfig checks Config.ProduceModels (sift -m), the
// standard dialect's way to start with models on.
func TestProduceModelsConfig(t *testing.T) {
	var out bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, NewSolver: newSession}, &out)
	script := "(declare-const x (_ BitVec 4))(check-sat)(get-value (x))(reset)(get-option :produce-models)"
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	if want := "sat\n((x #x0))\ntrue\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func newSession(st *term.Store) smtlib.Solver { return engine.NewSession(st, engine.Options{}) }

func runDialect(t *testing.T, d smtlib.Dialect, script string) string {
	t.Helper()
	var out bytes.Buffer
	in := smtlib.NewInterpreter(smtlib.Config{Dialect: d, NewSolver: newSession}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestParseDialect(t *testing.T) {
	for s, want := range map[string]smtlib.Dialect{"": smtlib.Standard, "smtlib": smtlib.Standard, "z3": smtlib.Z3} {
		if d, err := smtlib.ParseDialect(s); err != nil || d != want {
			t.Errorf("ParseDialect(%q) = %v, %v", s, d, err)
		}
	}
	if _, err := smtlib.ParseDialect("cvc4"); err == nil {
		t.Error("ParseDialect accepted cvc4")
	}
}
