package smtlib

import "fmt"

// Error is a user-facing error at a position of the input.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string {
	return fmt.Sprintf("line %d col %d: %s", e.Pos.Line, e.Pos.Col, e.Msg)
}

// Unsupported reports input that sift recognises but does not handle (integer
// arithmetic, say). The interpreter answers it with `unsupported`.
type Unsupported struct {
	Pos Pos
	Msg string
	// Dropped is set when the input was part of the problem (a term, a sort,
	// a declaration), so that answering sat without it would be unsound.
	Dropped bool
}

func (e *Unsupported) Error() string {
	return fmt.Sprintf("line %d col %d: %s", e.Pos.Line, e.Pos.Col, e.Msg)
}

// bailout carries an error out of deep recursion; the parser's entry points
// recover it, as go/parser does.
type bailout struct{ err error }

func errorf(pos Pos, format string, args ...any) {
	panic(bailout{&Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}})
}

// unsupportedf reports an unsupported term or sort: it always drops part of
// the problem.
func unsupportedf(pos Pos, format string, args ...any) {
	panic(bailout{&Unsupported{Pos: pos, Msg: fmt.Sprintf(format, args...), Dropped: true}})
}

// catch turns a bailout into an error and lets every other panic through.
func catch(err *error) {
	if r := recover(); r != nil {
		b, ok := r.(bailout)
		if !ok {
			panic(r)
		}
		*err = b.err
	}
}
