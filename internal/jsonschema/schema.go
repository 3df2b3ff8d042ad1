package jsonschema

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Schema is a compiled schema: the root and its definitions.
type Schema struct {
	root *node
	defs map[string]*node
}

// node is one (sub)schema with its keywords; a nil field is an absent
// keyword.
type node struct {
	ref         string // a definition's name
	types       []string
	properties  map[string]*node
	additional  *node // additionalProperties as a schema
	noAdditonal bool  // additionalProperties: false
	required    []string
	items       *node
	minItems    *int
	uniqueItems bool
	minimum     *float64
	maximum     *float64
	pattern     *regexp.Regexp
	format      string
	enum        []any
	anyOf       []*node
	oneOf       []*node
}

// annotations are keywords that do not constrain a document.
var annotations = map[string]bool{"title": true, "description": true, "default": true, "id": true, "$schema": true}

// Compile reads a schema document.
func Compile(doc []byte) (*Schema, error) {
	var raw map[string]any
	if err := json.Unmarshal(doc, &raw); err != nil {
		return nil, fmt.Errorf("jsonschema: %w", err)
	}
	s := &Schema{defs: map[string]*node{}}
	if defs, ok := raw["definitions"].(map[string]any); ok {
		for name, d := range defs {
			n, err := compileNode(d, "#/definitions/"+name)
			if err != nil {
				return nil, err
			}
			s.defs[name] = n
		}
	}
	delete(raw, "definitions")
	root, err := compileNode(raw, "#")
	if err != nil {
		return nil, err
	}
	s.root = root
	for _, n := range s.all() {
		if n.ref != "" && s.defs[n.ref] == nil {
			return nil, fmt.Errorf("jsonschema: $ref to a missing definition %q", n.ref)
		}
	}
	return s, nil
}

// all returns every node of s.
func (s *Schema) all() []*node {
	var out []*node
	var walk func(n *node)
	walk = func(n *node) {
		if n == nil {
			return
		}
		out = append(out, n)
		for _, p := range n.properties {
			walk(p)
		}
		walk(n.additional)
		walk(n.items)
		for _, a := range append(append([]*node(nil), n.anyOf...), n.oneOf...) {
			walk(a)
		}
	}
	walk(s.root)
	for _, d := range s.defs {
		walk(d)
	}
	return out
}

func compileNode(v any, at string) (*node, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("jsonschema: %s: a schema must be an object", at)
	}
	n := &node{}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		val := m[k]
		bad := func() error { return fmt.Errorf("jsonschema: %s: bad %s %v", at, k, val) }
		switch {
		case annotations[k]:
		case k == "$ref":
			ref, ok := val.(string)
			name, found := strings.CutPrefix(ref, "#/definitions/")
			if !ok || !found {
				return nil, fmt.Errorf("jsonschema: %s: $ref %v: only #/definitions/NAME is supported", at, val)
			}
			n.ref = name
		case k == "type":
			switch t := val.(type) {
			case string:
				n.types = []string{t}
			case []any:
				for _, x := range t {
					s, ok := x.(string)
					if !ok {
						return nil, bad()
					}
					n.types = append(n.types, s)
				}
			default:
				return nil, bad()
			}
		case k == "properties":
			props, ok := val.(map[string]any)
			if !ok {
				return nil, bad()
			}
			n.properties = map[string]*node{}
			for name, p := range props {
				c, err := compileNode(p, at+"/properties/"+name)
				if err != nil {
					return nil, err
				}
				n.properties[name] = c
			}
		case k == "additionalProperties":
			switch a := val.(type) {
			case bool:
				n.noAdditonal = !a
			default:
				c, err := compileNode(a, at+"/additionalProperties")
				if err != nil {
					return nil, err
				}
				n.additional = c
			}
		case k == "required":
			list, ok := val.([]any)
			if !ok {
				return nil, bad()
			}
			for _, x := range list {
				s, ok := x.(string)
				if !ok {
					return nil, bad()
				}
				n.required = append(n.required, s)
			}
		case k == "items":
			c, err := compileNode(val, at+"/items")
			if err != nil {
				return nil, err
			}
			n.items = c
		case k == "minItems":
			f, ok := val.(float64)
			if !ok {
				return nil, bad()
			}
			i := int(f)
			n.minItems = &i
		case k == "uniqueItems":
			b, ok := val.(bool)
			if !ok {
				return nil, bad()
			}
			n.uniqueItems = b
		case k == "minimum" || k == "maximum":
			f, ok := val.(float64)
			if !ok {
				return nil, bad()
			}
			if k == "minimum" {
				n.minimum = &f
			} else {
				n.maximum = &f
			}
		case k == "pattern":
			s, ok := val.(string)
			if !ok {
				return nil, bad()
			}
			re, err := regexp.Compile(s)
			if err != nil {
				return nil, fmt.Errorf("jsonschema: %s: pattern: %w", at, err)
			}
			n.pattern = re
		case k == "format":
			s, ok := val.(string)
			if !ok || !knownFormats[s] {
				return nil, fmt.Errorf("jsonschema: %s: format %v is not supported", at, val)
			}
			n.format = s
		case k == "enum":
			list, ok := val.([]any)
			if !ok {
				return nil, bad()
			}
			n.enum = list
		case k == "anyOf" || k == "oneOf":
			list, ok := val.([]any)
			if !ok {
				return nil, bad()
			}
			for i, x := range list {
				c, err := compileNode(x, fmt.Sprintf("%s/%s/%d", at, k, i))
				if err != nil {
					return nil, err
				}
				if k == "anyOf" {
					n.anyOf = append(n.anyOf, c)
				} else {
					n.oneOf = append(n.oneOf, c)
				}
			}
		default:
			return nil, fmt.Errorf("jsonschema: %s: keyword %q is not supported", at, k)
		}
	}
	return n, nil
}
