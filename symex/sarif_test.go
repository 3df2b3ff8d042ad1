package symex

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/sift-solver/sift/internal/jsonschema"
)

var updateSARIF = flag.Bool("update-sarif", false, "rewrite testdata/sarif/pick.sarif.golden")

func sarifLog(t *testing.T) []byte {
	t.Helper()
	var results []*Result
	for _, fn := range []string{"Pick", "Safe"} {
		_, res := explore(t, loadTestFunc(t, "testdata/sarif", "Pick", fn), Options{MaxLen: 2}, nil)
		results = append(results, res)
	}
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, SARIFOptions{Version: "test", Root: filepath.Join("testdata", "sarif")}, results...); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSARIFGolden(t *testing.T) {
	// The SRCROOT base is this machine's directory: the golden file names it
	// file:///SRCROOT/.
	root, err := filepath.Abs(filepath.Join("testdata", "sarif"))
	if err != nil {
		t.Fatal(err)
	}
	rootURI := (&url.URL{Scheme: "file", Path: filepath.ToSlash(root) + "/"}).String()
	got := bytes.ReplaceAll(sarifLog(t), []byte(`"`+rootURI+`"`), []byte(`"file:///SRCROOT/"`))
	golden := filepath.Join("testdata", "sarif", "pick.sarif.golden")
	if *updateSARIF {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("SARIF log:\n%s\nwant (%s):\n%s", got, golden, want)
	}
}

// TestSARIFSchema validates the log against SARIF 2.1.0's published schema
// and checks what it says: one result per panic site, each with its kind.
func TestSARIFSchema(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	schema, err := jsonschema.Compile(doc)
	if err != nil {
		t.Fatal(err)
	}
	got := sarifLog(t)
	errs, err := schema.Validate(got)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Error(e)
	}
	// The check can fail: the same log with another version is invalid.
	broken := bytes.Replace(got, []byte(`"version": "2.1.0"`), []byte(`"version": "2.0.0"`), 1)
	if errs, err := schema.Validate(broken); err != nil || len(errs) == 0 {
		t.Errorf("a log of version 2.0.0: violations %q (%v), want some", errs, err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }    `json:"artifactLocation"`
						Region           struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(got, &log); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"index-out-of-range": 13, "divide-by-zero": 16, "explicit-panic": 19}
	have := map[string]int{}
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URI != "panics.go" {
			t.Errorf("%s at %s, want panics.go", r.RuleID, loc.ArtifactLocation.URI)
		}
		have[r.RuleID] = loc.Region.StartLine
	}
	if len(log.Runs[0].Results) != len(want) || !equalMaps(have, want) {
		t.Errorf("results (rule: line) %v, want %v", have, want)
	}
}

func equalMaps(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestPanicRules(t *testing.T) {
	cases := map[string]string{
		"runtime error: index out of range [5] with length 2":              "index-out-of-range",
		"runtime error: slice bounds out of range [:3] with capacity 2":    "slice-bounds-out-of-range",
		"runtime error: invalid memory address or nil pointer dereference": "nil-dereference",
		"runtime error: integer divide by zero":                            "divide-by-zero",
		"runtime error: negative shift amount":                             "negative-shift",
		"interface conversion: interface {} is string, not int":            "interface-conversion",
		"assignment to entry in nil map":                                   "nil-map-write",
		"runtime error: hash of unhashable type []int":                     "uncomparable",
		"runtime error: makeslice: len out of range":                       "length-out-of-range",
		"runtime error: something new":                                     "runtime-error",
		"bang":                                                             "explicit-panic",
	}
	for msg, want := range cases {
		if got := panicRules[panicRuleOf(msg)].id; got != want {
			t.Errorf("%q: rule %s, want %s", msg, got, want)
		}
	}
}
