//go:build siftmodels

// strings.Split and SplitAfter without counting the separators first.
// Go's genSplit sizes its result by strings.Count and then cuts as many
// pieces: on a symbolic string the count is a sum over every byte, and the
// solver must prove by counting that the k-th search finds a separator,
// which no solver does fast (docs/bench/panics/cvss-w7.md). Cutting until
// the search fails gives the same pieces, and the same slice (length and
// capacity the count plus one), with one fork per piece.
//
// strings.Replace (and ReplaceAll, which calls it) likewise: Go's counts
// the matches first, then replaces as many in a loop whose every turn
// compares its counter with the count; here the loop replaces until the
// search fails (or n matches are replaced), the same string.
package siftmodels

import (
	"strings"
	"unicode/utf8"
)

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

//sift:model strings.Replace
func stringsReplace(s, old, new string, n int) string {
	if old == new || n == 0 {
		return s
	}
	var b strings.Builder
	start, done := 0, 0
	for n < 0 || done < n {
		j := start
		if old == "" { // before each rune, and once at the end
			if done > 0 {
				if start == len(s) {
					break
				}
				_, wid := utf8.DecodeRuneInString(s[start:])
				j += wid
			}
		} else {
			i := strings.Index(s[start:], old)
			if i < 0 {
				break
			}
			j += i
		}
		if done == 0 {
			b.Grow(len(s) + len(new))
		}
		b.WriteString(s[start:j])
		b.WriteString(new)
		start = j + len(old)
		done++
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[start:])
	return b.String()
}
