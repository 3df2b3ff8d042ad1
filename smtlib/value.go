package smtlib

import (
	"github.com/sift-solver/sift/term"
)

// Scope is the meaning of the names a free-standing term may use when it is
// read outside a script, such as a value in another solver's model.
type Scope struct {
	// Sorts maps declared sort names to their sorts (Bool, BitVec and Array
	// need no entry).
	Sorts map[string]term.Sort
	// Vars maps symbols to the terms they stand for: declared constants,
	// function symbols, or bound variables standing for formal parameters.
	Vars map[string]term.Term
}

// ParseTerm reads one SMT-LIB term from text with the full term syntax (let,
// ite, indexed operators, (as const …), quoted symbols), resolving names in
// scope. Anything after the term is an error.
func ParseTerm(st *term.Store, scope Scope, text string) (t term.Term, err error) {
	defer catch(&err)
	p := scopedParser(st, scope, text)
	t = p.parseTerm()
	p.expectEnd()
	return t, nil
}

// ParseSort reads one SMT-LIB sort from text, with declared sorts resolved by
// scope.Sorts.
func ParseSort(st *term.Store, scope Scope, text string) (s term.Sort, err error) {
	defer catch(&err)
	p := scopedParser(st, scope, text)
	s = p.parseSort()
	p.expectEnd()
	return s, nil
}

// scopedParser returns a term parser over text in a fresh environment that
// holds scope's names only.
func scopedParser(st *term.Store, scope Scope, text string) *termParser {
	return newTermParser(NewLexer([]byte(text), Pos{Line: 1, Col: 1}), scopedEnv(st, scope))
}

// scopedEnv returns a fresh environment over st that holds scope's names.
func scopedEnv(st *term.Store, scope Scope) *Env {
	env := NewEnv(st)
	for name, s := range scope.Sorts {
		env.sorts[name] = &sortDef{Declared: s}
	}
	for name, v := range scope.Vars {
		env.funs[name] = &funDef{Name: name, Var: v}
	}
	return env
}

func (p *termParser) expectEnd() {
	if p.tok.Kind != TokEOF {
		p.unexpected("end of text")
	}
}
