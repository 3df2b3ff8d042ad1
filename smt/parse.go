package smt

import (
	"strings"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// ParseSMTLIB reads an SMT-LIB 2.6 script's declarations, definitions and
// assertions into the solver and returns the assertions in force at its end,
// without asserting them. The constants and functions the solver already
// has (Const, Func, earlier scripts) are declared for the script, and those
// it declares become the solver's: Const with the same name and sort returns
// the same term. check-sat and the other commands that ask for answers are
// read but not decided. A bad script is an error that gives the line and
// column; nothing of it is then returned.
func (s *Solver) ParseSMTLIB(text string) ([]Term, error) {
	if s.closed {
		return nil, ErrClosed
	}
	sc, err := smtlib.ReadScript(s.st, s.scope(), strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	for name, v := range sc.Symbols {
		if _, ok := s.names[name]; !ok {
			s.names[name] = s.st.SortOf(v)
		}
	}
	out := make([]Term, len(sc.Assertions))
	for i, a := range sc.Assertions {
		out[i] = Term{s: s, id: a}
	}
	return out, nil
}

// ParseTerm reads one SMT-LIB term, whose free symbols must be the solver's
// constants and functions.
func (s *Solver) ParseTerm(text string) Term {
	if s.closed {
		return bad(ErrClosed)
	}
	t, err := smtlib.ParseTerm(s.st, s.scope(), text)
	if err != nil {
		return bad(err)
	}
	return Term{s: s, id: t}
}

// scope returns the solver's declared names for the SMT-LIB reader.
func (s *Solver) scope() smtlib.Scope {
	vars := make(map[string]term.Term, len(s.names))
	for name, sort := range s.names {
		vars[name] = s.st.Var(name, sort)
	}
	return smtlib.Scope{Vars: vars}
}
