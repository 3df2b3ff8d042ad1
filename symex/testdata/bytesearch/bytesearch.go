// Package bytesearch holds parsers that split a string and then look at
// the pieces, whose searches symex answers as terms (bytesearch.go): the
// paths are the pieces' checks, not the placements of the separators.
package bytesearch

import "strings"

// Fields panics on three "k:v" fields, "a", "b", "c" in turn, with
// one-byte values: "a:1/b:2/c:3" (11 bytes).
func Fields(s string) int {
	pts := strings.Split(s, "/")
	if len(pts) != 3 {
		return 0
	}
	for i, pt := range pts {
		k, v, ok := strings.Cut(pt, ":")
		if !ok || k != string(rune('a'+i)) || len(v) != 1 {
			return 0
		}
	}
	panic("three fields")
}
