package symex

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Reader inputs. A parameter of one of the standard library's reader types
// (or of an interface with a Read… method that *bytes.Reader implements,
// such as io.Reader, io.ByteReader or io.RuneReader) is the value its constructor returns
// over a symbolic byte slice or string: the executor then runs the real
// methods of the type. The value is built field by field as the
// constructor builds it (bytes.NewReader(b) is &Reader{s: b, prevRune: -1});
// a field the type no longer has is an error, not a wrong value.

// readerKind says which reader a parameter type is.
type readerKind uint8

const (
	notReader     readerKind = iota
	bytesReader              // *bytes.Reader: bytes.NewReader(b)
	stringsReader            // *strings.Reader: strings.NewReader(s)
	bytesBuffer              // *bytes.Buffer: bytes.NewBuffer(b)
	bufioReader              // *bufio.Reader: bufio.NewReader(bytes.NewReader(b))
	ifaceReader              // an interface *bytes.Reader implements: bytes.NewReader(b)
)

// bufioDefaultSize is bufio's defaultBufSize, the buffer bufio.NewReader makes.
const bufioDefaultSize = 4096

// readerKindOf is the reader kind of t in prog (nil prog: the named
// reader types only).
func readerKindOf(t types.Type, prog *ssa.Program) readerKind {
	if _, ok := t.Underlying().(*types.Interface); ok {
		br := bytesReaderType(prog)
		if it := t.Underlying().(*types.Interface); br != nil && hasMethodPrefix(it, "Read") && types.Implements(br, it) {
			return ifaceReader
		}
		return notReader
	}
	p, ok := t.(*types.Pointer)
	if !ok {
		return notReader
	}
	n, ok := p.Elem().(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return notReader
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "bytes.Reader":
		return bytesReader
	case "strings.Reader":
		return stringsReader
	case "bytes.Buffer":
		return bytesBuffer
	case "bufio.Reader":
		return bufioReader
	}
	return notReader
}

// builtReaderKind is the reader kind of t, an input's type: an interface
// input is always a reader (symbolic builds no other).
func builtReaderKind(t types.Type) readerKind {
	if _, ok := t.Underlying().(*types.Interface); ok {
		return ifaceReader
	}
	return readerKindOf(t, nil)
}

// Sink is the concrete value (InputValue.V) of an input that holds no
// symbolic data. A writer (Dest false): an interface parameter only a
// writer satisfies (io.Writer, say) is a new, empty *bytes.Buffer, which
// the function writes to; what it writes is not symbolic, and no input.
// A destination (Dest true): an empty-interface parameter (any,
// interface{}) is new(any), a pointer to a nil interface, what a caller of
// an Unmarshal- or Decode-style function passes when the data is to decide
// what is stored (json.Unmarshal(data, &v) with var v any). It is one
// fixed value per shape (Shape, inputs_dest.go: new(any), or a pointer
// to a zero struct of the basic kinds for a parameter).
type Sink struct {
	Dest  bool
	Shape int
}

// sinkInput is a writer or destination parameter: v is its value, an
// interface holding the new buffer or the *any.
type sinkInput struct {
	v    Value
	kind Sink
}

// sinkValue is the fixed input of interface type t: a new *bytes.Buffer
// when t writes and *bytes.Buffer implements it, new(any) when t is the
// empty interface; false for any other t (or a prog without package bytes,
// for writers).
func (e *Executor) sinkValue(t types.Type) (sinkInput, bool, error) {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return sinkInput{}, false, nil
	}
	if it.Empty() {
		v, err := e.destValue(destAny)
		return v, true, err
	}
	buf := namedPointer(e.prog.Prog, "bytes", "Buffer")
	if buf == nil || !hasMethodPrefix(it, "Write") || !types.Implements(buf, it) {
		return sinkInput{}, false, nil
	}
	v, err := e.pointerToFields(buf, nil)
	return sinkInput{v: IfaceVal{T: buf, V: v}}, true, err
}

// hasMethodPrefix reports whether it has a method named prefix…: a reader
// input is built for an interface that reads (not for fmt.Stringer, which
// *bytes.Buffer has too), a writer input for one that writes.
func hasMethodPrefix(it *types.Interface, prefix string) bool {
	for i := 0; i < it.NumMethods(); i++ {
		if strings.HasPrefix(it.Method(i).Name(), prefix) {
			return true
		}
	}
	return false
}

// sinkLiteral is Go source of a writer's or destination's value.
func sinkLiteral(k Sink, q types.Qualifier) string {
	if k.Dest {
		return destLiteral(k.Shape)
	}
	name := "bytes"
	if q != nil {
		name = q(types.NewPackage("bytes", "bytes"))
	}
	return "new(" + name + ".Buffer)"
}

// bytesReaderType is *bytes.Reader in prog, nil when prog lacks package bytes.
func bytesReaderType(prog *ssa.Program) types.Type {
	return namedPointer(prog, "bytes", "Reader")
}

// namedPointer is *path.name in prog, nil when prog lacks it.
func namedPointer(prog *ssa.Program, path, name string) types.Type {
	if prog == nil {
		return nil
	}
	pkg := prog.ImportedPackage(path)
	if pkg == nil {
		return nil
	}
	m := pkg.Type(name)
	if m == nil {
		return nil
	}
	return types.NewPointer(m.Type())
}

// dataType is the type of what a reader of kind k reads: string for a
// strings.Reader, []byte for the others.
func (k readerKind) dataType() types.Type {
	if k == stringsReader {
		return types.Typ[types.String]
	}
	return types.NewSlice(types.Typ[types.Byte])
}

// readerInput is a reader parameter: data is its symbolic contents (a
// StringVal or a SliceVal), v the reader value over it, built by readerValue.
type readerInput struct {
	kind readerKind
	data Value
	v    Value
}

// readerValue builds the value of reader type t, of kind k, over data (a
// string or byte slice value, symbolic or concrete).
func (e *Executor) readerValue(t types.Type, k readerKind, data Value) (Value, error) {
	prog := e.prog.Prog
	switch k {
	case ifaceReader:
		br := bytesReaderType(prog)
		v, err := e.readerValue(br, bytesReader, data)
		if err != nil {
			return nil, err
		}
		return IfaceVal{T: br, V: v}, nil
	case bytesReader, stringsReader:
		return e.pointerToFields(t, map[string]Value{"s": data, "prevRune": e.st.ConstUint64(64, ^uint64(0))})
	case bytesBuffer:
		return e.pointerToFields(t, map[string]Value{"buf": data})
	case bufioReader:
		br := bytesReaderType(prog)
		if br == nil {
			return nil, fmt.Errorf("a *bufio.Reader input needs package bytes in the program")
		}
		rd, err := e.readerValue(br, bytesReader, data)
		if err != nil {
			return nil, err
		}
		buf, err := e.liftedZero(types.Typ[types.Byte], bufioDefaultSize)
		if err != nil {
			return nil, err
		}
		n := e.idx(bufioDefaultSize)
		minus1 := e.st.ConstUint64(64, ^uint64(0))
		return e.pointerToFields(t, map[string]Value{
			"buf": SliceVal{Obj: -1, Off: e.idx(0), Len: n, Cap: n, Max: bufioDefaultSize, elemsInit: buf},
			"rd":  IfaceVal{T: br, V: rd}, "lastByte": minus1, "lastRuneSize": minus1,
		})
	}
	return nil, fmt.Errorf("%s is not a reader", t)
}

// pointerToFields is a pointer (of type t) to a new struct whose named
// fields hold the given values and the others their zero values.
func (e *Executor) pointerToFields(t types.Type, fields map[string]Value) (Value, error) {
	st, ok := t.(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return nil, fmt.Errorf("%s does not point to a struct", t)
	}
	z, err := e.zero(st)
	if err != nil {
		return nil, err
	}
	v := z.(Struct)
	found := 0
	for i := 0; i < st.NumFields(); i++ {
		if x, ok := fields[st.Field(i).Name()]; ok {
			v[i] = x
			found++
		}
	}
	if found != len(fields) {
		return nil, fmt.Errorf("%s: fields %v not all found (a Go version the executor does not know)", t, fields)
	}
	return ptrInput{elem: v}, nil
}

// readerLiteral is Go source building the reader of type t, of kind k, over
// data (a string, or a []byte as []any of uint64).
func readerLiteral(t types.Type, k readerKind, data any, q types.Qualifier) string {
	var quoted string
	switch d := data.(type) {
	case string:
		quoted = strconv.Quote(d)
	case []any:
		quoted = "[]byte(" + strconv.Quote(bytesOf(d)) + ")"
	}
	return readerExpr(k, quoted, q)
}

// readerExpr is Go source building a reader of kind k over the Go
// expression data (of k's dataType).
func readerExpr(k readerKind, data string, q types.Qualifier) string {
	pkgOf := func(path string) string {
		if q == nil {
			return path
		}
		return q(types.NewPackage(path, path))
	}
	bytesNew := pkgOf("bytes") + ".NewReader(" + data + ")"
	switch k {
	case stringsReader:
		return pkgOf("strings") + ".NewReader(" + data + ")"
	case bytesBuffer:
		return pkgOf("bytes") + ".NewBuffer(" + data + ")"
	case bufioReader:
		return pkgOf("bufio") + ".NewReader(" + bytesNew + ")"
	}
	return bytesNew
}

// bytesOf is a concrete byte slice (as readValue reads it) as a string.
func bytesOf(xs []any) string {
	b := make([]byte, len(xs))
	for i, x := range xs {
		b[i] = byte(x.(uint64))
	}
	return string(b)
}
