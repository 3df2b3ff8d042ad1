package smtlib

import "github.com/alecthomas/participle/v2/lexer"

// simpleCommand reads the commands whose operands are at most one token
// (check-sat, push and pop with an optional numeral, the get- commands
// without operands, set-info with an atom) as the grammar would, without
// it: a pipe client sends them around every check (yosys-smtbmc: push,
// check-sat, pop, set-info per step), and through participle they cost
// more than the asserts. lx stands after the command name; nil means the
// command is not in the simple shape, and the grammar reads it (and
// reports its errors).
func simpleCommand(name string, lx *Lexer) *Command {
	tok := lx.Next()
	switch name {
	case "check-sat", "get-model", "get-assignment", "get-unsat-core", "get-unsat-assumptions",
		"get-assertions", "reset", "reset-assertions", "exit":
		if !closes(tok, lx) {
			return nil
		}
		c := &Command{}
		switch name {
		case "check-sat":
			c.CheckSat = true
		case "get-model":
			c.GetModel = true
		case "get-assignment":
			c.GetAssignment = true
		case "get-unsat-core":
			c.GetUnsatCore = true
		case "get-unsat-assumptions":
			c.GetUnsatAssumps = true
		case "get-assertions":
			c.GetAssertions = true
		case "reset":
			c.Reset = true
		case "reset-assertions":
			c.ResetAssertions = true
		case "exit":
			c.Exit = true
		}
		return c
	case "push", "pop":
		n := &OptNumeral{}
		if tok.Kind == TokNumeral {
			s := string(tok.Text)
			n.N = &s
			tok = lx.Next()
		}
		if !closes(tok, lx) {
			return nil
		}
		if name == "push" {
			return &Command{Push: n}
		}
		return &Command{Pop: n}
	case "set-info":
		if tok.Kind != TokKeyword {
			return nil
		}
		attr := &Attribute{Key: string(tok.Text)}
		val := lx.Next()
		switch val.Kind {
		case TokRParen, TokLParen, TokEOF, TokError:
		default:
			// The grammar's atom span: the token's text, running to the
			// next token (no position: set-info keeps only the text).
			end := lx.Next()
			attr.Value = &Span{Offset: val.Offset, End: end.Offset,
				Atom: &lexer.Token{Type: tokType(val.Kind), Value: string(val.Text)}}
			val = end
		}
		if !closes(val, lx) {
			return nil
		}
		return &Command{SetInfo: attr}
	}
	return nil
}

// closes reports whether tok is the command's closing parenthesis and
// nothing follows it.
func closes(tok Token, lx *Lexer) bool {
	return tok.Kind == TokRParen && lx.Next().Kind == TokEOF
}
