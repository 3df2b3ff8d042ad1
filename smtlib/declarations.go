package smtlib

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// declarationCommands are the commands that scripts repeat by the thousand
// (a definition per store, a declaration per byte): like assert, they are
// read by the term parser straight from the command's tokens. Through the
// participle grammar they cost about ten times as much per byte as an
// assert (BenchmarkParseBlowup/store-chain against nested-stores).
var declarationCommands = map[string]bool{
	"declare-fun": true, "declare-const": true, "define-fun": true, "define-const": true,
}

// declaration runs one of declarationCommands; p stands after the command
// name.
func (in *Interpreter) declaration(name string, p *termParser, cmd []byte, pos Pos) error {
	in.declared = true
	sym, _ := p.symbol("a symbol after " + name)
	if err := in.checkNewSymbol(sym, pos); err != nil {
		return err
	}
	var err error
	switch name {
	case "declare-fun":
		p.expect(TokLParen, "'(' to open the argument sorts")
		var dom, scripts []term.Sort
		for p.tok.Kind != TokRParen {
			dom = append(dom, p.parseSort())
			scripts = append(scripts, p.lastScript)
		}
		p.next()
		rng := p.parseSort()
		rdt := p.lastDT
		scripts = append(scripts, p.lastScript)
		p.end(name)
		err = in.declareOf(sym, dom, rng, rdt, pos)
		if err == nil {
			in.env.funs[sym].script = p.ownScript2(dom, rng, scripts)
		}
	case "declare-const":
		rng := p.parseSort()
		rdt := p.lastDT
		script := p.lastScript
		p.end(name)
		err = in.declareOf(sym, nil, rng, rdt, pos)
		if err == nil {
			in.env.funs[sym].script = p.ownScript2(nil, rng, []term.Sort{script})
		}
	case "define-fun":
		names, vars := p.sortedVars("parameters", "parameter")
		err = in.defineFun(sym, names, vars, p, name)
	case "define-const":
		err = in.defineFun(sym, nil, nil, p, name)
	}
	if err != nil {
		return err
	}
	in.posed.add(cmd)
	return nil
}

// declareOf declares sym, whose range may be a datatype rdt (nil if not):
// a constant of a datatype is constrained to its values.
func (in *Interpreter) declareOf(sym string, dom []term.Sort, rng term.Sort, rdt *datatype, pos Pos) error {
	for _, s := range dom {
		if d := in.env.opaque[s]; d != nil {
			return &Unsupported{Pos: pos, Msg: fmt.Sprintf("functions over datatype %s are not supported (the record has an array field)", d.name), Dropped: true}
		}
	}
	if rdt != nil {
		wf := rdt.wellFormed(in.st, in.st.BoundVar("x", rdt.sort))
		if wf != term.NoTerm && len(dom) > 0 {
			return &Unsupported{Pos: pos, Msg: fmt.Sprintf("functions into datatype %s are not supported", rdt.name), Dropped: true}
		}
	}
	if err := in.declare(sym, dom, rng, pos); err != nil || rdt == nil {
		return err
	}
	d := in.env.funs[sym]
	if len(dom) == 0 {
		d.DT = rdt
		if wf := rdt.wellFormed(in.st, d.Var); wf != term.NoTerm {
			in.solver.Assert(wf, "")
			in.assertText.add("")
		}
	}
	return nil
}

// defineFun reads the result sort and the body of a definition from p and
// binds it; names and vars are its parameters.
func (in *Interpreter) defineFun(sym string, names []string, vars []term.Term, p *termParser, cmd string) error {
	rs := p.parseSort()
	rscript := p.lastScript
	scripts := append(append([]term.Sort(nil), p.varScripts[:len(names)]...), rscript)
	for i, v := range names {
		in.env.pushLocal(v, vars[i], scripts[i])
	}
	defer func() {
		for _, v := range names {
			in.env.popLocal(v)
		}
	}()
	bodyPos := p.tok.Pos
	t := p.parseTerm()
	body := p.script
	p.end(cmd)
	if body != rscript {
		return &Error{Pos: bodyPos, Msg: fmt.Sprintf("body of %s has sort %s, declared %s",
			sym, in.st.SortString(body), in.st.SortString(rscript))}
	}
	if err := in.bindNames(p.named); err != nil {
		return err
	}
	dom := make([]term.Sort, len(vars))
	for i, v := range vars {
		dom[i] = in.st.SortOf(v)
	}
	in.env.bindFun(&funDef{Name: sym, Params: vars, Body: t, script: p.ownScript2(dom, rs, scripts)})
	in.success()
	return nil
}

// end reads the ')' that closes a command, which must be its last token.
func (p *termParser) end(cmd string) {
	p.expect(TokRParen, "')' to close "+cmd)
	if p.tok.Kind != TokEOF {
		p.unexpected("end of command")
	}
}
