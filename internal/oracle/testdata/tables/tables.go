// Package oracletables holds the shapes of symex's class split of a
// symbolic index into an array of slices (symex/indexclass.go) for the
// oracle (see ../../tables_test.go): an address only read may point at any
// element equal to the one indexed; one written through may not.
package oracletables

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
