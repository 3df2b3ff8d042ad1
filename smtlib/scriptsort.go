package smtlib

import "github.com/sift-solver/sift/term"

// Script sorts. Datatypes are lowered to bit-vectors, so two enumerations of
// four constructors, or an enumeration and a (_ BitVec 2), have one sort in
// the term store. The script's sorts keep them apart: the term parser
// carries, next to each term it builds, the sort the script gave it, in
// which every enumeration and record is an uninterpreted sort of its own
// name (datatype.script), and it checks applications against those. Before
// the first datatype is declared the script sort of a term is its sort, and
// nothing is checked twice.

// typed returns t, noting that its script sort is script.
func (p *termParser) typed(t term.Term, script term.Sort) term.Term {
	p.script, p.scriptSet = script, true
	return t
}

// ownScript returns script, or NoSort when it is t's sort (funDef.script).
func (p *termParser) ownScript(t term.Term, script term.Sort) term.Sort {
	if script == p.st.SortOf(t) {
		return term.NoSort
	}
	return script
}

// ownScript2 returns the script sort of a symbol from dom to rng whose
// script sorts are scripts (dom's, then rng's), or NoSort when they are the
// sorts themselves.
func (p *termParser) ownScript2(dom []term.Sort, rng term.Sort, scripts []term.Sort) term.Sort {
	same := scripts[len(dom)] == rng
	for i, s := range dom {
		same = same && scripts[i] == s
	}
	switch {
	case same:
		return term.NoSort
	case len(dom) == 0:
		return scripts[0]
	}
	return p.st.FunSort(scripts[:len(dom)], scripts[len(dom)])
}

// scriptSig returns the script sorts of d's parameters and result.
func (p *termParser) scriptSig(d *funDef) (params []term.Sort, result term.Sort) {
	fun := len(d.Params) > 0 || d.Var != term.NoTerm && p.st.Kind(p.st.SortOf(d.Var)) == term.KindFun
	if !fun {
		return nil, d.script
	}
	return p.st.Domain(d.script), p.st.Range(d.script)
}

// builtinScript checks the script sorts of a built-in operator's arguments
// and returns the script sort of its result, NoSort when it is the sort of
// the term built. Only =, distinct, ite and the array operators take
// datatypes; a datatype's bits are not a bit-vector to the script.
func (p *termParser) builtinScript(pos Pos, op term.Op, args []term.Term, scripts []term.Sort) term.Sort {
	mismatch := func(what string, a, b term.Sort) {
		errorf(pos, "%s: %s has sort %s, expected %s", op, what, p.st.SortString(a), p.st.SortString(b))
	}
	switch op {
	case term.OpEq, term.OpDistinct:
		for _, s := range scripts[1:] {
			if s != scripts[0] {
				errorf(pos, "%s expects arguments of one sort, got %s and %s", op, p.st.SortString(scripts[0]), p.st.SortString(s))
			}
		}
		return term.NoSort
	case term.OpIte:
		if len(scripts) == 3 {
			if scripts[2] != scripts[1] {
				errorf(pos, "ite branches have sorts %s and %s", p.st.SortString(scripts[1]), p.st.SortString(scripts[2]))
			}
			return scripts[1]
		}
	case term.OpSelect, term.OpStore:
		a := scripts[0]
		arity := 2
		if op == term.OpStore {
			arity = 3
		}
		if p.st.IsArray(a) && len(scripts) == arity {
			if scripts[1] != p.st.IndexSort(a) {
				mismatch("the index", scripts[1], p.st.IndexSort(a))
			}
			if op == term.OpSelect {
				return p.st.ElemSort(a)
			}
			if scripts[2] != p.st.ElemSort(a) {
				mismatch("the value", scripts[2], p.st.ElemSort(a))
			}
			return a
		}
	}
	for i, s := range scripts {
		if s != p.st.SortOf(args[i]) {
			errorf(pos, "%s does not take arguments of sort %s", op, p.st.SortString(s))
		}
	}
	return term.NoSort
}

func (p *termParser) scriptBuffer() []term.Sort { return depthBuffer(p.env.scriptBufs, p.depth) }

func (p *termParser) releaseScripts(s []term.Sort) { releaseBuffer(&p.env.scriptBufs, p.depth, s) }
