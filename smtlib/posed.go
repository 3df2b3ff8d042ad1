package smtlib

import "strings"

// maxPosed bounds the text the interpreter keeps of a problem as posed.
// Problems that reach the Z3 fallback are small; a large script is not kept
// twice (once parsed, once as text).
const maxPosed = 16 << 20

// posedLog keeps the problem as the script posed it: the text of every
// declaration, definition and assertion in force, scoped by push and pop
// (the interpreter adds its set-logic). The Z3 fallback hands that text to Z3, which then
// sees what a user of the z3 binary would give it: Z3's search is sensitive
// enough to the form of its input that sift's printing of the same terms
// can take it several times longer.
type posedLog struct {
	cmds scoped[string]
	size int
	// off is set when the log grew past maxPosed: it is dropped (push and
	// pop do nothing), and stays off until the assertions are reset.
	off bool
}

func (l *posedLog) add(cmd []byte) {
	if l.off {
		return
	}
	if l.size += len(cmd); l.size > maxPosed {
		l.off, l.cmds = true, scoped[string]{}
		return
	}
	l.cmds.add(string(cmd))
}

func (l *posedLog) push() {
	if !l.off {
		l.cmds.push()
	}
}

// pop closes the innermost level; the caller checks there is one.
func (l *posedLog) pop() {
	if !l.off {
		l.cmds.pop()
	}
}

// clearAssertions forgets every declaration, definition and assertion
// (reset-assertions); the logic stays.
func (l *posedLog) clearAssertions() {
	l.cmds.clear()
	l.size, l.off = 0, false
}

// script returns the posed problem under logic ("" for none) with the
// assumptions, as written, asserted; false when the log was dropped.
func (l *posedLog) script(logic string, assumptions []string) (string, bool) {
	if l.off {
		return "", false
	}
	var b strings.Builder
	if logic != "" {
		b.WriteString("(set-logic " + logic + ")\n")
	}
	for _, c := range l.cmds.items {
		b.WriteString(c)
		b.WriteByte('\n')
	}
	for _, a := range assumptions {
		b.WriteString("(assert " + a + ")\n")
	}
	return b.String(), true
}
