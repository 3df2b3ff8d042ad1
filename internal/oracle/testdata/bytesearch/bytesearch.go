// Package oraclebytesearch holds searches of a symbolic string for the
// oracle (see ../../bytesearch_test.go): strings.Split, SplitAfter, Cut,
// Index and Count, which symex answers with terms over the string's bytes
// (symex/bytesearch.go, symex/models/strings.go), not loops. The
// functions that panic do so on a few of the pieces' shapes; the ones
// named agree* panic only if the library's result differs from a plain
// loop's, which Go never does and symex must not claim.
package oraclebytesearch

import "strings"

// fields panics on three pieces, the first one byte, the last empty.
func fields(s string) int {
	p := strings.Split(s, "/")
	if len(p) == 3 && len(p[0]) == 1 && p[2] == "" {
		panic("three")
	}
	return len(p)
}

// keyValue panics on an empty key with a one-byte value, after a slash.
func keyValue(s string) int {
	_, rest, ok := strings.Cut(s, "/")
	if !ok {
		return 0
	}
	k, v, ok := strings.Cut(rest, ":")
	if ok && k == "" && len(v) == 1 {
		panic(":")
	}
	return len(k)
}

// agreeSplit panics if Split or SplitAfter differs from splitLoop, in
// the pieces or the result's capacity.
func agreeSplit(s string) int {
	for _, keep := range []bool{false, true} {
		var p []string
		if keep {
			p = strings.SplitAfter(s, "/")
		} else {
			p = strings.Split(s, "/")
		}
		q := splitLoop(s, '/', keep)
		if len(p) != len(q) || cap(p) != len(q) {
			panic("split: count")
		}
		for i := range p {
			if p[i] != q[i] {
				panic("split: piece")
			}
		}
	}
	return 0
}

// agreeSearch panics if Index, IndexByte, Count or Cut differs from a
// loop over the bytes, on s and on s without its first byte (a string at
// an offset).
func agreeSearch(s string) int {
	for _, t := range []string{s, tail(s)} {
		i := -1
		n := 0
		for j := 0; j < len(t); j++ {
			if t[j] == ':' {
				if i < 0 {
					i = j
				}
				n++
			}
		}
		if strings.Index(t, ":") != i || strings.IndexByte(t, ':') != i || strings.Count(t, ":") != n {
			panic("search")
		}
		before, after, found := strings.Cut(t, ":")
		if found != (i >= 0) || found && (before != t[:i] || after != t[i+1:]) || !found && before != t {
			panic("cut")
		}
	}
	return 0
}

func tail(s string) string {
	if s == "" {
		return s
	}
	return s[1:]
}

// splitLoop cuts s at every sep, keeping it in the pieces if keep.
func splitLoop(s string, sep byte, keep bool) []string {
	var out []string
	start := 0
	for j := 0; j < len(s); j++ {
		if s[j] == sep {
			end := j
			if keep {
				end++
			}
			out = append(out, s[start:end])
			start = j + 1
		}
	}
	return append(out, s[start:])
}

// agreeReplace panics if Replace or ReplaceAll differs from replaceLoop,
// for a deletion, a longer replacement, a bounded count and the empty
// old string (a replacement before each rune).
func agreeReplace(s string) int {
	if strings.ReplaceAll(s, ":", "") != replaceLoop(s, "", -1) {
		panic("replace: delete")
	}
	if strings.Replace(s, ":", "ab", 1) != replaceLoop(s, "ab", 1) {
		panic("replace: one")
	}
	if strings.Replace(tail(s), ":", ":", -1) != tail(s) {
		panic("replace: same")
	}
	if r := strings.Replace(s, "", "-", 2); len(s) > 0 && r[0] != '-' || len(r) != len(s)+min(2, len(s)+1) {
		panic("replace: empty old")
	}
	return 0
}

// replaceLoop replaces the first n (all, for n < 0) ':' of s with new.
func replaceLoop(s, new string, n int) string {
	var out []byte
	for j := 0; j < len(s); j++ {
		if s[j] == ':' && n != 0 {
			out = append(out, new...)
			n--
			continue
		}
		out = append(out, s[j])
	}
	return string(out)
}

// agreeBuffer panics if a search of a constant-length string cut from a
// large buffer (its bound tightened to its length) differs from a loop.
func agreeBuffer(s string) int {
	buf := append(make([]byte, 0, 4096), s...)
	if len(buf) < 3 {
		return 0
	}
	t := string(buf[1:3])
	n := 0
	for j := 0; j < len(t); j++ {
		if t[j] == ':' {
			n++
		}
	}
	if strings.Count(t, ":") != n || strings.Index(t, ":") != strings.IndexByte(string(buf[1:]), ':') && n > 0 {
		panic("buffer")
	}
	return 0
}
