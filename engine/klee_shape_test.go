package engine_test

import "github.com/sift-solver/sift/term"

// kleeShaped recognises a symbolic-execution memory query from the formula
// itself: it reads a byte array indexed by 32- or 64-bit addresses,
// (Array (_ BitVec 32|64) (_ BitVec 8)), through select (KLEE, EXE and STP
// queries model memory this way, and read words as concats of adjacent
// byte selects). The file name and its source play no part.
func kleeShaped(st *term.Store, assertions []term.Term) bool {
	seen := map[term.Term]bool{}
	var walk func(t term.Term) bool
	walk = func(t term.Term) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		if st.Op(t) == term.OpSelect && isByteMemory(st, st.SortOf(st.Arg(t, 0))) {
			return true
		}
		for _, a := range st.Args(t) {
			if walk(a) {
				return true
			}
		}
		return false
	}
	for _, a := range assertions {
		if walk(a) {
			return true
		}
	}
	return false
}

// isByteMemory reports whether s is (Array (_ BitVec 32|64) (_ BitVec 8)).
func isByteMemory(st *term.Store, s term.Sort) bool {
	if st.Kind(s) != term.KindArray {
		return false
	}
	idx, elem := st.IndexSort(s), st.ElemSort(s)
	if !st.IsBitVec(idx) || !st.IsBitVec(elem) {
		return false
	}
	w := st.Width(idx)
	return (w == 32 || w == 64) && st.Width(elem) == 8
}
