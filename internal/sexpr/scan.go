package sexpr

// state is where the scanner is inside the expression's text.
type state uint8

const (
	normal      state = iota
	inString          // after an opening "
	stringQuote       // after a " inside a string: its end, or the first of ""
	inQuoted          // inside |…|
	inComment         // after ;, up to the end of the line
)

// Scanner finds the end of one expression whose text arrives in pieces. The
// zero value is ready for an expression's first byte; white space and
// comments before it are the caller's to skip.
type Scanner struct {
	begun bool
	atom  bool // the expression does not start with (
	depth int
	state state
}

// Scan consumes the next piece b of the expression's text, the first piece
// starting at the expression's first byte. It returns how many bytes of b
// belong to the expression and whether the expression ends with them. An
// atom ends before the white space or parenthesis that follows it, so a
// piece that ends with an atom leaves it open; Complete says whether the
// input may end there. A ')' that opens the expression is an expression of
// its own.
func (sc *Scanner) Scan(b []byte) (n int, done bool) { return scan(sc, b) }

// ScanString is Scan on text held in a string.
func (sc *Scanner) ScanString(s string) (n int, done bool) { return scan(sc, s) }

// Complete reports whether the input may end where the scanned pieces end:
// true for an atom outside quotes and comments, false for an open list,
// string, quoted symbol or nothing at all.
func (sc *Scanner) Complete() bool {
	return sc.begun && sc.atom && (sc.state == normal || sc.state == stringQuote)
}

func scan[T string | []byte](sc *Scanner, b T) (int, bool) {
	i := 0
	if !sc.begun && len(b) > 0 {
		sc.begun = true
		sc.atom = b[0] != '('
		if b[0] == ')' {
			return 1, true
		}
	}
	for i < len(b) {
		c := b[i]
		switch sc.state {
		case inString:
			if c == '"' {
				sc.state = stringQuote
			}
			i++
			continue
		case stringQuote:
			if c == '"' {
				sc.state = inString
				i++
				continue
			}
			sc.state = normal // the string ended at the quote before c
		case inQuoted:
			if c == '|' {
				sc.state = normal
			}
			i++
			continue
		case inComment:
			if c == '\n' {
				sc.state = normal
			}
			i++
			continue
		}
		switch c {
		case '"':
			sc.state = inString
		case '|':
			sc.state = inQuoted
		case ';':
			sc.state = inComment
		case '(':
			if sc.atom {
				return i, true
			}
			sc.depth++
		case ')':
			if sc.atom {
				return i, true
			}
			sc.depth--
			if sc.depth == 0 {
				return i + 1, true
			}
		case ' ', '\t', '\n', '\r', '\f', '\v':
			if sc.atom {
				return i, true
			}
		}
		i++
	}
	return i, false
}
