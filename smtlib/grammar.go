package smtlib

import (
	"io"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The command layer is a participle grammar. Term and sort positions are
// captured as spans (Span) and parsed by the hand-written term parser, so
// participle never builds a tree for terms.

// Command is one parsed SMT-LIB command (other than the hot-path assert and
// the declarations of declarations.go).
type Command struct {
	Pos lexer.Position

	SetLogic        *SymbolArg   `parser:"\"(\" ( \"set-logic\" @@"`
	SetOption       *Attribute   `parser:"| \"set-option\" @@"`
	SetInfo         *Attribute   `parser:"| \"set-info\" @@"`
	GetOption       *KeywordArg  `parser:"| \"get-option\" @@"`
	GetInfo         *KeywordArg  `parser:"| \"get-info\" @@"`
	DeclareSort     *DeclareSort `parser:"| \"declare-sort\" @@"`
	DefineSort      *DefineSort  `parser:"| \"define-sort\" @@"`
	Assert          *Span        `parser:"| \"assert\" @@"`
	CheckSat        bool         `parser:"| @\"check-sat\""`
	CheckAssuming   *SpanList    `parser:"| \"check-sat-assuming\" @@"`
	Push            *OptNumeral  `parser:"| \"push\" @@"`
	Pop             *OptNumeral  `parser:"| \"pop\" @@"`
	GetValue        *SpanList    `parser:"| \"get-value\" @@"`
	GetModel        bool         `parser:"| @\"get-model\""`
	GetAssignment   bool         `parser:"| @\"get-assignment\""`
	GetUnsatCore    bool         `parser:"| @\"get-unsat-core\""`
	GetUnsatAssumps bool         `parser:"| @\"get-unsat-assumptions\""`
	GetAssertions   bool         `parser:"| @\"get-assertions\""`
	Reset           bool         `parser:"| @\"reset\""`
	ResetAssertions bool         `parser:"| @\"reset-assertions\""`
	Echo            *StringArg   `parser:"| \"echo\" @@"`
	Exit            bool         `parser:"| @\"exit\" ) \")\""`
}

// SymbolArg is a symbol operand.
type SymbolArg struct {
	Name string `parser:"@(Symbol | QuotedSymbol)"`
}

// KeywordArg is a keyword operand.
type KeywordArg struct {
	Key string `parser:"@Keyword"`
}

// StringArg is a string operand.
type StringArg struct {
	Text string `parser:"@String"`
}

// OptNumeral is an optional numeral operand (push and pop).
type OptNumeral struct {
	Pos lexer.Position
	N   *string `parser:"@Numeral?"`
}

// Attribute is a keyword with an optional value.
type Attribute struct {
	Key   string `parser:"@Keyword"`
	Value *Span  `parser:"@@?"`
}

// DeclareSort is (declare-sort S n).
type DeclareSort struct {
	Name  string  `parser:"@(Symbol | QuotedSymbol)"`
	Arity *string `parser:"@Numeral?"`
}

// DefineSort is (define-sort S (P…) sort).
type DefineSort struct {
	Name   string   `parser:"@(Symbol | QuotedSymbol)"`
	Params []string `parser:"\"(\" @(Symbol | QuotedSymbol)* \")\""`
	Body   *Span    `parser:"@@"`
}

// SpanList is a parenthesised list of terms.
type SpanList struct {
	Items []*Span `parser:"\"(\" @@* \")\""`
}

// Span is one s-expression (a term, a sort or an attribute value) left
// unparsed: its byte offset and position in the command. It implements
// participle.Parseable by consuming one balanced s-expression.
type Span struct {
	Offset int
	End    int // offset just past the span (compound spans)
	Pos    lexer.Position
	// Atom holds the text of a single-token span.
	Atom *lexer.Token
}

// Parse implements participle.Parseable.
func (s *Span) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	switch t.Type {
	case tokType(TokRParen), lexer.EOF:
		return participle.NextMatch
	}
	s.Offset = t.Pos.Offset
	s.Pos = t.Pos
	if t.Type != tokType(TokLParen) {
		tok := *lex.Next()
		s.Atom = &tok
		// The raw length of an atom is not kept (quotes are stripped), so the
		// span runs to the next token; only whitespace lies in between.
		s.End = lex.Peek().Pos.Offset
		return nil
	}
	depth := 0
	for {
		t := lex.Next()
		switch t.Type {
		case tokType(TokLParen):
			depth++
		case tokType(TokRParen):
			depth--
		case lexer.EOF:
			return participle.Errorf(t.Pos, "unbalanced parentheses")
		}
		if depth == 0 {
			s.End = t.Pos.Offset + 1
			return nil
		}
	}
}

// tokType maps our token kinds to participle token types; EOF is -1 there.
func tokType(k TokenKind) lexer.TokenType {
	if k == TokEOF {
		return lexer.EOF
	}
	return lexer.TokenType(k)
}

// lexerDefinition adapts Lexer to participle.
type lexerDefinition struct{}

var symbolNames = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "LParen": tokType(TokLParen), "RParen": tokType(TokRParen),
	"Symbol": tokType(TokSymbol), "QuotedSymbol": tokType(TokQuotedSymbol), "Keyword": tokType(TokKeyword),
	"Numeral": tokType(TokNumeral), "Decimal": tokType(TokDecimal), "Hex": tokType(TokHex),
	"Binary": tokType(TokBinary), "String": tokType(TokString), "Error": tokType(TokError),
}

func (lexerDefinition) Symbols() map[string]lexer.TokenType { return symbolNames }

func (d lexerDefinition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, b)
}

func (lexerDefinition) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return &participleLexer{lx: NewLexer(b, Pos{1, 1})}, nil
}

type participleLexer struct{ lx *Lexer }

func (l *participleLexer) Next() (lexer.Token, error) {
	t := l.lx.Next()
	pos := lexer.Position{Offset: t.Offset, Line: t.Pos.Line, Column: t.Pos.Col}
	if t.Kind == TokError {
		return lexer.Token{}, participle.Errorf(pos, "invalid token %q", t.Text)
	}
	return lexer.Token{Type: tokType(t.Kind), Value: string(t.Text), Pos: pos}, nil
}

// commandParser is built on first use, not at start: building it takes
// about 0.7 ms and 4,000 allocations, which a process that reads no script
// (the Z3 worker, sift bench) need not pay.
var commandParser = sync.OnceValue(func() *participle.Parser[Command] {
	return participle.MustBuild[Command](
		participle.Lexer(lexerDefinition{}),
		participle.UseLookahead(2),
	)
})

// parseCommand parses one command's bytes with the grammar.
func parseCommand(src []byte) (*Command, error) {
	return commandParser().ParseBytes("", src)
}

// LexerDefinition returns the participle lexer definition over sift's
// hand-written lexer (for grammars outside this package, such as benchmarks).
func LexerDefinition() lexer.Definition { return lexerDefinition{} }
