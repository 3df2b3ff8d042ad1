package bitblast

import (
	"context"

	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// Lemmas on demand for arrays and uninterpreted functions.
//
// The bit-blaster never expands an array or a function. Instead:
//   - every read (select a i) whose element has a circuit, and every
//     application (f x1 … xn), gets a fresh word (or edge) of its sort;
//   - every equality between arrays gets a fresh edge;
//   - array terms themselves (variables, store, const, ite) get no circuit;
//     their index, element and condition arguments are blasted as usual.
//
// The CEGAR loop (lod_refine.go) solves this over-approximation, checks the
// candidate model against the array and function axioms, adds only the
// instances the model violates as clauses over the existing circuits, and
// solves again. A consistent candidate becomes a model (lod_model.go) with
// arrays as constant arrays under stores and functions as tables.
//
// Every lemma is an instance of an axiom of the theories (or, for the
// witnesses of array disequalities, a Skolem definition over a fresh
// variable), so lemmas stay valid across push and pop and are added as
// permanent clauses.

// lodState is the abstraction of one term store: which reads, applications
// and array equalities were blasted. It lives as long as the term blaster.
type lodState struct {
	tb *termBlaster
	st *term.Store

	isRead  map[term.Term]bool // select terms with a circuit
	isApp   map[term.Term]bool // applications with a circuit
	isArrEq map[term.Term]bool // equalities between arrays

	// extra lists, per array equality, the reads its lemmas introduced: they
	// belong to every check the equality is part of.
	extra map[term.Term][]term.Term
	// witnessed marks array equalities whose disequality witness exists.
	witnessed map[term.Term]bool
	// extDone holds the pairs (equality, index) whose lemma exists
	// (lod_ext.go: none is ever needed twice).
	extDone map[[2]term.Term]bool
	grew    bool // extra changed since extraGrew last looked
	// stepped holds the pairs (read, read one level down) whose lemma
	// exists (lod_refine.go, descend).
	stepped map[[2]term.Term]bool
	// expanded marks reads whose congruence lemmas were all added.
	expanded map[term.Term]bool
	// chains memoises the collapsible store chains (nil: not one), and
	// collapsed maps each read whose chain is encoded flat to the read of
	// the chain's base at its index (lod_expand.go).
	chains    map[term.Term]*storeChain
	collapsed map[term.Term]term.Term

	// facts maps each side of an array equality held for good to the
	// equalities; readsOf lists the lazy reads of each array term; pending
	// are the reads still to expand through a definition (lod_define.go).
	facts       map[term.Term][]term.Term
	factSeen    map[term.Term]bool
	readsOf     map[term.Term][]term.Term
	pending     []definePair
	definedDown map[term.Term]bool
	defineReads int

	oracle aliasOracle
	stats  lodStats
}

func newLodState(tb *termBlaster) *lodState {
	return &lodState{
		tb: tb, st: tb.st,
		isRead: map[term.Term]bool{}, isApp: map[term.Term]bool{}, isArrEq: map[term.Term]bool{},
		extra: map[term.Term][]term.Term{}, witnessed: map[term.Term]bool{}, extDone: map[[2]term.Term]bool{},
		stepped: map[[2]term.Term]bool{}, expanded: map[term.Term]bool{},
		chains: map[term.Term]*storeChain{}, collapsed: map[term.Term]term.Term{},
		facts: map[term.Term][]term.Term{}, factSeen: map[term.Term]bool{}, readsOf: map[term.Term][]term.Term{},
		definedDown: map[term.Term]bool{},
		oracle:      mayAlias{},
	}
}

// aliasOracle tells whether two indices of reads of one array can ever be
// equal. It only prunes candidate lemmas that can never be violated; it never
// decides a lemma that the candidate model violates.
type aliasOracle interface {
	MayBeEqual(base, i, j term.Term) bool
}

// mayAlias is the oracle that proves nothing.
type mayAlias struct{}

func (mayAlias) MayBeEqual(base, i, j term.Term) bool { return true }

// supportedElem reports whether arrays (or functions) over sort s as index
// or element stay within what the abstraction handles: sorts with circuits.
func (l *lodState) supportedElem(s term.Sort) bool {
	return l.st.IsBool(s) || l.tb.isWord(s)
}

// abstract handles t if it belongs to the abstraction: it marks array and
// function terms done without a circuit, gives reads, applications and
// array equalities fresh circuits, and rejects what the abstraction does not
// cover (nested arrays, arrays or functions as arguments).
func (l *lodState) abstract(t term.Term) (bool, error) {
	st, tb := l.st, l.tb
	s := st.SortOf(t)
	op := st.Op(t)
	switch st.Kind(s) {
	case term.KindArray:
		if !l.supportedElem(st.IndexSort(s)) || !l.supportedElem(st.ElemSort(s)) {
			return true, &unsupportedError{"array sort " + st.SortString(s)}
		}
		if n, ok := tb.smallSort(s); ok {
			return true, tb.smallArray(t, n)
		}
		switch op {
		case term.OpVar, term.OpStore, term.OpConstArray, term.OpIte:
			tb.enc[t] = blasted{done: true}
			return true, nil
		}
		return true, &unsupportedError{"array-valued " + op.String()}
	case term.KindFun:
		if op != term.OpVar {
			return true, &unsupportedError{"function-valued " + op.String()}
		}
		for _, d := range st.Domain(s) {
			if !l.supportedElem(d) {
				return true, &unsupportedError{"function over sort " + st.SortString(d)}
			}
		}
		if !l.supportedElem(st.Range(s)) {
			return true, &unsupportedError{"function to sort " + st.SortString(st.Range(s))}
		}
		tb.enc[t] = blasted{done: true}
		return true, nil
	}
	switch op {
	case term.OpSelect:
		if _, ok := tb.smallSort(st.SortOf(st.Arg(t, 0))); ok {
			tb.enc[t] = tb.smallRead(t)
			return true, nil
		}
		tb.enc[t] = tb.fresh(s)
		l.isRead[t] = true
		l.noteRead(t)
		return true, nil
	case term.OpApply:
		tb.enc[t] = tb.fresh(s)
		l.isApp[t] = true
		return true, nil
	case term.OpEq, term.OpDistinct:
		args := st.Args(t)
		if len(args) == 0 || !st.IsArray(st.SortOf(args[0])) {
			return false, nil
		}
		if _, ok := tb.smallSort(st.SortOf(args[0])); ok && op == term.OpEq && len(args) == 2 {
			tb.enc[t] = blasted{done: true, edge: tb.smallEqual(args[0], args[1])}
			return true, nil
		}
		if op == term.OpEq && len(args) == 2 {
			tb.enc[t] = tb.fresh(s)
			l.isArrEq[t] = true
			return true, nil
		}
		// Chains and distinct become their pairwise equalities.
		var es []sat.Edge
		for i := range args {
			for j := i + 1; j < len(args); j++ {
				if op == term.OpEq && j != i+1 {
					continue
				}
				e, err := tb.Bool(context.Background(), st.Eq(args[i], args[j]))
				if err != nil {
					return true, err
				}
				if op == term.OpDistinct {
					e = e.Not()
				}
				es = append(es, e)
			}
		}
		tb.enc[t] = blasted{done: true, edge: tb.g.AndN(es...)}
		return true, nil
	}
	return false, nil
}

// extraGrew reports, once, whether lemmas introduced reads since the last
// call: the cone of the check must then be collected again.
func (l *lodState) extraGrew() bool {
	g := l.grew
	l.grew = false
	return g
}
