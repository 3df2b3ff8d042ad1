package symex

import (
	"maps"
	"slices"

	"github.com/sift-solver/sift/term"
)

// Reads of constant tables at symbolic indices. A table the program
// indexes with an input (utf8's first[s[0]], acceptRanges[x>>4], a
// lexer's character classes) is a chain of stores of constants over a
// constant array, and a read of it at a symbolic index is a select the
// solver must take apart: the arrays stage's lemmas, then a bit-blasted
// comparison of the index with every store. Such tables are mostly runs
// of one value over consecutive indices, so the executor reads them as an
// ite tree over the runs' bounds instead: a handful of comparisons with
// constants, no array left in the query. The tree is the table's value at
// every index (the rest of the index space holds the base's constant), so
// the read means what the select meant.
//
// A table of many runs (unicode's and strconv's sorted tables) is read at
// an index that an ite loop made (loopite.go: a binary search's result,
// an ite tree over the key's comparisons with constant leaves, perhaps
// under arithmetic with constants, i&^1). The read then goes down the
// index's tree: at each leaf it is a read at a constant index, a constant;
// the conditions are the index's own.

const (
	// maxTableStores: longer chains keep the select (the walk is once
	// per table, but a table that long is not a lookup table).
	maxTableStores = 1 << 12
	// maxTableRuns: a table of more runs is read as a run tree only at
	// indices with constant leaves (the tree would grow past what the
	// arrays stage's lemmas cost).
	maxTableRuns = 32
	// maxIndexNodes bounds the nodes the distribution of a read over an
	// index's ite tree builds.
	maxIndexNodes = 1 << 11
)

// table is what the executor knows of an array read at symbolic indices.
type table struct {
	constant bool       // a chain of constant stores over a constant array
	runs     []tableRun // its runs, nil when more than maxTableRuns
}

// tableRun is a run of one value from index lo up to the next run's lo.
type tableRun struct {
	lo uint64
	v  term.Term
}

// tableRead returns the ite tree that reads the constant table a at the
// symbolic index i, or false when a is not such a table.
func (e *Executor) tableRead(a, i term.Term) (term.Term, bool) {
	if e.st.IsConst(i) || e.st.Width(e.st.SortOf(i)) != 64 {
		return term.NoTerm, false
	}
	tb, ok := e.tables[a]
	if !ok {
		tb = e.tableOf(a)
		if e.tables == nil {
			e.tables = map[term.Term]table{}
		}
		e.tables[a] = tb
	}
	if !tb.constant {
		return term.NoTerm, false
	}
	budget := maxIndexNodes
	if t, ok := e.readDown(a, i, map[term.Term]term.Term{}, &budget); ok {
		return t, true
	}
	if tb.runs == nil {
		return term.NoTerm, false
	}
	return e.runTree(tb.runs, i), true
}

// readDown reads a at i when i is an ite tree with constant leaves, or an
// operator over one such tree and constants: the read goes down the tree
// (the operator is applied at each leaf), false past budget nodes or on
// any other index.
func (e *Executor) readDown(a, i term.Term, memo map[term.Term]term.Term, budget *int) (term.Term, bool) {
	leaf := func(k term.Term) term.Term { return e.st.MustMake(term.OpSelect, nil, a, k) }
	return e.leafMap(i, leaf, memo, budget)
}

// leafMap is f applied at the constant leaves of t's ite tree (seen as in
// readDown); memo holds the subterms done.
func (e *Executor) leafMap(t term.Term, f func(term.Term) term.Term, memo map[term.Term]term.Term, budget *int) (term.Term, bool) {
	if r, ok := memo[t]; ok {
		return r, true
	}
	if *budget--; *budget < 0 {
		return term.NoTerm, false
	}
	var r term.Term
	switch {
	case e.st.IsConst(t):
		r = f(t)
	case e.st.Op(t) == term.OpIte:
		a, ok := e.leafMap(e.st.Arg(t, 1), f, memo, budget)
		if !ok {
			return term.NoTerm, false
		}
		b, ok := e.leafMap(e.st.Arg(t, 2), f, memo, budget)
		if !ok {
			return term.NoTerm, false
		}
		r = e.st.Ite(e.st.Arg(t, 0), a, b)
	default:
		// An operator over one ite tree and constants: the operator
		// goes to the leaves, then f.
		args := e.st.Args(t)
		at := -1
		for k, x := range args {
			if !e.st.IsConst(x) {
				if at >= 0 {
					return term.NoTerm, false
				}
				at = k
			}
		}
		if at < 0 {
			return term.NoTerm, false
		}
		x := args[at]
		if e.st.Op(x) != term.OpIte && e.st.NumArgs(x) == 0 {
			return term.NoTerm, false // a variable
		}
		inner := func(k term.Term) term.Term {
			as := slices.Clone(args)
			as[at] = k
			return f(e.st.Rebuild(t, as))
		}
		var ok bool
		if r, ok = e.leafMap(x, inner, map[term.Term]term.Term{}, budget); !ok {
			return term.NoTerm, false
		}
	}
	memo[t] = r
	return r, true
}

// tableOf finds whether a is a constant table, and its runs.
func (e *Executor) tableOf(a term.Term) table {
	vals, base, ok := e.tableStores(a)
	if !ok {
		return table{}
	}
	return table{constant: true, runs: tableRuns(vals, base)}
}

// tableStores lists the values of a chain of constant stores over a
// constant array base, false for any other array.
func (e *Executor) tableStores(a term.Term) (vals map[uint64]term.Term, base term.Term, ok bool) {
	vals = map[uint64]term.Term{}
	for n := 0; e.st.Op(a) == term.OpStore; n++ {
		k, ok := e.constInt(e.st.Arg(a, 1))
		v := e.st.Arg(a, 2)
		if !ok || !e.st.IsConst(v) || n >= maxTableStores {
			return nil, term.NoTerm, false
		}
		if _, seen := vals[k]; !seen { // the outermost store wins
			vals[k] = v
		}
		a = e.st.Arg(a, 0)
	}
	if e.st.Op(a) != term.OpConstArray || !e.st.IsConst(e.st.Arg(a, 0)) {
		return nil, term.NoTerm, false
	}
	return vals, e.st.Arg(a, 0), true
}

// tableRuns lists the runs of a table in index order, nil past
// maxTableRuns.
func tableRuns(vals map[uint64]term.Term, base term.Term) []tableRun {
	keys := slices.Sorted(maps.Keys(vals))
	runs := []tableRun{{0, base}}
	add := func(lo uint64, v term.Term) {
		if last := runs[len(runs)-1]; last.v == v {
			return
		} else if last.lo == lo {
			runs[len(runs)-1].v = v
			if len(runs) > 1 && runs[len(runs)-2].v == v {
				runs = runs[:len(runs)-1]
			}
			return
		}
		runs = append(runs, tableRun{lo, v})
	}
	for j, k := range keys {
		add(k, vals[k])
		if next := k + 1; next != 0 && (j+1 == len(keys) || keys[j+1] != next) {
			add(next, base) // a gap, or past the last store
		}
		if len(runs) > maxTableRuns {
			return nil
		}
	}
	return runs
}

// runTree is the value of runs at i: a balanced ite tree on i's
// comparisons with the runs' bounds.
func (e *Executor) runTree(runs []tableRun, i term.Term) term.Term {
	if len(runs) == 1 {
		return runs[0].v
	}
	m := len(runs) / 2
	below := e.st.MustMake(term.OpBVUlt, nil, i, e.st.ConstUint64(64, runs[m].lo))
	return e.st.Ite(below, e.runTree(runs[:m], i), e.runTree(runs[m:], i))
}
