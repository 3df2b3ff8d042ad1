package symex

import (
	"cmp"
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// An interface parameter other than a reader, a writer or an any
// destination (inputs_readers.go) holds a value of a concrete type that
// implements it: the program's exported named types that do (T or *T),
// the entry's own package first, at most maxIfaceCases of them. Each is
// one more starting state (as a nil pointer field is), with the value's
// fields symbolic; a nil interface is not one of them, as a pointer
// parameter is never nil.

// maxIfaceCases bounds the concrete types an interface input ranges over;
// after maxChoices interface inputs with several, the others take the
// first type only (the starting states multiply).
const (
	maxIfaceCases = 3
	maxChoices    = 2
)

// ifaceInput is an interface input before a state picks its case: alts
// are the values of the concrete types, sel the variable that says
// which (sel == i: alts[i]; no variable when there is one type).
type ifaceInput struct {
	sel  term.Term
	alts []IfaceVal
}

// IfaceCase is the concrete value (InputValue.V) of an interface input:
// a value V of concrete type T.
type IfaceCase struct {
	T types.Type
	V any
}

// choice is an input's case variable and its number of cases, which
// startStates enumerates.
type choice struct {
	sel term.Term
	n   int
}

// ifaceValue builds the input named name of interface type t, false when
// no type of the program that implements t can be built.
func (e *Executor) ifaceValue(name string, t types.Type, it *types.Interface, pcs *[]term.Term) (Value, bool, error) {
	var alts []IfaceVal
	for _, ct := range e.implementers(it) {
		if len(alts) == maxIfaceCases {
			break
		}
		v, err := e.concreteInput(name, ct, pcs)
		if err != nil {
			continue
		}
		alts = append(alts, IfaceVal{T: ct, V: v})
	}
	if len(alts) == 0 {
		return nil, false, nil
	}
	if len(e.choices) == maxChoices {
		alts = alts[:1]
	}
	in := ifaceInput{sel: term.NoTerm, alts: alts}
	if len(alts) > 1 {
		in.sel = e.st.Var(name+".type", e.st.BitVecSort(8))
		e.modelTerms_ = append(e.modelTerms_, in.sel)
		e.choices = append(e.choices, choice{sel: in.sel, n: len(alts)})
	}
	return in, true, nil
}

// concreteInput is the symbolic value of concrete type ct held by an
// interface input: for a pointer, a pointer (never nil) to a symbolic
// value.
func (e *Executor) concreteInput(name string, ct types.Type, pcs *[]term.Term) (Value, error) {
	p, ok := ct.(*types.Pointer)
	if !ok {
		return e.symbolic(name, ct, pcs)
	}
	flags := len(e.nilFlags)
	elem, err := e.symbolic(name, p.Elem(), pcs)
	if err != nil {
		e.nilFlags = e.nilFlags[:flags]
		return nil, err
	}
	return ptrInput{elem: elem, isNil: term.NoTerm}, nil
}

// implementers are the concrete types that implement it which a test in
// the entry's package can name: exported, non-generic named types of the
// program's packages that it may import (T, or *T when only the pointer
// has the methods), the entry's package first, then the others by path,
// the standard library's last.
func (e *Executor) implementers(it *types.Interface) []types.Type {
	own := e.prog.Fn.Pkg
	type cand struct {
		t    types.Type
		rank int
		path string
		name string
	}
	var cands []cand
	for _, pkg := range e.prog.Prog.AllPackages() {
		if pkg == e.prog.modelPkg || pkg.Pkg.Name() == "main" || !importable(pkg.Pkg.Path(), own.Pkg.Path()) {
			continue
		}
		rank := 1
		switch {
		case pkg == own:
			rank = 0
		case standardLibrary(pkg.Pkg.Path()):
			rank = 2 // the standard library
		}
		for _, m := range pkg.Members {
			tm, ok := m.(*ssa.Type)
			if !ok || !tm.Object().Exported() {
				continue
			}
			named, ok := tm.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
				continue
			}
			ct := implementing(named, it)
			if ct == nil {
				continue
			}
			cands = append(cands, cand{ct, rank, pkg.Pkg.Path(), named.Obj().Name()})
		}
	}
	slices.SortFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(a.path, b.path), cmp.Compare(a.name, b.name))
	})
	out := make([]types.Type, len(cands))
	for i, c := range cands {
		out[i] = c.t
	}
	return out
}

// implementing returns named or *named, the first that implements it, or
// nil when neither does.
func implementing(named *types.Named, it *types.Interface) types.Type {
	switch {
	case types.Implements(named, it):
		return named
	case types.Implements(types.NewPointer(named), it):
		return types.NewPointer(named)
	}
	return nil
}

// standardLibrary reports whether the package path is the standard
// library's: its first element has no dot, as a module path's has.
func standardLibrary(path string) bool { return !strings.Contains(strings.Split(path, "/")[0], ".") }

// importable reports whether package path may be imported from package
// from: an internal package only from within the tree of its parent.
func importable(path, from string) bool {
	i := strings.LastIndex(path, "/internal/")
	switch {
	case i >= 0:
	case strings.HasSuffix(path, "/internal"):
		i = len(path) - len("/internal")
	case strings.HasPrefix(path, "internal/") || path == "internal":
		return false
	default:
		return true
	}
	parent := path[:i]
	return from == parent || strings.HasPrefix(from, parent+"/")
}

// bindIface picks the case of x that nils says (sel == i holds there).
func (e *Executor) bindIface(s *State, x ifaceInput, nils map[term.Term]bool) Value {
	k := 0
	for i := range x.alts {
		if x.sel != term.NoTerm && nils[e.selIs(x.sel, i)] {
			k = i
		}
	}
	a := x.alts[k]
	return IfaceVal{T: a.T, V: e.bindValue(s, a.V, nils)}
}

// selIs is the literal that case variable sel picks case i.
func (e *Executor) selIs(sel term.Term, i int) term.Term {
	return e.mk(term.OpEq, sel, e.st.ConstUint64(8, uint64(i)))
}

// readIface reads an interface input's case and value from m.
func (e *Executor) readIface(x ifaceInput, m *term.Model) (any, error) {
	k := 0
	if x.sel != term.NoTerm {
		c, err := e.evalUint(x.sel, m)
		if err != nil {
			return nil, err
		}
		if int(c) >= len(x.alts) {
			return nil, fmt.Errorf("interface input case %d of %d", c, len(x.alts))
		}
		k = int(c)
	}
	a := x.alts[k]
	v, err := e.readValue(a.V, a.T, m)
	if err != nil {
		return nil, err
	}
	return IfaceCase{T: a.T, V: v}, nil
}

// choiceLits are the literals that pick combination i of the inputs'
// cases (a mixed-radix digit per choice).
func (e *Executor) choiceLits(i int) []term.Term {
	var out []term.Term
	for _, c := range e.choices {
		out = append(out, e.selIs(c.sel, i%c.n))
		i /= c.n
	}
	return out
}

// choiceCombos is the number of combinations of the inputs' cases.
func (e *Executor) choiceCombos() int {
	n := 1
	for _, c := range e.choices {
		n *= c.n
	}
	return n
}
