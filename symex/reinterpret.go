package symex

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// Reinterpreted memory: unsafe code reads the memory of a value of one
// type as another of the same machine words. A string's memory is two
// words (data pointer, length), a slice's three (data pointer, length,
// capacity), a struct's the words of its fields in order, an array's
// those of its elements, an interface's two (type and data, read only:
// ifaceWords), a pointer or a 64-bit integer one. So *(*string)(unsafe.Pointer(&b)) reads a []byte's
// first two words as a string, and (*reflect.SliceHeader)(unsafe.Pointer(&b))
// reads them as a struct of integers.
//
// Memory keeps the representation of its last store. A store into a field
// of a string or slice through a header type (sh.Len = n) leaves the
// header's words there, as a Struct (update); a typed load (*p) of a
// string or slice rebuilds it from whatever words its location holds
// (loadAs). A data word is what the header's pointer denotes: a PtrVal
// into an array, or the StringVal whose bytes a string's data pointer
// addresses. Types with words of other sizes (int32 fields, bools, floats
// without a model of their bits) have no layout here: their use ends the
// path as unsupported.

// A word is one machine word of a value's memory. max bounds a length
// word that came from a header (0 when unknown: the bound is checked on
// use).
type word struct {
	v   Value
	max int
}

// wordsOf lays v out as machine words.
func (e *Executor) wordsOf(v Value) ([]word, error) {
	switch x := v.(type) {
	case StringVal:
		return []word{{v: x}, {v: x.Len, max: x.Max}}, nil
	case SliceVal:
		var data Value = PtrVal{}
		if x.Obj != 0 {
			data = PtrVal{Obj: x.Obj, Path: appendPath(x.At, PathStep{Field: -1, Index: x.dataIndex()})}
		}
		return []word{{v: data}, {v: x.Len, max: x.Max}, {v: x.Cap, max: x.Max}}, nil
	case Struct:
		var out []word
		for _, f := range x {
			ws, err := e.wordsOf(f)
			if err != nil {
				return nil, err
			}
			out = append(out, ws...)
		}
		return out, nil
	case PtrVal:
		return []word{{v: x}}, nil
	case term.Term:
		srt := e.st.SortOf(x)
		if e.st.IsBitVec(srt) && e.st.Width(srt) == 64 {
			return []word{{v: x}}, nil
		}
		return nil, fmt.Errorf("the layout of a %s value in memory is not modelled", e.st.SortString(srt))
	case IfaceVal:
		return e.ifaceWords(x)
	case Opaque:
		return nil, fmt.Errorf("use of %s", x.What)
	}
	return nil, fmt.Errorf("the memory of a %T is not modelled", v)
}

// ifaceWords are an interface's two words, as the runtime lays out an
// empty interface: its type (the type's reflect token, typeToken, so that
// interfaces of one type have equal type words) and its data, the value
// itself when it is pointer-shaped (a pointer, or the token a
// reflect.Type holds as its *rtype: go-toml's danger.MakeTypeID keys a
// cache by it). A value of any other type is boxed by the runtime, a
// pointer to a copy that is not modelled: an Opaque, which ends a path
// that uses it.
func (e *Executor) ifaceWords(x IfaceVal) ([]word, error) {
	if x.T == nil {
		return []word{{v: PtrVal{}}, {v: PtrVal{}}}, nil
	}
	switch v := x.V.(type) {
	case PtrVal:
		return []word{{v: e.typeToken(x.T)}, {v: v}}, nil
	case term.Term:
		if _, ok := x.T.Underlying().(*types.Pointer); ok {
			return []word{{v: e.typeToken(x.T)}, {v: v}}, nil
		}
	}
	// Boxed: the type word is exact (protoreflect's typeOf reads only it).
	return []word{{v: e.typeToken(x.T)}, {v: Opaque{What: "the data word of an interface holding a " + x.T.String() + " (boxed)"}}}, nil
}

// wordCount is the number of machine words of a value of type t, false
// when t has no word layout here.
func wordCount(t types.Type) (int, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return 2, true
		case u.Kind() == types.UnsafePointer:
			return 1, true
		case u.Info()&types.IsInteger != 0 && wordSized(u):
			return 1, true
		}
	case *types.Pointer:
		return 1, true
	case *types.Slice:
		return 3, true
	case *types.Array:
		k, ok := wordCount(u.Elem())
		return k * int(u.Len()), ok
	case *types.Struct:
		n := 0
		for i := 0; i < u.NumFields(); i++ {
			k, ok := wordCount(u.Field(i).Type())
			if !ok {
				return 0, false
			}
			n += k
		}
		return n, true
	}
	return 0, false
}

// wordFields reports whether t is a struct or an array of one-word
// fields or elements, so that field or element i is word i.
func wordFields(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if n, ok := wordCount(u.Field(i).Type()); !ok || n != 1 {
				return false
			}
		}
		return true
	case *types.Array:
		n, ok := wordCount(u.Elem())
		return ok && n == 1
	}
	return false
}

// wordSized reports whether a basic integer type is 64 bits wide.
func wordSized(b *types.Basic) bool {
	switch b.Kind() {
	case types.Int, types.Uint, types.Int64, types.Uint64, types.Uintptr:
		return true
	}
	return false
}

// reinterpretable says why v's memory cannot be read as a t, nil when it
// can: both have word layouts and t's words are within v's.
func (e *Executor) reinterpretable(v Value, t types.Type) error {
	n, ok := wordCount(t)
	if !ok {
		return fmt.Errorf("the memory does not hold a %s, and reading it as one is not modelled", t)
	}
	ws, err := e.wordsOf(v)
	if err != nil {
		return fmt.Errorf("the memory does not hold a %s: %v", t, err)
	}
	if len(ws) < n {
		return fmt.Errorf("a %s is larger than the memory (%d words, not %d)", t, len(ws), n)
	}
	return nil
}

// misfit reports, cheaply, whether a loaded value is not in t's
// representation and must be rebuilt from its words: a string or slice
// location holding another header, or (once a header store has left words
// in memory) a struct holding one.
func (e *Executor) misfit(v Value, t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			_, ok := v.(StringVal)
			return !ok
		}
	case *types.Slice:
		_, ok := v.(SliceVal)
		return !ok
	case *types.Struct:
		switch x := v.(type) {
		case StringVal, SliceVal:
			return true
		case Struct:
			if !e.headerWords {
				return false
			}
			if len(x) != u.NumFields() {
				return true
			}
			for i := range x {
				if e.misfit(x[i], u.Field(i).Type()) {
					return true
				}
			}
		}
	}
	return false
}

// loadAs is a typed load's value: v, or v's words read as a t when v is
// not in t's representation.
func (e *Executor) loadAs(s *State, in ssa.Instruction, v Value, t types.Type) (Value, error) {
	if !e.misfit(v, t) {
		return v, nil
	}
	if _, ok := v.(Opaque); ok {
		return v, nil
	}
	if err := e.reinterpretable(v, t); err != nil {
		return nil, e.unsup(in, "reading memory as %s: %v", t, err)
	}
	ws, _ := e.wordsOf(v)
	out, _, err := e.fromWords(s, in, ws, t)
	return out, err
}

// fromWords builds a value of type t from the first words of ws and
// returns the rest.
func (e *Executor) fromWords(s *State, in ssa.Instruction, ws []word, t types.Type) (Value, []word, error) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			v, err := e.stringOfWords(s, in, ws[0], ws[1])
			return v, ws[2:], err
		case u.Kind() == types.Uintptr:
			// A uintptr field of a header holds the data pointer itself;
			// arithmetic on it is dataWordOp's and ptrWordOp's.
			return ws[0].v, ws[1:], nil
		case u.Kind() == types.UnsafePointer:
			p, err := e.ptrOfWord(in, ws[0])
			return p, ws[1:], err
		default:
			x, ok := ws[0].v.(term.Term)
			if !ok {
				return nil, nil, e.unsup(in, "a pointer read as %s", t)
			}
			return x, ws[1:], nil
		}
	case *types.Pointer:
		p, err := e.ptrOfWord(in, ws[0])
		return p, ws[1:], err
	case *types.Slice:
		v, err := e.sliceOfWords(s, in, ws[0], ws[1], ws[2])
		return v, ws[3:], err
	case *types.Struct:
		out := make(Struct, u.NumFields())
		for i := range out {
			var err error
			if out[i], ws, err = e.fromWords(s, in, ws, u.Field(i).Type()); err != nil {
				return nil, nil, err
			}
		}
		return out, ws, nil
	}
	return nil, nil, e.unsup(in, "reading memory as %s is not modelled", t)
}

// isNilWord reports whether w is a nil pointer or the integer 0.
func (e *Executor) isNilWord(w word) bool {
	switch x := w.v.(type) {
	case PtrVal:
		return x.Obj == 0
	case term.Term:
		n, ok := e.constInt(x)
		return ok && n == 0
	}
	return false
}

func (e *Executor) ptrOfWord(in ssa.Instruction, w word) (PtrVal, error) {
	if e.isNilWord(w) {
		return PtrVal{}, nil
	}
	p, ok := w.v.(PtrVal)
	if !ok {
		return PtrVal{}, e.unsup(in, "a pointer made of a %T word (uintptr arithmetic or string data) is not modelled", w.v)
	}
	return p, nil
}

// lengthWord is a length word as a 64-bit term.
func (e *Executor) lengthWord(in ssa.Instruction, w word) (term.Term, error) {
	x, ok := w.v.(term.Term)
	if !ok {
		return 0, e.unsup(in, "a pointer read as a length")
	}
	return x, nil
}

// stringOfWords is the string of data word d and length word n.
func (e *Executor) stringOfWords(s *State, in ssa.Instruction, d, nw word) (Value, error) {
	n, err := e.lengthWord(in, nw)
	if err != nil {
		return nil, err
	}
	switch x := d.v.(type) {
	case StringVal:
		if err := e.headerHolds(s, in, e.ule(n, x.Len), "a string header whose length is beyond its data"); err != nil {
			return nil, err
		}
		return StringVal{Bytes: x.Bytes, Off: x.Off, Len: n, Max: x.Max}, nil
	case PtrVal:
		if x.Obj != 0 {
			mx, err := e.wordBound(s, in, nw, n)
			if err != nil {
				return nil, err
			}
			return e.stringAt(s, in, x, n, mx)
		}
	}
	if !e.isNilWord(d) {
		return nil, e.unsup(in, "string data from an integer is not modelled")
	}
	if err := e.headerHolds(s, in, e.st.Eq(n, e.idx(0)), "a string header with nil data and a length"); err != nil {
		return nil, err
	}
	return e.constString(""), nil
}

// sliceOfWords is the slice of data word d, length n and capacity c.
func (e *Executor) sliceOfWords(s *State, in ssa.Instruction, d, nw, cw word) (Value, error) {
	n, err := e.lengthWord(in, nw)
	if err != nil {
		return nil, err
	}
	c, err := e.lengthWord(in, cw)
	if err != nil {
		return nil, err
	}
	if err := e.headerHolds(s, in, e.ule(n, c), "a slice header whose length exceeds its capacity"); err != nil {
		return nil, err
	}
	switch x := d.v.(type) {
	case StringVal:
		// A string's bytes as a slice: the capacity must stay within them.
		if err := e.headerHolds(s, in, e.ule(c, x.Len), "a slice header whose capacity is beyond the string data it points to"); err != nil {
			return nil, err
		}
		p, err := e.stringBytes(s, x)
		if err != nil {
			return nil, err
		}
		return e.sliceAt(in, p, n, c, x.Max)
	case PtrVal:
		if x.Obj != 0 {
			mx, err := e.wordBound(s, in, cw, c)
			if err != nil {
				return nil, err
			}
			return e.sliceAt(in, x, n, c, mx)
		}
	}
	if !e.isNilWord(d) {
		return nil, e.unsup(in, "slice data from an integer is not modelled")
	}
	if err := e.headerHolds(s, in, e.st.Eq(c, e.idx(0)), "a slice header with nil data and a capacity"); err != nil {
		return nil, err
	}
	z := e.idx(0)
	return SliceVal{Off: z, Len: z, Cap: z}, nil
}

// headerStruct is what walk and update step into for a field of a string
// or a slice read through a header type: its words as a Struct.
func (e *Executor) headerStruct(v Value) (Struct, bool) {
	switch v.(type) {
	case StringVal, SliceVal:
	default:
		return nil, false
	}
	ws, _ := e.wordsOf(v)
	out := make(Struct, len(ws))
	for i, w := range ws {
		out[i] = w.v
	}
	return out, true
}

// overHeader is the value a store of v leaves where old was. A string or
// a slice stored where memory holds the words of something else (through
// unsafe) replaces the first words only: *(*string)(unsafe.Pointer(&b)) = s
// sets b's data and length and keeps its capacity.
func (e *Executor) overHeader(old, v Value) (Value, error) {
	switch v.(type) {
	case StringVal, SliceVal:
	default:
		return v, nil
	}
	switch old.(type) {
	case StringVal, SliceVal, Struct:
	default:
		return v, nil
	}
	if _, same := old.(StringVal); same {
		if _, ok := v.(StringVal); ok {
			return v, nil
		}
	}
	if _, same := old.(SliceVal); same {
		if _, ok := v.(SliceVal); ok {
			return v, nil
		}
	}
	ws, err := e.wordsOf(old)
	if err != nil {
		return nil, fmt.Errorf("a %T stored over memory whose layout is not modelled: %v", v, err)
	}
	nw, _ := e.wordsOf(v)
	if len(nw) > len(ws) {
		return nil, fmt.Errorf("a %T stored over %d words of memory writes past them", v, len(ws))
	}
	if len(nw) == len(ws) {
		return v, nil
	}
	e.headerWords = true
	out := make(Struct, len(ws))
	for i, w := range ws {
		out[i] = w.v
	}
	for i, w := range nw {
		out[i] = w.v
	}
	return out, nil
}

// headerHolds ends the path as unsupported (why) where c, a condition a
// header must meet for its value to be modelled, is false.
func (e *Executor) headerHolds(s *State, in ssa.Instruction, c term.Term, why string) error {
	ok, err := e.branch(s, c)
	if err == nil && !ok {
		err = e.unsup(in, "%s", why)
	}
	return err
}

// wordBound is the bound of length word w, whose value is n: the bound of
// the header it came from, or capBound's.
func (e *Executor) wordBound(s *State, in ssa.Instruction, w word, n term.Term) (int, error) {
	if w.max > 0 {
		return w.max, nil
	}
	return e.capBound(s, in, n)
}

// dataWordOp is a binary operator on the data word of a string read
// through a header (reflect.StringHeader.Data, a uintptr): the address of
// the string's bytes, not its contents. Two nonempty strings whose bytes
// lie in the same input string's memory have addresses that differ by
// their offsets, so ==, <, - and the like are those of the offsets (an
// empty substring's address is not its offset: Go's slicing leaves it at
// the base when nothing follows). Addresses of other strings (distinct
// inputs a caller may pass the same string as, conversions, literals) are
// not modelled.
func (e *Executor) dataWordOp(s *State, in *ssa.BinOp, xv, yv Value) (Value, error) {
	x, ok1 := xv.(StringVal)
	if t, ok := yv.(term.Term); ok1 && ok && e.isNilWord(word{v: t}) && (in.Op == token.EQL || in.Op == token.NEQ) {
		// hdr.Data == 0: a nonempty string's bytes are never at nil.
		if err := e.headerHolds(s, in, e.st.Not(e.st.Eq(x.Len, e.idx(0))), "the data pointer of an empty string"); err != nil {
			return nil, err
		}
		return e.negIf(in, e.st.False()), nil
	}
	y, ok2 := yv.(StringVal)
	if !ok1 || !ok2 || x.Bytes != y.Bytes || !e.stringInputs[x.Bytes] {
		return nil, e.unsup(in, "%s on the data pointer of a string (other than two of the same input's) is not modelled", in.Op)
	}
	both := e.st.And(e.st.Not(e.st.Eq(x.Len, e.idx(0))), e.st.Not(e.st.Eq(y.Len, e.idx(0))))
	if err := e.headerHolds(s, in, both, "the data pointer of an empty string"); err != nil {
		return nil, err
	}
	switch in.Op {
	case token.SUB, token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
		// uintptr operators on the offsets (a sum of addresses is none)
		return binop(e.st, in.Op, in.X.Type(), x.Off, y.Off)
	}
	return nil, e.unsup(in, "%s on the data pointers of strings is not modelled", in.Op)
}

// isUintptr reports whether t's underlying type is uintptr.
func isUintptr(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uintptr
}

// isStringType reports whether t's underlying type is a string type.
func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// ptrWordOp is a comparison or a difference of two data words that are
// pointers (a slice header's Data, a uintptr): two elements of the same
// array are ordered by their indices, and their difference in bytes is
// that of the indices times the element's size, known here for arrays of
// one lifted scalar. Pointers into different objects differ and have no
// order the executor knows. A slice's data word is its data index
// (SliceVal.Data), so a slice with no capacity points where its operand
// did.
func (e *Executor) ptrWordOp(s *State, in *ssa.BinOp, x, y PtrVal) (Value, error) {
	n := len(x.Path)
	eq := in.Op == token.EQL || in.Op == token.NEQ
	if x.Obj != y.Obj && eq {
		return e.negIf(in, e.st.False()), nil
	}
	if x.Obj == 0 || x.Obj != y.Obj || n == 0 || len(y.Path) != n || x.Path[n-1].Field >= 0 || y.Path[n-1].Field >= 0 {
		return nil, e.unsup(in, "%s on data pointers not into the same array is not modelled", in.Op)
	}
	same, err := e.pathsEqual(x.Path[:n-1], y.Path[:n-1])
	if err != nil {
		return nil, err
	}
	if err := e.headerHolds(s, in, same, fmt.Sprintf("%s on data pointers not into the same array is not modelled", in.Op)); err != nil {
		return nil, err
	}
	i, j := x.Path[n-1].Index, y.Path[n-1].Index
	switch in.Op {
	case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
		return binop(e.st, in.Op, types.Typ[types.Uint64], i, j)
	case token.SUB:
		size, err := e.elemBytes(s, PtrVal{Obj: x.Obj, Path: x.Path[:n-1]})
		if err != nil {
			return nil, e.unsup(in, "- on data pointers: %v", err)
		}
		return e.mk(term.OpBVMul, e.sub(i, j), e.idx(size)), nil
	}
	return nil, e.unsup(in, "%s on data pointers is not modelled", in.Op)
}

// elemBytes is the size of the elements of the array (or backing) p
// denotes, for an array of one lifted scalar.
func (e *Executor) elemBytes(s *State, p PtrVal) (int, error) {
	v, err := e.load(s, p)
	if err != nil {
		return 0, err
	}
	el, _ := elemsOf(v)
	t, ok := el.(term.Term)
	if !ok || !e.st.IsArray(e.st.SortOf(t)) {
		return 0, fmt.Errorf("the elements' size is not known")
	}
	w := e.st.Width(e.st.ElemSort(e.st.SortOf(t)))
	if w == 0 || w%8 != 0 {
		return 0, fmt.Errorf("elements of %d bits", w)
	}
	return int(w / 8), nil
}
