// Package runtimecases holds code that reaches the runtime and the
// operating system: method values through nil pointers, the clock, the
// environment, locks, and fmt's flags on symbolic operands. The want
// lines are the expectations of symex's TestWantCases (see
// testdata/unsafe).
package runtimecases

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"
)

type point struct{ x, y int }

func (p point) Sum() int { return p.x + p.y }

type summer interface{ Sum() int }

// NilMethodValue calls a value method through a nil *point held in an
// interface: the wrapper's nil check panics.
//
// max-len: 1
// want: panic value method runtimecases.point.Sum called using nil *point pointer
func NilMethodValue(s string) int {
	var p *point
	if len(s) == 1 && s[0] == 'n' {
		var i summer = p
		return i.Sum()
	}
	p = &point{1, 2}
	var i summer = p
	return i.Sum()
}

// BoundMethod takes a method value of a nil pointer's value method.
//
// max-len: 1
// want: panic runtime error: invalid memory address or nil pointer dereference
func BoundMethod(s string) int {
	var p *point
	if len(s) == 0 {
		p = &point{3, 4}
	}
	f := p.Sum
	return f()
}

// Elapsed measures the time a loop takes: the clock moves forward.
//
// max-len: 2
// want: panic clock
func Elapsed(s string) int {
	start := time.Now()
	n := strings.Count(s, "a")
	d := time.Since(start)
	if d <= 0 {
		return -1
	}
	if n == 2 && time.Now().After(start) {
		panic("clock")
	}
	return n
}

// Deadline is a parser with a timeout, like a regex compiler's.
//
// max-len: 2
// want: panic deadline
func Deadline(s string) int {
	deadline := time.Now().Add(time.Second)
	for i := 0; i < len(s); i++ {
		if time.Now().After(deadline) {
			return -1
		}
	}
	if s == "ok" {
		panic("deadline")
	}
	return 0
}

var mu sync.Mutex
var once sync.Once
var table map[string]int

// Locked looks s up in a table built once, under a lock.
//
// max-len: 1
// want: panic locked
func Locked(s string) int {
	once.Do(func() { table = map[string]int{"x": 1} })
	mu.Lock()
	defer mu.Unlock()
	if table[s] == 1 {
		panic("locked")
	}
	return len(table)
}

// RW uses a read-write lock.
//
// max-len: 1
// want: panic rw
func RW(s string) int {
	var l sync.RWMutex
	l.RLock()
	n := len(s)
	l.RUnlock()
	l.Lock()
	defer l.Unlock()
	if n == 1 && s[0] == 'w' {
		panic("rw")
	}
	return n
}

// Padded formats a string with a symbolic byte, and n, with flags,
// widths and precisions.
//
// max-len: 0
// want: panic padded
func Padded(c byte, n int8) int {
	s := string([]byte{'a', c})
	a := fmt.Sprintf("[%5s|%-4s|%+d|%05d|%.1s]", s, s, n, n, s)
	b := fmt.Sprintf("%#x % d %08.3d %x", n, n, n, s)
	if a == "[   ab|ab  |-7|-0007|a]" && b == "-0x7 -7     -007 6162" {
		panic("padded")
	}
	return len(a) + len(b)
}

// badVerbs is a format whose verbs do not fit its operands (a variable, so
// that vet lets it be).
var badVerbs = "%t|%5d|%x"

// Flags, FlagsInt, FlagsMixed and FlagsBad format constants and n under
// every flag and verb the model knows; the expected text is Go's for n = 5.
// They are four functions, not one Sprintf, because merging the twenty
// verbs' outputs into one string made std's queries cost a minute.
//
// max-len: 0
// want: panic flags
func Flags(n int8) int {
	a := fmt.Sprintf("%05s|% x|%#X|%.1x|%+q|%#q|%6.2d", "ab", "hi", "hi", "hi", "é", "a`", n)
	if a == "000ab|68 69|0X6869|68|\"\\u00e9\"|\"a`\"|    05" {
		panic("flags")
	}
	return len(a)
}

// FlagsInt: n under the integer verbs and their flags.
//
// max-len: 0
// want: panic int flags
func FlagsInt(n int8) int {
	a := fmt.Sprintf("%-6x|%o|%#o|%O|%b|%#b|% d", n, n, n, n, n, n, n)
	if a == "5     |5|05|0o5|101|0b101| 5" {
		panic("int flags")
	}
	return len(a)
}

// FlagsMixed: a star width and precision, bools, %#v, a zero precision
// and %T.
//
// max-len: 0
// want: panic mixed flags
func FlagsMixed(n int8) int {
	a := fmt.Sprintf("%*d|%.*s|%5t|%#v|%.0d|%T", 4, n, 1, "xy", n > 0, uint8(n), n-5, n)
	if a == "   5|x| true|0x5||int8" {
		panic("mixed flags")
	}
	return len(a)
}

// FlagsBad: verbs that do not fit their operands.
//
// max-len: 0
// want: panic bad verbs
func FlagsBad(n int8) int {
	b := fmt.Sprintf(badVerbs, n, "s", n > 9)
	if b == "%!t(int8=5)|%!d(string=    s)|%!x(bool=false)" {
		panic("bad verbs")
	}
	return len(b)
}

// Wrapped formats an error and a nil value.
//
// max-len: 1
// want: panic wrapped
func Wrapped(s string) int {
	err := fmt.Errorf("bad %q: %w", s, errors.New("x"))
	if err.Error() == `bad "z": x` && fmt.Sprint(nil, 3, "a") == "<nil> 3a" {
		panic("wrapped")
	}
	return 0
}

// Stamp formats the current time, in Local (UTC here) and in UTC.
//
// max-len: 1
// want: panic stamp
func Stamp(s string) int {
	now := time.Now()
	a := now.Format(time.RFC3339)
	b := now.UTC().Format("2006")
	if len(a) > 0 && b >= "2026" && s == "t" {
		panic("stamp")
	}
	return len(a)
}

// Sleepy sleeps between two readings of the clock.
//
// max-len: 1
// want: panic slept
func Sleepy(s string) int {
	t := time.Now()
	time.Sleep(10 * time.Millisecond)
	if time.Since(t) >= 10*time.Millisecond && s == "s" {
		panic("slept")
	}
	return 0
}

// KeepAlive keeps a buffer alive across a read, as code around unsafe
// does, and sets a finalizer that may never run.
// max-len: 1
// want: panic kept
func KeepAlive(s string) int {
	b := []byte(s)
	runtime.SetFinalizer(&b, func(*[]byte) {})
	runtime.Gosched()
	n := len(b)
	runtime.KeepAlive(b)
	if n == 1 && s[0] == 'k' {
		panic("kept")
	}
	return n
}

// parseError is an error type with a position, wrapped by fmt.Errorf's %w.
type parseError struct{ at int }

func (p *parseError) Error() string { return "parse error" }

// firstDigit fails at the first byte that is not a digit.
func firstDigit(s string) error {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return fmt.Errorf("wrapped: %w", &parseError{at: i})
		}
	}
	return nil
}

// ErrorsAs finds the wrapped *parseError with errors.As, and a nil
// target's panic.
//
// max-len: 2
// want: panic at one
// want: panic errors: target must be a non-nil pointer
func ErrorsAs(s string) int {
	err := firstDigit(s)
	var pe *parseError
	if errors.As(err, &pe) && pe.at == 1 {
		panic("at one")
	}
	if err != nil && s == "zz" {
		var nilTarget **parseError
		errors.As(err, nilTarget)
	}
	return 0
}
