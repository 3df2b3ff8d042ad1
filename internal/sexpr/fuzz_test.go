package sexpr

import (
	"slices"
	"strings"
	"testing"
)

// FuzzScanner holds the scanner to the reference descent (refEnd), to
// itself over text cut into pieces of every size the input picks, and
// Split to what End says of each piece it returns.
func FuzzScanner(f *testing.F) {
	for _, seed := range []string{
		"(check-sat)", "sat\n(error \"line 1: ) \"\"quoted\"\"\")", "(model\n  (define-fun |x y| () (_ BitVec 8) #x0a)\n)",
		"; c\n(a ; b )\n c)", "\"abc", "(|a", ") (", "ab\"c d\" e", "((_ bv5 8) #b101)",
	} {
		f.Add(seed, uint8(3))
	}
	f.Fuzz(func(t *testing.T, text string, size uint8) {
		if i := Skip(text, 0); i < len(text) {
			want := refEnd(text, i)
			if got := End(text, i); got != want {
				t.Fatalf("End(%q, %d) = %d, the reference %d", text, i, got, want)
			}
			if got := endInPieces(text[i:], int(size)%16+1); (got < 0 && want >= 0) || (got >= 0 && i+got != want) {
				t.Fatalf("%q in pieces of %d: end %d, want %d", text, int(size)%16+1, got, want)
			}
		}
		// Each piece is one whole expression, and the pieces, joined by
		// blanks, split into themselves.
		items, err := Split(text)
		for _, it := range items {
			if End(it, 0) != len(it) {
				t.Fatalf("Split(%q) returned %q, not one whole expression", text, it)
			}
		}
		joined := strings.Join(items, " ")
		again, err2 := Split(joined)
		if err2 != nil || !slices.Equal(again, items) {
			t.Fatalf("Split(%q) = %q (%v), but Split(%q) = %q (%v)", text, items, err, joined, again, err2)
		}
	})
}
