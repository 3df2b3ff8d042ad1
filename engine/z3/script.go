package z3

import (
	"fmt"
	"strings"
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
		start := skipBlank(smt2, pos)
		if start >= len(smt2) || smt2[start] != '(' {
			return string(out), nil
		}
		end := closeOf(smt2, start)
		if end < 0 {
			return string(out), nil
		}
		name := commandName(smt2[start+1 : end])
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

// skipBlank returns the first index at or after pos that is neither white
// space nor inside a ; comment.
func skipBlank(s string, pos int) int {
	for pos < len(s) {
		switch s[pos] {
		case ' ', '\t', '\n', '\r':
			pos++
		case ';':
			nl := strings.IndexByte(s[pos:], '\n')
			if nl < 0 {
				return len(s)
			}
			pos += nl + 1
		default:
			return pos
		}
	}
	return pos
}

// closeOf returns the index just past the parenthesis that closes the one at
// open, skipping comments, |quoted symbols| and "strings", or -1.
func closeOf(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		case ';':
			nl := strings.IndexByte(s[i:], '\n')
			if nl < 0 {
				return -1
			}
			i += nl
		case '|', '"':
			end := closingQuote(s, i)
			if end < 0 {
				return -1
			}
			i = end - 1
		}
	}
	return -1
}

// commandName is the first symbol of a command's body.
func commandName(body string) string {
	body = body[skipBlank(body, 0):]
	end := strings.IndexAny(body, " \t\r\n();|\"")
	if end < 0 {
		return body
	}
	return body[:end]
}
