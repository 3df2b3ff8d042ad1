package symex

import (
	"go/types"

	"github.com/sift-solver/sift/term"
)

// A Value is what an SSA value holds during execution. Scalars (integers,
// bools, bytes, runes) are terms of sort BitVec(w) or Bool; composite values
// are the types below. Values are immutable once built.
type Value interface{}

// Struct is a struct value (and a tuple of results), one Value per field.
type Struct []Value

// ArrayVal is a Go array [Len]T. Its elements are lifted (an SMT array from
// 64-bit indices to the element sort per scalar leaf) when T is made of
// scalars, and a Vec otherwise: see memory.go.
type ArrayVal struct {
	Elems Value // lifted: see memory.go
	Len   int
}

// Backing is the contents of a slice's backing array, lifted or a Vec like
// ArrayVal's. Its extent is the capacity of the slices into it.
type Backing struct {
	Elems Value // lifted: see memory.go
}

// Vec holds the elements of an array or backing whose element type is not
// made of scalars alone (strings, slices, pointers, interfaces, maps, structs
// holding them): one Value per element. It is read and written at concrete
// indices only; a symbolic index is made concrete by forking
// (concreteIndex), so a Vec never needs a conditional value.
type Vec []Value

// SliceVal is a slice header. Obj 0 is the nil slice. The slice is into
// the array at path At in object Obj. Off, Len and Cap are
// 64-bit terms; Max is a concrete bound on Cap (seed 000's capacity), which
// bounded loops over the contents rely on. Data is the index of the
// element the slice's data pointer denotes where it may differ from Off:
// Go does not advance the pointer of a slice expression whose result has
// no capacity, so it points where its operand did (NoTerm: at Off).
type SliceVal struct {
	Obj           int
	At            []PathStep // from Obj to the array, when the array is inside Obj (a struct field); empty for a backing
	Off, Len, Cap term.Term
	Data          term.Term
	Max           int
	elemsInit     Value // an input's contents until a state allocates them (Obj -1)
}

// dataIndex is the index of the element x's data pointer denotes.
func (x SliceVal) dataIndex() term.Term {
	if x.Data != term.NoTerm {
		return x.Data
	}
	return x.Off
}

// StringVal is a string: bytes Bytes[Off : Off+Len], with Len <= Max.
type StringVal struct {
	Bytes, Off, Len term.Term
	Max             int
}

// PathStep is one step from an object to the location a pointer denotes: a
// struct field (Field >= 0) or an array element (Index, when Field < 0).
type PathStep struct {
	Field int
	Index term.Term
}

// PtrVal points into object Obj along Path. Obj 0 is nil.
type PtrVal struct {
	Obj  int
	Path []PathStep
}

// FuncVal is a function value: a function and the free variables of a closure.
type FuncVal struct {
	Fn       interface{} // *ssa.Function
	Bindings []Value
}

// IfaceVal is an interface value: a dynamic type (nil for a nil interface)
// and the value it holds.
type IfaceVal struct {
	T types.Type
	V Value
}

// Opaque is a value the executor does not know (a global whose initializer
// it could not run). Using it for anything but copying it ends the path as
// unsupported.
type Opaque struct {
	What string
}
