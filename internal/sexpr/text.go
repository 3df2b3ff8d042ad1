package sexpr

import (
	"errors"
	"fmt"
)

// End returns the index just past the expression whose first byte is
// text[i], or -1 when text ends inside it. An atom may end with the text.
func End(text string, i int) int {
	var sc Scanner
	n, done := sc.ScanString(text[i:])
	if !done && !sc.Complete() {
		return -1
	}
	return i + n
}

// Skip returns the first index at or after i that is neither white space
// nor inside a ; comment (len(text) when there is none).
func Skip(text string, i int) int {
	for i < len(text) {
		switch text[i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			i++
		case ';':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// ErrUnclosed reports text that ends inside an expression.
var ErrUnclosed = errors.New("unclosed expression")

// Split returns the top-level expressions of text as written, in order;
// the white space and comments between them are left out. It fails on an
// expression that text ends inside and on a ')' that closes nothing.
func Split(text string) ([]string, error) {
	var out []string
	for i := Skip(text, 0); i < len(text); i = Skip(text, i) {
		if text[i] == ')' {
			return out, fmt.Errorf("unbalanced ')' at offset %d", i)
		}
		end := End(text, i)
		if end < 0 {
			return out, fmt.Errorf("%w at offset %d", ErrUnclosed, i)
		}
		out = append(out, text[i:end])
		i = end
	}
	return out, nil
}

// Elems returns the elements of a list, "(a (b c) d)" giving "a", "(b c)"
// and "d". It fails when list is not one whole list.
func Elems(list string) ([]string, error) {
	if len(list) < 2 || list[0] != '(' || End(list, 0) != len(list) {
		return nil, fmt.Errorf("not a list: %.40q", list)
	}
	return Split(list[1 : len(list)-1])
}

// Head returns the first element of a list when it is an atom (a command's
// name, say), and "" otherwise.
func Head(list string) string {
	if len(list) == 0 || list[0] != '(' {
		return ""
	}
	i := Skip(list, 1)
	if i >= len(list) || list[i] == '(' || list[i] == ')' {
		return ""
	}
	end := End(list, i)
	if end < 0 {
		return ""
	}
	return list[i:end]
}
