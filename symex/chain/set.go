package chain

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// A set of constraints is a sorted slice of distinct terms: hash-consing
// makes equal constraints the same term, so sets compare by ids.
func newSet(ts []term.Term, extra term.Term) []term.Term {
	s := make([]term.Term, 0, len(ts)+1)
	s = append(append(s, ts...), extra)
	slices.Sort(s)
	return slices.Compact(s)
}

// subset reports whether every element of a is in b.
func subset(a, b []term.Term) bool {
	if len(a) > len(b) {
		return false
	}
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
		j++
	}
	return true
}

// hashSet is FNV-1a over the ids.
func hashSet(s []term.Term) uint64 {
	h := uint64(14695981039346656037)
	for _, t := range s {
		for k := 0; k < 4; k++ {
			h ^= uint64(byte(t >> (8 * k)))
			h *= 1099511628211
		}
	}
	return h
}
