// Package unsafecases holds the zero-copy conversions of fast parsers,
// each guarding a panic that only a faithful model of the conversion
// reaches. The want lines are the expectations of symex's TestWantCases:
// "want: panic MSG" (a panic with MSG is found, and the generated test
// reproduces it), "want: unsupported MSG" (some path ends unsupported with
// MSG), and without an unsupported want no path may end unsupported.
package unsafecases

import (
	"reflect"
	"strings"
	"unsafe"
)

// B2S is the zero-copy conversion of fasthttp and many JSON libraries.
func B2S(b []byte) string { return *(*string)(unsafe.Pointer(&b)) }

// ViewKey panics when the bytes, read as a string, are "ok".
//
// max-len: 3
// want: panic b2s
func ViewKey(b []byte) int {
	if B2S(b) == "ok" {
		panic("b2s")
	}
	return len(b)
}

// ViewAlias writes to the bytes after the string was made of them: in Go
// the string sees the write. The paths where the write changes the string
// end unsupported; the one where the byte already was 'z' panics.
//
// max-len: 2
// want: panic alias
// want: unsupported the string would change
func ViewAlias(b []byte) int {
	s := B2S(b)
	if len(b) == 0 {
		return 0
	}
	b[0] = 'z'
	if s[0] == 'z' {
		panic("alias")
	}
	return 1
}

// S2BHeader is the old reflect.SliceHeader conversion of a string.
func S2BHeader(s string) (b []byte) {
	bh := (*reflect.SliceHeader)(unsafe.Pointer(&b))
	sh := (*reflect.StringHeader)(unsafe.Pointer(&s))
	bh.Data = sh.Data
	bh.Cap = sh.Len
	bh.Len = sh.Len
	return b
}

// HeaderBytes panics when the bytes of s, through slice headers, end in '!'.
//
// max-len: 3
// want: panic header
func HeaderBytes(s string) int {
	b := S2BHeader(s)
	if len(b) == 2 && cap(b) == 2 && b[1] == '!' {
		panic("header")
	}
	return len(b)
}

// B2SHeader is the reflect.StringHeader conversion of a byte slice.
func B2SHeader(b []byte) (s string) {
	bh := (*reflect.SliceHeader)(unsafe.Pointer(&b))
	sh := (*reflect.StringHeader)(unsafe.Pointer(&s))
	sh.Data = bh.Data
	sh.Len = bh.Len
	return s
}

// HeaderString panics when the bytes, through string headers, are "hi".
//
// max-len: 3
// want: panic hi
func HeaderString(b []byte) int {
	if B2SHeader(b) == "hi" {
		panic("hi")
	}
	return 0
}

// S2BStore stores a string over a slice's header and then sets its capacity.
func S2BStore(s string) (b []byte) {
	*(*string)(unsafe.Pointer(&b)) = s
	(*reflect.SliceHeader)(unsafe.Pointer(&b)).Cap = len(s)
	return b
}

// StoreBytes panics when s, as a slice, starts with 'o' and has two bytes.
//
// max-len: 3
// want: panic store
func StoreBytes(s string) int {
	b := S2BStore(s)
	if len(b) == 2 && cap(b) == 2 && b[0] == 'o' {
		panic("store")
	}
	return 0
}

// S2BStruct reads a struct of a string and an int as a slice.
func S2BStruct(s string) []byte {
	return *(*[]byte)(unsafe.Pointer(&struct {
		string
		int
	}{s, len(s)}))
}

// StructBytes panics when the third byte is 'c'.
//
// max-len: 3
// want: panic struct
func StructBytes(s string) int {
	b := S2BStruct(s)
	if cap(b) == 3 && b[2] == 'c' {
		panic("struct")
	}
	return 0
}

// HeaderLen reads a slice's length through its header.
//
// max-len: 3
// want: panic len
func HeaderLen(b []byte) int {
	if (*reflect.SliceHeader)(unsafe.Pointer(&b)).Len == 3 {
		panic("len")
	}
	return 0
}

// BuilderGrow keeps writing to a strings.Builder after String, whose
// string shares the builder's bytes: the writes land after them.
//
// max-len: 2
// want: panic builder
func BuilderGrow(s string) int {
	var b strings.Builder
	b.Grow(8)
	b.WriteString(s)
	first := b.String()
	b.WriteString("!")
	if first == "ab" && b.String() == "ab!" {
		panic("builder")
	}
	return b.Len()
}

// StringDataWrite writes to a string's bytes through unsafe.StringData,
// which Go does not allow (a constant's bytes are read-only memory).
//
// max-len: 1
// want: unsupported a string shares
func StringDataWrite(s string) int {
	if len(s) == 0 {
		return 0
	}
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	b[0] = 'x'
	return int(b[0])
}

// UnsafeStringView makes a string of a slice's bytes with unsafe.String
// and then writes to them: only where the byte was 'q' already does the
// path go on.
//
// max-len: 2
// want: panic view
// want: unsupported the string would change
func UnsafeStringView(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	s := unsafe.String(&b[0], len(b))
	b[len(b)-1] = 'q'
	if s == "pq" {
		panic("view")
	}
	return 1
}

// StringCap reads a string's memory as a slice header, past the string's
// two words: the capacity is whatever lies there.
//
// max-len: 1
// want: unsupported larger than the memory
func StringCap(s string) int {
	return cap(*(*[]byte)(unsafe.Pointer(&s)))
}

// headerData is the address of *s's bytes, as reflect.StringHeader has it.
func headerData(s *string) uintptr { return (*reflect.StringHeader)(unsafe.Pointer(s)).Data }

// DataDistinct compares the addresses of two equal one-byte substrings at
// different offsets: they differ (before, the executor compared contents).
// max-len: 3
// want: panic distinct
func DataDistinct(s string) int {
	if len(s) >= 2 && s[0] == s[1] {
		a, b := s[0:1], s[1:2]
		if headerData(&a) != headerData(&b) {
			panic("distinct")
		}
	}
	return 0
}

// DataOffset subtracts a string's address from a substring's: the offset,
// as gjson's fillIndex computes a value's index in its input.
// max-len: 4
// want: panic offset
func DataOffset(s string) int {
	if len(s) >= 3 {
		a := s[2:]
		if headerData(&a)-headerData(&s) == 2 {
			panic("offset")
		}
	}
	return 0
}

// DataOfTwo compares the addresses of two inputs: a caller may pass the
// same string as both.
// want: unsupported on the data pointer of a string
func DataOfTwo(a, b string) bool {
	return len(a) > 0 && headerData(&a) == headerData(&b)
}

// DataNonNil checks a nonempty string's data word against nil, as gjson's
// GetBytes does.
// max-len: 2
// want: panic nonnil
func DataNonNil(s string) int {
	if len(s) > 0 && headerData(&s) != 0 {
		panic("nonnil")
	}
	return 0
}

func sliceData(b *[]byte) uintptr { return (*reflect.SliceHeader)(unsafe.Pointer(b)).Data }

// SubsliceOffset finds a subslice's offset in its slice from their data
// pointers, as go-toml's danger.SubsliceOffset does. A subslice with no
// capacity points where its operand did: b[len(b):] of a b with no room
// after its bytes (an input's, as a composite literal makes it) is at
// offset 0.
// max-len: 3
// want: panic offset 2
// want: panic end at start
func SubsliceOffset(b []byte, i int) int {
	if i < 0 || i > len(b) {
		return -1
	}
	sub := b[i:]
	if sliceData(&sub) < sliceData(&b) {
		panic("before")
	}
	off := int(sliceData(&sub) - sliceData(&b))
	if off == 2 && off < len(b) && b[off] == 'x' {
		panic("offset 2")
	}
	if i == 2 && len(b) == 2 && off == 0 {
		panic("end at start")
	}
	return off
}

// EmptyTail compares the data pointers of two empty tails of an array
// with room after them: both moved, so they differ.
// max-len: 0
// want: panic tails differ
func EmptyTail(n int) int {
	a := make([]byte, 2, 4)
	x, y := a[1:1], a[2:2]
	if sliceData(&x) != sliceData(&y) {
		panic("tails differ")
	}
	return 0
}

// node is an AST node of go-toml's kind: its siblings follow it in one
// array, next elements further on.
type node struct {
	kind byte
	data []byte
	next int
}

// stride moves p by off elements of the given size, as go-toml's
// danger.Stride does.
func stride(p unsafe.Pointer, size uintptr, off int) unsafe.Pointer {
	return unsafe.Pointer(uintptr(p) + uintptr(int(size)*off))
}

func (n *node) Next() *node {
	if n.next == 0 {
		return nil
	}
	return (*node)(stride(unsafe.Pointer(n), unsafe.Sizeof(node{}), n.next))
}

// StrideWalk links a node per input byte (at most three) and walks the
// list by strides: it panics where the third node holds 'z'.
// max-len: 3
// want: panic third
func StrideWalk(b []byte) int {
	nodes := make([]node, 0, 3)
	for i := 0; i < len(b) && i < 3; i++ {
		nodes = append(nodes, node{kind: b[i], next: 1})
	}
	if len(nodes) == 0 {
		return 0
	}
	nodes[len(nodes)-1].next = 0
	k := 0
	for n := &nodes[0]; n != nil; n = n.Next() {
		if k == 2 && n.kind == 'z' {
			panic("third")
		}
		k++
	}
	return k
}

// StrideBack steps back from the last element with unsafe.Add; a step
// before the array's start ends the path.
// max-len: 2
// want: panic back
// want: unsupported pointer arithmetic past its array
func StrideBack(b []byte, k int) int {
	nodes := make([]node, 2)
	if len(b) == 2 {
		nodes[0].kind = b[0]
	}
	p := (*node)(unsafe.Add(unsafe.Pointer(&nodes[1]), -k*int(unsafe.Sizeof(node{}))))
	if p.kind == 'b' {
		panic("back")
	}
	return 0
}

// WordOffset subtracts data pointers of a []uint32: the byte distance,
// four per element.
// max-len: 0
// want: panic words
func WordOffset(n int) int {
	a := make([]uint32, 4)
	x, y := a[3:], a[1:]
	hx, hy := (*reflect.SliceHeader)(unsafe.Pointer(&x)), (*reflect.SliceHeader)(unsafe.Pointer(&y))
	if hx.Data > hy.Data && hx.Data-hy.Data == 8 {
		panic("words")
	}
	return 0
}

type msgState struct{ info *int }

type message struct {
	state msgState
	size  int32
	value int32
}

// state is protobuf's view of a message: a pointer to the struct is a
// pointer to its first field, of another named type of the same shape.
type state msgState

// FirstField reads a message through a pointer to its first field's type.
// max-len: 0
// want: panic first
func FirstField(v int32) int {
	n := 7
	m := &message{state: msgState{info: &n}, value: v}
	s := (*state)(unsafe.Pointer(m))
	if *s.info == 7 && m.value == 3 {
		panic("first")
	}
	return 0
}

// typeID is go-toml's danger.MakeTypeID: the data word of a reflect.Type,
// unique per type, as a map key.
func typeID(t reflect.Type) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&t))[1]
}

// TypeIDs keys a cache by types' data words: equal for one type,
// different for two.
// max-len: 0
// want: panic type ids
func TypeIDs(n int) int {
	a, b := reflect.TypeOf(n), reflect.TypeOf("")
	seen := map[unsafe.Pointer]int{typeID(a): 1}
	if seen[typeID(a)] == 1 && seen[typeID(b)] == 0 && typeID(a) != typeID(b) {
		panic("type ids")
	}
	return 0
}

type ifaceHeader struct {
	Type unsafe.Pointer
	Data unsafe.Pointer
}

// StrWord reads an interface as a string header: not word by word.
// max-len: 0
// want: unsupported an interface read as fields other than words
func StrWord(n int) int {
	x := any(&n)
	h := (*struct{ s string })(unsafe.Pointer(&x))
	return len(h.s)
}

// typeWord is protoreflect's typeOf: an interface's type word, which
// boxed values have too.
func typeWord(x any) unsafe.Pointer { return (*ifaceHeader)(unsafe.Pointer(&x)).Type }

// TypeWords compares the type words of boxed values: equal for two ints,
// different for an int and a string.
// max-len: 0
// want: panic type words
func TypeWords(n int) int {
	if typeWord(n) == typeWord(7) && typeWord(n) != typeWord("") {
		panic("type words")
	}
	return 0
}
