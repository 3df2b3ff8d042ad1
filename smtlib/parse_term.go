package smtlib

import (
	"math/big"
	"slices"
	"strconv"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// maxDepth bounds term nesting so that hostile input gets an error instead of
// exhausting the goroutine stack.
const maxDepth = 200000

// termParser is a recursive-descent parser of terms and sorts over a Lexer.
// It builds term nodes directly.
type termParser struct {
	lx    *Lexer
	env   *Env
	st    *term.Store
	tok   Token // current token
	depth int
	// named collects (! t :named n) annotations seen while parsing.
	named []namedTerm
	// inToFP is set while the arguments of a (_ to_fp …) are read, so that
	// a Real argument gets its own message.
	inToFP bool
	// lastDT is the datatype of the last sort parsed, when it was one,
	// and lastScript that sort as the script wrote it (scriptsort.go).
	lastDT     *datatype
	lastScript term.Sort
	// varDTs and varScripts are the datatypes and script sorts of the last
	// sortedVars' variables.
	varDTs     []*datatype
	varScripts []term.Sort
	// script is the script sort of the term parseTerm returned last;
	// scriptSet says that the term's parser set it (see typed).
	script    term.Sort
	scriptSet bool
}

type namedTerm struct {
	name string
	t    term.Term
	pos  Pos
}

func newTermParser(lx *Lexer, env *Env) *termParser {
	p := &termParser{lx: lx, env: env, st: env.st}
	p.next()
	return p
}

func (p *termParser) next() { p.tok = p.lx.Next() }

func (p *termParser) expect(k TokenKind, what string) Token {
	t := p.tok
	if t.Kind != k {
		p.unexpected(what)
	}
	p.next()
	return t
}

func (p *termParser) unexpected(what string) {
	t := p.tok
	switch t.Kind {
	case TokEOF:
		errorf(t.Pos, "expected %s, found end of command", what)
	case TokError:
		errorf(t.Pos, "invalid token %q", t.Text)
	default:
		errorf(t.Pos, "expected %s, found %q", what, t.Text)
	}
}

func (p *termParser) isSymbol(s string) bool {
	return p.tok.Kind == TokSymbol && string(p.tok.Text) == s
}

// symbol reads a simple or quoted symbol.
func (p *termParser) symbol(what string) (string, Pos) {
	t := p.tok
	if t.Kind != TokSymbol && t.Kind != TokQuotedSymbol {
		p.unexpected(what)
	}
	p.next()
	return string(t.Text), t.Pos
}

func (p *termParser) numeral(what string) (uint32, Pos) {
	t := p.tok
	if t.Kind != TokNumeral {
		p.unexpected(what)
	}
	p.next()
	n, err := strconv.ParseUint(string(t.Text), 10, 32)
	if err != nil || n > term.MaxWidth {
		errorf(t.Pos, "numeral %s is too large", t.Text)
	}
	return uint32(n), t.Pos
}

// parseSort reads a sort.
func (p *termParser) parseSort() term.Sort {
	p.lastDT = nil
	s := p.sort()
	if p.lastScript == term.NoSort {
		p.lastScript = s
	}
	return s
}

// sort reads a sort for parseSort, which sets lastScript to it unless sort
// set it.
func (p *termParser) sort() term.Sort {
	p.lastScript = term.NoSort
	t := p.tok
	switch t.Kind {
	case TokSymbol, TokQuotedSymbol:
		p.next()
		return p.namedSort(string(t.Text), t.Pos, nil, nil)
	case TokLParen:
		p.next()
		if p.isSymbol("_") {
			p.next()
			name, pos := p.symbol("sort name")
			if name == "FloatingPoint" {
				eb, _ := p.numeral("exponent width")
				sb, _ := p.numeral("significand width")
				p.expect(TokRParen, "')'")
				return p.floatSort(fp.Format{EB: eb, SB: sb}, pos)
			}
			if name != "BitVec" {
				errorf(pos, "unknown indexed sort %q", name)
			}
			w, wpos := p.numeral("bit-vector width")
			if w == 0 {
				errorf(wpos, "bit-vector width must be at least 1")
			}
			p.expect(TokRParen, "')'")
			return p.st.BitVecSort(w)
		}
		name, pos := p.symbol("sort name")
		var params, scripts []term.Sort
		for p.tok.Kind != TokRParen {
			params = append(params, p.parseSort())
			scripts = append(scripts, p.lastScript)
		}
		p.next()
		return p.namedSort(name, pos, params, scripts)
	}
	p.unexpected("sort")
	return term.NoSort
}

// namedSort resolves a sort symbol applied to params (scripts: their script
// sorts) and sets lastScript where it differs from the result.
func (p *termParser) namedSort(name string, pos Pos, params, scripts []term.Sort) term.Sort {
	if p.env.pendingDT[name] {
		unsupportedf(pos, "recursive datatypes are not supported (%s refers to itself through its fields)", name)
	}
	p.lastDT, p.lastScript = nil, term.NoSort
	if d, ok := p.env.sorts[name]; ok {
		if d.dt != nil {
			p.lastDT = d.dt
			p.lastScript = d.dt.script
		} else if d.script != term.NoSort {
			p.lastScript = d.script
		}
		if d.Arity != len(params) {
			errorf(pos, "sort %s expects %d parameters, got %d", name, d.Arity, len(params))
		}
		if d.Body == nil {
			if d.Arity > 0 {
				unsupportedf(pos, "parametric declared sorts are not supported")
			}
			return d.Declared
		}
		s, script, dt := p.env.expandSortDef(d, params, scripts)
		p.lastScript, p.lastDT = script, dt
		return s
	}
	switch name {
	case "Bool":
		if len(params) != 0 {
			errorf(pos, "Bool takes no parameters")
		}
		return p.st.BoolSort()
	case "Array":
		if len(params) != 2 {
			errorf(pos, "Array expects 2 sort parameters, got %d", len(params))
		}
		if scripts[0] != params[0] || scripts[1] != params[1] {
			p.lastScript = p.st.ArraySort(scripts[0], scripts[1])
		}
		return p.st.ArraySort(params[0], params[1])
	case "RoundingMode", "Float16", "Float32", "Float64", "Float128":
		if len(params) != 0 {
			errorf(pos, "%s takes no parameters", name)
		}
		switch name {
		case "RoundingMode":
			return p.st.RoundingModeSort()
		case "Float16":
			return p.st.FloatSort(fp.Float16)
		case "Float32":
			return p.st.FloatSort(fp.Float32)
		case "Float64":
			return p.st.FloatSort(fp.Float64)
		}
		return p.st.FloatSort(fp.Float128)
	case "Int", "Real", "String", "RegLan":
		unsupportedf(pos, "sort %s is not supported (sift decides bit-vectors, floating point, arrays and uninterpreted functions)", name)
	}
	errorf(pos, "unknown sort %q", name)
	return term.NoSort
}

// floatSort returns (_ FloatingPoint eb sb), or reports why there is none.
func (p *termParser) floatSort(f fp.Format, pos Pos) term.Sort {
	if f.EB < 2 || f.SB < 2 {
		errorf(pos, "(_ FloatingPoint %d %d): eb and sb must be at least 2", f.EB, f.SB)
	}
	if !f.Valid() {
		unsupportedf(pos, "(_ FloatingPoint %d %d): sift takes eb <= %d and sb <= %d", f.EB, f.SB, fp.MaxEB, fp.MaxSB)
	}
	return p.st.FloatSort(f)
}

// expandSortDef instantiates a define-sort with actual sort parameters
// (scripts: their script sorts), returning the sort, its script sort and its
// datatype when it is one.
func (e *Env) expandSortDef(d *sortDef, params, scripts []term.Sort) (term.Sort, term.Sort, *datatype) {
	saved := make([]*sortDef, len(d.Params))
	for i, name := range d.Params {
		saved[i] = e.sorts[name]
		e.sorts[name] = &sortDef{Declared: params[i], script: scripts[i]}
	}
	defer func() {
		for i, name := range d.Params {
			if saved[i] == nil {
				delete(e.sorts, name)
			} else {
				e.sorts[name] = saved[i]
			}
		}
	}()
	sp := newTermParser(NewLexer(d.Body, d.BodyPos), e)
	s := sp.parseSort()
	return s, sp.lastScript, sp.lastDT
}

// parseTerm reads one term and leaves its script sort in p.script.
func (p *termParser) parseTerm() term.Term {
	p.scriptSet = false
	t := p.term()
	if !p.scriptSet {
		p.script = p.st.SortOf(t)
	}
	p.scriptSet = false
	return t
}

// term reads a term for parseTerm: a part that reads a term whose script
// sort is not the sort of the term built sets it with typed.
func (p *termParser) term() term.Term {
	t := p.tok
	switch t.Kind {
	case TokHex:
		p.next()
		v, err := bv.ParseHex(string(t.Text))
		if err != nil {
			errorf(t.Pos, "bad hexadecimal literal: %v", err)
		}
		p.checkWidth(t.Pos, v.Width())
		return p.st.Const(v)
	case TokBinary:
		p.next()
		v, err := bv.ParseBinary(string(t.Text))
		if err != nil {
			errorf(t.Pos, "bad binary literal: %v", err)
		}
		p.checkWidth(t.Pos, v.Width())
		return p.st.Const(v)
	case TokSymbol, TokQuotedSymbol:
		p.next()
		return p.identifier(t)
	case TokNumeral, TokDecimal:
		if p.inToFP {
			unsupportedf(t.Pos, "to_fp of a Real term with %s is not supported: sift reads literal reals only (no real arithmetic)", t.Text)
		}
		unsupportedf(t.Pos, "integer and real arithmetic are not supported (found %s)", t.Text)
	case TokString:
		unsupportedf(t.Pos, "string terms are not supported")
	case TokLParen:
		p.depth++
		if p.depth > maxDepth {
			errorf(t.Pos, "terms nested deeper than %d levels", maxDepth)
		}
		p.next()
		r := p.compound(t.Pos)
		p.depth--
		return r
	}
	p.unexpected("term")
	return term.NoTerm
}

func (p *termParser) checkWidth(pos Pos, w uint32) {
	if w > term.MaxWidth {
		errorf(pos, "bit-vector literal wider than %d bits", term.MaxWidth)
	}
}

// identifier resolves a symbol in term position.
func (p *termParser) identifier(t Token) term.Term {
	if v, ok := p.env.lookupLocal(t.Text); ok {
		return p.typed(v.t, v.script)
	}
	name := string(t.Text)
	if d, ok := p.env.funs[name]; ok {
		return p.applyFun(d, nil, nil, t.Pos)
	}
	if t.Kind == TokSymbol {
		switch name {
		case "true":
			return p.st.True()
		case "false":
			return p.st.False()
		}
		if r, ok := fp.ParseRoundingMode(name); ok {
			return p.st.RoundingModeConst(r)
		}
	}
	errorf(t.Pos, "unknown constant %q", name)
	return term.NoTerm
}

// applyFun applies a user function (declared or defined) to args, whose
// script sorts are scripts (nil: the args' sorts), and types the result.
func (p *termParser) applyFun(d *funDef, args []term.Term, scripts []term.Sort, pos Pos) term.Term {
	if d.unsupported != "" {
		unsupportedf(pos, "%s", d.unsupported)
	}
	if d.script == term.NoSort {
		return p.applyLowered(d, args, pos)
	}
	params, result := p.scriptSig(d)
	if len(args) == len(params) {
		for i, s := range params {
			as := p.st.SortOf(args[i])
			if scripts != nil {
				as = scripts[i]
			}
			if as != s {
				errorf(pos, "argument %d of %s has sort %s, expected %s", i+1, d.Name, p.st.SortString(as), p.st.SortString(s))
			}
		}
	}
	return p.typed(p.applyLowered(d, args, pos), result)
}

// applyLowered is applyFun on the sorts terms see.
func (p *termParser) applyLowered(d *funDef, args []term.Term, pos Pos) term.Term {
	if d.Var != term.NoTerm {
		if p.st.Kind(p.st.SortOf(d.Var)) != term.KindFun {
			if len(args) != 0 {
				errorf(pos, "%s is a constant, not a function: it takes no arguments", d.Name)
			}
			return d.Var
		}
		if len(args) == 0 {
			errorf(pos, "function %s needs %d arguments", d.Name, len(p.st.Domain(p.st.SortOf(d.Var))))
		}
		all := make([]term.Term, 0, len(args)+1)
		all = append(append(all, d.Var), args...)
		r, err := p.st.Make(term.OpApply, nil, all...)
		if err != nil {
			errorf(pos, "%v", err)
		}
		return r
	}
	if len(args) != len(d.Params) {
		errorf(pos, "%s expects %d arguments, got %d", d.Name, len(d.Params), len(args))
	}
	if len(args) == 0 {
		return d.Body
	}
	sub := make(map[term.Term]term.Term, len(args))
	for i, a := range args {
		if p.st.SortOf(a) != p.st.SortOf(d.Params[i]) {
			errorf(pos, "argument %d of %s has sort %s, expected %s", i+1, d.Name,
				p.st.SortString(p.st.SortOf(a)), p.st.SortString(p.st.SortOf(d.Params[i])))
		}
		sub[d.Params[i]] = a
	}
	return p.st.Substitute(d.Body, sub)
}

// compound parses what follows '(' in term position.
func (p *termParser) compound(open Pos) term.Term {
	t := p.tok
	if t.Kind == TokSymbol {
		switch string(t.Text) {
		case "let":
			p.next()
			return p.let()
		case "forall":
			p.next()
			return p.quantifier(term.OpForall)
		case "exists":
			p.next()
			return p.quantifier(term.OpExists)
		case "!":
			p.next()
			return p.annotated()
		case "_":
			p.next()
			return p.indexedConstant(open)
		case "as":
			p.next()
			return p.qualified(open)
		case "match":
			p.next()
			return p.match(open)
		}
	}
	// Function head: a symbol, an indexed identifier (_ f i…), or a qualified
	// identifier ((as const S)).
	var (
		op          term.Op
		idx         []uint32
		user        *funDef
		constAs     term.Sort
		constScript term.Sort
		// rotate is the numeral of a rotation, taken modulo the width once
		// the argument is known: any numeral is legal there.
		rotate Token
	)
	headPos := t.Pos
	switch t.Kind {
	case TokSymbol, TokQuotedSymbol:
		p.next()
		// Lookups index maps with string(t.Text) directly, which Go does
		// without allocating: this is the hottest path of parsing.
		if _, local := p.env.lookupLocal(t.Text); local {
			errorf(t.Pos, "%s is a bound variable, not a function", t.Text)
		}
		if d, ok := p.env.funs[string(t.Text)]; ok {
			user = d
		} else if o, ok := term.OpByNameBytes(t.Text); ok && t.Kind == TokSymbol {
			op = o
			if op.NumIndices() > 0 {
				errorf(t.Pos, "%s must be used as (_ %s …)", t.Text, t.Text)
			}
		} else {
			p.unknownFunction(string(t.Text), t.Pos)
		}
	case TokLParen:
		p.next()
		switch {
		case p.isSymbol("_"):
			p.next()
			name, npos := p.symbol("indexed function name")
			if name == "is" {
				// (_ is C): the tester of constructor C.
				c, cpos := p.symbol("a constructor")
				p.expect(TokRParen, "')' after the constructor of a tester")
				d, ok := p.env.funs["is-"+c]
				if !ok {
					errorf(cpos, "unknown constructor %q", c)
				}
				user = d
				break
			}
			o, ok := term.OpByName(name)
			if !ok || o.NumIndices() == 0 {
				p.unknownFunction("(_ "+name+" …)", npos)
			}
			op = o
			if o == term.OpRotateLeft || o == term.OpRotateRight {
				rotate = p.expect(TokNumeral, "rotation amount")
				idx = append(idx, 0)
			}
			for len(idx) < o.NumIndices() {
				n, _ := p.numeral("index")
				idx = append(idx, n)
			}
			p.expect(TokRParen, "')' after the indices of "+name)
		case p.isSymbol("as"):
			p.next()
			if !p.isSymbol("const") {
				p.unexpected("'const'")
			}
			p.next()
			constAs = p.parseSort()
			constScript = p.lastScript
			p.expect(TokRParen, "')'")
		default:
			p.unexpected("function name")
		}
	default:
		p.unexpected("function name")
	}

	args := p.argBuffer()
	var scripts []term.Sort
	if p.env.datatypes {
		scripts = p.scriptBuffer()
	}
	saved := p.inToFP
	p.inToFP = op == term.OpToFP
	for p.tok.Kind != TokRParen {
		if p.tok.Kind == TokEOF {
			p.unexpected("')'")
		}
		if op == term.OpToFP && len(args) == 1 {
			if r, ok := p.realLiteral(); ok {
				p.inToFP = saved
				rm := args[0]
				p.releaseArgs(args)
				return p.toFPOfReal(headPos, idx, rm, r)
			}
		}
		args = append(args, p.parseTerm())
		if scripts != nil {
			scripts = append(scripts, p.script)
		}
	}
	p.inToFP = saved
	p.next()
	if rotate.Kind == TokNumeral && len(args) == 1 && p.st.Kind(p.st.SortOf(args[0])) == term.KindBitVec {
		idx[0] = numeralMod(rotate.Text, p.st.Width(p.st.SortOf(args[0])))
	}
	r := p.apply(headPos, constAs, constScript, user, op, idx, args, scripts)
	p.releaseArgs(args)
	if scripts != nil {
		p.releaseScripts(scripts)
	}
	return r
}

// apply builds the application parsed by compound; scripts are the script
// sorts of args, nil before any datatype is declared.
func (p *termParser) apply(headPos Pos, constAs, constScript term.Sort, user *funDef, op term.Op, idx []uint32, args []term.Term, scripts []term.Sort) term.Term {
	if constAs != term.NoSort {
		if len(args) != 1 {
			errorf(headPos, "((as const …) v) takes exactly one argument, got %d", len(args))
		}
		r, err := p.st.ConstArray(constAs, args[0])
		if err != nil {
			errorf(headPos, "%v", err)
		}
		if scripts != nil {
			if e := p.st.ElemSort(constScript); scripts[0] != e {
				errorf(headPos, "((as const %s) v) needs v of sort %s, got %s", p.st.SortString(constScript), p.st.SortString(e), p.st.SortString(scripts[0]))
			}
			return p.typed(r, constScript)
		}
		return r
	}
	if user != nil {
		if len(args) == 0 {
			errorf(headPos, "application of %s has no arguments", user.Name)
		}
		return p.applyFun(user, append([]term.Term(nil), args...), scripts, headPos)
	}
	var result term.Sort
	if scripts != nil {
		result = p.builtinScript(headPos, op, args, scripts)
	}
	if (op == term.OpEq || op == term.OpDistinct) && len(args) > 1 {
		if d := p.env.opaque[p.st.SortOf(args[0])]; d != nil {
			return p.opaqueEquality(headPos, d, op, args)
		}
	}
	r, err := p.st.Make(op, idx, args...)
	if err != nil {
		errorf(headPos, "%v", err)
	}
	if result != term.NoSort {
		return p.typed(r, result)
	}
	return r
}

// opaqueEquality is = or distinct over an opaque record's terms: by fields.
func (p *termParser) opaqueEquality(pos Pos, d *datatype, op term.Op, args []term.Term) term.Term {
	for _, a := range args {
		if p.st.SortOf(a) != d.sort {
			errorf(pos, "%s expects arguments of one sort, got %s and %s", op, d.name, p.st.SortString(p.st.SortOf(a)))
		}
	}
	var parts []term.Term
	for i := range args {
		if op == term.OpEq {
			if i+1 < len(args) {
				parts = append(parts, d.fieldsEqual(p.st, args[i], args[i+1]))
			}
			continue
		}
		for j := i + 1; j < len(args); j++ {
			parts = append(parts, p.st.Not(d.fieldsEqual(p.st, args[i], args[j])))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return p.st.And(parts...)
}

// realLiteral reads a real constant written with literals only: a numeral
// or decimal, or (- r) or (/ r s) of such. When the next term is not one,
// it reads nothing and ok is false.
func (p *termParser) realLiteral() (r *big.Rat, ok bool) {
	savedLx, savedTok := *p.lx, p.tok
	r, ok = p.realLiteralTerm(0)
	if !ok {
		*p.lx, p.tok = savedLx, savedTok
	}
	return r, ok
}

func (p *termParser) realLiteralTerm(depth int) (*big.Rat, bool) {
	t := p.tok
	switch t.Kind {
	case TokNumeral, TokDecimal:
		p.next()
		r, ok := new(big.Rat).SetString(string(t.Text))
		return r, ok
	case TokSymbol:
		// z3 writes negative literals as one symbol: -2.0.
		if s := string(t.Text); len(s) > 1 && s[0] == '-' && isDecimalText(s[1:]) {
			if _, bound := p.env.funs[s]; !bound {
				p.next()
				r, ok := new(big.Rat).SetString(s)
				return r, ok
			}
		}
	case TokLParen:
		if depth > 64 {
			return nil, false
		}
		p.next()
		if p.tok.Kind != TokSymbol {
			return nil, false
		}
		switch string(p.tok.Text) {
		case "-":
			p.next()
			a, ok := p.realLiteralTerm(depth + 1)
			if !ok {
				return nil, false
			}
			if p.tok.Kind == TokRParen {
				p.next()
				return a.Neg(a), true
			}
			b, ok := p.realLiteralTerm(depth + 1)
			if !ok || p.tok.Kind != TokRParen {
				return nil, false
			}
			p.next()
			return a.Sub(a, b), true
		case "/":
			p.next()
			a, ok := p.realLiteralTerm(depth + 1)
			if !ok {
				return nil, false
			}
			b, ok := p.realLiteralTerm(depth + 1)
			if !ok || p.tok.Kind != TokRParen || b.Sign() == 0 {
				return nil, false
			}
			p.next()
			return a.Quo(a, b), true
		}
	}
	return nil, false
}

// isDecimalText reports whether s is a numeral or a decimal.
func isDecimalText(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.' && !dot && i > 0 && i < len(s)-1:
			dot = true
		case c < '0' || c > '9':
			return false
		}
	}
	return s != ""
}

// maxToFPExponent bounds the exponent of z3's ((_ to_fp eb sb) rm r e).
const maxToFPExponent = 1 << 20

// toFPOfReal builds ((_ to_fp eb sb) rm r) for a literal real r (rounded
// exactly: no real arithmetic), after which an optional integer e reads as
// z3's r × 2^e, and the closing parenthesis follows. A rounding mode that
// is not a constant gives an ite over the five roundings.
func (p *termParser) toFPOfReal(pos Pos, idx []uint32, rm term.Term, r *big.Rat) term.Term {
	if p.tok.Kind != TokRParen {
		e, ok := p.realLiteral()
		if !ok || !e.IsInt() || e.Num().CmpAbs(big.NewInt(maxToFPExponent)) > 0 {
			unsupportedf(p.tok.Pos, "to_fp of a real takes a literal real (and, as z3 writes it, an integer exponent up to %d)", maxToFPExponent)
		}
		n := e.Num().Int64()
		scale := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(max(n, -n))))
		if n >= 0 {
			r.Mul(r, scale)
		} else {
			r.Quo(r, scale)
		}
	}
	p.expect(TokRParen, "')' after the real of to_fp")
	f := fp.Format{EB: idx[0], SB: idx[1]}
	p.floatSort(f, pos)
	if !p.st.IsRoundingMode(p.st.SortOf(rm)) {
		errorf(pos, "argument 1 of to_fp must be a RoundingMode, got %s", p.st.SortString(p.st.SortOf(rm)))
	}
	if p.st.Op(rm) == term.OpRMConst {
		return p.st.FloatConst(fp.FromRat(f, p.st.RoundingModeOf(rm), r))
	}
	out := p.st.FloatConst(fp.FromRat(f, fp.RTZ, r))
	for m := fp.RTN; ; m-- {
		out = p.st.Ite(p.st.Eq(rm, p.st.RoundingModeConst(m)), p.st.FloatConst(fp.FromRat(f, m, r)), out)
		if m == fp.RNE {
			return out
		}
	}
}

// numeralMod returns the decimal numeral text modulo m (m > 0).
func numeralMod(text []byte, m uint32) uint32 {
	if n, err := strconv.ParseUint(string(text), 10, 64); err == nil {
		return uint32(n % uint64(m))
	}
	n, _ := new(big.Int).SetString(string(text), 10)
	return uint32(n.Mod(n, big.NewInt(int64(m))).Uint64())
}

// argBuffer returns a reusable slice for the arguments at the current depth.
// The buffers live in the Env so that they survive from one command to the
// next.
func (p *termParser) argBuffer() []term.Term { return depthBuffer(p.env.argBufs, p.depth) }

func (p *termParser) releaseArgs(args []term.Term) { releaseBuffer(&p.env.argBufs, p.depth, args) }

// depthBuffer returns the empty buffer of nesting depth d from bufs: an
// application's arguments are read into it without allocating.
func depthBuffer[T any](bufs [][]T, d int) []T {
	if d < len(bufs) {
		return bufs[d][:0]
	}
	return make([]T, 0, 4)
}

// releaseBuffer keeps b as the buffer of depth d, unless it grew large.
func releaseBuffer[T any](bufs *[][]T, d int, b []T) {
	for len(*bufs) <= d {
		*bufs = append(*bufs, nil)
	}
	if cap(b) <= 1024 {
		(*bufs)[d] = b[:0]
	}
}

func (p *termParser) unknownFunction(name string, pos Pos) {
	switch name {
	case "+", "-", "*", "/", "div", "mod", "abs", "<", "<=", ">", ">=", "to_real", "to_int", "is_int",
		"bv2nat", "nat2bv", "int2bv", "bv2int":
		if p.inToFP {
			unsupportedf(pos, "to_fp of a Real term (%s) is not supported: sift reads literal reals only (no real arithmetic)", name)
		}
		unsupportedf(pos, "integer arithmetic (%s) is not supported", name)
	}
	if name == "fp.to_real" {
		unsupportedf(pos, "fp.to_real is not supported: sift has no real arithmetic")
	}
	errorf(pos, "unknown function %q", name)
}

// indexedConstant parses (_ bvN w) after "(_".
func (p *termParser) indexedConstant(open Pos) term.Term {
	name, pos := p.symbol("indexed constant")
	if len(name) > 2 && name[:2] == "bv" {
		w, wpos := p.numeral("bit-vector width")
		if w == 0 {
			errorf(wpos, "bit-vector width must be at least 1")
		}
		p.expect(TokRParen, "')'")
		v, err := bv.ParseDecimal(name[2:], w)
		if err != nil {
			errorf(pos, "bad bit-vector constant %s: %v", name, err)
		}
		return p.st.Const(v)
	}
	switch name {
	case "+zero", "-zero", "+oo", "-oo", "NaN":
		eb, _ := p.numeral("exponent width")
		sb, _ := p.numeral("significand width")
		p.expect(TokRParen, "')'")
		f := fp.Format{EB: eb, SB: sb}
		p.floatSort(f, pos)
		var v fp.Value
		switch name {
		case "+zero", "-zero":
			v = fp.Zero(f, name[0] == '-')
		case "+oo", "-oo":
			v = fp.Inf(f, name[0] == '-')
		default:
			v = fp.NaN(f)
		}
		return p.st.FloatConst(v)
	}
	if o, ok := term.OpByName(name); ok && o.NumIndices() > 0 {
		errorf(open, "(_ %s …) is a function: apply it as ((_ %s …) t)", name, name)
	}
	errorf(pos, "unknown indexed constant %q", name)
	return term.NoTerm
}

// qualified parses (as f S) after "(as".
func (p *termParser) qualified(open Pos) term.Term {
	tok := p.tok
	if p.isSymbol("const") {
		errorf(open, "(as const …) must be applied to a value: ((as const S) v)")
	}
	p.symbol("identifier")
	p.parseSort()
	script := p.lastScript
	p.expect(TokRParen, "')'")
	p.scriptSet = false
	r := p.identifier(tok)
	got := p.st.SortOf(r)
	if p.scriptSet {
		got = p.script
	}
	if got != script {
		errorf(tok.Pos, "%s has sort %s, not %s", tok.Text, p.st.SortString(got), p.st.SortString(script))
	}
	return p.typed(r, script)
}

// let parses the bindings and body after "(let"; bindings are parallel.
func (p *termParser) let() term.Term {
	p.expect(TokLParen, "'(' to open the let bindings")
	var names []string
	var vals []term.Term
	var scripts []term.Sort
	for p.tok.Kind == TokLParen {
		p.next()
		name, pos := p.symbol("variable name")
		// The standard wants the binders pairwise distinct; z3 lets the
		// last one win.
		if p.env.Dialect != Z3 && slices.Contains(names, name) {
			errorf(pos, "%s is bound twice in one let", name)
		}
		v := p.parseTerm()
		p.expect(TokRParen, "')' after the let binding of "+name)
		names = append(names, name)
		vals = append(vals, v)
		scripts = append(scripts, p.script)
	}
	p.expect(TokRParen, "')' after the let bindings")
	if len(names) == 0 {
		p.unexpected("at least one let binding")
	}
	for i, n := range names {
		p.env.pushLocal(n, vals[i], scripts[i])
	}
	body := p.parseTerm()
	script := p.script
	for _, n := range names {
		p.env.popLocal(n)
	}
	p.expect(TokRParen, "')' to close the let")
	return p.typed(body, script)
}

// quantifier parses the sorted variables and body after "(forall" or "(exists".
func (p *termParser) quantifier(op term.Op) term.Term {
	names, vars := p.sortedVars("bound variables", "variable")
	if len(vars) == 0 {
		p.unexpected("at least one bound variable")
	}
	for i, v := range vars {
		if d := p.varDTs[i]; d != nil && (d.opaque || d.wellFormed(p.st, v) != term.NoTerm) {
			unsupportedf(p.tok.Pos, "quantifiers over datatype %s are not supported", d.name)
		}
	}
	for i, n := range names {
		p.env.pushLocal(n, vars[i], p.varScripts[i])
	}
	bodyPos := p.tok.Pos
	body := p.parseTerm()
	for _, n := range names {
		p.env.popLocal(n)
	}
	p.expect(TokRParen, "')' to close the quantifier")
	r, err := p.st.Make(op, nil, append(vars, body)...)
	if err != nil {
		errorf(bodyPos, "%v", err)
	}
	return r
}

// sortedVars parses a list ((x S) …) of sorted variables, the binders of a
// quantifier or the parameters of a definition (list and item name them in
// errors), and returns their names and bound variables.
func (p *termParser) sortedVars(list, item string) (names []string, vars []term.Term) {
	p.expect(TokLParen, "'(' to open the "+list)
	for p.tok.Kind == TokLParen {
		p.next()
		name, _ := p.symbol(item + " name")
		s := p.parseSort()
		p.expect(TokRParen, "')' after the sort of "+name)
		p.varDTs = append(p.varDTs[:len(names)], p.lastDT)
		p.varScripts = append(p.varScripts[:len(names)], p.lastScript)
		names = append(names, name)
		vars = append(vars, p.st.BoundVar(name, s))
	}
	p.expect(TokRParen, "')' after the "+list)
	return names, vars
}

// annotated parses (! t attr…) after "(!".
func (p *termParser) annotated() term.Term {
	t := p.parseTerm()
	script := p.script
	for p.tok.Kind == TokKeyword {
		kw := p.tok
		p.next()
		switch string(kw.Text) {
		case ":named":
			name, pos := p.symbol("name after :named")
			// The name is usable at once, even later in the same term.
			if _, exists := p.env.funs[name]; exists {
				errorf(pos, "name %q is already declared", name)
			}
			p.env.bindFun(&funDef{Name: name, Body: t, Named: true, script: p.ownScript(t, script)})
			p.named = append(p.named, namedTerm{name: name, t: t, pos: pos})
		case ":pattern", ":no-pattern":
			p.expect(TokLParen, "'(' to open the pattern")
			for p.tok.Kind != TokRParen {
				p.parseTerm()
			}
			p.next()
		default:
			p.skipAttributeValue()
		}
	}
	p.expect(TokRParen, "')' to close the annotation")
	return p.typed(t, script)
}

// skipAttributeValue skips an optional s-expression value.
func (p *termParser) skipAttributeValue() {
	switch p.tok.Kind {
	case TokKeyword, TokRParen:
		return
	case TokLParen:
		depth := 0
		for {
			switch p.tok.Kind {
			case TokLParen:
				depth++
			case TokRParen:
				depth--
			case TokEOF:
				p.unexpected("')'")
			}
			p.next()
			if depth == 0 {
				return
			}
		}
	default:
		p.next()
	}
}
