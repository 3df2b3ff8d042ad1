package symex

import "github.com/sift-solver/sift/term"

// A string's Max bounds its length for every loop the executor unrolls over
// its bytes (comparisons, concatenation, byte searches, the shifted copy of
// a conversion). A string cut from a large buffer inherits the buffer's
// bound (x/net/html's tokenizer: 4096 bytes) even where its length is a
// constant or a choice of constants on the path, and every such loop then
// runs to the buffer's size. lenMax tightens the bound to what the length
// term itself allows.

// lenMax is min(max, the largest value len can take), read off len's
// structure (constBound); otherwise max.
func (e *Executor) lenMax(len term.Term, max int) int {
	if b, ok := e.constBound(len, 16); ok && b < uint64(max) {
		return int(b)
	}
	return max
}

// constBound is the largest value of the 64-bit t when t is a constant,
// or ites and sums (that cannot wrap) of such terms, at most depth deep.
func (e *Executor) constBound(t term.Term, depth int) (uint64, bool) {
	if v, ok := e.constInt(t); ok {
		return v, true
	}
	if depth == 0 {
		return 0, false
	}
	switch e.st.Op(t) {
	case term.OpIte:
		a, ok := e.constBound(e.st.Arg(t, 1), depth-1)
		if !ok {
			return 0, false
		}
		b, ok := e.constBound(e.st.Arg(t, 2), depth-1)
		if !ok {
			return 0, false
		}
		return max(a, b), true
	case term.OpBVAdd:
		var sum uint64
		for i := range e.st.NumArgs(t) {
			a, ok := e.constBound(e.st.Arg(t, i), depth-1)
			if !ok || sum+a < sum {
				return 0, false
			}
			sum += a
		}
		return sum, true
	}
	return 0, false
}
