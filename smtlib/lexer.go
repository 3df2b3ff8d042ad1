package smtlib

import (
	"fmt"
)

// TokenKind classifies a token.
type TokenKind uint8

const (
	TokEOF TokenKind = iota
	TokLParen
	TokRParen
	TokSymbol       // simple symbol
	TokQuotedSymbol // |…|, Text without the bars
	TokKeyword      // :name, Text with the colon
	TokNumeral
	TokDecimal
	TokHex    // #x…, Text without the prefix
	TokBinary // #b…, Text without the prefix
	TokString // "…", Text with "" unescaped
	TokError
)

var tokenNames = [...]string{
	TokEOF: "end of input", TokLParen: "'('", TokRParen: "')'", TokSymbol: "symbol",
	TokQuotedSymbol: "quoted symbol", TokKeyword: "keyword", TokNumeral: "numeral",
	TokDecimal: "decimal", TokHex: "hexadecimal", TokBinary: "binary", TokString: "string",
	TokError: "invalid token",
}

func (k TokenKind) String() string { return tokenNames[k] }

// Pos is a position in the input; lines and columns count from 1.
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("line %d col %d", p.Line, p.Col) }

// Token is one lexeme. Text aliases the input unless the token needed
// unescaping.
type Token struct {
	Kind   TokenKind
	Text   []byte
	Pos    Pos
	Offset int // byte offset in the lexer's input
}

// Lexer splits SMT-LIB text into tokens. It works on a byte slice (one
// command, or a whole file) and tracks lines as it goes.
type Lexer struct {
	src       []byte
	off       int
	line      int
	lineStart int // offset of the current line's first byte
	colBase   int // column of src[0] when it starts mid-line
}

// NewLexer returns a lexer over src, whose first byte is at pos.
func NewLexer(src []byte, pos Pos) *Lexer {
	if pos.Line == 0 {
		pos = Pos{1, 1}
	}
	return &Lexer{src: src, line: pos.Line, colBase: pos.Col - 1}
}

// Offset returns the offset of the next unread byte.
func (lx *Lexer) Offset() int { return lx.off }

func (lx *Lexer) pos(off int) Pos {
	col := off - lx.lineStart + 1
	if lx.lineStart == 0 {
		col += lx.colBase
	}
	return Pos{lx.line, col}
}

// skip skips whitespace and comments.
func (lx *Lexer) skip() {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch c {
		case '\n':
			lx.off++
			lx.line++
			lx.lineStart = lx.off
		case ' ', '\t', '\r', '\f', '\v':
			lx.off++
		case ';':
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' {
				lx.off++
			}
		default:
			return
		}
	}
}

// Next returns the next token.
func (lx *Lexer) Next() Token {
	lx.skip()
	start := lx.off
	if start >= len(lx.src) {
		return Token{Kind: TokEOF, Pos: lx.pos(start), Offset: start}
	}
	p := lx.pos(start)
	c := lx.src[start]
	tok := func(k TokenKind, text []byte) Token { return Token{Kind: k, Text: text, Pos: p, Offset: start} }
	switch {
	case c == '(':
		lx.off++
		return tok(TokLParen, lx.src[start:lx.off])
	case c == ')':
		lx.off++
		return tok(TokRParen, lx.src[start:lx.off])
	case c >= '0' && c <= '9':
		lx.off++
		for lx.off < len(lx.src) && isDigit(lx.src[lx.off]) {
			lx.off++
		}
		if lx.off+1 < len(lx.src) && lx.src[lx.off] == '.' && isDigit(lx.src[lx.off+1]) {
			lx.off++
			for lx.off < len(lx.src) && isDigit(lx.src[lx.off]) {
				lx.off++
			}
			return tok(TokDecimal, lx.src[start:lx.off])
		}
		text := lx.src[start:lx.off]
		if len(text) > 1 && text[0] == '0' {
			return tok(TokError, text) // numerals have no leading zeros
		}
		if lx.off < len(lx.src) && isSymbolByte(lx.src[lx.off]) {
			for lx.off < len(lx.src) && isSymbolByte(lx.src[lx.off]) {
				lx.off++
			}
			return tok(TokError, lx.src[start:lx.off])
		}
		return tok(TokNumeral, text)
	case c == '#':
		if start+1 < len(lx.src) {
			switch lx.src[start+1] {
			case 'x':
				lx.off += 2
				for lx.off < len(lx.src) && isHexDigit(lx.src[lx.off]) {
					lx.off++
				}
				if lx.off == start+2 {
					return tok(TokError, lx.src[start:lx.off])
				}
				return tok(TokHex, lx.src[start+2:lx.off])
			case 'b':
				lx.off += 2
				for lx.off < len(lx.src) && (lx.src[lx.off] == '0' || lx.src[lx.off] == '1') {
					lx.off++
				}
				if lx.off == start+2 {
					return tok(TokError, lx.src[start:lx.off])
				}
				return tok(TokBinary, lx.src[start+2:lx.off])
			}
		}
		lx.off++
		return tok(TokError, lx.src[start:lx.off])
	case c == '|':
		lx.off++
		for lx.off < len(lx.src) && lx.src[lx.off] != '|' {
			if lx.src[lx.off] == '\\' {
				return tok(TokError, lx.src[start:lx.off+1]) // backslash is not allowed in quoted symbols
			}
			if lx.src[lx.off] == '\n' {
				lx.line++
				lx.lineStart = lx.off + 1
			}
			lx.off++
		}
		if lx.off >= len(lx.src) {
			return tok(TokError, lx.src[start:lx.off])
		}
		lx.off++
		return tok(TokQuotedSymbol, lx.src[start+1:lx.off-1])
	case c == '"':
		lx.off++
		escaped := false
		for {
			if lx.off >= len(lx.src) {
				return tok(TokError, lx.src[start:lx.off])
			}
			b := lx.src[lx.off]
			if b == '\n' {
				lx.line++
				lx.lineStart = lx.off + 1
			}
			lx.off++
			if b == '"' {
				if lx.off < len(lx.src) && lx.src[lx.off] == '"' {
					lx.off++
					escaped = true
					continue
				}
				break
			}
		}
		text := lx.src[start+1 : lx.off-1]
		if escaped {
			text = unescapeString(text)
		}
		return tok(TokString, text)
	case c == ':':
		lx.off++
		for lx.off < len(lx.src) && isSymbolByte(lx.src[lx.off]) {
			lx.off++
		}
		if lx.off == start+1 {
			return tok(TokError, lx.src[start:lx.off])
		}
		return tok(TokKeyword, lx.src[start:lx.off])
	case isSymbolByte(c):
		for lx.off < len(lx.src) && isSymbolByte(lx.src[lx.off]) {
			lx.off++
		}
		return tok(TokSymbol, lx.src[start:lx.off])
	}
	lx.off++
	return tok(TokError, lx.src[start:lx.off])
}

func unescapeString(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		out = append(out, b[i])
		if b[i] == '"' && i+1 < len(b) && b[i+1] == '"' {
			i++
		}
	}
	return out
}

func isDigit(c byte) bool    { return c >= '0' && c <= '9' }
func isHexDigit(c byte) bool { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }

var symbolBytes = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "~!@$%^&*_-+=<>.?/" {
		t[c] = true
	}
	return t
}()

func isSymbolByte(c byte) bool { return symbolBytes[c] }
