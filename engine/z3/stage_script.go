package z3

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// closedSentences returns the terms that mention no free symbol and no
// declared sort: their truth is the same in every model (a declared sort's
// universe is part of the model, so sentences over one are left out).
func closedSentences(st *term.Store, terms []term.Term) map[term.Term]bool {
	out := map[term.Term]bool{}
	for _, t := range terms {
		if len(st.FreeVars(t)) == 0 && len(featuresOf(st, []term.Term{t}).sorts) == 0 {
			out[t] = true
		}
	}
	return out
}

// problemScript prints terms as a standalone script for Z3. The logic is
// named when the problem fits one of Z3's bit-vector logics, so that Z3 picks
// its tactic for it (for BV, its quantifier elimination); otherwise Z3's
// general solver runs.
func problemScript(st *term.Store, terms []term.Term) string {
	f := featuresOf(st, terms)
	var b strings.Builder
	// Printer.ScriptString declares the sorts of free symbols only; a sort
	// that only a bound variable has is declared here.
	for _, s := range f.sorts {
		if !f.freeSorts[s] {
			b.WriteString("(declare-sort " + term.QuoteSymbol(st.SortName(s)) + " 0)\n")
		}
	}
	b.WriteString(smtlib.NewPrinter(st).ScriptString(f.logic(), lowerForZ3(st, terms)))
	return b.String()
}

// modelCheckScript prints a script that is unsat exactly when every
// assertion is true under m: each declared sort is closed to the elements of
// the model's structure (distinct constants named as the printer names them,
// and nothing else), each free symbol is defined as its value, and the
// negated conjunction of the assertions is asserted.
//
// The structure's universe holds every element of every value in m, not only
// of the symbols these assertions mention, plus element 0, which every
// symbol without a value takes: the other assertions were evaluated over
// those elements, and all must hold in one structure.
func modelCheckScript(st *term.Store, m *term.Model, assertions []term.Term) string {
	f := featuresOf(st, assertions)
	vars := freeVars(st, assertions)
	elems := map[term.Sort]map[int]bool{}
	for _, val := range m.Values {
		collectElems(val, elems)
	}
	sorts := append([]term.Sort(nil), f.sorts...)
	for s := range elems {
		if !slices.Contains(sorts, s) {
			sorts = append(sorts, s)
		}
	}
	slices.Sort(sorts)
	var b strings.Builder
	for _, s := range sorts {
		name := st.SortName(s)
		b.WriteString("(declare-sort " + term.QuoteSymbol(name) + " 0)\n")
		ns := make([]int, 0, len(elems[s]))
		for n := range elems[s] {
			ns = append(ns, n)
		}
		if !elems[s][0] {
			ns = append(ns, 0)
		}
		sort.Ints(ns)
		var names []string
		for _, n := range ns {
			e := term.QuoteSymbol(name + "!val!" + strconv.Itoa(n))
			names = append(names, e)
			b.WriteString("(declare-fun " + e + " () " + term.QuoteSymbol(name) + ")\n")
		}
		if len(names) > 1 {
			b.WriteString("(assert (distinct " + strings.Join(names, " ") + "))\n")
		}
		b.WriteString("(assert (forall ((|sift e| " + term.QuoteSymbol(name) + ")) (or")
		for _, e := range names {
			b.WriteString(" (= |sift e| " + e + ")")
		}
		b.WriteString(")))\n")
	}
	p := smtlib.NewPrinter(st)
	defs := p.ModelString(m, vars)
	// ModelString wraps the define-funs in ( … ).
	defs = strings.TrimSuffix(strings.TrimPrefix(defs, "(\n"), ")")
	b.WriteString(defs)
	b.WriteString("(assert (not (and true")
	for _, a := range lowerForZ3(st, assertions) {
		b.WriteByte(' ')
		p.WriteTerm(&b, a)
	}
	b.WriteString(")))\n")
	return b.String()
}

// collectElems records the abstract elements a value mentions, by sort.
func collectElems(v term.Value, elems map[term.Sort]map[int]bool) {
	switch v.Kind {
	case term.ValUninterpreted:
		if elems[v.Sort] == nil {
			elems[v.Sort] = map[int]bool{}
		}
		elems[v.Sort][v.Elem] = true
	case term.ValArray:
		collectElems(v.Arr.Default, elems)
		for i := range v.Arr.Index {
			collectElems(v.Arr.Index[i], elems)
			collectElems(v.Arr.Elem[i], elems)
		}
	case term.ValFun:
		collectElems(v.Fun.Default, elems)
		for r, row := range v.Fun.Args {
			for _, a := range row {
				collectElems(a, elems)
			}
			collectElems(v.Fun.Results[r], elems)
		}
	}
}

// freeVars returns the free symbols of terms, in id order.
func freeVars(st *term.Store, terms []term.Term) []term.Term {
	out := st.FreeVarsOf(terms...)
	slices.Sort(out)
	return out
}

// problemFeatures says which theories and binders a problem uses.
type problemFeatures struct {
	quantified, arrays, funs, floats bool
	sorts                            []term.Sort // declared sorts, in first-seen order
	freeSorts                        map[term.Sort]bool
}

func featuresOf(st *term.Store, terms []term.Term) problemFeatures {
	f := problemFeatures{freeSorts: map[term.Sort]bool{}}
	sortSeen := map[term.Sort]bool{}
	var visitSort func(s term.Sort, free bool)
	visitSort = func(s term.Sort, free bool) {
		switch st.Kind(s) {
		case term.KindUninterpreted:
			if !sortSeen[s] {
				sortSeen[s] = true
				f.sorts = append(f.sorts, s)
			}
			if free {
				f.freeSorts[s] = true
			}
		case term.KindArray:
			f.arrays = true
			visitSort(st.IndexSort(s), free)
			visitSort(st.ElemSort(s), free)
		case term.KindFloatingPoint, term.KindRoundingMode:
			f.floats = true
		case term.KindFun:
			f.funs = true
			for _, d := range st.Domain(s) {
				visitSort(d, free)
			}
			visitSort(st.Range(s), free)
		}
	}
	st.PostOrder(terms, func(t term.Term) {
		switch st.Op(t) {
		case term.OpForall, term.OpExists:
			f.quantified = true
		case term.OpVar:
			visitSort(st.SortOf(t), true)
		}
		visitSort(st.SortOf(t), false)
	})
	return f
}

// logic names the SMT-LIB logic that fits, or "" for Z3's general solver.
func (f problemFeatures) logic() string {
	if len(f.sorts) > 0 {
		return ""
	}
	if f.floats {
		// Z3 names no logic of floats with arrays or functions.
		if f.arrays || f.funs || f.quantified {
			return ""
		}
		return "QF_BVFP"
	}
	name := ""
	if f.arrays {
		name += "A"
	}
	if f.funs {
		name += "UF"
	}
	name += "BV"
	if !f.quantified {
		return "QF_" + name
	}
	switch name {
	case "BV", "UFBV":
		return name
	}
	return ""
}
