package smtlib

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// Dialect says how the interpreter reads the few points where z3 departs from
// the SMT-LIB 2.6 standard. The zero value is the standard, as cvc5 reads it;
// Z3 is what a user of `z3 -in` relies on (sift --compat=z3).
//
// What differs (README.md, "SMT-LIB conformance", has the full table):
//
//	                                      Standard              Z3
//	:produce-models initially             Config.ProduceModels  true
//	get-assignment without
//	  :produce-assignments                error                 answered
//	(let ((x a) (x b)) …)                 error                 the last binding
//	(echo "a""b")                         "a""b"                a"b
//	start-mode options (:produce-models,
//	  …) after the first assertion        error                 accepted
//	(reset)                               options back to       options kept
//	                                      their initial values
//
// Everything else is the standard in both: a second set-logic is an error,
// get-model needs a sat answer, get-unsat-core needs :produce-unsat-cores, and
// so on.
type Dialect int

const (
	// Standard is SMT-LIB 2.6 as cvc5 reads it.
	Standard Dialect = iota
	// Z3 is z3 4.8.12's reading where it departs from the standard.
	Z3
)

func (d Dialect) String() string {
	if d == Z3 {
		return "z3"
	}
	return "smtlib"
}

// ParseDialect reads a --compat value: "smtlib" (or "") or "z3".
func ParseDialect(s string) (Dialect, error) {
	switch s {
	case "", "smtlib", "standard":
		return Standard, nil
	case "z3":
		return Z3, nil
	}
	return Standard, fmt.Errorf("unknown dialect %q: give smtlib or z3", s)
}

// startModeOptions must be set before the solver is in use: the standard says
// in start mode, before set-logic; cvc5 accepts them until the first
// assertion, push or check, and so does sift. Later they are an error in the
// standard dialect.
var startModeOptions = map[string]bool{
	":produce-models": true, ":produce-unsat-cores": true, ":produce-unsat-assumptions": true,
	":produce-assignments": true, ":produce-assertions": true, ":produce-proofs": true,
	":interactive-mode": true, ":global-declarations": true, ":random-seed": true,
}

// reservedWords are the standard's reserved words: never a user's symbol.
var reservedWords = map[string]bool{
	"!": true, "_": true, "as": true, "BINARY": true, "DECIMAL": true, "exists": true, "forall": true,
	"HEXADECIMAL": true, "let": true, "match": true, "NUMERAL": true, "par": true, "STRING": true,
}

// checkNewSymbol refuses to declare or define a name the signature already
// has: a user symbol in scope, a theory symbol (true, bvadd, select, …) or a
// reserved word. The standard makes each an error; sift could not tell a
// user's bvadd from the theory's anyway.
func (in *Interpreter) checkNewSymbol(name string, pos Pos) error {
	if _, exists := in.env.funs[name]; exists {
		return &Error{Pos: pos, Msg: fmt.Sprintf("symbol %q is already declared", name)}
	}
	if _, theory := term.OpByName(name); theory || name == "true" || name == "false" || reservedWords[name] {
		return &Error{Pos: pos, Msg: fmt.Sprintf("symbol %q is a theory symbol or reserved word: it cannot be declared", name)}
	}
	return nil
}

// requireOption answers the error of a command whose option is off.
func requireOption(on bool, option, what string, pos Pos) error {
	if on {
		return nil
	}
	return &Error{Pos: pos, Msg: fmt.Sprintf("%s is not enabled: (set-option %s true) first", what, option)}
}
