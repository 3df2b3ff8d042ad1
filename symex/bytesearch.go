package symex

import (
	"github.com/sift-solver/sift/term"
)

// Byte search in a string as terms: the models of internal/bytealg's
// IndexByteString and CountString (models/base.go) ask the executor
// (sift_indexbyte, sift_countbyte) for their result as one term over the
// string's bytes instead of running a loop over them. Run as a loop over a
// string of symbolic length, each step forks on the length and on the
// byte, so strings.Split of an n-byte input made a path for every set of
// separator positions before its caller looked at one piece
// (docs/bench/panics/cvss-w7.md). As a term, the search forks nowhere; the
// caller's branches on the index decide only what they ask.
//
// The index is read off a table over the positions of the string's byte
// array: next[j], the first position at or after j holding the byte, is a
// chain of ites over reads at constant positions, built once per array
// and byte. A search of a piece at a symbolic offset (the k-th piece of a
// split starts past the k-1-th separator) picks its entry by comparing
// the offset with each position; read at off+i instead, every search
// made symbolic-index reads of the input, which the solver's array
// lemmas pay for quadratically.

// searchKey names a table: an array of bytes and the byte searched for.
type searchKey struct{ bytes, c term.Term }

// noPos is the table's entry past the last position holding the byte: no
// offset plus length reaches it.
const noPos = ^uint64(0)

// nextTable is the table of a's positions below bound holding c (at least
// bound entries, then noPos). A longer table serves a shorter bound: the
// search keeps only positions below the piece's end.
func (e *Executor) nextTable(a, c term.Term, bound int) []term.Term {
	k := searchKey{a, c}
	if t := e.searchTables[k]; len(t) > bound {
		return t
	}
	if e.searchTables == nil {
		e.searchTables = map[searchKey][]term.Term{}
	}
	next := make([]term.Term, bound+1)
	next[bound] = e.st.ConstUint64(64, noPos)
	for j := bound - 1; j >= 0; j-- {
		b := e.mk(term.OpSelect, a, e.idx(j))
		next[j] = e.st.Ite(e.st.Eq(b, c), e.idx(j), next[j+1])
	}
	e.searchTables[k] = next
	return next
}

// indexByteTerm is the index of the first byte c in sv, -1 for none. The
// positions sv's bytes may occupy are below Max, plus Off when Off is a
// constant: a string's offset and length stay within its bound on every
// path (a slice expression's bounds are checked).
func (e *Executor) indexByteTerm(sv StringVal, c term.Term) term.Term {
	off, constOff := e.constInt(sv.Off)
	bound := sv.Max
	if constOff {
		bound += int(off)
	}
	next := e.nextTable(sv.Bytes, c, bound)
	var p term.Term
	if constOff {
		p = next[off]
	} else {
		p = next[bound]
		for j := bound - 1; j >= 0; j-- {
			p = e.st.Ite(e.st.Eq(sv.Off, e.idx(j)), next[j], p)
		}
	}
	// p-off or -1, as (p or off-1) - off: the caller's off+i+1 cancels.
	return e.sub(e.st.Ite(e.ult(p, e.add(sv.Off, sv.Len)), p, e.sub(sv.Off, e.idx(1))), sv.Off)
}

// countByteTerm is the number of bytes c in sv: a sum over the positions
// below sv's bound.
func (e *Executor) countByteTerm(sv StringVal, c term.Term) term.Term {
	n := e.idx(0)
	for i := 0; i < sv.Max; i++ {
		n = e.add(n, e.st.Ite(e.byteAt(sv, i, c), e.idx(1), e.idx(0)))
	}
	return n
}

// byteAt is whether position i is in sv and holds c.
func (e *Executor) byteAt(sv StringVal, i int, c term.Term) term.Term {
	at := e.idx(i)
	b := e.mk(term.OpSelect, sv.Bytes, e.add(sv.Off, at))
	return e.st.And(e.ult(at, sv.Len), e.st.Eq(b, c))
}
