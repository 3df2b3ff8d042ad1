package symex

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// Views: a string that unsafe made of an array's bytes (unsafe.String,
// *(*string)(unsafe.Pointer(&b)), a StringHeader pointed at a slice's
// data) shares them in Go, so a later write to them changes the string.
// A StringVal holds its bytes as a term, a snapshot, so the path records
// the range it shares, and a store that may change a byte in the range
// ends the path as unsupported instead of leaving the string stale. The
// same holds the other way: the bytes unsafe.StringData exposes belong to
// the string, and Go does not allow writing them.

// A byteView is the n bytes (at most max) at off in the array at path at
// of object obj, which a string shares.
type byteView struct {
	obj    int
	at     []PathStep
	off, n term.Term
	max    int
}

// guardViews ends the path when storing nv as object id's value (old
// before) may change bytes a string shares: for each of the object's
// views it branches on the bytes being unchanged.
func (e *Executor) guardViews(s *State, id int, old, nv Value) error {
	for _, v := range s.views {
		if v.obj != id {
			continue
		}
		before, err1 := e.viewedElems(old, v.at)
		after, err2 := e.viewedElems(nv, v.at)
		if err1 != nil || err2 != nil {
			return e.unsup(nil, "a write to memory a string shares through unsafe")
		}
		if before == after {
			continue
		}
		same := make([]term.Term, 0, v.max)
		for k := 0; k < v.max; k++ {
			i := e.add(v.off, e.idx(k))
			eq := e.st.Eq(e.mk(term.OpSelect, before, i), e.mk(term.OpSelect, after, i))
			same = append(same, e.st.Implies(e.ult(e.idx(k), v.n), eq))
		}
		c := e.st.True()
		if len(same) > 0 {
			c = e.st.And(same...)
		}
		ok, err := e.branch(s, c)
		if err != nil {
			return err
		}
		if !ok {
			return e.unsup(nil, "a write to bytes a string shares through unsafe (the string would change)")
		}
	}
	return nil
}

// viewedElems is the byte array at path at in object value obj.
func (e *Executor) viewedElems(obj Value, at []PathStep) (term.Term, error) {
	v := obj
	for _, step := range at {
		var err error
		if v, err = e.walk(v, step); err != nil {
			return 0, err
		}
	}
	el, err := elemsOf(v)
	if err != nil {
		return 0, err
	}
	t, ok := el.(term.Term)
	if !ok {
		return 0, errNotBytes
	}
	return t, nil
}

// viewed reports whether a string shares bytes of object id.
func (s *State) viewed(id int) bool {
	for _, v := range s.views {
		if v.obj == id {
			return true
		}
	}
	return false
}

type viewError string

func (e viewError) Error() string { return string(e) }

const errNotBytes = viewError("not a byte array")

// joinViews is the views of a merged state: every member's, since each
// member's strings live on in it.
func joinViews(members []*State) []byteView {
	var out []byteView
	for _, m := range members {
	next:
		for _, v := range m.views {
			for _, w := range out {
				if w.obj == v.obj && w.off == v.off && w.n == v.n && w.max == v.max && slices.Equal(w.at, v.at) {
					continue next
				}
			}
			out = append(out, v)
		}
	}
	return out
}
