package symex

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
)

// SARIFOptions says how WriteSARIF names the tool and the files.
type SARIFOptions struct {
	// Version is the tool's version ("sift 1.2").
	Version string
	// Root is the directory file locations are relative to (the SRCROOT
	// base); files outside it get absolute file URIs.
	Root string
}

// A panicRule is a kind of panic: a SARIF rule.
type panicRule struct {
	id, name, text string
	match          func(msg string) bool
}

func messageHas(sub string) func(string) bool {
	return func(msg string) bool { return strings.Contains(msg, sub) }
}

// panicRules are the kinds of panic, the first that matches a message
// naming it; the last two take every other run-time error and every panic
// the code raises itself.
var panicRules = []panicRule{
	{"index-out-of-range", "IndexOutOfRange", "An index is out of the range of a slice, array or string.", messageHas("index out of range")},
	{"slice-bounds-out-of-range", "SliceBoundsOutOfRange", "Slice bounds are out of range.", messageHas("slice bounds out of range")},
	{"nil-dereference", "NilDereference", "A nil pointer is dereferenced.", messageHas("nil pointer dereference")},
	{"divide-by-zero", "DivideByZero", "An integer is divided by zero.", messageHas("integer divide by zero")},
	{"negative-shift", "NegativeShift", "A shift count is negative.", messageHas("negative shift amount")},
	{"interface-conversion", "InterfaceConversion", "A type assertion or interface conversion fails.", messageHas("interface conversion")},
	{"nil-map-write", "NilMapWrite", "An entry is assigned in a nil map.", messageHas("assignment to entry in nil map")},
	{"uncomparable", "Uncomparable", "A value of an uncomparable type is hashed or compared.", func(m string) bool {
		return strings.Contains(m, "unhashable type") || strings.Contains(m, "uncomparable type")
	}},
	{"length-out-of-range", "LengthOutOfRange", "A length given to make or unsafe is out of range.", messageHas("len out of range")},
	{"runtime-error", "RuntimeError", "Another run-time error.", func(m string) bool { return strings.HasPrefix(m, "runtime error:") }},
	{"explicit-panic", "ExplicitPanic", "The code calls panic.", func(string) bool { return true }},
}

// panicRuleOf is the index in panicRules of a panic message's kind.
func panicRuleOf(msg string) int {
	for i, r := range panicRules {
		if r.match(msg) {
			return i
		}
	}
	panic("unreachable: the last rule matches every message")
}

// WriteSARIF writes the panics of results as a SARIF 2.1.0 log with one run
// of sift symex: one result per panic site, its rule the panic's kind, with
// the function, the input (as Go literals), the number of paths and the
// generated test that replays it in the result's properties.
func WriteSARIF(w io.Writer, opts SARIFOptions, results ...*Result) error {
	type message struct {
		Text string `json:"text"`
	}
	type rule struct {
		ID                   string            `json:"id"`
		Name                 string            `json:"name"`
		ShortDescription     message           `json:"shortDescription"`
		DefaultConfiguration map[string]string `json:"defaultConfiguration"`
	}
	type artifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	type region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
	type physical struct {
		ArtifactLocation artifact `json:"artifactLocation"`
		Region           region   `json:"region"`
	}
	type logical struct {
		FullyQualifiedName string `json:"fullyQualifiedName"`
		Kind               string `json:"kind"`
	}
	type location struct {
		PhysicalLocation physical  `json:"physicalLocation"`
		LogicalLocations []logical `json:"logicalLocations"`
	}
	type result struct {
		RuleID     string         `json:"ruleId"`
		RuleIndex  int            `json:"ruleIndex"`
		Level      string         `json:"level"`
		Message    message        `json:"message"`
		Locations  []location     `json:"locations"`
		Properties map[string]any `json:"properties"`
	}
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return err
	}
	// The rules of the kinds that occur, in the order of panicRules.
	index := map[int]int{} // panicRules index → index in rules
	for _, r := range results {
		for _, p := range r.Panics {
			index[panicRuleOf(p.Message)] = 0
		}
	}
	rules := []rule{}
	for ri, pr := range panicRules {
		if _, ok := index[ri]; ok {
			index[ri] = len(rules)
			rules = append(rules, rule{ID: pr.id, Name: pr.name, ShortDescription: message{pr.text},
				DefaultConfiguration: map[string]string{"level": "error"}})
		}
	}
	out := []result{}
	for _, r := range results {
		for _, p := range r.Panics {
			ri := panicRuleOf(p.Message)
			art := artifact{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(p.Pos.Filename)}).String()}
			if rel, err := filepath.Rel(root, p.Pos.Filename); err == nil && !strings.HasPrefix(rel, "..") {
				art = artifact{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: "SRCROOT"}
			}
			out = append(out, result{RuleID: panicRules[ri].id, RuleIndex: index[ri], Level: "error",
				Message: message{fmt.Sprintf("%s panics: %s", r.Fn, p.Message)},
				Locations: []location{{PhysicalLocation: physical{ArtifactLocation: art,
					Region: region{StartLine: p.Pos.Line, StartColumn: p.Pos.Column}},
					LogicalLocations: []logical{{FullyQualifiedName: r.Fn.String(), Kind: "function"}}}},
				Properties: map[string]any{"function": r.Fn.String(), "input": summaryInputs(p.Inputs), "paths": p.Count,
					"test": PanicTestName(r.Fn), "subtest": panicRowName(p)}})
		}
	}
	type driver struct {
		Name           string `json:"name"`
		Version        string `json:"version,omitempty"`
		InformationURI string `json:"informationUri"`
		Rules          []rule `json:"rules"`
	}
	type run struct {
		Tool               map[string]driver   `json:"tool"`
		OriginalURIBaseIDs map[string]artifact `json:"originalUriBaseIds"`
		Results            []result            `json:"results"`
	}
	log := struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}{
		Schema:  "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
		Version: "2.1.0",
		Runs: []run{{
			Tool: map[string]driver{"driver": {Name: "sift symex", Version: opts.Version,
				InformationURI: "https://github.com/sift-solver/sift", Rules: rules}},
			OriginalURIBaseIDs: map[string]artifact{"SRCROOT": {URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(root) + "/"}).String()}},
			Results:            out,
		}},
	}
	b, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
