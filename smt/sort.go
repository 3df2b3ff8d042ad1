package smt

import (
	"fmt"

	"github.com/sift-solver/sift/term"
)

// Sort is a sort of one Solver: Bool, a bit-vector sort, an array sort, a
// floating-point sort or RoundingMode. A
// Sort made by bad use (a width of 0, an array over a broken sort) carries
// the error in Err, and every term made with it carries it on.
type Sort struct {
	s   *Solver
	id  term.Sort
	err error
}

// SortKind says which family a sort belongs to.
type SortKind uint8

const (
	KindInvalid SortKind = iota
	KindBool
	KindBitVec
	KindArray
	KindFloat
	KindRoundingMode
)

// Err returns the error that made the sort, or nil for a good sort.
func (x Sort) Err() error {
	if x.err != nil {
		return x.err
	}
	if x.s == nil {
		return ErrZero
	}
	return nil
}

// Kind returns the sort's family; a sort with an error is KindInvalid.
func (x Sort) Kind() SortKind {
	if x.Err() != nil {
		return KindInvalid
	}
	switch x.s.st.Kind(x.id) {
	case term.KindBool:
		return KindBool
	case term.KindBitVec:
		return KindBitVec
	case term.KindArray:
		return KindArray
	case term.KindFloatingPoint:
		return KindFloat
	case term.KindRoundingMode:
		return KindRoundingMode
	}
	return KindInvalid
}

// Width returns the width of a bit-vector sort, and 0 for any other.
func (x Sort) Width() int {
	if x.Err() != nil {
		return 0
	}
	return int(x.s.st.Width(x.id))
}

// Index returns the index sort of an array sort (a zero Sort otherwise).
func (x Sort) Index() Sort {
	if x.Kind() != KindArray {
		return Sort{}
	}
	return Sort{s: x.s, id: x.s.st.IndexSort(x.id)}
}

// Elem returns the element sort of an array sort (a zero Sort otherwise).
func (x Sort) Elem() Sort {
	if x.Kind() != KindArray {
		return Sort{}
	}
	return Sort{s: x.s, id: x.s.st.ElemSort(x.id)}
}

// String prints the sort in SMT-LIB syntax, or the error.
func (x Sort) String() string {
	if err := x.Err(); err != nil {
		return "<" + err.Error() + ">"
	}
	return x.s.st.SortString(x.id)
}

// BoolSort returns Bool.
func (s *Solver) BoolSort() Sort {
	if s.closed {
		return Sort{err: ErrClosed}
	}
	return Sort{s: s, id: s.st.BoolSort()}
}

// BitVecSort returns (_ BitVec width); width must be in 1..2^24.
func (s *Solver) BitVecSort(width int) Sort {
	if s.closed {
		return Sort{err: ErrClosed}
	}
	if width < 1 || width > term.MaxWidth {
		return Sort{err: fmt.Errorf("%w: bit-vector width %d outside 1..%d", ErrSort, width, term.MaxWidth)}
	}
	return Sort{s: s, id: s.st.BitVecSort(uint32(width))}
}

// ArraySort returns (Array index elem).
func (s *Solver) ArraySort(index, elem Sort) Sort {
	if err := s.checkSorts(index, elem); err != nil {
		return Sort{err: err}
	}
	return Sort{s: s, id: s.st.ArraySort(index.id, elem.id)}
}

// checkSorts returns the first error among the sorts, or of using them here.
func (s *Solver) checkSorts(sorts ...Sort) error {
	if s.closed {
		return ErrClosed
	}
	for _, x := range sorts {
		if err := x.Err(); err != nil {
			return err
		}
		if x.s != s {
			return ErrForeign
		}
	}
	return nil
}
