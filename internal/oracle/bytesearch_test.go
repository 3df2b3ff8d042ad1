package oracle

import "testing"

// TestByteSearch compares symex with Go on strings.Split, Cut, Index,
// Count and Replace of a symbolic string and of one cut from a large
// buffer (testdata/bytesearch), which symex answers with terms over the
// bytes: the panics on the pieces' shapes, and no
// panic where the library agrees with a loop.
func TestByteSearch(t *testing.T) {
	compareExhausted(t, "testdata/bytesearch", 3, []siteCase{
		{"fields", 1},
		{"keyValue", 1},
		{"agreeSplit", 0},
		{"agreeSearch", 0},
		{"agreeReplace", 0},
		{"agreeBuffer", 0},
	})
}
