package symex

import (
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Panics reachable only through unexported state. An input struct's
// unexported fields are symbolic (package mode explores a method on a
// receiver whose fields no caller outside the package can set), so a
// panic may need a value of them that no exported constructor makes:
// Region{regionID: 1055}.String(). A caller elsewhere can always write
// the zero value with exported fields of its choice, so a panic the path
// reaches with every unexported field at its zero value is one a user
// reaches; the others are reported as reachable only through unexported
// state (Panic.Unexported), and --stop-at-panic goes on past them.

// unexportedZero is the condition that input value v, built for an
// unexported field, is its type's zero value; false where that cannot be
// said (an interface, a reader).
func (e *Executor) unexportedZero(v Value) term.Term {
	switch x := v.(type) {
	case term.Term:
		srt := e.st.SortOf(x)
		switch {
		case e.st.IsBool(srt):
			return e.st.Not(x)
		case e.st.IsBitVec(srt):
			return e.st.Eq(x, e.st.ConstUint64(e.st.Width(srt), 0))
		case e.st.IsFloat(srt):
			return e.st.Eq(x, floatFromBits(e.st, e.st.FloatFormat(srt), 0)) // +0, not -0
		}
	case StringVal:
		return e.st.Eq(x.Len, e.idx(0))
	case SliceVal:
		return e.st.Eq(x.Len, e.idx(0))
	case ptrInput:
		if x.isNil != term.NoTerm {
			return x.isNil
		}
	case Struct:
		return e.allZero(x)
	case ArrayVal:
		return e.elemsZero(x.Elems, x.Len)
	case Vec:
		return e.allZero(x)
	}
	return e.st.False()
}

// allZero is the condition that every value of vs is its zero value.
func (e *Executor) allZero(vs []Value) term.Term {
	out := e.st.True()
	for _, v := range vs {
		out = e.st.And(out, e.unexportedZero(v))
	}
	return out
}

// elemsZero says that the first n elements of lifted elements el are zero.
func (e *Executor) elemsZero(el Value, n int) term.Term {
	switch x := el.(type) {
	case term.Term:
		out := e.st.True()
		for i := 0; i < n; i++ {
			out = e.st.And(out, e.unexportedZero(e.mk(term.OpSelect, x, e.idx(i))))
		}
		return out
	case Struct:
		out := e.st.True()
		for _, f := range x {
			out = e.st.And(out, e.elemsZero(f, n))
		}
		return out
	}
	return e.unexportedZero(el)
}

// userReachable decides, for a path that panicked with model m, whether
// it panics with every unexported input field zero: it returns the model
// to report (m, or one of the path with those fields zero) and false when
// no such model exists.
func (e *Executor) userReachable(s *State, m *term.Model) (*term.Model, bool, error) {
	if len(e.privZero) == 0 {
		return m, true, nil
	}
	if m != nil && holds(e.modelEval(m), e.privZero) {
		return m, true, nil
	}
	st, m2, err := e.check(s, e.st.And(e.privZero...))
	if err != nil {
		return nil, false, err
	}
	if st != smtlib.Sat || m2 == nil {
		return m, false, nil
	}
	return m2, true, nil
}
