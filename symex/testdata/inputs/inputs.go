// Package inputs has one function per kind of input sift symex builds from
// parameter types, each with a panic planted behind its input (the lines
// marked "plant"): TestInputKinds expects each plant to be found and the
// generated test to reproduce it.
package inputs

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
)

func Str(s string) {
	if len(s) == 3 && s[0] == 'x' && s[2] == '!' {
		panic("plant: string")
	}
}

func Bytes(b []byte) {
	if len(b) == 2 && b[1] == 0xff {
		panic("plant: []byte")
	}
}

func Ints(a int8, b int16, c int32, d int64, e uint8, f uint16, g uint32, h uint64, i int, j uint, k uintptr) {
	if a == -3 && b == -300 && c == 1<<20 && d == -1<<40 && e == 200 && f == 60000 && g == 1<<31 && h == 1<<63 && i == -7 && j == 9 && k == 11 {
		panic("plant: ints")
	}
}

func Bool(x, y bool) {
	if x && !y {
		panic("plant: bool")
	}
}

type Options int32

type Flag bool

type Name string

func Named(o Options, f Flag, n Name) {
	if o == -5 && bool(f) && n == "ok" {
		panic("plant: named")
	}
}

func Array(a [3]byte) {
	if a[0]+a[1] == 7 && a[2] == 'z' {
		panic("plant: array")
	}
}

func Variadic(sep byte, keys ...string) {
	if len(keys) == 2 && keys[1] == "k" && sep == ',' {
		panic("plant: variadic")
	}
}

func VariadicInts(xs ...int16) int16 {
	var sum int16
	for _, x := range xs {
		sum += x
	}
	if len(xs) == 3 && sum == 1000 {
		panic("plant: variadic ints")
	}
	return sum
}

func Reader(r io.Reader) {
	var buf [2]byte
	n, _ := r.Read(buf[:])
	if n == 2 && buf[0] == 'G' && buf[1] == 'o' {
		panic("plant: io.Reader")
	}
}

func ByteReader(r io.ByteReader) {
	c, err := r.ReadByte()
	if err == nil && c == '#' {
		panic("plant: io.ByteReader")
	}
}

func RuneReader(r io.RuneReader) {
	c, _, err := r.ReadRune()
	if err == nil && c == 'é' {
		panic("plant: io.RuneReader")
	}
}

func BufioReader(r *bufio.Reader) {
	c, err := r.ReadByte()
	if err == nil && c == '\n' {
		if d, err := r.ReadByte(); err == nil && d == 'x' {
			panic("plant: *bufio.Reader")
		}
	}
}

func StringsReader(r *strings.Reader) {
	if r.Len() == 2 {
		if c, _ := r.ReadByte(); c == 'q' {
			panic("plant: *strings.Reader")
		}
	}
}

func BytesReader(r *bytes.Reader) {
	if r.Len() == 3 {
		r.Seek(2, io.SeekStart)
		if c, _ := r.ReadByte(); c == '$' {
			panic("plant: *bytes.Reader")
		}
	}
}

func BytesBuffer(b *bytes.Buffer) {
	if b.Len() == 3 && b.Bytes()[2] == '.' {
		panic("plant: *bytes.Buffer")
	}
}

type Point struct {
	X, Y int16
	Tag  string
}

func StructPtr(p *Point) {
	if p.X == 3 && p.Y == -p.X && p.Tag == "t" {
		panic("plant: *struct")
	}
}

type Parser struct {
	Input  string
	Pos    int8
	Strict bool
}

func (p *Parser) Next() byte {
	if p.Strict && p.Pos == 1 && len(p.Input) == 2 && p.Input[1] == '?' {
		panic("plant: pointer receiver")
	}
	return 0
}

func (p Parser) Peek() byte {
	if len(p.Input) > 0 && p.Input[0] == '@' && !p.Strict {
		panic("plant: value receiver")
	}
	return 0
}

type Node struct {
	V    int8
	Next *Node
}

// Second reads the second node's value: a nil Next is one more case.
func (n *Node) Second() int8 {
	if n.V == 1 {
		return n.Next.V // plant: nil pointer field (Next nil)
	}
	if n.Next != nil && n.Next.V == 42 {
		panic("plant: pointer field")
	}
	return 0
}

// Unbuildable takes a map, which sift symex does not build: CanBuildInputs
// says why.
func Unbuildable(m map[string]int) int { return m["x"] }

// Counter holds a sync.Mutex, whose fields no test outside package sync
// can set: it is built as its zero value.
type Counter struct {
	mu sync.Mutex
	N  int8
}

func (c *Counter) Inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.N == 7 {
		panic("plant: struct with a foreign field")
	}
	c.N++
}

// Deferred panics in an entry function with a deferred call: the panic
// ends the path once the deferred call returned.
func Deferred(n int8) {
	defer func() {}()
	if n == 7 {
		panic("plant: after a deferred call")
	}
}

// Option is an interface sift symex does not build: a variadic parameter
// of it gets no arguments.
type Option interface{ apply() }

// Render writes to w, a new bytes.Buffer in the generated test.
func Render(w io.Writer, src []byte, opts ...Option) {
	if len(src) == 2 && src[0] == '<' {
		w.Write(src[1:])
		if len(opts) == 0 && src[1] == '>' {
			panic("plant: io.Writer")
		}
	}
}

// Describe takes a fmt.Stringer: *bytes.Buffer has a String method, but
// it is no writer parameter, so sift symex builds no buffer; it passes
// one of the program's types that implement fmt.Stringer.
func Describe(s fmt.Stringer) string { return s.String() }

// Decode stores into v as a decoder into an any does: the data decides
// what. sift symex passes new(any) (and a struct, which it rejects).
func Decode(data []byte, v any) error {
	p, ok := v.(*any)
	if !ok {
		return errors.New("want *any")
	}
	if len(data) == 2 && data[0] == '{' {
		*p = map[string]any{}
		if data[1] == '}' {
			panic("plant: any destination")
		}
	}
	return nil
}

// fieldCache holds each struct type's fields by lower-case name, as
// go-toml's decoder caches them (an atomic.Value of a map replaced whole).
var fieldCache atomic.Value // map[reflect.Type]map[string]int

func fieldIndex(t reflect.Type, name string) (int, bool) {
	cache, _ := fieldCache.Load().(map[reflect.Type]map[string]int)
	fields, ok := cache[t]
	if !ok {
		fields = map[string]int{}
		for i := 0; i < t.NumField(); i++ {
			fields[strings.ToLower(t.Field(i).Name)] = i
		}
		next := map[reflect.Type]map[string]int{t: fields}
		for k, v := range cache {
			next[k] = v
		}
		fieldCache.Store(next)
	}
	i, ok := fields[name]
	return i, ok
}

// DecodeStruct decodes "k=v" into the field of the struct v points to
// whose name is k: the panic needs a destination with a float field,
// which sift symex passes as one of an any parameter's shapes.
func DecodeStruct(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		return errors.New("want a pointer to a struct")
	}
	if len(data) != 3 || data[1] != '=' {
		return errors.New("want k=v")
	}
	i, ok := fieldIndex(rv.Elem().Type(), string(data[:1]))
	if !ok {
		return errors.New("no such field")
	}
	if rv.Elem().Field(i).Kind() == reflect.Float64 && data[2] == '0' {
		panic("plant: struct destination")
	}
	return nil
}

// handler is one byte's action in a Dispatcher.
type handler func(b byte) int

// Dispatcher runs an action per byte, as a renderer with a table of
// callbacks does. sift symex builds its func fields nil.
type Dispatcher struct {
	Mode     int
	actions  [4]handler
	fallback handler
}

// Run applies the byte's action, or counts the bytes without one.
func (d *Dispatcher) Run(data []byte) int {
	n := 0
	for _, b := range data {
		if a := d.actions[b&3]; a != nil {
			n += a(b)
		} else if d.fallback != nil {
			n += d.fallback(b)
		} else {
			n++
		}
	}
	if n == 2 && d.Mode == 7 {
		panic("plant: nil func fields")
	}
	return n
}
