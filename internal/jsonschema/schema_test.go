package jsonschema

import (
	"os"
	"strings"
	"testing"
)

const sarifSchema = "../../symex/testdata/sarif/sarif-schema-2.1.0.json"

func TestCompileSARIFSchema(t *testing.T) {
	doc, err := os.ReadFile(sarifSchema)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.defs) < 50 {
		t.Errorf("%d definitions, want the SARIF schema's (more than 50)", len(s.defs))
	}
}

func TestValidate(t *testing.T) {
	schema := `{
		"type": "object", "additionalProperties": false, "required": ["version", "runs"],
		"properties": {
			"version": {"enum": ["2.1.0"]},
			"runs": {"type": ["array", "null"], "minItems": 1, "uniqueItems": true, "items": {"$ref": "#/definitions/run"}},
			"uri": {"type": "string", "format": "uri"},
			"when": {"type": "string", "format": "date-time"},
			"tag": {"type": "string", "pattern": "^[a-z]{2}$"},
			"n": {"type": "integer", "minimum": 0, "maximum": 9},
			"either": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
			"one": {"oneOf": [{"type": "number"}, {"type": "integer"}]},
			"bag": {"type": "object", "additionalProperties": {"type": "boolean"}}
		},
		"definitions": {"run": {"type": "object", "required": ["tool"], "properties": {"tool": {"type": "string"}}}}
	}`
	s, err := Compile([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		doc  string
		want []string // substrings of the violations, in order ("": valid)
	}{
		{`{"version": "2.1.0", "runs": [{"tool": "x"}]}`, nil},
		{`{"version": "2.1.0", "runs": null}`, nil},
		{`{"runs": []}`, []string{`/: required property "version"`, "/runs: 0 items"}},
		{`{"version": "2.0", "runs": [{"tool": 1}]}`, []string{"/runs/0/tool: want type string", "/version: 2.0 is not one of"}},
		{`{"version": "2.1.0", "runs": [{"tool": "x"}, {"tool": "x"}]}`, []string{"/runs: items 0 and 1 are equal"}},
		{`{"version": "2.1.0", "runs": [{}], "extra": 1}`, []string{`/: property "extra" is not allowed`, `/runs/0: required property "tool"`}},
		{`{"version": "2.1.0", "runs": [{"tool": "x"}], "uri": "no scheme", "when": "yesterday"}`, []string{`/uri: "no scheme" is not a uri`, `/when: "yesterday" is not a date-time`}},
		{`{"version": "2.1.0", "runs": [{"tool": "x"}], "tag": "abc", "n": 10}`, []string{"/n: 10 is above the maximum", `/tag: "abc" does not match`}},
		{`{"version": "2.1.0", "runs": [{"tool": "x"}], "n": 1.5, "either": true, "one": 3}`, []string{"/either: matches none of anyOf", "/n: want type integer", "/one: matches 2 of oneOf"}},
		{`{"version": "2.1.0", "runs": [{"tool": "x"}], "bag": {"a": true, "b": 1}}`, []string{"/bag/b: want type boolean"}},
	}
	for _, c := range cases {
		errs, err := s.Validate([]byte(c.doc))
		if err != nil {
			t.Fatal(err)
		}
		if len(errs) != len(c.want) {
			t.Errorf("%s: violations %q, want %d", c.doc, errs, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(errs[i], w) {
				t.Errorf("%s: violation %d is %q, want %q in it", c.doc, i, errs[i], w)
			}
		}
	}
}

func TestCompileRefusesUnknown(t *testing.T) {
	for _, schema := range []string{
		`{"type": "object", "patternProperties": {}}`,
		`{"$ref": "other.json#/x"}`,
		`{"$ref": "#/definitions/missing"}`,
		`{"format": "email"}`,
		`{"items": [{"type": "string"}]}`,
	} {
		if _, err := Compile([]byte(schema)); err == nil {
			t.Errorf("%s: compiled, want an error", schema)
		}
	}
}
