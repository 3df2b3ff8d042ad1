package z3

import "strings"

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
			end := closingQuote(text, i)
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

// closingQuote returns the index just past the quote that closes the one at
// text[open], or -1 if it is never closed. In string literals "" is an
// escaped quote.
func closingQuote(text string, open int) int {
	q := text[open]
	for i := open + 1; i < len(text); i++ {
		if text[i] != q {
			continue
		}
		if q == '"' && i+1 < len(text) && text[i+1] == '"' {
			i++
			continue
		}
		return i + 1
	}
	return -1
}
