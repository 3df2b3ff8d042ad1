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
	c.atoms = append(c.atoms, t)
	return nil
}

// arrayModel turns the atoms' values at the point m into array contents:
// for each array variable, index value -> element value (elements not
// listed are 0). When two reads of one array meet at an index with
// different values, it changes m (repairArrays) and tries again; it fails
// when that does not help or when an index cannot be evaluated.
func (d *domains) arrayModel(m map[term.Term]uint64) (map[term.Term]map[uint64]uint64, bool) {
	arrays, clash, ok := d.fillArrays(m)
	if ok && clash != nil {
		arrays, ok = d.repairArrays(m, clash)
	}
	return arrays, ok
}

// fillArrays builds the array contents at m. clash lists, pair by pair,
// the atoms that read one element with different values (nil if none).
func (d *domains) fillArrays(m map[term.Term]uint64) (arrays map[term.Term]map[uint64]uint64, clash []term.Term, ok bool) {
	st := d.c.st
	arrays = map[term.Term]map[uint64]uint64{}
	first := map[term.Term]map[uint64]term.Term{} // the atom that set each element
	memo := map[term.Term]uint64{}
	for _, a := range d.c.atoms {
		i, ok := d.value(st.Arg(a, 1), m, memo)
		if !ok {
			return nil, nil, false
		}
		arr := st.Arg(a, 0)
		if arrays[arr] == nil {
			arrays[arr], first[arr] = map[uint64]uint64{}, map[uint64]term.Term{}
		}
		if e, seen := arrays[arr][i]; seen {
			if e != m[a] {
				clash = append(clash, a, first[arr][i])
			}
			continue
		}
		arrays[arr][i], first[arr][i] = m[a], a
	}
	return arrays, clash, true
}

// maxRepairs bounds the moves of repairArrays, repairCandidates the values
// it tries per variable, and repairWork the atom reads it may evaluate in
// all (a few milliseconds), so that large problems give up quickly.
const (
	maxRepairs       = 16
	repairCandidates = 256
	repairWork       = 1 << 21
)

// repairArrays moves the point m within the domains until no two reads of
// one array meet at an index with different values. After the exact layer
// every point of the domains satisfies the relaxation, so only array
// consistency is at stake: each move gives one variable of a clashing read
// (the read itself or a variable of its index) the value of its domain that
// leaves the fewest clashes. It gives up after maxRepairs moves or when no
// move reduces the clashes.
func (d *domains) repairArrays(m map[term.Term]uint64, clash []term.Term) (map[term.Term]map[uint64]uint64, bool) {
	work := 0
	for range maxRepairs {
		var cands []term.Term
		for _, a := range clash {
			cands = append(cands, a)
			cands = append(cands, d.c.varsOf(d.c.st.Arg(a, 1))...)
		}
		moved := false
		for _, v := range cands {
			vals, ok := d.dom[v].Elements(repairCandidates)
			if !ok {
				continue
			}
			orig, best := m[v], len(clash)
			for _, x := range vals {
				if work += len(d.c.atoms); work > repairWork {
					break
				}
				m[v] = x
				if _, c, ok := d.fillArrays(m); ok && len(c) < best {
					orig, best = x, len(c)
					if best == 0 {
						break
					}
				}
			}
			m[v] = orig
			if best < len(clash) {
				moved = true
				break
			}
		}
		if !moved {
			return nil, false
		}
		arrays, c, ok := d.fillArrays(m)
		if !ok {
			return nil, false
		}
		if c == nil {
			return arrays, true
		}
		clash = c
	}
	return nil, false
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
