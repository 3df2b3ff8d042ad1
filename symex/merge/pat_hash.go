package merge

import (
	"hash/maphash"

	"github.com/sift-solver/sift/term"
)

// HashFunc maps one branch decision to a symbol of the path words of seed
// 000 §3.1 (Def. 3.1). It is valid for a tree when siblings never get the
// same symbol; PAT checks that and falls back to the standard merge when it
// does not hold.
type HashFunc func(st *term.Store, s Step) uint64

var shapeSeed = maphash.MakeSeed()

// ShapeHash is the default hash (the reference implementation's shapeHash):
// the literal's term structure with every bit-vector constant hashed alike,
// so n>0 and n>1 are one symbol, mixed with the branch site (function and
// block) so that conditions of the same shape at different branches stay
// apart. A condition and its negation differ by the negation.
func ShapeHash(st *term.Store, s Step) uint64 {
	return shapeHashMemo(st, s, map[term.Term]uint64{})
}

func shapeHashMemo(st *term.Store, s Step, memo map[term.Term]uint64) uint64 {
	var h maphash.Hash
	h.SetSeed(shapeSeed)
	h.WriteString(s.Point.Func)
	writeUint(&h, uint64(s.Point.Block))
	writeUint(&h, shapeOf(st, s.Lit, memo))
	return h.Sum64()
}

// shapeMemo is ShapeHash with the term shapes kept across calls: a merge
// round hashes every waiting state's whole trail, and the trails of one
// loop share most of their literals, round after round.
type shapeMemo struct {
	st     *term.Store
	shapes map[term.Term]uint64
}

func (m *shapeMemo) hash(st *term.Store, s Step) uint64 {
	if m.st != st || m.shapes == nil {
		m.st, m.shapes = st, map[term.Term]uint64{}
	}
	return shapeHashMemo(st, s, m.shapes)
}

// shapeOf hashes t's structure; constants of one sort hash alike.
func shapeOf(st *term.Store, t term.Term, memo map[term.Term]uint64) uint64 {
	if h, ok := memo[t]; ok {
		return h
	}
	var h maphash.Hash
	h.SetSeed(shapeSeed)
	op := st.Op(t)
	writeUint(&h, uint64(op))
	writeUint(&h, uint64(st.SortOf(t)))
	switch op {
	case term.OpBVConst:
		// every numeric constant hashes to the sort alone
	case term.OpVar, term.OpBound:
		h.WriteString(st.Name(t))
	default:
		i0, i1 := st.Indices(t)
		writeUint(&h, uint64(i0)<<32|uint64(i1))
		for _, a := range st.Args(t) {
			writeUint(&h, shapeOf(st, a, memo))
		}
	}
	r := h.Sum64()
	memo[t] = r
	return r
}

func writeUint(h *maphash.Hash, x uint64) {
	var b [8]byte
	for i := range b {
		b[i] = byte(x >> (8 * i))
	}
	h.Write(b[:])
}
