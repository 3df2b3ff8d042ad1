package fpbv

import (
	"fmt"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// Arrays indexed by floats or rounding modes lower to arrays indexed by
// words that have more values than the sort they stand for: junk words (NaN
// patterns other than the canonical one, rounding-mode words 5-7) that no
// lowered term reads, but that extensional equality compares. Two arrays
// equal at every value of the sort may then differ at a junk word (a
// constant array, and stores over another constant array at all five
// rounding modes), and the lowering would demand more than the original.
//
// The lowering is exact in two ways. An equality of arrays whose index sort
// has at most maxExpanded values compares them at each of those values
// (expandEq). Otherwise word equality is exact as long as some value of the
// index sort is written by no store: then every array's junk words hold what
// it holds at such a value, so arrays equal on the sort are equal words.
// ArraysExact checks that condition and that no junk-indexed array sort is
// nested (an element or a function argument, whose equality nothing expands).

// maxExpanded bounds the index sorts whose array equalities are expanded.
const maxExpanded = 256

// junkValues returns the values of a float or rounding-mode sort as their
// lowered words, or nil when there are more than maxExpanded, and whether
// the sort has junk words at all.
func (l *Lowering) junkValues(s term.Sort) (vals []T, junk bool) {
	st := l.st
	switch st.Kind(s) {
	case term.KindRoundingMode:
		for r := fp.RoundingMode(0); r < fp.NumRoundingModes; r++ {
			vals = append(vals, l.w.rmConst(r))
		}
		return vals, true
	case term.KindFloatingPoint:
		f := st.FloatFormat(s)
		if f.Width() > 9 {
			return nil, true
		}
		for p := uint64(0); p < 1<<f.Width(); p++ {
			b := bv.New(f.Width(), p)
			if fp.FromBits(f, b).Bits().Equal(b) {
				vals = append(vals, st.Const(b))
			}
		}
		if len(vals) > maxExpanded {
			return nil, true
		}
		return vals, true
	}
	return nil, false
}

// expandEq returns the equality of the lowered terms x and y of the
// original sort s: over arrays with a small junk-indexed sort, the
// conjunction of the equalities of their elements at each value.
func (l *Lowering) expandEq(s term.Sort, x, y T) T {
	st := l.st
	if !st.IsArray(s) {
		return st.Eq(x, y)
	}
	vals, _ := l.junkValues(st.IndexSort(s))
	if vals == nil {
		return st.Eq(x, y)
	}
	conj := make([]T, 0, len(vals))
	for _, v := range vals {
		conj = append(conj, l.expandEq(st.ElemSort(s), st.MustMake(term.OpSelect, nil, x, v), st.MustMake(term.OpSelect, nil, y, v)))
	}
	return st.And(conj...)
}

// ArraysExact reports, as an error, terms whose lowering would not be exact
// (see above): a junk-indexed array sort that is nested in another sort, or
// one whose equalities are not expanded and whose stores may write every
// value of the index sort.
func (l *Lowering) ArraysExact(terms []T) error {
	st := l.st
	stores := map[term.Sort]map[T]bool{} // distinct store indices by index sort
	nested := map[term.Sort]bool{}
	var visitSort func(s term.Sort, inner bool)
	seenSort := map[[2]uint64]bool{}
	visitSort = func(s term.Sort, inner bool) {
		k := [2]uint64{uint64(s), 0}
		if inner {
			k[1] = 1
		}
		if seenSort[k] {
			return
		}
		seenSort[k] = true
		switch st.Kind(s) {
		case term.KindArray:
			if _, junk := l.junkValues(st.IndexSort(s)); junk && inner {
				nested[st.IndexSort(s)] = true
			}
			visitSort(st.IndexSort(s), true)
			visitSort(st.ElemSort(s), true)
		case term.KindFun:
			for _, d := range st.Domain(s) {
				visitSort(d, true)
			}
			visitSort(st.Range(s), true)
		}
	}
	st.PostOrder(terms, func(t T) {
		visitSort(st.SortOf(t), false)
		if st.Op(t) == term.OpStore {
			idx := st.IndexSort(st.SortOf(t))
			if stores[idx] == nil {
				stores[idx] = map[T]bool{}
			}
			stores[idx][st.Arg(t, 1)] = true
		}
	})
	for s := range nested {
		return fmt.Errorf("arrays indexed by %s inside another sort are not lowered exactly", st.SortString(s))
	}
	for s, idx := range stores {
		vals, junk := l.junkValues(s)
		if !junk || vals != nil {
			continue
		}
		if n := len(idx); uint64(n) >= valueCount(st, s) {
			return fmt.Errorf("%d stores may write every value of %s: its arrays are not lowered exactly", n, st.SortString(s))
		}
	}
	return nil
}

// valueCount is the number of values of a float sort.
func valueCount(st *term.Store, s term.Sort) uint64 {
	f := st.FloatFormat(s)
	if f.Width() >= 63 {
		return 1 << 62
	}
	nanPatterns := uint64(2) * (1<<(f.SB-1) - 1)
	return 1<<f.Width() - nanPatterns + 1
}
