// Package iteloops holds loops without effects over symbolic keys, which
// symex runs once for all their paths as ite terms (loopite.go): binary
// and linear searches of constant tables, loops that leave by several
// exits, and loops it must run path by path. The want lines are the
// expectations of symex's TestWantCases (see testdata/unsafe).
package iteloops

import (
	"regexp"
	"sort"
	"strconv"
)

// table is sorted: a binary search over it is a range membership.
var table = [...]uint16{3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 40000, 50000, 60000}

// unsorted is not: a binary search over it misses keys it holds.
var unsorted = [...]uint16{500, 3, 9000, 27, 81}

// lowerBound is sort.Search's loop over a table, as strconv's bsearch.
func lowerBound(t []uint16, v uint16) int {
	i, j := 0, len(t)
	for i < j {
		h := i + (j-i)>>1
		if t[h] < v {
			i = h + 1
		} else {
			j = h
		}
	}
	return i
}

func key(s string) uint16 {
	if len(s) < 2 {
		return 0
	}
	return uint16(s[0])<<8 | uint16(s[1])
}

// Member panics on exactly one key of the table, by its slot.
//
// max-len: 2
// want: panic member 8
func Member(s string) int {
	v := key(s)
	i := lowerBound(table[:], v)
	if i < len(table) && table[i] == v && i == 8 {
		panic("member 8")
	}
	return i
}

// Unsorted panics where the binary search over an unsorted table lands on
// a key it holds: 9000 is found, 27 (out of order) is not, so only one
// panic is reachable.
//
// max-len: 2
// want: panic unsorted 9000
func Unsorted(s string) int {
	v := key(s)
	i := lowerBound(unsorted[:], v)
	if i < len(unsorted) && unsorted[i] == v {
		if v == 9000 {
			panic("unsorted 9000")
		}
		if v == 27 {
			panic("unsorted 27")
		}
	}
	return i
}

// linear leaves by a return inside the loop or by its end: two exits.
func linear(t []uint16, v uint16) bool {
	for i := 0; i < len(t); i++ {
		if t[i] == v {
			return true
		}
		if t[i] > v {
			return false
		}
	}
	return false
}

// Exits panics on a key of the table reached through either exit.
//
// max-len: 2
// want: panic linear 729
func Exits(s string) int {
	v := key(s)
	if linear(table[:], v) {
		if v == 729 {
			panic("linear 729")
		}
		return 1
	}
	return 0
}

// Break leaves by a break: the exit block is the loop's, from two blocks.
//
// max-len: 2
// want: panic break 5
func Break(s string) int {
	v := key(s)
	n := 0
	for n < len(table) {
		if table[n] >= v {
			break
		}
		n++
	}
	if n == 5 && v == 700 {
		panic("break 5")
	}
	return n
}

// Index reads the table at an index the loop computes: the bound check
// after it sees the ite term.
//
// max-len: 2
// want: panic index out of range
func Index(s string) uint16 {
	v := key(s)
	i := lowerBound(table[:], v)
	return table[i] // i == len(table) for keys above 60000
}

// Effects stores in its loop: it runs path by path, and still finds the
// panic.
//
// max-len: 2
// want: panic effects
func Effects(s string) int {
	v := key(s)
	var seen [len(table)]bool
	for i := range table {
		if table[i] < v {
			seen[i] = true
		}
	}
	if seen[3] && !seen[4] && v == 100 {
		panic("effects")
	}
	return 0
}

// Symbolic bounds a loop over the input's bytes, summed without effects:
// its trip count is the input's length, so it runs path by path.
//
// max-len: 3
// want: panic sum
func Symbolic(s string) int {
	sum := 0
	for i := 0; i < len(s); i++ {
		if s[i] > 'a' {
			sum += int(s[i])
		}
	}
	if sum == 3*'z' {
		panic("sum")
	}
	return sum
}

// constraint is a version constraint as version libraries match them: an
// operator, a dotted number, a pre-release tag.
var constraint = regexp.MustCompile(`^\s*(|=|!=|<|>|~>)\s*([0-9]+(\.[0-9]+)?)(-([0-9A-Za-z\-]+))?\s*$`)

// Constraint panics on a number the regexp accepts that does not fit in
// 4 bits, as a version library panicked on one past 32 (the
// goversion-constraint row of docs/bench/panics). Its character classes
// are searched by ite loops with several exits: a fork's clone among the
// exits must replay the walk its original made (TestIteLoopCloneReplays).
func Constraint(s string) int64 {
	m := constraint.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	n, err := strconv.ParseInt(m[2], 10, 4)
	if err != nil {
		panic(err)
	}
	return n
}

// codes is a table of two-letter codes, four bytes an entry (the code and
// two bytes of data), as x/text's language tables are laid out.
const codes = "aa\x00\x01" + "ab\x00\x02" + "de\x00\x03" + "en\x00\x04" + "fr\x00\x05" +
	"it\x00\x06" + "ja\x00\x07" + "nl\x00\x00" + "pt\x00\x09" + "zh\x00\x0a"

// compare is bytes.Compare's order of an entry's code and a key, by a
// loop that returns from its body.
func compare(entry string, key []byte) int {
	n := min(len(entry), len(key))
	for i, c := range key[:n] {
		switch {
		case entry[i] > c:
			return 1
		case entry[i] < c:
			return -1
		}
	}
	switch {
	case len(entry) < len(key):
		return -1
	case len(entry) > len(key):
		return 1
	}
	return 0
}

// codeIndex finds key's entry by sort.Search over a closure that calls
// compare: the loop's calls have no effects, so it runs once for all its
// paths.
func codeIndex(key []byte) int {
	n := len(key)
	i := sort.Search(len(codes)/4, func(i int) bool {
		return compare(codes[i*4:i*4+n], key) != -1
	})
	if i*4 >= len(codes) || compare(codes[i*4:i*4+n], key) != 0 {
		return -1
	}
	return i
}

// Lookup panics on the one code whose data byte is zero.
//
// max-len: 2
// want: panic no data
func Lookup(s []byte) int {
	if len(s) != 2 {
		return -2
	}
	i := codeIndex(s)
	if i >= 0 && codes[i*4+3] == 0 {
		panic("no data")
	}
	return i
}
