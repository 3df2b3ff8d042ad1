package term

import (
	"sort"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
)

// ValueKind says what a Value holds.
type ValueKind uint8

const (
	ValInvalid ValueKind = iota
	ValBool
	ValBV
	ValArray
	ValFun
	// ValUninterpreted is an element of a declared sort, numbered per sort.
	ValUninterpreted
	// ValFloat is a floating-point value: its IEEE encoding in BV (NaN
	// canonical, see package fp), its exponent width in Elem.
	ValFloat
	// ValRoundingMode is a rounding mode, the fp.RoundingMode in Elem.
	ValRoundingMode
)

// Value is a concrete value of some sort: what a model assigns and what Eval
// computes.
type Value struct {
	Kind ValueKind
	Sort Sort
	Bool bool
	BV   bv.Value
	Arr  *ArrayValue
	Fun  *FunValue
	Elem int // ValUninterpreted; eb of ValFloat; the fp.RoundingMode of ValRoundingMode
}

// FloatValue returns the floating-point value v of st's sort of its format.
func (st *Store) FloatValue(v fp.Value) Value {
	return Value{Kind: ValFloat, Sort: st.FloatSort(v.Format()), BV: v.Bits(), Elem: int(v.Format().EB)}
}

// RoundingModeValue returns the rounding-mode value r.
func (st *Store) RoundingModeValue(r fp.RoundingMode) Value {
	return Value{Kind: ValRoundingMode, Sort: st.RoundingModeSort(), Elem: int(r)}
}

// Float returns the floating-point value a ValFloat holds.
func (v Value) Float() fp.Value {
	return fp.FromBits(fp.Format{EB: uint32(v.Elem), SB: v.BV.Width() - uint32(v.Elem)}, v.BV)
}

// RoundingMode returns the rounding mode a ValRoundingMode holds.
func (v Value) RoundingMode() fp.RoundingMode { return fp.RoundingMode(v.Elem) }

// ArrayValue is a finite map over a default: the value of
// (store … (store ((as const S) Default) i1 v1) … in vn).
// Entries never repeat an index and never map to the default.
type ArrayValue struct {
	Default Value
	Index   []Value
	Elem    []Value
	pos     map[string]int
}

// FunValue is a finite table of an uninterpreted function with a default,
// or a lambda: a body over bound parameters, as in a define-fun, for a
// function whose value no finite table gives (Z3's models over large
// domains).
type FunValue struct {
	Args    [][]Value
	Results []Value
	Default Value
	// Params and Body, when Body is set, give the value at every point past
	// the rows in place of Default: Body is a closed term over the bound
	// variables Params, evaluated in store st.
	Params []Term
	Body   Term
	st     *Store
}

// LambdaValue returns the function value of sort s whose value at a point is
// body with params (bound variables of the domain's sorts) bound to the
// point. body may mention no free symbol.
func (st *Store) LambdaValue(s Sort, params []Term, body Term) Value {
	return Value{Kind: ValFun, Sort: s, Fun: &FunValue{Params: params, Body: body, st: st,
		Default: st.DefaultValue(st.Range(s))}}
}

// IsLambda reports whether f is given by a body rather than a table alone.
func (f *FunValue) IsLambda() bool { return f.st != nil }

// BoolValue returns the Boolean value b.
func BoolValue(b bool) Value { return Value{Kind: ValBool, Sort: BoolSortID, Bool: b} }

// BVValue returns the bit-vector value v, whose sort is taken from st.
func (st *Store) BVValue(v bv.Value) Value {
	return Value{Kind: ValBV, Sort: st.BitVecSort(v.Width()), BV: v}
}

// NewArrayValue returns the constant array of the given array sort.
func NewArrayValue(sort Sort, def Value) Value {
	return Value{Kind: ValArray, Sort: sort, Arr: &ArrayValue{Default: def}}
}

// Key returns a string that is equal for equal values, for use as a map key.
func (v Value) Key() string {
	switch v.Kind {
	case ValBool:
		if v.Bool {
			return "T"
		}
		return "F"
	case ValBV:
		return v.BV.String()
	case ValUninterpreted:
		return "u" + strconv.Itoa(v.Elem)
	case ValFloat:
		return "f" + v.BV.String()
	case ValRoundingMode:
		return "r" + strconv.Itoa(v.Elem)
	case ValArray:
		def, index, elem := v.Arr.canonical()
		var b strings.Builder
		b.WriteString("[")
		b.WriteString(def.Key())
		keys := make([]string, len(index))
		for i := range index {
			keys[i] = index[i].Key() + "=" + elem[i].Key()
		}
		sort.Strings(keys)
		for _, k := range keys {
			b.WriteString(";")
			b.WriteString(k)
		}
		b.WriteString("]")
		return b.String()
	}
	return "?"
}

// Equal reports whether two values of one sort are the same value. Arrays are
// compared extensionally.
func (v Value) Equal(u Value) bool {
	if v.Kind != u.Kind {
		return false
	}
	switch v.Kind {
	case ValBool:
		return v.Bool == u.Bool
	case ValBV, ValFloat:
		return v.BV.Equal(u.BV)
	case ValUninterpreted, ValRoundingMode:
		return v.Elem == u.Elem
	case ValArray:
		return v.Key() == u.Key()
	}
	return false
}

// canonical returns the array's default and entries in a form that is equal
// for extensionally equal arrays. Over a large index domain the stored form
// is canonical: the default holds at more than half of the indices, so no
// other representation can choose another one. Over a small domain (Bool or
// a narrow bit-vector) with at least half of the indices written, the same
// array has several representations ([d; 0=x] and [x; 1=d] over one bit), so
// the array is tabulated: the default is then the value held by more than
// half of the indices, or else the value at the least index.
func (a *ArrayValue) canonical() (def Value, index, elem []Value) {
	if len(a.Index) == 0 {
		return a.Default, a.Index, a.Elem
	}
	all := smallDomain(a.Index[0], 2*len(a.Index))
	if all == nil {
		return a.Default, a.Index, a.Elem
	}
	vals := make([]Value, len(all))
	count := map[string]int{}
	def = a.Select(all[0])
	for p, i := range all {
		vals[p] = a.Select(i)
		k := vals[p].Key()
		if count[k]++; 2*count[k] > len(all) {
			def = vals[p]
		}
	}
	for p := range all {
		if !vals[p].Equal(def) {
			index = append(index, all[p])
			elem = append(elem, vals[p])
		}
	}
	return def, index, elem
}

// smallDomain returns every value of i's sort, least first, when there are
// at most n of them (and i is a Bool or a bit-vector), and nil otherwise.
func smallDomain(i Value, n int) []Value {
	switch i.Kind {
	case ValBool:
		if n >= 2 {
			return []Value{BoolValue(false), BoolValue(true)}
		}
	case ValBV:
		w := i.BV.Width()
		if w < 31 && 1<<w <= n {
			out := make([]Value, 0, 1<<w)
			for x := uint64(0); x < 1<<w; x++ {
				out = append(out, Value{Kind: ValBV, Sort: i.Sort, BV: bv.New(w, x)})
			}
			return out
		}
	case ValRoundingMode:
		if n >= int(fp.NumRoundingModes) {
			out := make([]Value, fp.NumRoundingModes)
			for r := range out {
				out[r] = Value{Kind: ValRoundingMode, Sort: i.Sort, Elem: r}
			}
			return out
		}
	case ValFloat:
		w := i.BV.Width()
		if w < 31 && 1<<w <= n {
			f := i.Float().Format()
			out := make([]Value, 0, 1<<w)
			for x := uint64(0); x < 1<<w; x++ {
				if v := fp.FromBits(f, bv.New(w, x)); v.Bits().Equal(bv.New(w, x)) {
					out = append(out, Value{Kind: ValFloat, Sort: i.Sort, BV: v.Bits(), Elem: i.Elem})
				}
			}
			return out
		}
	}
	return nil
}

// Select reads the array at index i.
func (a *ArrayValue) Select(i Value) Value {
	if p := a.indexOf(i); p >= 0 {
		return a.Elem[p]
	}
	return a.Default
}

// linearScan is the number of entries up to which indexOf compares indices
// one by one: model arrays (a string's bytes, say) are small, and comparing
// bit-vectors is cheaper than building the string keys of a map.
const linearScan = 16

// indexOf returns the position of index i among a's entries, or -1.
func (a *ArrayValue) indexOf(i Value) int {
	if len(a.Index) <= linearScan {
		for p := range a.Index {
			if a.Index[p].Equal(i) {
				return p
			}
		}
		return -1
	}
	a.buildPos()
	if p, ok := a.pos[i.Key()]; ok {
		return p
	}
	return -1
}

func (a *ArrayValue) buildPos() {
	if a.pos != nil {
		return
	}
	a.pos = make(map[string]int, len(a.Index))
	for p, i := range a.Index {
		a.pos[i.Key()] = p
	}
}

// Store returns a new array equal to a except at index i.
func (a *ArrayValue) Store(i, e Value) *ArrayValue {
	at := a.indexOf(i)
	n := &ArrayValue{Default: a.Default}
	n.Index = make([]Value, 0, len(a.Index)+1)
	n.Elem = make([]Value, 0, len(a.Index)+1)
	for p := range a.Index {
		if p == at {
			continue
		}
		n.Index = append(n.Index, a.Index[p])
		n.Elem = append(n.Elem, a.Elem[p])
	}
	if !e.Equal(a.Default) {
		n.Index = append(n.Index, i)
		n.Elem = append(n.Elem, e)
	}
	return n
}

// Apply evaluates the function table on args.
func (f *FunValue) Apply(args []Value) Value {
	v, err := f.Eval(args)
	if err != nil {
		return f.Default
	}
	return v
}

// Eval is the value at args: the first row that matches, else the body's
// value at args (a lambda), else the default.
func (f *FunValue) Eval(args []Value) (Value, error) {
next:
	for r, row := range f.Args {
		for i := range row {
			if !row[i].Equal(args[i]) {
				continue next
			}
		}
		return f.Results[r], nil
	}
	if f.IsLambda() {
		e := NewEvaluator(f.st, NewModel())
		e.bound = make(map[Term]Value, len(f.Params))
		for i, p := range f.Params {
			e.bound[p] = args[i]
		}
		return e.Eval(f.Body)
	}
	return f.Default, nil
}

// DefaultValue returns the value a model gives a symbol it does not mention:
// false, zero, the constant array of the element default, or the constant
// function.
func (st *Store) DefaultValue(s Sort) Value {
	switch st.Kind(s) {
	case KindBool:
		return BoolValue(false)
	case KindBitVec:
		return st.BVValue(bv.Zero(st.Width(s)))
	case KindArray:
		return NewArrayValue(s, st.DefaultValue(st.ElemSort(s)))
	case KindFun:
		return Value{Kind: ValFun, Sort: s, Fun: &FunValue{Default: st.DefaultValue(st.Range(s))}}
	case KindUninterpreted:
		return Value{Kind: ValUninterpreted, Sort: s}
	case KindFloatingPoint:
		return st.FloatValue(fp.Zero(st.FloatFormat(s), false))
	case KindRoundingMode:
		return st.RoundingModeValue(fp.RNE)
	}
	return Value{}
}
