// Package oraclesmall holds the oracle test's functions: small shapes of
// the bugs an exhausted run must not hide (see ../../oracle_test.go).
package oraclesmall

import (
	"reflect"
	"unsafe"
)

// scanner is the shape of x/text's language-tag scanner (issue 31): a
// buffer in an array of the struct, a method named init.
type scanner struct {
	b     []byte
	bytes [24]byte
	token []byte
	end   int
}

func makeScanner(s string) scanner {
	scan := scanner{}
	if len(s) <= len(scan.bytes) {
		scan.b = scan.bytes[:copy(scan.bytes[:], s)]
	} else {
		scan.b = []byte(s)
	}
	scan.init()
	return scan
}

func (s *scanner) init() {
	for i, c := range s.b {
		if c == '_' {
			s.b[i] = '-'
		}
	}
	s.scan()
}

func (s *scanner) scan() {
	end := 0
	for end < len(s.b) && s.b[end] != '-' {
		end++
	}
	s.token = s.b[:end]
	s.end = end
}

// Probe panics on "t" in Go.
func Probe(s string) int {
	sc := makeScanner(s)
	if len(sc.token) != 1 {
		return 0
	}
	if sc.token[0] == 't' {
		panic("found")
	}
	return 1
}

// second indexes the second byte: out of range below length 2.
func second(b []byte, k int) byte {
	if k > 3 {
		return 0
	}
	return b[k]
}

// pairSum divides by a difference that is zero when the bytes agree.
func pairSum(s string) int {
	if len(s) != 2 {
		return -1
	}
	return 100 / (int(s[0]) - int(s[1]))
}

type counter struct{ n map[byte]int }

// tally counts bytes through a method value and a closure, and panics
// on a third equal byte from a deferred function's re-panic.
func tally(s string) (n int) {
	c := counter{n: map[byte]int{}}
	add := c.add
	defer func() {
		if r := recover(); r != nil {
			panic(r)
		}
	}()
	for i := 0; i < len(s); i++ {
		add(s[i])
	}
	return len(c.n)
}

func (c counter) add(b byte) {
	c.n[b]++
	if c.n[b] == 3 {
		panic("three")
	}
}

// addrDiffer compares the addresses of two equal one-byte substrings at
// different offsets, as reflect.StringHeader has them: they differ in Go,
// so "aa" panics (symex once compared the bytes instead).
func addrDiffer(s string) int {
	if len(s) == 2 && s[0] == s[1] {
		a, b := s[0:1], s[1:2]
		if (*reflect.StringHeader)(unsafe.Pointer(&a)).Data != (*reflect.StringHeader)(unsafe.Pointer(&b)).Data {
			panic("different addresses")
		}
	}
	return 0
}

// chanQueue feeds the bytes through a buffered channel as a queue and
// drains it in a select with a default case: a pair that sums to 200 in
// that order panics.
func chanQueue(s string) int {
	q := make(chan byte, 2)
	for i := 0; i < len(s); i++ {
		q <- s[i]
	}
	close(q)
	prev, n := -1, 0
	for {
		select {
		case c, ok := <-q:
			if !ok {
				return n
			}
			if prev >= 0 && prev+int(c) == 200 && prev < int(c) {
				panic("pair")
			}
			prev = int(c)
			n++
		default:
			return -1
		}
	}
}
