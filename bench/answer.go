package bench

import (
	"strings"

	"github.com/sift-solver/sift/internal/sexpr"
)

// Result is how one run of a solver on a file ended. Whether a sat or unsat result is right is decided at
// scoring time against the expected status, not here.
type Result string

// The results of one run.
const (
	ResultSat     Result = "sat"
	ResultUnsat   Result = "unsat"
	ResultUnknown Result = "unknown" // the solver gave up and said so
	ResultTimeout Result = "timeout" // over the wall limit, killed, or the solver reported its own timeout
	ResultError   Result = "error"   // no answer: an error, a crash, or output that is not an answer
)

// parsedOutput is what a solver's stdout says.
type parsedOutput struct {
	answer        string // the first answer line: sat, unsat, unknown or timeout; "" if none
	other         string // the first line that is neither an answer nor a response in parentheses
	errorsPrinted int    // number of (error …) responses, before and after the answer
}

// answerWords are the lines that count as an answer; "timeout" is z3's under -T:N.
var answerWords = map[string]bool{"sat": true, "unsat": true, "unknown": true, "timeout": true}

// parseOutput reads stdout as SMT-LIB responses. The answer is the first line that is exactly an answer
// word; warnings a solver prints on stdout (boolector's "[btorsmt2] WARNING …") are skipped. (error …)
// responses are counted wherever they are, so that an answer given after errors is still what the user
// saw, with the errors on record. String literals and |quoted symbols| may span lines.
func parseOutput(out []byte) parsedOutput {
	var p parsedOutput
	s := string(out)
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(':
			end := sexpr.End(s, i)
			if end < 0 {
				end = len(s)
			}
			head := strings.TrimLeft(s[i+1:end], " \t\r\n")
			if strings.HasPrefix(head, "error") {
				p.errorsPrinted++
			}
			i = end
		default:
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			line := strings.TrimSpace(s[i : i+j])
			switch {
			case answerWords[line] && p.answer == "":
				p.answer = line
			case !answerWords[line] && p.other == "":
				p.other = line
			}
			i += j
		}
	}
	return p
}

// classify turns a finished process into a result. Order matters: the wall limit overrides any answer
// (SMT-COMP does not count answers after the limit), and boolector's exit codes stand in when it printed
// nothing.
func classify(o outcome, p parsedOutput, lim Limits, kind Kind) Result {
	if o.killed || o.wall > lim.Wall {
		return ResultTimeout
	}
	switch p.answer {
	case "sat":
		return ResultSat
	case "unsat":
		return ResultUnsat
	case "unknown":
		return ResultUnknown
	case "timeout":
		return ResultTimeout // z3 -T:N
	}
	if kind == KindBoolector && p.answer == "" && o.signal == "" {
		switch o.exitCode {
		case 10:
			return ResultSat
		case 20:
			return ResultUnsat
		case 14:
			return ResultTimeout
		}
	}
	return ResultError
}
