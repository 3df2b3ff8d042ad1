package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"time"
)

// knownFormats are the formats Validate checks.
var knownFormats = map[string]bool{"uri": true, "uri-reference": true, "date-time": true}

// Validate checks a JSON document against s and returns every violation,
// each with the JSON pointer of the value it is about (nil: valid).
func (s *Schema) Validate(doc []byte) ([]string, error) {
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, fmt.Errorf("jsonschema: %w", err)
	}
	var errs []string
	s.check(s.root, v, "", &errs)
	return errs, nil
}

func (s *Schema) check(n *node, v any, at string, errs *[]string) {
	fail := func(format string, args ...any) {
		*errs = append(*errs, fmt.Sprintf("%s: %s", pointer(at), fmt.Sprintf(format, args...)))
	}
	if n.ref != "" {
		s.check(s.defs[n.ref], v, at, errs)
	}
	if len(n.types) > 0 && !hasType(v, n.types) {
		fail("want type %s, have %s", strings.Join(n.types, " or "), typeOf(v))
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for _, r := range n.required {
			if _, ok := x[r]; !ok {
				fail("required property %q is missing", r)
			}
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch p, ok := n.properties[k]; {
			case ok:
				s.check(p, x[k], at+"/"+k, errs)
			case n.additional != nil:
				s.check(n.additional, x[k], at+"/"+k, errs)
			case n.noAdditonal:
				fail("property %q is not allowed", k)
			}
		}
	case []any:
		if n.minItems != nil && len(x) < *n.minItems {
			fail("%d items, want at least %d", len(x), *n.minItems)
		}
		if n.uniqueItems {
			for i := range x {
				for j := i + 1; j < len(x); j++ {
					if equal(x[i], x[j]) {
						fail("items %d and %d are equal", i, j)
					}
				}
			}
		}
		if n.items != nil {
			for i, it := range x {
				s.check(n.items, it, fmt.Sprintf("%s/%d", at, i), errs)
			}
		}
	case json.Number:
		f, _ := x.Float64()
		if n.minimum != nil && f < *n.minimum {
			fail("%v is below the minimum %v", x, *n.minimum)
		}
		if n.maximum != nil && f > *n.maximum {
			fail("%v is above the maximum %v", x, *n.maximum)
		}
	case string:
		if n.pattern != nil && !n.pattern.MatchString(x) {
			fail("%q does not match %s", x, n.pattern)
		}
		if n.format != "" && !formatOK(n.format, x) {
			fail("%q is not a %s", x, n.format)
		}
	}
	if n.enum != nil && !contains(n.enum, v) {
		fail("%v is not one of %v", v, n.enum)
	}
	if len(n.anyOf) > 0 && s.matching(n.anyOf, v, at) == 0 {
		fail("matches none of anyOf")
	}
	if len(n.oneOf) > 0 {
		if k := s.matching(n.oneOf, v, at); k != 1 {
			fail("matches %d of oneOf, want 1", k)
		}
	}
}

// matching counts the schemas of list that v is valid against.
func (s *Schema) matching(list []*node, v any, at string) int {
	k := 0
	for _, c := range list {
		var e []string
		s.check(c, v, at, &e)
		if len(e) == 0 {
			k++
		}
	}
	return k
}

func hasType(v any, types []string) bool {
	for _, t := range types {
		switch x := v.(type) {
		case json.Number:
			if t == "number" {
				return true
			}
			if f, err := x.Float64(); t == "integer" && err == nil && f == math.Trunc(f) {
				return true
			}
		default:
			if typeOf(v) == t {
				return true
			}
		}
	}
	return false
}

func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func formatOK(format, s string) bool {
	switch format {
	case "uri":
		u, err := url.Parse(s)
		return err == nil && u.Scheme != ""
	case "uri-reference":
		_, err := url.Parse(s)
		return err == nil
	case "date-time":
		_, err := time.Parse(time.RFC3339, s)
		return err == nil
	}
	return false
}

// equal compares decoded JSON values, numbers by value.
func equal(a, b any) bool {
	na, aok := a.(json.Number)
	nb, bok := b.(json.Number)
	if aok && bok {
		fa, _ := na.Float64()
		fb, _ := nb.Float64()
		return fa == fb
	}
	return reflect.DeepEqual(a, b)
}

func contains(list []any, v any) bool {
	for _, x := range list {
		if n, ok := v.(json.Number); ok {
			if f, isNum := x.(float64); isNum {
				g, _ := n.Float64()
				if f == g {
					return true
				}
			}
			continue
		}
		if reflect.DeepEqual(x, v) {
			return true
		}
	}
	return false
}

// pointer is at as a JSON pointer ("/" for the document).
func pointer(at string) string {
	if at == "" {
		return "/"
	}
	return at
}
