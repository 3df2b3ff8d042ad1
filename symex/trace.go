package symex

import (
	"fmt"
	"hash/fnv"

	"github.com/sift-solver/sift/term"
)

// trace identifies a path by its branch decisions, for --replay: a hash of
// the decisions and their number. A merged state has several pasts, one per
// member; which one a concrete input follows is decided by the member's path
// constraint, so the trace keeps each member's constraint and trace (from)
// and the decisions taken since the merge (after), and resolves them under
// the model that gives the input.
type trace struct {
	hash  uint64
	n     int
	from  []tracedMember // set when the path starts at a merge
	after []bool         // decisions since the merge (only with from)
}

// tracedMember is one member of a merge: its path constraint when it merged
// and its trace up to there.
type tracedMember struct {
	pc []term.Term
	tr trace
}

func (t *trace) add(d bool) {
	if t.from != nil {
		t.after = append(t.after, d)
		return
	}
	t.hash = traceStep(t.hash, d)
	t.n++
}

func traceStep(h uint64, d bool) uint64 {
	var b [9]byte
	for i := 0; i < 8; i++ {
		b[i] = byte(h >> (8 * i))
	}
	if d {
		b[8] = 1
	}
	f := fnv.New64a()
	f.Write(b[:])
	return f.Sum64()
}

// resolve returns the hash and length of the decisions that the input of
// model ev follows. Of a merge's members it takes the first whose path
// constraint holds; one does, since every strategy's merged constraint
// implies the disjunction of its members' (for pat, once k is fixed).
func (t *trace) resolve(ev *term.Evaluator) (uint64, int, error) {
	if t.from == nil {
		return t.hash, t.n, nil
	}
	for _, m := range t.from {
		if !holds(ev, m.pc) {
			continue
		}
		h, n, err := m.tr.resolve(ev)
		if err != nil {
			return 0, 0, err
		}
		for _, d := range t.after {
			h = traceStep(h, d)
		}
		return h, n + len(t.after), nil
	}
	return 0, 0, fmt.Errorf("symex: internal: no member of a merge holds under the path's model")
}

// holds reports whether every conjunct evaluates to true.
func holds(ev *term.Evaluator, conj []term.Term) bool {
	for _, c := range conj {
		if ok, err := ev.EvalBool(c); err != nil || !ok {
			return false
		}
	}
	return true
}
