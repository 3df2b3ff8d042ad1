package z3

import (
	"strings"

	"github.com/sift-solver/sift/internal/sexpr"
)

// oneLine folds Z3's pretty-printed layout into a single line: each run of
// white space becomes one space, none after "(" or before ")". Quoted
// symbols |…| and string literals "…" are copied untouched.
func oneLine(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	pendingSpace := false
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch ch {
		case ' ', '\t', '\n', '\r':
			pendingSpace = true
			continue
		}
		if pendingSpace && ch != ')' && b.Len() > 0 && !strings.HasSuffix(b.String(), "(") {
			b.WriteByte(' ')
		}
		pendingSpace = false
		if ch == '|' || ch == '"' {
			end := sexpr.End(text, i)
			if end < 0 {
				end = len(text)
			}
			b.WriteString(text[i:end])
			i = end - 1
			continue
		}
		b.WriteByte(ch)
	}
	return b.String()
}
