package symex

import (
	"github.com/sift-solver/sift/term"
)

// Branches settled by trying every value of a small input domain. Once a
// path's value sets hold an input variable to one value (a string's
// length after the loop that read it to its end), or to a few (the length
// while a loop is still reading: more than the bytes read, at most the
// bound), a condition over that variable alone can be decided by
// substituting each value: the builder's rewrites fold it to a constant.
// regexp's backtracker keeps its visited set as a bit vector indexed by
// pc*(len+1)+pos, so every test of a bit is a read over a chain of stores
// at indices over the length, and each would be a solver query that
// bit-blasts the whole chain; substituted, the indices and the read fold.
// When the condition folds to the same constant under every value of the
// domain, the other side is infeasible: the sets over-approximate the
// values the path constraint allows. Only constants count: a condition the
// rewrites leave open under some value is left to the solver.

// maxDomainValues bounds the domain a condition is tried over.
const maxDomainValues = 128

// maxSubstMemo bounds the substituted terms kept over every memo; past it
// the memos start again.
const maxSubstMemo = 1 << 21

// domainSettler holds what settleByDomain keeps between branches: one
// memo of substituted terms per variable and value (states of one length
// share them, as their terms do), and the variables each term mentions.
type domainSettler struct {
	memos map[substKey]map[term.Term]term.Term
	size  int
	vars  map[term.Term]varsOf
}

type substKey struct {
	x term.Term
	v uint64
}

// varsOf is what a term mentions: no variable, one (x), or more.
type varsOf struct {
	x    term.Term
	many bool
}

func newDomainSettler() *domainSettler {
	return &domainSettler{memos: map[substKey]map[term.Term]term.Term{}, vars: map[term.Term]varsOf{}}
}

// varsIn returns the variables t mentions (memoized over the DAG).
func (d *domainSettler) varsIn(st *term.Store, t term.Term) varsOf {
	if r, ok := d.vars[t]; ok {
		return r
	}
	var r varsOf
	switch op := st.Op(t); {
	case op == term.OpVar:
		r.x = t
	case op.IsLeaf():
	default:
		for _, a := range st.Args(t) {
			ra := d.varsIn(st, a)
			switch {
			case ra.many:
				r.many = true
			case ra.x == term.NoTerm:
			case r.x == term.NoTerm:
				r.x = ra.x
			case r.x != ra.x:
				r.many = true
			}
			if r.many {
				r.x = term.NoTerm
				break
			}
		}
	}
	d.vars[t] = r
	return r
}

// subst substitutes v for x in t.
func (d *domainSettler) subst(st *term.Store, t, x term.Term, v uint64) term.Term {
	k := substKey{x, v}
	memo := d.memos[k]
	if memo == nil {
		memo = map[term.Term]term.Term{}
		d.memos[k] = memo
	}
	before := len(memo)
	r := st.SubstituteMemo(t, map[term.Term]term.Term{x: st.ConstUint64(st.Width(st.SortOf(x)), v)}, memo)
	d.size += len(memo) - before
	return r
}

// byDomain decides c for s when c mentions one input variable whose value
// set is small and c folds to the same constant under each of its values:
// it returns that constant and true.
func (v *valueSets) byDomain(s *State, c term.Term) (bool, bool) {
	if s.sets == nil {
		return false, false
	}
	if v.domains == nil || v.domains.size > maxSubstMemo {
		v.domains = newDomainSettler()
	}
	ds, st := v.domains, v.st
	vx := ds.varsIn(st, c)
	if vx.many || vx.x == term.NoTerm || !st.IsBitVec(st.SortOf(vx.x)) {
		return false, false
	}
	dom, ok := v.tr.Domain(s.sets, vx.x)
	if !ok {
		return false, false
	}
	vals, ok := dom.Elements(maxDomainValues)
	if !ok || len(vals) == 0 {
		return false, false
	}
	var side bool
	for i, x := range vals {
		var b bool
		switch ds.subst(st, c, vx.x, x) {
		case st.True():
			b = true
		case st.False():
			b = false
		default:
			return false, false
		}
		if i > 0 && b != side {
			return false, false
		}
		side = b
	}
	v.stats.Enumerated++
	return side, true
}
