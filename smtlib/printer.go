package smtlib

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/term"
)

// Printer writes terms, sorts and values in SMT-LIB syntax. Subterms that a
// term uses more than once are bound with let, so the output is linear in the
// size of the DAG, not of the tree.
type Printer struct {
	st *term.Store
	// datatypes are the declared constants of datatypes, whose values
	// ModelString writes as constructors.
	datatypes map[term.Term]*datatype
}

// NewPrinter returns a printer of st's terms.
func NewPrinter(st *term.Store) *Printer { return &Printer{st: st} }

// TermString prints t.
func (p *Printer) TermString(t term.Term) string {
	var b strings.Builder
	p.WriteTerm(&b, t)
	return b.String()
}

// WriteTerm prints t to b.
func (p *Printer) WriteTerm(b *strings.Builder, t term.Term) {
	st := p.st
	shared := p.sharedNodes(t)
	if len(shared) == 0 {
		p.write(b, t, nil)
		return
	}
	// Bind shared nodes by height: a node only uses lower nodes, so one let
	// per height level suffices.
	height := map[term.Term]int{}
	var h func(term.Term) int
	h = func(t term.Term) int {
		if v, ok := height[t]; ok {
			return v
		}
		m := 0
		for i := 0; i < st.NumArgs(t); i++ {
			if x := h(st.Arg(t, i)); x+1 > m {
				m = x + 1
			}
		}
		height[t] = m
		return m
	}
	// Within a height, keep the order of discovery: it depends only on the
	// term's structure, not on ids, so printing is stable across re-parsing.
	sort.SliceStable(shared, func(i, j int) bool { return h(shared[i]) < h(shared[j]) })
	names := make(map[term.Term]string, len(shared))
	open := 0
	for i := 0; i < len(shared); {
		j := i
		for j < len(shared) && h(shared[j]) == h(shared[i]) {
			j++
		}
		b.WriteString("(let (")
		for k := i; k < j; k++ {
			if k > i {
				b.WriteByte(' ')
			}
			name := p.letName(k)
			b.WriteString("(")
			b.WriteString(name)
			b.WriteByte(' ')
			p.write(b, shared[k], names)
			b.WriteString(")")
			names[shared[k]] = name
		}
		b.WriteString(") ")
		open++
		i = j
	}
	p.write(b, t, names)
	for ; open > 0; open-- {
		b.WriteByte(')')
	}
}

// letName returns a let variable name that no variable of the store uses.
func (p *Printer) letName(k int) string {
	name := "_let_" + strconv.Itoa(k)
	for p.st.NameUsed(name) {
		name = "_" + name
	}
	return name
}

// sharedNodes returns the non-leaf subterms of t with more than one parent,
// leaving out those under a binder that mention a bound variable.
func (p *Printer) sharedNodes(t term.Term) []term.Term {
	st := p.st
	parents := map[term.Term]int{}
	hasBound := map[term.Term]bool{}
	var out []term.Term
	var walk func(term.Term)
	walk = func(t term.Term) {
		parents[t]++
		if parents[t] > 1 {
			if parents[t] == 2 && !st.Op(t).IsLeaf() && !st.HasBound(t, hasBound) {
				out = append(out, t)
			}
			return
		}
		for i := 0; i < st.NumArgs(t); i++ {
			walk(st.Arg(t, i))
		}
	}
	walk(t)
	return out
}

func (p *Printer) write(b *strings.Builder, t term.Term, names map[term.Term]string) {
	if n, ok := names[t]; ok {
		b.WriteString(n)
		return
	}
	st := p.st
	op := st.Op(t)
	switch op {
	case term.OpTrue:
		b.WriteString("true")
		return
	case term.OpFalse:
		b.WriteString("false")
		return
	case term.OpBVConst:
		b.WriteString(st.Value(t).String())
		return
	case term.OpFPConst:
		b.WriteString(st.FloatConstValue(t).String())
		return
	case term.OpRMConst:
		b.WriteString(st.RoundingModeOf(t).String())
		return
	case term.OpVar, term.OpBound:
		b.WriteString(term.QuoteSymbol(st.Name(t)))
		return
	case term.OpForall, term.OpExists:
		b.WriteString("(")
		b.WriteString(op.String())
		b.WriteString(" (")
		args := st.Args(t)
		for i, v := range args[:len(args)-1] {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString("(")
			b.WriteString(term.QuoteSymbol(st.Name(v)))
			b.WriteByte(' ')
			b.WriteString(st.SortString(st.SortOf(v)))
			b.WriteString(")")
		}
		b.WriteString(") ")
		p.write(b, args[len(args)-1], names)
		b.WriteString(")")
		return
	}
	b.WriteByte('(')
	switch {
	case op == term.OpApply:
		b.WriteString(term.QuoteSymbol(st.Name(st.Arg(t, 0))))
		for i := 1; i < st.NumArgs(t); i++ {
			b.WriteByte(' ')
			p.write(b, st.Arg(t, i), names)
		}
		b.WriteByte(')')
		return
	case op == term.OpConstArray:
		b.WriteString("(as const ")
		b.WriteString(st.SortString(st.SortOf(t)))
		b.WriteString(")")
	case op.NumIndices() == 1:
		i0, _ := st.Indices(t)
		b.WriteString("(_ ")
		b.WriteString(op.String())
		b.WriteByte(' ')
		b.WriteString(strconv.FormatUint(uint64(i0), 10))
		b.WriteString(")")
	case op.NumIndices() == 2:
		i0, i1 := st.Indices(t)
		b.WriteString("(_ ")
		b.WriteString(op.String())
		b.WriteByte(' ')
		b.WriteString(strconv.FormatUint(uint64(i0), 10))
		b.WriteByte(' ')
		b.WriteString(strconv.FormatUint(uint64(i1), 10))
		b.WriteString(")")
	default:
		b.WriteString(op.String())
	}
	for i := 0; i < st.NumArgs(t); i++ {
		b.WriteByte(' ')
		p.write(b, st.Arg(t, i), names)
	}
	b.WriteByte(')')
}

// ValueString prints a model value as an SMT-LIB term: arrays as stores over
// a constant array, functions as nested ites over their parameters x!0, x!1, ….
func (p *Printer) ValueString(v term.Value) string {
	var b strings.Builder
	p.writeValue(&b, v, nil)
	return b.String()
}

func (p *Printer) writeValue(b *strings.Builder, v term.Value, params []string) {
	st := p.st
	switch v.Kind {
	case term.ValBool:
		if v.Bool {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case term.ValBV:
		b.WriteString(v.BV.String())
	case term.ValUninterpreted:
		b.WriteString(term.QuoteSymbol(st.SortName(v.Sort) + "!val!" + strconv.Itoa(v.Elem)))
	case term.ValFloat:
		b.WriteString(v.Float().String())
	case term.ValRoundingMode:
		b.WriteString(v.RoundingMode().String())
	case term.ValArray:
		a := v.Arr
		for range a.Index {
			b.WriteString("(store ")
		}
		b.WriteString("((as const ")
		b.WriteString(st.SortString(v.Sort))
		b.WriteString(") ")
		p.writeValue(b, a.Default, nil)
		b.WriteString(")")
		for i := range a.Index {
			b.WriteByte(' ')
			p.writeValue(b, a.Index[i], nil)
			b.WriteByte(' ')
			p.writeValue(b, a.Elem[i], nil)
			b.WriteString(")")
		}
	case term.ValFun:
		f := v.Fun
		for r, row := range f.Args {
			b.WriteString("(ite ")
			if len(row) > 1 {
				b.WriteString("(and")
			}
			for i, a := range row {
				if len(row) > 1 {
					b.WriteByte(' ')
				}
				b.WriteString("(= ")
				b.WriteString(params[i])
				b.WriteByte(' ')
				p.writeValue(b, a, nil)
				b.WriteString(")")
			}
			if len(row) > 1 {
				b.WriteString(")")
			}
			b.WriteByte(' ')
			p.writeValue(b, f.Results[r], nil)
			b.WriteByte(' ')
		}
		if f.IsLambda() {
			// The body over the printed parameter names.
			sub := make(map[term.Term]term.Term, len(f.Params))
			for i, x := range f.Params {
				sub[x] = st.BoundVar(params[i], st.SortOf(x))
			}
			p.WriteTerm(b, st.Substitute(f.Body, sub))
		} else {
			p.writeValue(b, f.Default, nil)
		}
		for range f.Args {
			b.WriteString(")")
		}
	default:
		b.WriteString("?")
	}
}

// ModelString prints the values of the given declared symbols as SMT-LIB 2.6
// writes a model: ((define-fun …) …).
func (p *Printer) ModelString(m *term.Model, vars []term.Term) string {
	st := p.st
	var b strings.Builder
	b.WriteString("(\n")
	for _, x := range vars {
		v, ok := m.Values[x]
		if !ok {
			v = st.DefaultValue(st.SortOf(x))
		}
		s := st.SortOf(x)
		b.WriteString("  (define-fun ")
		b.WriteString(term.QuoteSymbol(st.Name(x)))
		if st.Kind(s) == term.KindFun {
			dom := st.Domain(s)
			params := make([]string, len(dom))
			b.WriteString(" (")
			for i, d := range dom {
				params[i] = "x!" + strconv.Itoa(i)
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString("(" + params[i] + " " + st.SortString(d) + ")")
			}
			b.WriteString(") ")
			b.WriteString(st.SortString(st.Range(s)))
			b.WriteByte(' ')
			p.writeValue(&b, v, params)
		} else if dt := p.datatypes[x]; dt != nil && dt.opaque {
			b.WriteString(" () " + term.QuoteSymbol(dt.name) + " " + dt.opaqueString(p, term.NewEvaluator(st, m), x))
		} else if dt := p.datatypes[x]; dt != nil && v.Kind == term.ValBV {
			b.WriteString(" () " + term.QuoteSymbol(dt.name) + " " + dt.valueString(p, v.BV))
		} else {
			b.WriteString(" () ")
			b.WriteString(st.SortString(s))
			b.WriteByte(' ')
			p.writeValue(&b, v, nil)
		}
		b.WriteString(")\n")
	}
	b.WriteString(")")
	return b.String()
}

// quoteString writes s as an SMT-LIB string literal.
func quoteString(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// ScriptString prints a standalone script that declares the free variables
// and sorts of the assertions and asserts them: the form in which sift writes
// a query.
func (p *Printer) ScriptString(logic string, assertions []term.Term) string {
	st := p.st
	var b strings.Builder
	if logic != "" {
		b.WriteString("(set-logic " + logic + ")\n")
	}
	vars := st.FreeVarsOf(assertions...)
	slices.Sort(vars)
	sortsSeen := map[term.Sort]bool{}
	var declareSorts func(s term.Sort)
	declareSorts = func(s term.Sort) {
		switch st.Kind(s) {
		case term.KindUninterpreted:
			if !sortsSeen[s] {
				sortsSeen[s] = true
				b.WriteString("(declare-sort " + term.QuoteSymbol(st.SortName(s)) + " 0)\n")
			}
		case term.KindArray:
			declareSorts(st.IndexSort(s))
			declareSorts(st.ElemSort(s))
		case term.KindFun:
			for _, d := range st.Domain(s) {
				declareSorts(d)
			}
			declareSorts(st.Range(s))
		}
	}
	for _, v := range vars {
		declareSorts(st.SortOf(v))
	}
	for _, v := range vars {
		s := st.SortOf(v)
		b.WriteString("(declare-fun " + term.QuoteSymbol(st.Name(v)) + " ")
		if st.Kind(s) == term.KindFun {
			b.WriteString(st.SortString(s))
		} else {
			b.WriteString("() " + st.SortString(s))
		}
		b.WriteString(")\n")
	}
	for _, a := range assertions {
		b.WriteString("(assert ")
		p.WriteTerm(&b, a)
		b.WriteString(")\n")
	}
	return b.String()
}
