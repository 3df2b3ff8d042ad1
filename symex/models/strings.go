//go:build siftmodels

// strings.Split and SplitAfter without counting the separators first.
// Go's genSplit sizes its result by strings.Count and then cuts as many
// pieces: on a symbolic string the count is a sum over every byte, and the
// solver must prove by counting that the k-th search finds a separator,
// which no solver does fast (docs/bench/panics/cvss-w7.md). Cutting until
// the search fails gives the same pieces, and the same slice (length and
// capacity the count plus one), with one fork per piece.
package siftmodels

import "strings"

//sift:model strings.Split
func stringsSplit(s, sep string) []string { return splitAll(s, sep, 0) }

//sift:model strings.SplitAfter
func stringsSplitAfter(s, sep string) []string { return splitAll(s, sep, len(sep)) }

// splitAll cuts s at every sep, keeping sepSave bytes of it in each piece.
func splitAll(s, sep string, sepSave int) []string {
	if sep == "" { // UTF-8 sequences: SplitN's own code
		return strings.SplitN(s, sep, -1)
	}
	var a []string
	for {
		m := strings.Index(s, sep)
		if m < 0 {
			break
		}
		a = append(a, s[:m+sepSave])
		s = s[m+len(sep):]
	}
	a = append(a, s)
	return a[:len(a):len(a)]
}
