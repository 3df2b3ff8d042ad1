package engine_test

import "github.com/sift-solver/sift/term"

// kleeShaped recognises a symbolic-execution memory query from the formula
// itself: it reads a byte array indexed by 32- or 64-bit addresses,
// (Array (_ BitVec 32|64) (_ BitVec 8)), through select (KLEE, EXE and STP
// queries model memory this way, and read words as concats of adjacent
// byte selects). The file name and its source play no part.
func kleeShaped(st *term.Store, assertions []term.Term) bool {
	memoryRead := func(n term.Term) bool {
		return st.Op(n) == term.OpSelect && isByteMemory(st, st.SortOf(st.Arg(n, 0)))
	}
	for _, a := range assertions {
		if st.Contains(a, memoryRead) {
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
