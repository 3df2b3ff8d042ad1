package fpbv

import (
	"fmt"
	"math/bits"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// lanes evaluates a DAG of Boolean and bit-vector terms of widths up to 64
// on many inputs at once: each node gets a column of values, one per lane,
// computed in one loop. The exhaustive tests run millions of inputs through
// circuits of thousands of nodes; term.Eval, one input at a time, would take
// minutes. TestLanesAgreeWithEval checks it against term.Eval.
type lanes struct {
	st    *term.Store
	order []term.Term
	slot  map[term.Term]int
	cols  [][]uint64
	n     int
}

func newLanes(st *term.Store, roots []term.Term, n int) (*lanes, error) {
	l := &lanes{st: st, slot: map[term.Term]int{}, n: n}
	var err error
	st.PostOrder(roots, func(t term.Term) {
		s := st.SortOf(t)
		if !st.IsBool(s) && (!st.IsBitVec(s) || st.Width(s) > 64) {
			err = fmt.Errorf("lanes: term %d of sort %s", t, st.SortString(s))
		}
		l.slot[t] = len(l.order)
		l.order = append(l.order, t)
	})
	l.cols = make([][]uint64, len(l.order))
	for i := range l.cols {
		l.cols[i] = make([]uint64, n)
	}
	return l, err
}

func mask(w uint32) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

func signed(x uint64, w uint32) int64 { return int64(x<<(64-w)) >> (64 - w) }

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// run evaluates every node; vars gives the column of each variable.
func (l *lanes) run(vars map[term.Term][]uint64) error {
	st := l.st
	for i, t := range l.order {
		out := l.cols[i]
		op := st.Op(t)
		w := st.Width(st.SortOf(t))
		m := mask(w)
		arg := func(k int) []uint64 { return l.cols[l.slot[st.Arg(t, k)]] }
		aw := uint32(0)
		if st.NumArgs(t) > 0 {
			aw = st.Width(st.SortOf(st.Arg(t, 0)))
		}
		switch op {
		case term.OpTrue, term.OpFalse:
			for j := range out {
				out[j] = b2u(op == term.OpTrue)
			}
		case term.OpBVConst:
			x, _ := st.Value(t).Uint64()
			for j := range out {
				out[j] = x
			}
		case term.OpVar:
			v, ok := vars[t]
			if !ok {
				return fmt.Errorf("lanes: no values for %s", st.Name(t))
			}
			copy(out, v)
		case term.OpNot:
			a := arg(0)
			for j := range out {
				out[j] = a[j] ^ 1
			}
		case term.OpAnd, term.OpOr:
			for j := range out {
				out[j] = b2u(op == term.OpAnd)
			}
			for k := 0; k < st.NumArgs(t); k++ {
				a := arg(k)
				for j := range out {
					if op == term.OpAnd {
						out[j] &= a[j]
					} else {
						out[j] |= a[j]
					}
				}
			}
		case term.OpXor:
			a, b := arg(0), arg(1)
			for j := range out {
				out[j] = a[j] ^ b[j]
			}
		case term.OpImplies:
			a, b := arg(0), arg(1)
			for j := range out {
				out[j] = (a[j] ^ 1) | b[j]
			}
		case term.OpEq:
			a, b := arg(0), arg(1)
			for j := range out {
				out[j] = b2u(a[j] == b[j])
			}
		case term.OpIte:
			c, a, b := arg(0), arg(1), arg(2)
			for j := range out {
				if c[j] != 0 {
					out[j] = a[j]
				} else {
					out[j] = b[j]
				}
			}
		case term.OpConcat:
			a, b := arg(0), arg(1)
			bw := st.Width(st.SortOf(st.Arg(t, 1)))
			for j := range out {
				out[j] = a[j]<<bw | b[j]
			}
		case term.OpExtract:
			hi, lo := st.Indices(t)
			a := arg(0)
			for j := range out {
				out[j] = a[j] >> lo & mask(hi-lo+1)
			}
		case term.OpZeroExtend:
			copy(out, arg(0))
		case term.OpSignExtend:
			a := arg(0)
			for j := range out {
				out[j] = uint64(signed(a[j], aw)) & m
			}
		case term.OpBVNot:
			a := arg(0)
			for j := range out {
				out[j] = ^a[j] & m
			}
		case term.OpBVNeg:
			a := arg(0)
			for j := range out {
				out[j] = -a[j] & m
			}
		case term.OpBVAnd, term.OpBVOr, term.OpBVXor, term.OpBVAdd, term.OpBVSub, term.OpBVMul,
			term.OpBVUdiv, term.OpBVUrem, term.OpBVShl, term.OpBVLshr, term.OpBVAshr:
			a, b := arg(0), arg(1)
			for j := range out {
				x, y := a[j], b[j]
				var r uint64
				switch op {
				case term.OpBVAnd:
					r = x & y
				case term.OpBVOr:
					r = x | y
				case term.OpBVXor:
					r = x ^ y
				case term.OpBVAdd:
					r = x + y
				case term.OpBVSub:
					r = x - y
				case term.OpBVMul:
					r = x * y
				case term.OpBVUdiv:
					if y == 0 {
						r = m
					} else {
						r = x / y
					}
				case term.OpBVUrem:
					if y == 0 {
						r = x
					} else {
						r = x % y
					}
				case term.OpBVShl:
					if y < uint64(w) {
						r = x << y
					}
				case term.OpBVLshr:
					if y < uint64(w) {
						r = x >> y
					}
				case term.OpBVAshr:
					s := signed(x, w)
					if y >= uint64(w) {
						y = uint64(w) - 1
					}
					r = uint64(s >> y)
				}
				out[j] = r & m
			}
		case term.OpBVUlt, term.OpBVUle, term.OpBVSlt, term.OpBVSle:
			a, b := arg(0), arg(1)
			for j := range out {
				x, y := a[j], b[j]
				var r bool
				switch op {
				case term.OpBVUlt:
					r = x < y
				case term.OpBVUle:
					r = x <= y
				case term.OpBVSlt:
					r = signed(x, aw) < signed(y, aw)
				case term.OpBVSle:
					r = signed(x, aw) <= signed(y, aw)
				}
				out[j] = b2u(r)
			}
		default:
			return fmt.Errorf("lanes: no evaluation of %s", op)
		}
	}
	return nil
}

func (l *lanes) col(t term.Term) []uint64 { return l.cols[l.slot[t]] }

var _ = bits.Len64
var _ = bv.New
