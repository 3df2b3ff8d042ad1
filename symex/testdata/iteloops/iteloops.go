// Package iteloops holds loops without effects over symbolic keys, which
// symex runs once for all their paths as ite terms (loopite.go): binary
// and linear searches of constant tables, loops that leave by several
// exits, and loops it must run path by path. The want lines are the
// expectations of symex's TestWantCases (see testdata/unsafe).
package iteloops

import (
	"regexp"
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
