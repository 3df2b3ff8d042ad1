package z3

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// maxEnumeratedPoints bounds the domain of a function whose Z3 value is not
// a plain table (its else branch computes, say ((_ extract 3 0) x!0)): such a
// body is tabulated point by point, which is exact but only affordable on
// small domains. Past the bound the model is not imported.
const maxEnumeratedPoints = 1 << 12

// modelImporter turns Z3's model bindings, SMT-LIB text, into a term.Model.
// Z3's abstract elements of declared sorts (U!val!3) are read as placeholder
// bound variables and become ValUninterpreted values numbered as Z3 numbers
// them, so equal names give equal values within one sort.
type modelImporter struct {
	st    *term.Store
	sorts map[string]term.Sort // declared sorts by name
	elems map[term.Term]int    // placeholder → element number
}

// importModel returns the model that bindings give to vars, the free
// variables of a problem. A variable without a binding keeps its default
// value (Z3 binds every symbol its assertions mention, so any value does).
// Any binding that cannot be read exactly is an error: a partial or guessed
// model is never returned.
func importModel(st *term.Store, vars []term.Term, bindings []Binding) (*term.Model, error) {
	im := &modelImporter{st: st, sorts: map[string]term.Sort{}, elems: map[term.Term]int{}}
	for _, v := range vars {
		im.collectSorts(st.SortOf(v))
	}
	byName := make(map[string]Binding, len(bindings))
	for _, b := range bindings {
		byName[b.Name] = b
	}
	m := term.NewModel()
	for _, v := range vars {
		b, ok := byName[st.Name(v)]
		if !ok {
			continue
		}
		val, err := im.binding(v, b)
		if err != nil {
			return nil, fmt.Errorf("value of %s: %w", st.Name(v), err)
		}
		m.Set(v, val)
	}
	return m, nil
}

// collectSorts records the declared sorts that occur in s.
func (im *modelImporter) collectSorts(s term.Sort) {
	st := im.st
	switch st.Kind(s) {
	case term.KindUninterpreted:
		im.sorts[st.SortName(s)] = s
	case term.KindArray:
		im.collectSorts(st.IndexSort(s))
		im.collectSorts(st.ElemSort(s))
	case term.KindFun:
		for _, d := range st.Domain(s) {
			im.collectSorts(d)
		}
		im.collectSorts(st.Range(s))
	}
}

// elemName matches Z3's names of abstract elements, such as U!val!3.
var elemName = regexp.MustCompile(`([^\s()|]+|\|[^|]*)!val!([0-9]+)`)

// scope returns the names a binding's text may use: its parameters and the
// abstract elements it mentions.
func (im *modelImporter) scope(text string, params map[string]term.Term) (smtlib.Scope, error) {
	vars := map[string]term.Term{}
	for name, p := range params {
		vars[name] = p
	}
	for _, m := range elemName.FindAllStringSubmatch(text, -1) {
		sortName := m[1]
		if len(sortName) > 0 && sortName[0] == '|' {
			sortName = sortName[1:]
		}
		s, ok := im.sorts[sortName]
		if !ok {
			return smtlib.Scope{}, fmt.Errorf("element %s of an unknown sort", m[0])
		}
		n, err := strconv.Atoi(m[2])
		if err != nil {
			return smtlib.Scope{}, fmt.Errorf("element %s: %v", m[0], err)
		}
		name := sortName + "!val!" + m[2]
		ph := im.st.BoundVar(name, s)
		im.elems[ph] = n
		vars[name] = ph
	}
	return smtlib.Scope{Sorts: im.sorts, Vars: vars}, nil
}

// binding reads the value of the variable v from b.
func (im *modelImporter) binding(v term.Term, b Binding) (term.Value, error) {
	st := im.st
	s := st.SortOf(v)
	isFun := st.Kind(s) == term.KindFun
	rng := s
	if isFun {
		rng = st.Range(s)
	}
	sc := smtlib.Scope{Sorts: im.sorts}
	got, err := smtlib.ParseSort(st, sc, b.Sort)
	if err != nil {
		return term.Value{}, fmt.Errorf("sort %q: %v", b.Sort, err)
	}
	if got != rng {
		return term.Value{}, fmt.Errorf("Z3 gives sort %s, expected %s", b.Sort, st.SortString(rng))
	}
	if !isFun {
		if len(b.Params) != 0 {
			return term.Value{}, fmt.Errorf("a constant with %d parameters", len(b.Params))
		}
		sc, err := im.scope(b.Value, nil)
		if err != nil {
			return term.Value{}, err
		}
		t, err := smtlib.ParseTerm(st, sc, b.Value)
		if err != nil {
			return term.Value{}, fmt.Errorf("%q: %v", b.Value, err)
		}
		if st.SortOf(t) != s {
			return term.Value{}, fmt.Errorf("%q has sort %s", b.Value, st.SortString(st.SortOf(t)))
		}
		return im.closedValue(t)
	}
	dom := st.Domain(s)
	if len(b.Params) != len(dom) {
		return term.Value{}, fmt.Errorf("%d parameters, expected %d", len(b.Params), len(dom))
	}
	byName := map[string]term.Term{}
	params := make([]term.Term, len(dom))
	for i, p := range b.Params {
		ps, err := smtlib.ParseSort(st, sc, p.Sort)
		if err != nil || ps != dom[i] {
			return term.Value{}, fmt.Errorf("parameter %s has sort %s, expected %s", p.Name, p.Sort, st.SortString(dom[i]))
		}
		if _, dup := byName[p.Name]; dup {
			return term.Value{}, fmt.Errorf("parameter %s twice", p.Name)
		}
		params[i] = st.BoundVar(p.Name, ps)
		byName[p.Name] = params[i]
	}
	fsc, err := im.scope(b.Value, byName)
	if err != nil {
		return term.Value{}, err
	}
	body, err := smtlib.ParseTerm(st, fsc, b.Value)
	if err != nil {
		return term.Value{}, fmt.Errorf("%q: %v", b.Value, err)
	}
	if st.SortOf(body) != rng {
		return term.Value{}, fmt.Errorf("%q has sort %s", b.Value, st.SortString(st.SortOf(body)))
	}
	f, err := im.funTable(params, body)
	if err != nil {
		if im.closedOver(body, params) {
			// No finite table, but a body over the parameters: the value
			// is that define-fun body, evaluated exactly where it is used.
			return st.LambdaValue(s, params, body), nil
		}
		return term.Value{}, err
	}
	return term.Value{Kind: term.ValFun, Sort: s, Fun: f}, nil
}

// closedOver reports whether body mentions no free symbol, no abstract
// element and no bound variable but params, so that it evaluates at every
// point of the domain.
func (im *modelImporter) closedOver(body term.Term, params []term.Term) bool {
	st := im.st
	ok := map[term.Term]bool{}
	for _, p := range params {
		ok[p] = true
	}
	return !st.Contains(body, func(t term.Term) bool {
		switch st.Op(t) {
		case term.OpVar, term.OpForall, term.OpExists:
			return true
		case term.OpBound:
			return !ok[t]
		}
		return false
	})
}

// closedValue computes the value of a term that mentions no parameter:
// literals, constant arrays and stores over them, abstract elements, and any
// other ground term by exact evaluation.
func (im *modelImporter) closedValue(t term.Term) (term.Value, error) {
	st := im.st
	switch st.Op(t) {
	case term.OpTrue:
		return term.BoolValue(true), nil
	case term.OpFalse:
		return term.BoolValue(false), nil
	case term.OpBVConst:
		return st.BVValue(st.Value(t)), nil
	case term.OpBound:
		if n, ok := im.elems[t]; ok {
			return term.Value{Kind: term.ValUninterpreted, Sort: st.SortOf(t), Elem: n}, nil
		}
		return term.Value{}, fmt.Errorf("parameter %s where a value was expected", st.Name(t))
	case term.OpConstArray:
		def, err := im.closedValue(st.Arg(t, 0))
		if err != nil {
			return term.Value{}, err
		}
		return term.NewArrayValue(st.SortOf(t), def), nil
	case term.OpStore:
		var vals [3]term.Value
		for i := range vals {
			v, err := im.closedValue(st.Arg(t, i))
			if err != nil {
				return term.Value{}, err
			}
			vals[i] = v
		}
		if vals[0].Kind != term.ValArray {
			return term.Value{}, fmt.Errorf("store over a non-array")
		}
		return term.Value{Kind: term.ValArray, Sort: st.SortOf(t), Arr: vals[0].Arr.Store(vals[1], vals[2])}, nil
	}
	if im.mentionsPlaceholder(t) {
		// Evaluation cannot see through abstract elements or parameters.
		return term.Value{}, fmt.Errorf("cannot compute %s to a value", st.Op(t))
	}
	v, err := st.Eval(t, term.NewModel())
	if err != nil {
		return term.Value{}, fmt.Errorf("cannot evaluate %s: %v", st.Op(t), err)
	}
	return v, nil
}

// mentionsPlaceholder reports whether t contains a bound variable (a
// parameter or an abstract element) or a free symbol; such a term is not a
// ground value that Eval can compute.
func (im *modelImporter) mentionsPlaceholder(t term.Term) bool {
	st := im.st
	return st.Contains(t, func(u term.Term) bool {
		switch st.Op(u) {
		case term.OpBound, term.OpVar, term.OpForall, term.OpExists:
			return true
		}
		return false
	})
}

// funTable turns a function body over params into a table. Z3 writes tables
// as ite chains whose conditions fix every parameter and whose branches are
// values; any other body is tabulated over its whole domain when that is
// small, and refused otherwise.
func (im *modelImporter) funTable(params []term.Term, body term.Term) (*term.FunValue, error) {
	if f, ok := im.iteTable(params, body); ok {
		return f, nil
	}
	return im.enumerate(params, body)
}

// iteTable reads (ite c1 v1 (ite c2 v2 … d)) where each ci fixes every
// parameter to a value. Earlier rows win, as in the ite and in FunValue.Apply.
func (im *modelImporter) iteTable(params []term.Term, body term.Term) (*term.FunValue, bool) {
	st := im.st
	f := &term.FunValue{}
	seen := map[string]bool{}
	for st.Op(body) == term.OpIte {
		row, ok := im.rowPoint(params, st.Arg(body, 0))
		if !ok {
			return nil, false
		}
		res, err := im.closedValue(st.Arg(body, 1))
		if err != nil {
			return nil, false
		}
		key := ""
		for _, a := range row {
			key += a.Key() + ","
		}
		if !seen[key] {
			seen[key] = true
			f.Args = append(f.Args, row)
			f.Results = append(f.Results, res)
		}
		body = st.Arg(body, 2)
	}
	def, err := im.closedValue(body)
	if err != nil {
		return nil, false
	}
	f.Default = def
	return f, true
}

// rowPoint reads a condition that fixes every parameter: a conjunction of
// (= p v), or p and (not p) for Boolean parameters.
func (im *modelImporter) rowPoint(params []term.Term, cond term.Term) ([]term.Value, bool) {
	st := im.st
	lits := []term.Term{cond}
	if st.Op(cond) == term.OpAnd {
		lits = st.Args(cond)
	}
	pos := map[term.Term]int{}
	for i, p := range params {
		pos[p] = i
	}
	row := make([]term.Value, len(params))
	set := make([]bool, len(params))
	fix := func(p term.Term, v term.Value) bool {
		i, ok := pos[p]
		if !ok || set[i] {
			return false
		}
		row[i], set[i] = v, true
		return true
	}
	for _, l := range lits {
		switch st.Op(l) {
		case term.OpBound:
			if !fix(l, term.BoolValue(true)) {
				return nil, false
			}
		case term.OpNot:
			if !fix(st.Arg(l, 0), term.BoolValue(false)) {
				return nil, false
			}
		case term.OpEq:
			if st.NumArgs(l) != 2 {
				return nil, false
			}
			a, b := st.Arg(l, 0), st.Arg(l, 1)
			if _, ok := pos[a]; !ok {
				a, b = b, a
			}
			v, err := im.closedValue(b)
			if err != nil || !fix(a, v) {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	for _, ok := range set {
		if !ok {
			return nil, false
		}
	}
	return row, true
}

// enumerate tabulates body at every point of the parameters' domain, if it
// has at most maxEnumeratedPoints points (Booleans and narrow bit-vectors).
func (im *modelImporter) enumerate(params []term.Term, body term.Term) (*term.FunValue, error) {
	st := im.st
	points := 1
	for _, p := range params {
		s := st.SortOf(p)
		n := 0
		switch {
		case st.IsBool(s):
			n = 2
		case st.IsBitVec(s) && st.Width(s) <= 12:
			n = 1 << st.Width(s)
		}
		if n == 0 || points*n > maxEnumeratedPoints {
			return nil, fmt.Errorf("Z3's function value is not a finite table and its domain is too large to tabulate")
		}
		points *= n
	}
	f := &term.FunValue{}
	sub := make(map[term.Term]term.Term, len(params))
	row := make([]term.Value, len(params))
	for pt := 0; pt < points; pt++ {
		rest := pt
		for i, p := range params {
			s := st.SortOf(p)
			var c term.Term
			if st.IsBool(s) {
				c = st.Bool(rest%2 == 1)
				row[i] = term.BoolValue(rest%2 == 1)
				rest /= 2
			} else {
				w := st.Width(s)
				x := uint64(rest % (1 << w))
				c = st.ConstUint64(w, x)
				row[i] = st.BVValue(bv.New(w, x))
				rest >>= w
			}
			sub[p] = c
		}
		v, err := im.closedValue(st.Substitute(body, sub))
		if err != nil {
			return nil, err
		}
		f.Args = append(f.Args, append([]term.Value(nil), row...))
		f.Results = append(f.Results, v)
	}
	f.Default = f.Results[0] // unreachable: every point has a row
	return f, nil
}
