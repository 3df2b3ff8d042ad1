package bitblast

import (
	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// Small arrays are blasted eagerly, one word per element, instead of going
// through lemmas on demand. A hardware memory unrolled over many steps
// (yosys-smtbmc: an 8-entry FIFO, a 4-word RAM) is a chain of array
// equalities and stores over a handful of indices; lazily, each step of the
// chain costs refinement rounds, and a 20-step FIFO took hundreds of SAT
// calls and thousands of lemmas. Eagerly, a store is one multiplexer per
// element, a read one multiplexer tree over the index bits, an equality the
// conjunction of the elements' equalities: no CEGAR loop at all, and the
// circuits are kept across the checks of a session like any other.
//
// The choice is made per sort, so that every array term of a sort is
// encoded the same way (stores, ites and equalities only meet terms of
// their own sort).

// Bounds of an eager sort: at most smallMaxIndexBits index bits, and at most
// smallMaxBits bits over all its elements.
const (
	smallMaxIndexBits = 6
	smallMaxBits      = 2048
)

// smallSort reports whether arrays of sort s are blasted eagerly, and their
// number of elements.
func (tb *termBlaster) smallSort(s term.Sort) (int, bool) {
	st := tb.st
	if tb.lazyOnly || st.Kind(s) != term.KindArray {
		return 0, false
	}
	is, es := st.IndexSort(s), st.ElemSort(s)
	var n int
	switch {
	case st.IsBool(is):
		n = 2
	case st.IsBitVec(is) && st.Width(is) <= smallMaxIndexBits:
		n = 1 << st.Width(is)
	default:
		return 0, false
	}
	ew := 1
	switch {
	case st.IsBool(es):
	case tb.isWord(es):
		ew = tb.wordWidth(es)
	default:
		return 0, false
	}
	return n, n*ew <= smallMaxBits
}

// elemWord is the element circuit of a blasted term: its word, or its edge as
// a one-bit word.
func (tb *termBlaster) elemWord(t term.Term) sat.Word {
	if tb.st.IsBool(tb.st.SortOf(t)) {
		return sat.Word{tb.enc[t].edge}
	}
	return tb.enc[t].word
}

// fromElem is the circuit of a term of element sort s from its element word.
func (tb *termBlaster) fromElem(s term.Sort, w sat.Word) blasted {
	if tb.st.IsBool(s) {
		return blasted{done: true, edge: w[0]}
	}
	return blasted{done: true, word: w}
}

// indexBits are the bits of index term i, least significant first.
func (tb *termBlaster) indexBits(i term.Term) sat.Word {
	return tb.elemWord(i)
}

// indexIs is the edge of "index i equals k".
func (tb *termBlaster) indexIs(i term.Term, k int) sat.Edge {
	bits := tb.indexBits(i)
	want := make([]bool, len(bits))
	for j := range want {
		want[j] = k>>j&1 == 1
	}
	return tb.b.Eq(bits, tb.b.ConstBits(want))
}

// smallArray blasts array term t of an eager sort with n elements.
func (tb *termBlaster) smallArray(t term.Term, n int) error {
	st, b := tb.st, tb.b
	s := st.SortOf(t)
	elems := make([]sat.Word, n)
	switch st.Op(t) {
	case term.OpVar:
		w := 1
		if es := st.ElemSort(s); !st.IsBool(es) {
			w = tb.wordWidth(es)
		}
		for k := range elems {
			elems[k] = b.Input(w)
		}
	case term.OpConstArray:
		v := tb.elemWord(st.Arg(t, 0))
		for k := range elems {
			elems[k] = v
		}
	case term.OpStore:
		a, i, v := tb.enc[st.Arg(t, 0)].elems, st.Arg(t, 1), tb.elemWord(st.Arg(t, 2))
		for k := range elems {
			elems[k] = b.Ite(tb.indexIs(i, k), v, a[k])
		}
	case term.OpIte:
		c := tb.enc[st.Arg(t, 0)].edge
		x, y := tb.enc[st.Arg(t, 1)].elems, tb.enc[st.Arg(t, 2)].elems
		for k := range elems {
			elems[k] = b.Ite(c, x[k], y[k])
		}
	default:
		return &unsupportedError{"array-valued " + st.Op(t).String()}
	}
	tb.enc[t] = blasted{done: true, elems: elems}
	return nil
}

// smallRead is the circuit of (select a i) for a of an eager sort: a
// multiplexer tree over the index bits.
func (tb *termBlaster) smallRead(t term.Term) blasted {
	st, b := tb.st, tb.b
	a, i := st.Arg(t, 0), st.Arg(t, 1)
	level := tb.enc[a].elems
	for _, bit := range tb.indexBits(i) {
		next := make([]sat.Word, len(level)/2)
		for k := range next {
			next[k] = b.Ite(bit, level[2*k+1], level[2*k])
		}
		level = next
	}
	return tb.fromElem(st.SortOf(t), level[0])
}

// smallEqual is the edge of a = c for two arrays of an eager sort.
func (tb *termBlaster) smallEqual(a, c term.Term) sat.Edge {
	x, y := tb.enc[a].elems, tb.enc[c].elems
	es := make([]sat.Edge, len(x))
	for k := range x {
		es[k] = tb.b.Eq(x[k], y[k])
	}
	return tb.g.AndN(es...)
}

// smallValue is the model value of array variable x of an eager sort: the
// value of element 0 as the default, and the elements that differ from it.
func (r *lodRound) smallValue(x term.Term) term.Value {
	st, tb := r.l.st, r.l.tb
	s := st.SortOf(x)
	is, es := st.IndexSort(s), st.ElemSort(s)
	elemValue := func(w sat.Word) term.Value {
		bits := wordValues(r.cnf, w)
		switch st.Kind(es) {
		case term.KindBitVec:
			return st.BVValue(bitsValue(bits))
		case term.KindUninterpreted:
			n := 0
			for j, on := range bits {
				if on {
					n |= 1 << j
				}
			}
			return r.uninterpreted(term.Value{Kind: term.ValUninterpreted, Sort: es, Elem: n})
		}
		return term.BoolValue(bits[0])
	}
	indexValue := func(k int) term.Value {
		if st.IsBool(is) {
			return term.BoolValue(k == 1)
		}
		return st.BVValue(bv.New(st.Width(is), uint64(k)))
	}
	elems := tb.enc[x].elems
	a := &term.ArrayValue{Default: elemValue(elems[0])}
	for k := 1; k < len(elems); k++ {
		if v := elemValue(elems[k]); !v.Equal(a.Default) {
			a.Index = append(a.Index, indexValue(k))
			a.Elem = append(a.Elem, v)
		}
	}
	return term.Value{Kind: term.ValArray, Sort: s, Arr: a}
}
