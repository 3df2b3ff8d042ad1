package z3

import (
	"sort"
	"strconv"
	"strings"

	"github.com/sift-solver/sift/internal/sexpr"
)

// literalBindings reads z3's printed model without libz3 when every entry
// is a constant defined as a literal (true, false, #b…, #x…, (_ bvN w)),
// the usual model of a bit-vector problem. Loading libz3 and parsing the
// script again to read such a model cost sift more than z3's own check on
// small sat files (docs/bench/fallback-parity). Anything else (functions,
// arrays, abstract elements, an expression as a value, text of an
// unexpected shape) is not read here: ok is false and the caller reads the
// model through libz3. Entries for symbols the script does not declare are
// harmless: the engine binds only the problem's own symbols, and a symbol
// z3 left out keeps its default value there, as through libz3.
func literalBindings(text string) (bindings []Binding, ok bool) {
	defer func() {
		// The splitters report malformed text by panicking (fail).
		if recover() != nil {
			bindings, ok = nil, false
		}
	}()
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "(") || !strings.HasSuffix(text, ")") {
		return nil, false
	}
	for _, cmd := range topCommands(text[1 : len(text)-1]) {
		if sexpr.Head(cmd) != "define-fun" {
			return nil, false
		}
		d := defineFun(cmd)
		if len(d.params) != 0 || !literalOfSort(d.body, d.sort) {
			return nil, false
		}
		bindings = append(bindings, Binding{Name: strings.Trim(d.name, "|"), Sort: d.sort, Value: d.body})
	}
	sort.Slice(bindings, func(i, j int) bool { return bindings[i].Name < bindings[j].Name })
	return bindings, true
}

// literalOfSort reports whether text is a literal of sort: true or false
// for Bool, a #b, #x or (_ bvN w) literal of the sort's width for a
// bit-vector sort.
func literalOfSort(text, sort string) bool {
	if sort == "Bool" {
		return text == "true" || text == "false"
	}
	f := strings.Fields(strings.TrimSuffix(strings.TrimPrefix(sort, "("), ")"))
	if !strings.HasPrefix(sort, "(") || len(f) != 3 || f[0] != "_" || f[1] != "BitVec" || !isDigits(f[2]) {
		return false
	}
	width := f[2]
	switch {
	case strings.HasPrefix(text, "#b"):
		digits := text[2:]
		return digits != "" && strings.Trim(digits, "01") == "" && strconv.Itoa(len(digits)) == width
	case strings.HasPrefix(text, "#x"):
		digits := strings.ToLower(text[2:])
		return digits != "" && strings.Trim(digits, "0123456789abcdef") == "" && strconv.Itoa(4*len(digits)) == width
	case strings.HasPrefix(text, "(_ bv"):
		g := strings.Fields(strings.TrimSuffix(text[1:], ")"))
		return len(g) == 3 && g[0] == "_" && isDigits(strings.TrimPrefix(g[1], "bv")) && g[2] == width
	}
	return false
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
