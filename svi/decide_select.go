package svi

import (
	"github.com/sift-solver/sift/term"
)

// Array reads in the decision stage. A select of an array variable, (select
// a i), is treated as a variable of its own (an atom) whose domain starts
// full: symbolic-execution memory is a byte array read through selects, and
// a byte read from it can be anything unless a constraint says otherwise.
//
// Treating reads as independent variables forgets only that equal indices
// give equal elements, so the atoms' problem is a relaxation of the real one:
// every domain still contains every value a solution gives, and Unsat stays
// exact. For Sat, the array's value is built from the atoms' witnesses:
// arrayModel fails (and the stage answers Unknown) when two reads of one
// array get equal indices but different elements. The term builder already
// resolves reads over stores with constant indices, so the select of a
// store that is left has a symbolic index somewhere and is out of the
// fragment.

// compileSelect checks that the select t can be an atom: a bit-vector read
// of an array variable at an index in the fragment (compiled, so that its
// variables get model values).
func (c *compiler) compileSelect(t term.Term) error {
	st := c.st
	arr, idx := st.Arg(t, 0), st.Arg(t, 1)
	if st.Op(arr) != term.OpVar {
		return &outOfFragment{"select from " + st.Op(arr).String()}
	}
	if !st.IsBitVec(st.SortOf(t)) || !st.IsBitVec(st.SortOf(idx)) {
		return &outOfFragment{"select of a non-bit-vector array"}
	}
	if _, err := c.compile(idx); err != nil {
		return err
	}
	if c.atoms == nil {
		c.atoms = map[term.Term]bool{}
	}
	c.atoms[t] = true
	return nil
}

// arrayModel turns the atoms' witnesses into array contents: for each array
// variable, index value -> element value (elements not listed are 0). It
// fails when two reads of one array meet at an index with different values,
// or when an index cannot be evaluated.
func (d *domains) arrayModel(m map[term.Term]uint64) (map[term.Term]map[uint64]uint64, bool) {
	st := d.c.st
	out := map[term.Term]map[uint64]uint64{}
	memo := map[term.Term]uint64{}
	for a := range d.c.atoms {
		i, ok := d.value(st.Arg(a, 1), m, memo)
		if !ok {
			return nil, false
		}
		arr := st.Arg(a, 0)
		if out[arr] == nil {
			out[arr] = map[uint64]uint64{}
		}
		if e, seen := out[arr][i]; seen && e != m[a] {
			return nil, false
		}
		out[arr][i] = m[a]
	}
	return out, true
}

// value evaluates a compiled term at the point m (variables and atoms to
// values) with the transfer functions on singletons.
func (d *domains) value(t term.Term, m map[term.Term]uint64, memo map[term.Term]uint64) (uint64, bool) {
	if v, ok := memo[t]; ok {
		return v, true
	}
	n := d.c.nodes[t]
	var v uint64
	switch n.kind {
	case nodeConst:
		v, _ = n.val.Singleton()
	case nodeVar:
		var ok bool
		if v, ok = m[t]; !ok {
			return 0, false
		}
	default:
		args := make([]Set, len(n.args))
		for i, a := range n.args {
			if !a.sym {
				args[i] = a.c
				continue
			}
			x, ok := d.value(a.t, m, memo)
			if !ok {
				return 0, false
			}
			args[i] = Const(d.c.nodes[a.t].w, x)
		}
		var ok bool
		if v, ok = n.forward(args).Set.Singleton(); !ok {
			return 0, false
		}
	}
	memo[t] = v
	return v, true
}
