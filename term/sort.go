package term

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/fp"
)

// Sort is an interned sort id of a Store. Sort 0 is invalid.
type Sort uint32

// NoSort is the invalid sort.
const NoSort Sort = 0

// SortKind says which family a sort belongs to.
type SortKind uint8

const (
	KindInvalid SortKind = iota
	KindBool
	KindBitVec
	KindArray
	// KindFun is the sort of an uninterpreted function symbol of arity >= 1:
	// its parameters are the domain sorts followed by the range sort.
	KindFun
	// KindUninterpreted is a sort introduced by declare-sort (arity 0).
	KindUninterpreted
	// KindFloatingPoint is (_ FloatingPoint eb sb).
	KindFloatingPoint
	// KindRoundingMode is RoundingMode.
	KindRoundingMode
)

type sortNode struct {
	kind   SortKind
	width  uint32 // bit-vector width
	eb, sb uint32 // floating-point format
	params []Sort // array: index, element; function: domain..., range
	name   string // uninterpreted sorts
	feat   Features
}

// sortTable interns sorts. It lives inside a Store.
type sortTable struct {
	nodes []sortNode
	index map[string]Sort
	bv    []Sort // BitVec sorts by width, for widths below its length
}

func newSortTable() sortTable {
	t := sortTable{nodes: make([]sortNode, 2), index: map[string]Sort{}, bv: make([]Sort, 257)}
	t.nodes[BoolSortID] = sortNode{kind: KindBool}
	t.index["Bool"] = BoolSortID
	return t
}

// BoolSortID is the id of Bool in every Store.
const BoolSortID Sort = 1

func (t *sortTable) intern(key string, n sortNode) Sort {
	if s, ok := t.index[key]; ok {
		return s
	}
	s := Sort(len(t.nodes))
	n.feat = t.sortFeatures(n)
	t.nodes = append(t.nodes, n)
	t.index[key] = s
	return s
}

// BoolSort returns Bool.
func (st *Store) BoolSort() Sort { return BoolSortID }

// BitVecSort returns (_ BitVec w); w must be >= 1.
func (st *Store) BitVecSort(w uint32) Sort {
	if w == 0 {
		panic("term: bit-vector width 0")
	}
	// Widths are looked up on every constant and every bit-vector
	// application, so common ones skip the keyed intern.
	if w < uint32(len(st.sorts.bv)) {
		if s := st.sorts.bv[w]; s != NoSort {
			return s
		}
		s := st.sorts.intern("bv"+strconv.FormatUint(uint64(w), 10), sortNode{kind: KindBitVec, width: w})
		st.sorts.bv[w] = s
		return s
	}
	return st.sorts.intern("bv"+strconv.FormatUint(uint64(w), 10), sortNode{kind: KindBitVec, width: w})
}

// ArraySort returns (Array index elem).
func (st *Store) ArraySort(index, elem Sort) Sort {
	key := "A" + strconv.FormatUint(uint64(index), 10) + "," + strconv.FormatUint(uint64(elem), 10)
	return st.sorts.intern(key, sortNode{kind: KindArray, params: []Sort{index, elem}})
}

// FunSort returns the sort of a function from domain to rng; domain must not be empty.
func (st *Store) FunSort(domain []Sort, rng Sort) Sort {
	var b strings.Builder
	b.WriteString("F")
	params := make([]Sort, 0, len(domain)+1)
	for _, d := range domain {
		b.WriteString(strconv.FormatUint(uint64(d), 10))
		b.WriteByte(',')
		params = append(params, d)
	}
	b.WriteString(strconv.FormatUint(uint64(rng), 10))
	params = append(params, rng)
	return st.sorts.intern(b.String(), sortNode{kind: KindFun, params: params})
}

// UninterpretedSort returns the declared sort called name.
func (st *Store) UninterpretedSort(name string) Sort {
	return st.sorts.intern("U"+name, sortNode{kind: KindUninterpreted, name: name})
}

// FloatSort returns (_ FloatingPoint eb sb) of the format f, which must be
// valid (f.Valid()).
func (st *Store) FloatSort(f fp.Format) Sort {
	if !f.Valid() {
		panic(fmt.Sprintf("term: invalid floating-point format %d %d", f.EB, f.SB))
	}
	key := "FP" + strconv.FormatUint(uint64(f.EB), 10) + "," + strconv.FormatUint(uint64(f.SB), 10)
	return st.sorts.intern(key, sortNode{kind: KindFloatingPoint, eb: f.EB, sb: f.SB})
}

// RoundingModeSort returns RoundingMode.
func (st *Store) RoundingModeSort() Sort {
	return st.sorts.intern("RoundingMode", sortNode{kind: KindRoundingMode})
}

// IsFloat reports whether s is a floating-point sort.
func (st *Store) IsFloat(s Sort) bool { return st.Kind(s) == KindFloatingPoint }

// IsRoundingMode reports whether s is RoundingMode.
func (st *Store) IsRoundingMode(s Sort) bool { return st.Kind(s) == KindRoundingMode }

// FloatFormat returns the format of a floating-point sort (the zero Format
// for any other sort).
func (st *Store) FloatFormat(s Sort) fp.Format {
	if st.Kind(s) != KindFloatingPoint {
		return fp.Format{}
	}
	n := &st.sorts.nodes[s]
	return fp.Format{EB: n.eb, SB: n.sb}
}

// Kind returns the family of s.
func (st *Store) Kind(s Sort) SortKind {
	if int(s) >= len(st.sorts.nodes) {
		return KindInvalid
	}
	return st.sorts.nodes[s].kind
}

// IsBool reports whether s is Bool.
func (st *Store) IsBool(s Sort) bool { return s == BoolSortID }

// IsBitVec reports whether s is a bit-vector sort.
func (st *Store) IsBitVec(s Sort) bool { return st.Kind(s) == KindBitVec }

// IsArray reports whether s is an array sort.
func (st *Store) IsArray(s Sort) bool { return st.Kind(s) == KindArray }

// Width returns the width of a bit-vector sort, and 0 for any other sort.
func (st *Store) Width(s Sort) uint32 {
	if st.Kind(s) != KindBitVec {
		return 0
	}
	return st.sorts.nodes[s].width
}

// IndexSort returns the index sort of an array sort.
func (st *Store) IndexSort(s Sort) Sort { return st.sorts.nodes[s].params[0] }

// ElemSort returns the element sort of an array sort.
func (st *Store) ElemSort(s Sort) Sort { return st.sorts.nodes[s].params[1] }

// Domain returns the parameter sorts of a function sort.
func (st *Store) Domain(s Sort) []Sort {
	p := st.sorts.nodes[s].params
	return p[:len(p)-1]
}

// Range returns the result sort of a function sort.
func (st *Store) Range(s Sort) Sort {
	p := st.sorts.nodes[s].params
	return p[len(p)-1]
}

// SortName returns the name of an uninterpreted sort.
func (st *Store) SortName(s Sort) string { return st.sorts.nodes[s].name }

// SortString prints s in SMT-LIB syntax. Function sorts print as their
// domain and range, "(D1 D2) R", the shape declare-fun uses.
func (st *Store) SortString(s Sort) string {
	var b strings.Builder
	st.writeSort(&b, s)
	return b.String()
}

func (st *Store) writeSort(b *strings.Builder, s Sort) {
	if int(s) >= len(st.sorts.nodes) || s == NoSort {
		b.WriteString("<invalid sort>")
		return
	}
	n := &st.sorts.nodes[s]
	switch n.kind {
	case KindBool:
		b.WriteString("Bool")
	case KindBitVec:
		fmt.Fprintf(b, "(_ BitVec %d)", n.width)
	case KindArray:
		b.WriteString("(Array ")
		st.writeSort(b, n.params[0])
		b.WriteByte(' ')
		st.writeSort(b, n.params[1])
		b.WriteByte(')')
	case KindFun:
		b.WriteByte('(')
		for i, d := range n.params[:len(n.params)-1] {
			if i > 0 {
				b.WriteByte(' ')
			}
			st.writeSort(b, d)
		}
		b.WriteString(") ")
		st.writeSort(b, n.params[len(n.params)-1])
	case KindUninterpreted:
		b.WriteString(quoteSymbol(n.name))
	case KindFloatingPoint:
		fmt.Fprintf(b, "(_ FloatingPoint %d %d)", n.eb, n.sb)
	case KindRoundingMode:
		b.WriteString("RoundingMode")
	}
}

// quoteSymbol returns name as an SMT-LIB symbol, quoted with |…| when it is not
// a simple symbol.
func quoteSymbol(name string) string {
	if IsSimpleSymbol(name) {
		return name
	}
	return "|" + name + "|"
}

// QuoteSymbol returns name as an SMT-LIB symbol, quoted with |…| when needed.
func QuoteSymbol(name string) string { return quoteSymbol(name) }

// IsSimpleSymbol reports whether name can be written without |…| quotes.
func IsSimpleSymbol(name string) bool {
	if name == "" {
		return false
	}
	if name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !IsSymbolChar(name[i]) {
			return false
		}
	}
	return !isReservedWord(name)
}

// IsSymbolChar reports whether c may appear in a simple SMT-LIB symbol.
func IsSymbolChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	switch c {
	case '~', '!', '@', '$', '%', '^', '&', '*', '_', '-', '+', '=', '<', '>', '.', '?', '/':
		return true
	}
	return false
}

func isReservedWord(s string) bool {
	switch s {
	case "_", "!", "as", "let", "exists", "forall", "match", "par",
		"BINARY", "DECIMAL", "HEXADECIMAL", "NUMERAL", "STRING":
		return true
	}
	return false
}
