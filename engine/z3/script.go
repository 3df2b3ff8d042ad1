package z3

import (
	"fmt"

	"github.com/sift-solver/sift/internal/sexpr"
)

// keptCommands are the top-level commands Solve hands to Z3. Everything
// else that can sit in a flat script (set-option, set-info, check-sat,
// get-model, echo, exit, …) is blanked out: Z3's parser rejects the options
// other solvers use, and the rest means nothing to a single check.
var keptCommands = map[string]bool{
	"set-logic": true, "assert": true,
	"declare-sort": true, "define-sort": true, "declare-const": true, "declare-fun": true,
	"define-const": true, "define-fun": true, "define-fun-rec": true, "define-funs-rec": true,
	"declare-datatype": true, "declare-datatypes": true,
}

// rejectedCommands would change which assertions hold; Solve answers for one
// flat set of assertions only, so it refuses them instead of guessing.
var rejectedCommands = map[string]bool{
	"push": true, "pop": true, "reset": true, "reset-assertions": true, "check-sat-assuming": true,
}

// flatScript blanks out the top-level commands Z3 should not see, keeping
// every newline so that Z3's line and column numbers still point into the
// caller's text. Text it cannot split into commands is left for Z3 to report.
func flatScript(smt2 string) (string, error) {
	out := []byte(smt2)
	for pos := 0; pos < len(smt2); {
		start := sexpr.Skip(smt2, pos)
		if start >= len(smt2) || smt2[start] != '(' {
			return string(out), nil
		}
		end := sexpr.End(smt2, start)
		if end < 0 {
			return string(out), nil
		}
		name := sexpr.Head(smt2[start:end])
		switch {
		case rejectedCommands[name]:
			return "", fmt.Errorf("%s is not supported: Solve checks one flat set of assertions", name)
		case !keptCommands[name]:
			for i := start; i < end; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
		}
		pos = end
	}
	return string(out), nil
}
