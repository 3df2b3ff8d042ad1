package smtlib

import "github.com/sift-solver/sift/term"

// match parses (match t (case…)) after "(match": each case is a pattern
// (a constructor, a constructor applied to variables, or a variable that
// matches anything) and a term. It is read as the ite chain of the cases'
// testers, the first case that matches giving the value; the pattern's
// variables stand for the selectors of t.
func (p *termParser) match(open Pos) term.Term {
	scrut := p.parseTerm()
	scrutScript := p.script
	p.expect(TokLParen, "'(' to open the cases of match")
	type matchCase struct {
		test, body term.Term // test NoTerm: matches anything
		script     term.Sort // the body's script sort
		pos        Pos
	}
	var cases []matchCase
	for p.tok.Kind == TokLParen {
		casePos := p.tok.Pos
		p.next()
		var bound []string
		test := term.NoTerm
		var c *dtCtor
		switch p.tok.Kind {
		case TokLParen:
			p.next()
			name, npos := p.symbol("a constructor")
			c = p.ctor(name, npos)
			for i := 0; p.tok.Kind != TokRParen; i++ {
				v, vpos := p.symbol("a pattern variable")
				if i >= len(c.fields) {
					errorf(vpos, "constructor %s has %d fields", c.name, len(c.fields))
				}
				bound = append(bound, v)
				if c.dt.script != scrutScript {
					errorf(npos, "match on a term of sort %s with constructor %s of %s", p.st.SortString(scrutScript), c.name, c.dt.name)
				}
				sel := p.applyFun(p.env.funs[c.fields[i].name], []term.Term{scrut}, []term.Sort{scrutScript}, vpos)
				p.env.pushLocal(v, sel, p.script)
			}
			p.next()
			if len(bound) != len(c.fields) {
				errorf(npos, "constructor %s has %d fields, the pattern binds %d", c.name, len(c.fields), len(bound))
			}
		default:
			name, npos := p.symbol("a pattern")
			if d, ok := p.env.funs[name]; ok && d.ctor != nil {
				c = d.ctor
				if len(c.fields) > 0 {
					errorf(npos, "constructor %s has fields: write (%s x…)", c.name, c.name)
				}
			} else {
				bound = append(bound, name)
				p.env.pushLocal(name, scrut, scrutScript)
			}
		}
		if c != nil {
			if c.dt.script != scrutScript {
				errorf(open, "match on a term of sort %s with constructor %s of %s", p.st.SortString(scrutScript), c.name, c.dt.name)
			}
			test = p.applyFun(p.env.funs["is-"+c.name], []term.Term{scrut}, []term.Sort{scrutScript}, open)
		}
		body := p.parseTerm()
		for _, v := range bound {
			p.env.popLocal(v)
		}
		p.expect(TokRParen, "')' to close a case of match")
		cases = append(cases, matchCase{test, body, p.script, casePos})
	}
	p.expect(TokRParen, "')' after the cases of match")
	p.expect(TokRParen, "')' to close match")
	if len(cases) == 0 {
		errorf(open, "match needs at least one case")
	}
	for _, c := range cases[1:] {
		if c.script != cases[0].script {
			errorf(c.pos, "the cases of match have sorts %s and %s", p.st.SortString(cases[0].script), p.st.SortString(c.script))
		}
	}
	// The last case matches whatever reaches it: the standard asks the
	// cases to cover every value.
	r := cases[len(cases)-1].body
	for i := len(cases) - 2; i >= 0; i-- {
		if cases[i].test == term.NoTerm {
			r = cases[i].body
			continue
		}
		t, err := p.st.Make(term.OpIte, nil, cases[i].test, cases[i].body, r)
		if err != nil {
			errorf(open, "%v", err)
		}
		r = t
	}
	return p.typed(r, cases[0].script)
}

// ctor returns the constructor called name.
func (p *termParser) ctor(name string, pos Pos) *dtCtor {
	d, ok := p.env.funs[name]
	if !ok || d.ctor == nil {
		errorf(pos, "unknown constructor %q", name)
	}
	return d.ctor
}
