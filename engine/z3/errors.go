package z3

import (
	"fmt"
	"strings"
)

// z3Error carries a Z3 error code's message from the call that raised it to
// Solve, which turns it into an ordinary error. It is the only panic value
// this package recovers.
type z3Error struct {
	msg string
	// memout marks Z3's memory error (past memory_max_size, or an
	// allocation that failed): Solve answers it as unknown, "memout".
	memout bool
}

func (e z3Error) Error() string { return e.msg }

// fail raises an error that Z3 did not report through its error code.
func fail(format string, args ...any) {
	panic(z3Error{msg: fmt.Sprintf(format, args...)})
}

// unwrapErrors turns the parser's report, one (error "…") per error, into
// the bare messages joined by "; ", so that callers can wrap them in their
// own (error "…") response. Line breaks inside a message become spaces.
// Text without that wrapping is returned trimmed.
func unwrapErrors(report string) string {
	var msgs []string
	for _, part := range strings.Split(report, `(error "`) {
		part = strings.TrimSpace(part)
		part = strings.TrimSuffix(part, `")`)
		if part = strings.Join(strings.Fields(part), " "); part != "" {
			msgs = append(msgs, part)
		}
	}
	return strings.Join(msgs, "; ")
}
