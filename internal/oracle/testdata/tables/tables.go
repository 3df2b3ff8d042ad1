// Package oracletables holds the shapes of symex's class split of a
// symbolic index into an array of slices (symex/indexclass.go) for the
// oracle (see ../../tables_test.go): an address only read may point at any
// element equal to the one indexed; one written through may not. And the
// lookups symex walks once for all their paths (symex/loopite_call.go): a
// binary search calling a comparison, and one whose call has an effect.
package oracletables

import "sort"

// escaper is strings.byteStringReplacer's shape: a [256][]byte table,
// nil but for a few bytes.
type escaper struct {
	repl [256][]byte
}

var esc = func() *escaper {
	e := &escaper{}
	e.repl['<'] = []byte("&lt;")
	e.repl['>'] = []byte("&gt;")
	e.repl['&'] = []byte("&amp;")
	e.repl['"'] = []byte("&#34;")
	return e
}()

// escapedLen sums the replacements' lengths: "<&" (4+5) panics.
func escapedLen(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if r := esc.repl[s[i]]; r != nil {
			n += len(r)
		} else {
			n++
		}
	}
	if n == 9 && len(s) == 2 {
		panic("nine")
	}
	return n
}

// rewrite writes through the indexed address: the write must land on
// s[0]'s own element, so that "a" panics.
func rewrite(s string) int {
	if len(s) != 1 {
		return 0
	}
	var t [256][]byte
	p := &t[s[0]]
	*p = []byte("x")
	if t['a'] != nil {
		panic("a")
	}
	return 1
}

// readAfterCall reads an address after a call that writes the table: the
// read must see the element indexed, which the call may have changed.
func readAfterCall(s string) int {
	if len(s) != 2 {
		return 0
	}
	var t [8][]byte
	p := &t[s[0]&7]
	set(&t, s[1]&7)
	if *p != nil {
		panic("written")
	}
	return 1
}

func set(t *[8][]byte, b byte) { t[b] = []byte("y") }

// codes is a sorted table of two-letter codes and a data byte each.
const codes = "ab\x01" + "cd\x02" + "ef\x00" + "gh\x04" + "ij\x05" + "kl\x06" + "mn\x07"

// entryCmp compares an entry's code with the key, returning from its loop.
func entryCmp(entry, key string) int {
	for i := 0; i < len(key) && i < len(entry); i++ {
		switch {
		case entry[i] > key[i]:
			return 1
		case entry[i] < key[i]:
			return -1
		}
	}
	return len(entry) - len(key)
}

// lookupCall finds the key by sort.Search over a closure that calls
// entryCmp (a pure call in a loop without effects, walked once for all
// paths) and panics on the entry whose data byte is zero.
func lookupCall(s string) int {
	if len(s) != 2 {
		return -1
	}
	i := sort.Search(len(codes)/3, func(i int) bool { return entryCmp(codes[i*3:i*3+2], s) >= 0 })
	if i < len(codes)/3 && codes[i*3:i*3+2] == s {
		if codes[i*3+2] == 0 {
			panic("no data")
		}
		return int(codes[i*3+2])
	}
	return 0
}

// lookupCounting's closure counts its probes in a captured variable: the
// call has an effect, so the loop runs path by path, and the panic on the
// third probe is where Go's is.
func lookupCounting(s string) int {
	if len(s) != 2 {
		return -1
	}
	probes := 0
	i := sort.Search(len(codes)/3, func(i int) bool {
		probes++
		return entryCmp(codes[i*3:i*3+2], s) >= 0
	})
	if probes == 3 && i == 0 && s[1] == 'a' {
		panic("three probes")
	}
	return i
}
