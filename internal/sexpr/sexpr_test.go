package sexpr

import (
	"slices"
	"testing"
)

func TestEnd(t *testing.T) {
	tests := []struct {
		text string
		i    int
		want int
	}{
		{"(a b)", 0, 5},
		{"(a (b c) d) e", 0, 11},
		{"sat\n", 0, 3},
		{"sat", 0, 3},
		{"unsat)", 0, 5},
		{"x(", 0, 1},
		{`(error "a ) b")`, 0, 15},
		{`(echo "say ""hi"" )")x`, 0, 21},
		{"(|a ) b| c)", 0, 11},
		{"(a ; ) comment\n b)", 0, 18},
		{`"abc"`, 0, 5},
		{`"a""b" c`, 0, 6},
		{"|x y| z", 0, 5},
		{") x", 0, 1},
		{"(a b", 0, -1},
		{`(a "b)`, 0, -1},
		{"(a |b)", 0, -1},
		{`"abc`, 0, -1},
		{"ab;c", 0, -1},
		{"(x) (y z)", 4, 9},
	}
	for _, tc := range tests {
		if got := End(tc.text, tc.i); got != tc.want {
			t.Errorf("End(%q, %d) = %d, want %d", tc.text, tc.i, got, tc.want)
		}
		if got := refEnd(tc.text, tc.i); got != tc.want {
			t.Errorf("the reference's End(%q, %d) = %d, want %d (the test is wrong)", tc.text, tc.i, got, tc.want)
		}
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		text string
		want []string
		err  bool
	}{
		{"", nil, false},
		{" ; only a comment\n", nil, false},
		{"sat\n(model (define-fun x () Bool true))\n", []string{"sat", "(model (define-fun x () Bool true))"}, false},
		{"a |b c| \"d e\" (f)", []string{"a", "|b c|", `"d e"`, "(f)"}, false},
		{"(a) ; (b)\n(c)", []string{"(a)", "(c)"}, false},
		{"(a) )", []string{"(a)"}, true},
		{"(a) (b", []string{"(a)"}, true},
	}
	for _, tc := range tests {
		got, err := Split(tc.text)
		if (err != nil) != tc.err || !slices.Equal(got, tc.want) {
			t.Errorf("Split(%q) = %q, %v; want %q, error %v", tc.text, got, err, tc.want, tc.err)
		}
	}
}

func TestElemsAndHead(t *testing.T) {
	elems, err := Elems(`(define-fun |f x| ((p (_ BitVec 8))) Bool "s ) t")`)
	want := []string{"define-fun", "|f x|", "((p (_ BitVec 8)))", "Bool", `"s ) t"`}
	if err != nil || !slices.Equal(elems, want) {
		t.Errorf("Elems = %q, %v; want %q", elems, err, want)
	}
	for _, bad := range []string{"", "a", "(a", "(a) b", "(a))"} {
		if _, err := Elems(bad); err == nil {
			t.Errorf("Elems(%q) succeeded", bad)
		}
	}
	for list, want := range map[string]string{
		"(assert x)": "assert", "( ; c\n exit)": "exit", "((a) b)": "", "()": "", "x": "", "(set-logic": "set-logic",
	} {
		if got := Head(list); got != want {
			t.Errorf("Head(%q) = %q, want %q", list, got, want)
		}
	}
}

// TestScannerPieces checks that where an expression ends does not depend on
// how its text is cut into pieces.
func TestScannerPieces(t *testing.T) {
	for _, text := range []string{`(a "b "" ) c" |d ) e| ; f )` + "\n g)", `"x""y"`, "atom rest", "(a (b) ((c)))"} {
		want := End(text, 0)
		for size := 1; size <= len(text); size++ {
			if got := endInPieces(text, size); got != want {
				t.Errorf("%q in pieces of %d: end %d, want %d", text, size, got, want)
			}
		}
	}
}

// endInPieces is End with the text fed to a Scanner size bytes at a time.
func endInPieces(text string, size int) int {
	var sc Scanner
	off := 0
	for off < len(text) {
		piece := text[off:min(off+size, len(text))]
		n, done := sc.Scan([]byte(piece))
		off += n
		if done {
			return off
		}
	}
	if sc.Complete() {
		return off
	}
	return -1
}

// refEnd is End written another way, by recursive descent over the
// elements of a list: the reference the fuzz target holds End to.
func refEnd(text string, i int) int {
	switch text[i] {
	case ')':
		return i + 1
	case '(':
		j := i + 1
		for {
			j = Skip(text, j)
			if j >= len(text) {
				return -1
			}
			if text[j] == ')' {
				return j + 1
			}
			if j = refEnd(text, j); j < 0 {
				return -1
			}
		}
	}
	j := i
	for j < len(text) {
		switch text[j] {
		case ' ', '\t', '\n', '\r', '\f', '\v', '(', ')':
			return j
		case '"':
			for j++; ; j++ {
				if j >= len(text) {
					return -1
				}
				if text[j] == '"' {
					if j+1 < len(text) && text[j+1] == '"' {
						j++
						continue
					}
					break
				}
			}
		case '|', ';':
			close := byte('|')
			if text[j] == ';' {
				close = '\n'
			}
			for j++; j < len(text) && text[j] != close; j++ {
			}
			if j >= len(text) {
				return -1
			}
		}
		j++
	}
	return j
}
