package corpus

// Functions for the language features of issue 13, each with a path count
// that follows from its code (see corpusCases in symex_test.go).

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"unsafe"
)

// BuilderSkip copies s without spaces through a strings.Builder: its
// copy check converts *Builder to unsafe.Pointer and back, and String uses
// unsafe.String and unsafe.SliceData.
func BuilderSkip(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

type pair struct{ A, B uint8 }

// UnsafeViews goes from a byte slice to a string and back with
// unsafe.String, unsafe.SliceData, unsafe.StringData and unsafe.Slice, and
// through an unsafe.Pointer round trip of a struct pointer.
func UnsafeViews(b []byte) int {
	s := unsafe.String(unsafe.SliceData(b), len(b))
	c := unsafe.Slice(unsafe.StringData(s), len(s))
	p := &pair{A: 1}
	q := (*pair)(unsafe.Pointer(p))
	q.B = 2
	if len(c) > 0 && c[0] == 'x' {
		return int(p.A + p.B)
	}
	return len(s)
}

// SplitComma splits s at commas into a slice made with a symbolic length.
func SplitComma(s string) []string {
	n := 1
	for i := 0; i < len(s); i++ {
		if s[i] == ',' {
			n++
		}
	}
	out := make([]string, n)
	k, start := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == ',' {
			out[k] = s[start:i]
			k++
			start = i + 1
		}
	}
	out[k] = s[start:]
	return out
}

// Longest is the length of the longest string of a []string input.
func Longest(words []string) int {
	best := 0
	for _, w := range words {
		if len(w) > best {
			best = len(w)
		}
	}
	return best
}

// JoinBytes concatenates a [][]byte input; it returns -1 when the result
// starts with '#'.
func JoinBytes(parts [][]byte) int {
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	buf := make([]byte, 0, total)
	for _, p := range parts {
		buf = append(buf, p...)
	}
	if len(buf) > 0 && buf[0] == '#' {
		return -1
	}
	return len(buf)
}

var names = [3]string{"zero", "one", "two"}

// Name reads an array of strings at a symbolic index.
func Name(i int) string { return names[i] }

type entry struct {
	k string
	v int
}

// LookupKV scans a slice of structs holding strings.
func LookupKV(key string) int {
	table := []entry{{"a", 1}, {"b", 2}}
	for _, e := range table {
		if e.k == key {
			return e.v
		}
	}
	return 0
}

// ClearMinMax clears a copy of b, checks it, and mixes min and max.
func ClearMinMax(b []byte, x, y int) int {
	c := make([]byte, len(b))
	copy(c, b)
	clear(c)
	for _, v := range c {
		if v != 0 {
			panic("not cleared")
		}
	}
	return min(x, y, len(b)) + max(x, y)
}

// MinString compares strings with the builtin min.
func MinString(a, b string) int {
	if min(a, b) == a {
		return 1
	}
	return 2
}

// Distinct counts the distinct bytes of s with a map of symbolic keys.
func Distinct(s string) int {
	m := map[byte]int{}
	for i := 0; i < len(s); i++ {
		m[s[i]]++
	}
	return len(m)
}

// MapSum ranges over a map whose two symbolic keys may be equal.
func MapSum(a, b int8) int {
	m := map[int8]int{a: 1, b: 2}
	sum := 0
	for _, v := range m {
		sum += v
	}
	return sum*10 + len(m)
}

// MapOps deletes a string key and tests another with comma-ok.
func MapOps(k string) int {
	var none map[string]int
	_ = none[k]
	m := map[string]int{"x": 1, "y": 2}
	delete(m, k)
	if _, ok := m["x"]; ok {
		return len(m)
	}
	return -len(m)
}

// NilMapWrite panics when it assigns into the nil map.
func NilMapWrite(k int) int {
	var m map[int]int
	if k > 0 {
		m[k] = 1
	}
	return len(m)
}

// SafeDiv recovers from the division by zero in a deferred closure that
// sets the named results.
func SafeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			q, err = 0, errors.New("division by zero")
		}
	}()
	return a / b, nil
}

// Repanic recovers small panics and panics again with the value for big x.
func Repanic(x int) int {
	defer func() {
		if r := recover(); r != nil {
			if x > 10 {
				panic(r)
			}
		}
	}()
	if x > 5 {
		panic("big")
	}
	return x
}

// DeferOrder runs two deferred closures, newest first, on a named result.
func DeferOrder(n int) (out int) {
	defer func() { out = out*10 + 1 }()
	defer func() { out = out*10 + 2 }()
	if n > 0 {
		out = 5
	}
	return out
}

type shape interface{ area() int }

type square struct{ s int }

type rect struct{ w, h int }

func (q square) area() int { return q.s * q.s }

func (r *rect) area() int { return r.w * r.h }

// Area dispatches a method through an interface and switches on its type.
func Area(kind, a, b int) int {
	var s shape
	switch kind {
	case 0:
		s = square{a}
	case 1:
		s = &rect{a, b}
	}
	if s == nil {
		return -1
	}
	switch v := s.(type) {
	case square:
		return v.area() + 1000
	case *rect:
		return v.area()
	}
	return 0
}

// MustInt asserts an interface to int; the assertion panics for x > 0.
func MustInt(x int) int {
	var v any = x
	if x > 0 {
		v = "positive"
	}
	return v.(int)
}

// SameAny compares interfaces; holding slices they panic.
func SameAny(x int) bool {
	var a, b any = x, x
	if x > 0 {
		a, b = []int{x}, []int{x}
	}
	return a == b
}

var errNegative = errors.New("negative")

func check(x int) error {
	if x < 0 {
		return fmt.Errorf("check %d: %w", x, errNegative)
	}
	if x == 0 {
		return errNegative
	}
	return nil
}

// IsNegative wraps and compares errors with errors.Is and ==.
func IsNegative(x int8) int {
	err := check(int(x))
	switch {
	case err == nil:
		return 0
	case err == errNegative:
		return 1
	case errors.Is(err, errNegative):
		return 2
	}
	return 3
}

// Describe formats an integer, a string and a bool with fmt.Sprintf.
func Describe(x uint8, s string) string {
	return fmt.Sprintf("%d:%s:%x:%v:%5d|%-3s|", x, s, s, x > 9, 42, "ab")
}

var lengths = map[string][]string{"a": {"x", "y"}, "b": {"z"}}

var squares [5]int

func init() {
	for i := range squares {
		squares[i] = i * i
	}
}

// TableLen reads package tables set up by initializers.
func TableLen(k string) int {
	return len(lengths[k]) + squares[2]
}

// stdoutName comes from package os's initializer, which needs the
// runtime's start-up values (os.Args, the environment, the standard
// files' flags; symex/models/os.go).
var stdoutName = os.Stdout.Name()

// IsStdout compares s with a name set up by os's initializer.
func IsStdout(s string) int {
	if s == stdoutName {
		return 1
	}
	return 0
}

func divmod(a, b uint8) (q, r uint8) {
	q = a / b
	r = a % b
	return
}

// DivMod uses a function with two named results.
func DivMod(a, b uint8) uint8 {
	q, r := divmod(a, b)
	return q + r
}

// Counter calls a closure that changes a captured variable.
func Counter(n uint8) int {
	count := 0
	inc := func() { count++ }
	for i := uint8(0); i < n && i < 3; i++ {
		inc()
	}
	return count
}

// RuneRoundTrip converts to []rune and back: invalid UTF-8 becomes U+FFFD.
func RuneRoundTrip(s string) bool {
	return string([]rune(s)) == s
}

// Chr converts a symbolic integer to a string.
func Chr(x uint16) string {
	return string(rune(x))
}

func upTo(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// RangeFunc ranges over an iterator function; the loop body's defers go
// onto RangeFunc's frame (ssa:deferstack).
func RangeFunc(n uint8) (out int) {
	defer func() { out++ }()
	for i := range upTo(int(n)) {
		if i == 2 {
			break
		}
		defer func() { out += 10 }()
	}
	return 0
}

// PickName loads through a pointer into an array of strings whose index
// depends on k: merged at the join, the pointer's index is symbolic.
func PickName(k int8) string {
	a := [3]string{"zero", "one", "two"}
	p := &a[0]
	if k > 0 {
		p = &a[1]
	}
	return *p
}

var registry = map[string]int{}

// register changes registry, then computes with complex numbers, which the
// executor does not run: the initializer step fails after the change.
func register(name string, n int) int {
	registry[name] = n
	return int(real(complex(float64(n), 0) * 1.5))
}

var registered = register("x", len(names))

var kinds = []string{"a", "b"}

// InitSkip reads globals of an initializer with one failed step: kinds is
// exact, registry (changed by the failed call) and registered are Opaque.
func InitSkip(k string) int {
	if k == "r" {
		return len(registry) + registered
	}
	return len(kinds)
}

// tagScanner is x/text's language-tag scanner in small: a slice into the
// struct's own array, and a method named init, which is not a package
// initializer.
type tagScanner struct {
	b     []byte
	bytes [4]byte
	token []byte
}

func (s *tagScanner) init() {
	for i, c := range s.b {
		if c == '_' {
			s.b[i] = '-'
		}
	}
	end := 0
	for end < len(s.b) && s.b[end] != '-' {
		end++
	}
	s.token = s.b[:end]
}

// TagToken panics on a one-byte first token "t" ("t", "t-…", "t_…").
func TagToken(s string) int {
	sc := tagScanner{}
	if len(s) <= len(sc.bytes) {
		sc.b = sc.bytes[:copy(sc.bytes[:], s)]
	} else {
		sc.b = []byte(s)
	}
	sc.init()
	if len(sc.token) != 1 {
		return 0
	}
	if sc.token[0] == 't' {
		panic("token t")
	}
	return 1
}
