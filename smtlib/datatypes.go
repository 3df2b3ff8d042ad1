package smtlib

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// datatype is a non-recursive datatype of declare-datatype(s), lowered to a
// bit-vector so that every stage decides it: a record (one constructor) is
// the concatenation of its fields, the first field in the most significant
// bits, a Bool field one bit; an enumeration (constructors without fields)
// is the index of its constructor, in as few bits as hold them. Its
// constructors, selectors and testers are definitions (funDef macros) over
// that bit-vector; match is read into them (parse_match.go).
//
// A record with a field that has no bit-vector (an array: yosys-smtbmc's
// memories under write_smt2 -stdt) is opaque instead: an uninterpreted sort
// whose selectors are uninterpreted functions, equality on it the equality
// of every field (the record is its fields), and its constructor, functions
// over it and quantifiers over it unsupported, since an uninterpreted sort
// has neither every tuple of fields nor one element per tuple.
type datatype struct {
	name   string
	sort   term.Sort // the bit-vector it is lowered to (opaque: its own sort)
	script term.Sort // its sort to the script: an uninterpreted sort of its name
	ctors  []*dtCtor
	enum   bool
	opaque bool
}

// fieldsEqual is a = b for terms of an opaque record: every selector agrees.
func (d *datatype) fieldsEqual(st *term.Store, a, b term.Term) term.Term {
	var parts []term.Term
	for _, f := range d.ctors[0].fields {
		fa, fb := st.MustMake(term.OpApply, nil, f.sel, a), st.MustMake(term.OpApply, nil, f.sel, b)
		if f.dt != nil && f.dt.opaque {
			parts = append(parts, f.dt.fieldsEqual(st, fa, fb))
		} else {
			parts = append(parts, st.Eq(fa, fb))
		}
	}
	if len(parts) == 0 {
		return st.True()
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return st.And(parts...)
}

// opaqueString prints the value of x, a term of an opaque record, as its
// constructor applied to the values of its selectors under ev.
func (d *datatype) opaqueString(pr *Printer, ev *term.Evaluator, x term.Term) string {
	st := pr.st
	c := d.ctors[0]
	var b strings.Builder
	b.WriteString("(" + term.QuoteSymbol(c.name))
	for _, f := range c.fields {
		b.WriteByte(' ')
		v, err := ev.Eval(st.MustMake(term.OpApply, nil, f.sel, x))
		if err != nil {
			b.WriteString("?")
			continue
		}
		b.WriteString(pr.ValueString(v))
	}
	b.WriteString(")")
	return b.String()
}

// dtCtor is a constructor; a record's fields are laid out from the top.
type dtCtor struct {
	dt     *datatype
	name   string
	index  int
	fields []dtField
}

type dtField struct {
	name   string
	sort   term.Sort // the field's sort as terms see it (Bool for a Bool)
	script term.Sort // the field's sort as the script wrote it
	dt     *datatype // the field's datatype, when it is one
	lo, w  uint32
	isBool bool
	sel    term.Term // an opaque record's selector function
}

// wellFormed returns the constraint that x, a term of d's bit-vector, is a
// value of d (an enumeration whose constructors do not fill its bits leaves
// some values out), or NoTerm when every bit-vector is one.
func (d *datatype) wellFormed(st *term.Store, x term.Term) term.Term {
	if d.opaque {
		return term.NoTerm
	}
	if d.enum {
		n := uint64(len(d.ctors))
		w := st.Width(d.sort)
		if n == 1<<w {
			return term.NoTerm
		}
		return st.MustMake(term.OpBVUlt, nil, x, st.ConstUint64(w, n))
	}
	var parts []term.Term
	for _, f := range d.ctors[0].fields {
		if f.dt == nil {
			continue
		}
		if c := f.dt.wellFormed(st, st.MustMake(term.OpExtract, []uint32{f.lo + f.w - 1, f.lo}, x)); c != term.NoTerm {
			parts = append(parts, c)
		}
	}
	switch len(parts) {
	case 0:
		return term.NoTerm
	case 1:
		return parts[0]
	}
	return st.And(parts...)
}

// valueString prints v, a value of d's bit-vector, as the standard writes a
// datatype value: a constructor, applied to its fields' values.
func (d *datatype) valueString(pr *Printer, v bv.Value) string {
	if d.enum {
		i, _ := v.Uint64()
		if i >= uint64(len(d.ctors)) {
			i = uint64(len(d.ctors)) - 1 // never in a validated model
		}
		return term.QuoteSymbol(d.ctors[i].name)
	}
	c := d.ctors[0]
	var b strings.Builder
	b.WriteString("(" + term.QuoteSymbol(c.name))
	for _, f := range c.fields {
		fv := bv.Extract(v, f.lo+f.w-1, f.lo)
		b.WriteByte(' ')
		switch {
		case f.dt != nil:
			b.WriteString(f.dt.valueString(pr, fv))
		case f.isBool:
			b.WriteString(fmt.Sprint(fv.Bit(0)))
		default:
			b.WriteString(fv.String())
		}
	}
	b.WriteString(")")
	return b.String()
}

// declareDatatypes runs declare-datatype and declare-datatypes; p stands
// after the command name.
func (in *Interpreter) declareDatatypes(name string, p *termParser, cmd []byte, pos Pos) error {
	in.declared = true
	type decl struct {
		name string
		pos  Pos
	}
	var decls []decl
	if name == "declare-datatype" {
		n, npos := p.symbol("a datatype name")
		decls = append(decls, decl{n, npos})
	} else {
		p.expect(TokLParen, "'(' to open the datatype names")
		for p.tok.Kind == TokLParen {
			p.next()
			n, npos := p.symbol("a datatype name")
			arity, apos := p.numeral("the datatype's arity")
			if arity != 0 {
				unsupportedf(apos, "parametric datatypes are not supported")
			}
			p.expect(TokRParen, "')' after the arity of "+n)
			decls = append(decls, decl{n, npos})
		}
		p.expect(TokRParen, "')' after the datatype names")
		p.expect(TokLParen, "'(' to open the constructor lists")
	}
	pending := map[string]bool{}
	for _, d := range decls {
		if _, exists := in.env.sorts[d.name]; exists {
			return &Error{Pos: d.pos, Msg: fmt.Sprintf("sort %q is already declared", d.name)}
		}
		pending[d.name] = true
	}
	in.env.pendingDT = pending
	in.env.datatypes = true
	defer func() { in.env.pendingDT = nil }()
	var dts []*datatype
	for _, d := range decls {
		dt := p.datatypeBody(d.name, d.pos)
		// Each is bound at once: a later one of the group may use it.
		delete(pending, d.name)
		in.env.bindSort(d.name, &sortDef{Declared: dt.sort, dt: dt})
		if dt.opaque {
			if in.env.opaque == nil {
				in.env.opaque = map[term.Sort]*datatype{}
			}
			in.env.opaque[dt.sort] = dt
		}
		dts = append(dts, dt)
	}
	if name == "declare-datatypes" {
		p.expect(TokRParen, "')' after the constructor lists")
	}
	p.end(name)
	for _, dt := range dts {
		if err := in.bindDatatype(dt, pos); err != nil {
			return err
		}
	}
	in.posed.add(cmd)
	in.success()
	return nil
}

// datatypeBody reads one datatype's constructor list.
func (p *termParser) datatypeBody(name string, pos Pos) *datatype {
	p.expect(TokLParen, "'(' to open the constructors of "+name)
	if p.isSymbol("par") {
		unsupportedf(p.tok.Pos, "parametric datatypes are not supported")
	}
	dt := &datatype{name: name}
	for p.tok.Kind != TokRParen {
		c := &dtCtor{dt: dt, index: len(dt.ctors)}
		if p.tok.Kind == TokLParen {
			p.next()
			c.name, _ = p.symbol("a constructor name")
			for p.tok.Kind == TokLParen {
				p.next()
				sel, _ := p.symbol("a selector name")
				spos := p.tok.Pos
				p.lastDT = nil
				s := p.parseSort()
				f := dtField{name: sel, sort: s, script: p.lastScript, dt: p.lastDT}
				switch {
				case p.st.IsBool(s):
					f.w, f.isBool = 1, true
				case f.dt != nil && f.dt.opaque:
					dt.opaque = true
				case p.st.IsBitVec(s):
					f.w = p.st.Width(s)
				case p.st.IsArray(s):
					dt.opaque = true
				default:
					unsupportedf(spos, "datatype fields of sort %s are not supported (Bool, bit-vectors, arrays and other datatypes are)", p.st.SortString(s))
				}
				p.expect(TokRParen, "')' after the sort of selector "+sel)
				c.fields = append(c.fields, f)
			}
			p.expect(TokRParen, "')' after the selectors of "+c.name)
		} else {
			c.name, _ = p.symbol("a constructor")
		}
		dt.ctors = append(dt.ctors, c)
	}
	p.next()
	if len(dt.ctors) == 0 {
		errorf(pos, "datatype %s has no constructors", name)
	}
	dt.enum = true
	for _, c := range dt.ctors {
		dt.enum = dt.enum && len(c.fields) == 0
	}
	if !dt.enum && len(dt.ctors) > 1 {
		unsupportedf(pos, "datatype %s: only records (one constructor) and enumerations (constructors without fields) are supported", name)
	}
	dt.script = p.st.UninterpretedSort(name)
	if dt.enum {
		dt.sort = p.st.BitVecSort(uint32(max(1, bits.Len(uint(len(dt.ctors)-1)))))
		return dt
	}
	if dt.opaque {
		dt.sort = dt.script
		return dt
	}
	fields := dt.ctors[0].fields
	var w uint32
	for i := len(fields) - 1; i >= 0; i-- {
		fields[i].lo = w
		w += fields[i].w
	}
	if w == 0 {
		w = 1
	}
	dt.sort = p.st.BitVecSort(w)
	return dt
}

// bindDatatype binds the constructors, selectors and testers of dt as
// definitions over its bit-vector.
func (in *Interpreter) bindDatatype(dt *datatype, pos Pos) error {
	st := in.st
	for _, c := range dt.ctors {
		names := []string{c.name, "is-" + c.name}
		for _, f := range c.fields {
			names = append(names, f.name)
		}
		for _, n := range names {
			if err := in.checkNewSymbol(n, pos); err != nil {
				return err
			}
		}
		x := st.BoundVar("x", dt.sort)
		var test term.Term
		if dt.opaque {
			in.env.bindFun(&funDef{Name: c.name, ctor: c,
				unsupported: fmt.Sprintf("the constructor of %s is not supported (the record has an array field)", dt.name)})
			for i := range c.fields {
				f := &c.fields[i]
				f.sel = st.Var(f.name, st.FunSort([]term.Sort{dt.sort}, f.sort))
				in.env.bindFun(&funDef{Name: f.name, Var: f.sel, selector: true,
					script: st.FunSort([]term.Sort{dt.script}, f.script)})
			}
			in.env.bindFun(&funDef{Name: "is-" + c.name, Params: []term.Term{x}, Body: st.True()})
			continue
		}
		if dt.enum {
			in.env.bindFun(&funDef{Name: c.name, Body: st.ConstUint64(st.Width(dt.sort), uint64(c.index)), ctor: c, script: dt.script})
			test = st.Eq(x, st.ConstUint64(st.Width(dt.sort), uint64(c.index)))
		} else {
			params := make([]term.Term, len(c.fields))
			parts := make([]term.Term, len(c.fields))
			for i, f := range c.fields {
				params[i] = st.BoundVar(f.name, f.sort)
				parts[i] = params[i]
				if f.isBool {
					parts[i] = st.Ite(params[i], st.ConstUint64(1, 1), st.ConstUint64(1, 0))
				}
			}
			body := st.ConstUint64(1, 0)
			if len(parts) > 0 {
				body = parts[0]
				for _, q := range parts[1:] {
					body = st.MustMake(term.OpConcat, nil, body, q)
				}
			}
			ctor := &funDef{Name: c.name, Params: params, Body: body, ctor: c, script: dt.script}
			if len(params) > 0 {
				scripts := make([]term.Sort, len(c.fields))
				for i, f := range c.fields {
					scripts[i] = f.script
				}
				ctor.script = st.FunSort(scripts, dt.script)
			}
			in.env.bindFun(ctor)
			test = st.True()
			for _, f := range c.fields {
				sel := st.MustMake(term.OpExtract, []uint32{f.lo + f.w - 1, f.lo}, x)
				if f.isBool {
					sel = st.Eq(sel, st.ConstUint64(1, 1))
				}
				in.env.bindFun(&funDef{Name: f.name, Params: []term.Term{x}, Body: sel,
					script: st.FunSort([]term.Sort{dt.script}, f.script)})
			}
		}
		in.env.bindFun(&funDef{Name: "is-" + c.name, Params: []term.Term{x}, Body: test,
			script: st.FunSort([]term.Sort{dt.script}, st.BoolSort())})
	}
	return nil
}
