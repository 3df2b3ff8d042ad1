// Package reflectcases holds small decoders that fill structs and maps
// through reflect. The want lines are the expectations of symex's
// TestWantCases (see testdata/unsafe).
package reflectcases

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"sort"
	"strings"
)

// decode fills the fields of the struct v points to from "key=value"
// pairs separated by ';', matching keys to the fields' `kv` tags: strings
// as they are, ints as decimal digits, bools as "t" or "f".
func decode(data string, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errors.New("decode: not a pointer")
	}
	rv = reflect.Indirect(rv)
	if rv.Kind() != reflect.Struct {
		return errors.New("decode: not a struct")
	}
	rt := rv.Type()
	for _, pair := range strings.Split(data, ";") {
		key, val, ok := strings.Cut(pair, "=")
		if !ok {
			continue
		}
		for i := 0; i < rv.NumField(); i++ {
			if rt.Field(i).Tag.Get("kv") != key {
				continue
			}
			f := rv.Field(i)
			switch f.Kind() {
			case reflect.String:
				f.SetString(val)
			case reflect.Int:
				n := 0
				for j := 0; j < len(val); j++ {
					if val[j] < '0' || val[j] > '9' {
						return errors.New("decode: bad int")
					}
					n = n*10 + int(val[j]-'0')
				}
				f.SetInt(int64(n))
			case reflect.Bool:
				f.SetBool(val == "t")
			}
		}
	}
	return nil
}

type config struct {
	Name  string `kv:"n"`
	Port  int    `kv:"p"`
	Debug bool   `kv:"d"`
}

// Struct decodes into a config; each panic needs a field set.
//
// max-len: 4
// want: panic port
// want: panic name
func Struct(data string) int {
	var c config
	if err := decode(data, &c); err != nil {
		return -1
	}
	if c.Port == 7 {
		panic("port")
	}
	if c.Name == "ab" {
		panic("name")
	}
	if c.Debug {
		return 1
	}
	return 0
}

// decodeMap fills a map[string]any from "key=value" pairs.
func decodeMap(data string, out any) {
	m := reflect.ValueOf(out)
	if m.Kind() != reflect.Map {
		panic("decodeMap: not a map")
	}
	for _, pair := range strings.Split(data, ",") {
		key, val, _ := strings.Cut(pair, ":")
		m.SetMapIndex(reflect.ValueOf(key), reflect.ValueOf(val))
	}
}

// Map decodes into a map[string]any and reads an entry back.
//
// max-len: 3
// want: panic map
func Map(data string) int {
	m := map[string]any{}
	decodeMap(data, m)
	if v, ok := m["a"].(string); ok && v == "b" {
		panic("map")
	}
	got := reflect.ValueOf(m).MapIndex(reflect.ValueOf("z"))
	if got.IsValid() {
		return 2
	}
	return len(m)
}

// Slice builds a slice with reflect.MakeSlice and Index.
//
// max-len: 2
// want: panic slice
func Slice(s string) int {
	v := reflect.MakeSlice(reflect.TypeOf([]string(nil)), len(s), len(s))
	for i := 0; i < v.Len(); i++ {
		v.Index(i).SetString(s[i : i+1])
	}
	out := v.Interface().([]string)
	if len(out) == 2 && out[1] == "q" {
		panic("slice")
	}
	return v.Len()
}

// NewInt makes an int with reflect.New and sets it through Elem.
//
// max-len: 1
// want: panic new
func NewInt(s string) int {
	p := reflect.New(reflect.TypeOf(0))
	p.Elem().SetInt(int64(len(s)))
	if *(p.Interface().(*int)) == 1 && s[0] == 'n' {
		panic("new")
	}
	return 0
}

type hidden struct{ secret string }

// Unexported sets an unexported field, which panics in reflect.
//
// max-len: 0
// want: panic reflect: reflect.Value.SetString using value obtained using unexported field
func Unexported(s string) int {
	var h hidden
	reflect.ValueOf(&h).Elem().Field(0).SetString(s)
	return len(h.secret)
}

// NotAddressable sets a copy, which panics in reflect.
//
// max-len: 0
// want: panic reflect: reflect.Value.SetInt using unaddressable value
func NotAddressable(n int) int {
	reflect.ValueOf(n).SetInt(3)
	return n
}

// Unmodelled calls a reflect function the executor does not model.
//
// max-len: 0
// want: unsupported reflect.DeepEqual is not modelled
func Unmodelled(n int) bool {
	return reflect.DeepEqual(n, 3)
}

type pair struct {
	k byte
	n int
}

// Sorted sorts the bytes of s with sort.Slice and pairs with
// sort.SliceStable, whose swaps go through reflectlite's Swapper.
//
// max-len: 3
// want: panic sorted
func Sorted(s string) int {
	b := []byte(s)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	ps := make([]pair, len(s))
	for i := range ps {
		ps[i] = pair{s[i] & 1, i}
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].k < ps[j].k })
	if string(b) == "abc" && s[0] == 'c' && ps[0].n == 2 {
		panic("sorted")
	}
	return len(b)
}

// TypeEq compares reflect.Types, of an uncomparable type among them.
//
// max-len: 1
// want: panic types
func TypeEq(s string) int {
	var x any = []byte(s)
	if len(s) == 1 {
		x = s
	}
	if reflect.TypeOf(x) == reflect.TypeOf([]byte(nil)) && reflect.ValueOf(x).Len() == 0 {
		return 0
	}
	if reflect.TypeOf(x) == reflect.TypeOf("") && s == "t" {
		panic("types")
	}
	return 1
}

// unmarshaler is what decodeInto asks a destination for, as yaml's and
// json's decoders do, through a pointer to it.
type unmarshaler interface{ unmarshal(s string) }

// upper is a destination with its own decoding: the bytes upper-cased.
type upper struct{ b []byte }

func (u *upper) unmarshal(s string) {
	u.b = []byte(s)
	for i, c := range u.b {
		if 'a' <= c && c <= 'z' {
			u.b[i] = c - 'a' + 'A'
		}
	}
}

// decodeInto stores s where v points: through the destination's own
// unmarshal method when a pointer to it has one (reflect.Value.Addr),
// else as a plain string.
func decodeInto(s string, v any) {
	out := reflect.ValueOf(v).Elem()
	if out.CanAddr() {
		if u, ok := out.Addr().Interface().(unmarshaler); ok {
			u.unmarshal(s)
			return
		}
	}
	if out.Kind() == reflect.String {
		out.SetString(s)
	}
}

// Addr decodes through Addr: into a type with an unmarshal method and
// into a string, which has none.
//
// max-len: 2
// want: panic addr
// want: panic plain
func Addr(s string) int {
	var u upper
	decodeInto(s, &u)
	var p string
	decodeInto(s, &p)
	if string(u.b) == "OK" && s[0] == 'o' {
		panic("addr")
	}
	if p == "z" {
		panic("plain")
	}
	return len(u.b)
}

// AddrUnaddressable takes the address of a Value that has none.
//
// max-len: 0
// want: panic reflect.Value.Addr of unaddressable value
func AddrUnaddressable(n int) int {
	return int(reflect.ValueOf(n).Addr().Elem().Int())
}

// Types an initializer makes, as yaml's do: through a Type's method and
// through a Value.
var (
	ifaceType       = reflect.TypeOf(map[any]any{}).Elem()
	unmarshalerType reflect.Type
)

func init() {
	var u unmarshaler
	unmarshalerType = reflect.ValueOf(&u).Elem().Type()
}

// keepDigits fills the slice v points to with the digits of s, as yaml
// fills a sequence: a slice made at the full length, then cut to the
// elements kept with reflect.Value.Slice.
func keepDigits(s string, v any) {
	out := reflect.ValueOf(v).Elem()
	all := reflect.MakeSlice(out.Type(), len(s), len(s))
	j := 0
	for i := 0; i < len(s); i++ {
		if '0' <= s[i] && s[i] <= '9' {
			all.Index(j).SetUint(uint64(s[i] - '0'))
			j++
		}
	}
	out.Set(all.Slice(0, j))
}

// SliceCut keeps the digits of s through reflect.Value.Slice, compares
// with the initializer's Types, and slices past the end when told to.
//
// max-len: 3
// want: panic digits
// want: panic reflect.Value.Slice: slice index out of bounds
func SliceCut(s string) int {
	var d []uint8
	keepDigits(s, &d)
	if reflect.TypeOf(&d).Elem().Elem() == ifaceType || unmarshalerType.Kind() != reflect.Interface {
		panic("types differ")
	}
	if len(d) == 2 && d[0]+d[1] == 17 && len(s) == 3 {
		panic("digits")
	}
	if s == "x" {
		reflect.ValueOf(s).Slice(1, 2)
	}
	return len(d)
}

// TypeRelations asks reflect how types relate, as toml's decoder asks
// whether a value's type is assignable to the destination's.
//
// max-len: 1
// want: panic relations
func TypeRelations(s string) int {
	var x any = s
	if len(s) == 1 && s[0] == 'i' {
		x = len(s)
	}
	xt := reflect.TypeOf(x)
	str, iface := reflect.TypeOf(""), reflect.TypeOf((*unmarshaler)(nil)).Elem()
	if reflect.TypeOf(&upper{}).Implements(iface) && !xt.Implements(iface) && xt.ConvertibleTo(str) &&
		!xt.AssignableTo(str) && xt.Comparable() && xt.NumMethod() == 0 && iface.NumMethod() == 1 &&
		reflect.ValueOf(x).NumMethod() == 0 {
		panic("relations")
	}
	return 0
}

type header struct{ Sig, Len uint16 }

type message struct {
	header // unexported and embedded: its exported fields are settable
	Flags  uint8
}

// ReadMessage decodes a message with encoding/binary, which sizes the
// struct through reflect.Type.Size and caches it in a sync.Map, and sets
// the embedded header's fields.
//
// max-len: 5
// want: panic plant: message
func ReadMessage(b []byte) uint8 {
	var m message
	if binary.Read(bytes.NewReader(b), binary.LittleEndian, &m) != nil {
		return 0
	}
	if m.Sig == 0x4d4e && m.Flags == 1 {
		panic("plant: message")
	}
	return m.Flags
}

type token int

// PkgPath reads the package path of a defined type (protobuf's generated
// init asks it of every message) and of a predeclared one ("").
//
// max-len: 0
// want: panic plant: pkg path
func PkgPath(n int) int {
	if reflect.TypeOf(token(n)).PkgPath() == "reflectcases" && reflect.TypeOf(n).PkgPath() == "" && n == 5 {
		panic("plant: pkg path")
	}
	return n
}
