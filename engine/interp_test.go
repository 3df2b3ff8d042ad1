package engine_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// runScript runs a script through the interpreter and the engine and returns
// everything it printed.
func runScript(t *testing.T, script string) string {
	out, _ := runWith(t, script, engine.Options{}, 0)
	return out
}

// runWith runs script through a fresh interpreter whose sessions are made
// with opts and a per-check timeout (0: none), and returns the output and
// the sessions (one per store; (reset) makes another).
func runWith(t *testing.T, script string, opts engine.Options, timeout time.Duration) (string, []*engine.Session) {
	t.Helper()
	var out bytes.Buffer
	var sessions []*engine.Session
	in := smtlib.NewInterpreter(smtlib.Config{ProduceModels: true, Timeout: timeout, NewSolver: func(st *term.Store) smtlib.Solver {
		s := engine.NewSession(st, opts)
		sessions = append(sessions, s)
		return s
	}}, &out)
	if err := in.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	return out.String(), sessions
}

// TestCommands checks the exact response of every command and error class.
// Checks here are decided by the constant stage (the builder folds them), so
// the answers do not depend on later solving stages.
func TestCommands(t *testing.T) {
	tests := []struct {
		name, script, want string
	}{
		{"print-success", "(set-option :print-success true)(set-logic QF_BV)(declare-const x (_ BitVec 8))(assert true)",
			"success\nsuccess\nsuccess\nsuccess\n"},
		{"check-sat folds", "(assert (= (bvadd #x01 #x02) #x03))(check-sat)", "sat\n"},
		{"unsat", "(assert (bvult #x05 #x03))(check-sat)", "unsat\n"},
		{"get-model", "(declare-const x (_ BitVec 8))(declare-fun f ((_ BitVec 8)) Bool)(check-sat)(get-model)",
			"sat\n(\n  (define-fun x () (_ BitVec 8) #x00)\n  (define-fun f ((x!0 (_ BitVec 8))) Bool false)\n)\n"},
		{"get-value keeps the text", "(declare-const x (_ BitVec 8))(check-sat)(get-value ((bvadd x #x01) x))",
			"sat\n(((bvadd x #x01) #x01)\n (x #x00))\n"},
		{"get-value arrays", "(declare-const a (Array (_ BitVec 2) (_ BitVec 4)))(check-sat)(get-value ((store a #b01 #x7)))",
			"sat\n(((store a #b01 #x7) (store ((as const (Array (_ BitVec 2) (_ BitVec 4))) #x0) #b01 #x7)))\n"},
		{"let shadowing", "(assert (let ((x #x01)) (let ((x (bvadd x x))) (= x #x02))))(check-sat)", "sat\n"},
		{"parallel let", "(assert (let ((x #x01)) (let ((x #x05) (y x)) (= y #x01))))(check-sat)", "sat\n"},
		{"define-fun with parameters", "(define-fun inc ((v (_ BitVec 8))) (_ BitVec 8) (bvadd v #x01))(assert (= (inc #x01) #x02))(check-sat)", "sat\n"},
		{"define-sort and define-const", "(define-sort W () (_ BitVec 4))(define-const c W #x3)(assert (= c #x3))(check-sat)", "sat\n"},
		{"parametric define-sort", "(define-sort M (I) (Array I I))(declare-const m (M (_ BitVec 4)))(assert (= (select ((as const (M (_ BitVec 4))) #x1) #x0) #x1))(check-sat)", "sat\n"},
		{"named and unsat core", "(set-option :produce-unsat-cores true)(assert (! false :named a1))(check-sat)(get-unsat-core)", "unsat\n(a1)\n"},
		{"check-sat-assuming", "(set-option :produce-unsat-assumptions true)(declare-const p Bool)(check-sat-assuming (false))(get-unsat-assumptions)", "unsat\n(false)\n"},
		{"push/pop declarations", "(push 1)(declare-const y Bool)(pop 1)(declare-const y (_ BitVec 1))(assert (= y #b1))", ""},
		{"push/pop assertions", "(push)(assert false)(check-sat)(pop)(check-sat)", "unsat\nsat\n"},
		{"reset-assertions", "(declare-const z Bool)(assert false)(reset-assertions)(check-sat)(assert z)", "sat\n(error \"line 1 col 74: unknown constant \"\"z\"\"\")\n"},
		{"global declarations", "(set-option :global-declarations true)(push)(declare-const g Bool)(pop)(assert g)", ""},
		{"reset", "(declare-const r Bool)(reset)(assert r)", "(error \"line 1 col 38: unknown constant \"\"r\"\"\")\n"},
		{"get-info", "(get-info :name)(get-info :version)(get-info :error-behavior)",
			"(:name \"sift\")\n(:version \"" + smtlib.Version + "\")\n(:error-behavior continued-execution)\n"},
		{"set-info status", "(set-info :status sat)(get-info :status)", "(:status sat)\n"},
		{"get-option", "(set-option :random-seed 7)(get-option :random-seed)(set-option :timeout 100)(get-option :timeout)", "7\n100\n"},
		{"echo and exit", "(echo \"hi \"\"there\"\"\")(exit)(check-sat)", "\"hi \"\"there\"\"\"\n"},
		{"overflow predicates", "(assert (bvuaddo #xff #x01))(assert (not (bvsmulo #x02 #x03)))(check-sat)", "sat\n"},
		{"get-assignment", "(set-option :produce-assignments true)(declare-const q Bool)(assert (! (not q) :named nq))(check-sat)(get-assignment)", "sat\n((nq true))\n"},
		{"dropped input blocks sat", "(declare-const x (_ BitVec 8))(assert (= (bv2nat x) 0))(check-sat)(get-info :reason-unknown)(assert false)(check-sat)",
			"unsupported\nunknown\n(:reason-unknown \"unsupported input was dropped\")\nunsat\n"},
		{"dropped input is forgotten on pop", "(push)(assert (= (bv2nat #x01) 0))(pop)(check-sat)",
			"unsupported\nsat\n"},
		{"quoted symbols", "(declare-const |a b| (_ BitVec 4))(check-sat)(get-value (|a b|))", "sat\n((|a b| #x0))\n"},

		// Errors: each gets a position and the session goes on.
		{"syntax", "(assert (bvadd #x1 #x2)\n(check-sat)", "(error \"line 1 col 1: input ends inside this command (unbalanced parentheses)\")\n"},
		{"stray paren", ")(check-sat)", "(error \"line 1 col 1: unexpected ')'\")\nsat\n"},
		{"sort mismatch", "(assert (= #x1 #x01))(check-sat)", "(error \"line 1 col 10: = expects arguments of one sort, got (_ BitVec 4) and (_ BitVec 8)\")\nsat\n"},
		{"undeclared", "(assert (= x #x1))", "(error \"line 1 col 12: unknown constant \"\"x\"\"\")\n"},
		{"arity", "(declare-fun f ((_ BitVec 4)) Bool)(assert (f #x1 #x2))", "(error \"line 1 col 45: f expects 1 arguments, got 2\")\n"},
		{"width mismatch", "(assert (bvult #x1 #b1))", "(error \"line 1 col 10: bvult expects arguments of one sort, got (_ BitVec 4) and (_ BitVec 1)\")\n"},
		{"extract range", "(assert (= ((_ extract 8 0) #x01) #x001))", "(error \"line 1 col 13: (_ extract 8 0) out of range for a bit-vector of width 8\")\n"},
		{"pop below zero", "(pop 1)", "(error \"line 1 col 1: pop 1 exceeds the 0 open assertion levels\")\n"},
		{"unknown logic", "(set-logic QF_FOO)", "(error \"line 1 col 1: unknown logic \"\"QF_FOO\"\"\")\n"},
		{"integer logic", "(set-logic QF_LIA)", "unsupported\n"},
		{"integer arithmetic", "(declare-const i Int)", "unsupported\n"},
		{"unknown command", "(frobnicate)", "(error \"line 1 col 2: unknown command \"\"frobnicate\"\"\")\n"},
		{"unsupported command", "(get-proof)", "unsupported\n"},
		{"model before check", "(get-model)", "(error \"line 1 col 1: model is not available: the last check-sat did not answer sat\")\n"},
		{"redeclaration", "(declare-const x Bool)(declare-const x Bool)", "(error \"line 1 col 23: symbol \"\"x\"\" is already declared\")\n"},
		{"non-Bool assert", "(assert #x1)", "(error \"line 1 col 2: assert expects a Bool term, got (_ BitVec 4)\")\n"},
		{"bad token", "(assert #q)", "(error \"line 1 col 9: invalid token \"\"#\"\"\")\n"},
		{"grammar error", "(declare-sort)", "(error \"line 1 col 14: malformed declare-sort: unexpected token \"\")\"\"\")\n"},
		{"declaration without a name", "(declare-fun)", "(error \"line 1 col 13: expected a symbol after declare-fun, found \"\")\"\"\")\n"},
		{"definition with trailing token", "(define-fun f () Bool true false)", "(error \"line 1 col 28: expected ')' to close define-fun, found \"\"false\"\"\")\n"},
		{"definition parameter without sort", "(define-fun f ((a)) Bool a)", "(error \"line 1 col 18: expected sort, found \"\")\"\"\")\n"},
		{"definitions are scoped", "(define-fun f ((a Bool)) Bool a)(assert a)", "(error \"line 1 col 41: unknown constant \"\"a\"\"\")\n"},
		{"bad option value", "(set-option :print-success maybe)", "(error \"line 1 col 1: option :print-success expects true or false, got \"\"maybe\"\"\")\n"},
		{"comments and lines", "; comment\n(assert\n  (= #x1\n     y))", "(error \"line 4 col 6: unknown constant \"\"y\"\"\")\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runScript(t, tc.script)
			if got != tc.want {
				t.Errorf("script %q\n got: %q\nwant: %q", tc.script, got, tc.want)
			}
		})
	}
}
