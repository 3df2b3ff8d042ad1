package panicbench

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Manifest is the corpus: historical panics in public Go modules, each
// pinned at a version that panics on its input and one that does not.
type Manifest struct {
	Bugs []Bug `json:"bugs"`
}

// Bug is one row of the corpus.
type Bug struct {
	ID    string `json:"id"`    // short name, also the work module's name
	Split string `json:"split"` // "dev" (run while developing) or "held" (kept aside)

	Module     string   `json:"module"`
	Vulnerable string   `json:"vulnerable"`         // a version that panics on Input
	Fixed      string   `json:"fixed"`              // the first version that does not
	Requires   []string `json:"requires,omitempty"` // "MODULE VERSION" pins the work module needs besides Module

	Package   string `json:"package"`   // import path of the entry's package
	Name      string `json:"name"`      // the name the harness imports it as
	Entry     string `json:"entry"`     // the function as `sift symex PKG FUNC` takes it: F, T.M
	Signature string `json:"signature"` // the entry's real declaration, for readers

	Fuzz Harness `json:"fuzz"`

	// Input holds one Go literal per fuzz parameter: the reproducer.
	Input []string `json:"input"`

	Kind string `json:"kind"` // a substring of the panic message: "index out of range", ...
	Site Site   `json:"site"` // where it panics at Vulnerable (checked by Confirm)

	Source []string `json:"source"` // vulnerability IDs, issue and fix URLs
	Note   string   `json:"note"`
	// Beyond says what the harness does besides passing the fuzz input to
	// the entry (arguments it fixes, a call on the result): what a run of
	// the entry alone must build or do to reach the panic.
	Beyond string `json:"beyond,omitempty"`
}

// Harness is how a Go developer calls the entry from a fuzz target: the
// target's parameters (types Go's fuzzer accepts) and the call statement
// over them, e.g. `html.Parse(bytes.NewReader(data))`.
type Harness struct {
	Params  []Param  `json:"params"`
	Imports []string `json:"imports,omitempty"` // further imports the call needs: "PATH" or "NAME PATH" (the standard library or the bug's module)
	Setup   string   `json:"setup,omitempty"`   // statements before the call (e.g. `var v any`)
	Call    string   `json:"call"`
}

// Param is one parameter of the fuzz target.
type Param struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Site is a stack frame: the function as the traceback names it and its
// file (relative to the module root, or to GOROOT/src) and line.
type Site struct {
	Func string `json:"func"`
	File string `json:"file"`
	Line int    `json:"line"`
}

func (s Site) String() string {
	if s.Func == "" {
		return "-"
	}
	return fmt.Sprintf("%s (%s:%d)", s.Func, s.File, s.Line)
}

// fuzzTypes are the parameter types `go test -fuzz` accepts.
var fuzzTypes = map[string]bool{
	"[]byte": true, "string": true, "bool": true, "byte": true, "rune": true,
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"float32": true, "float64": true,
}

var (
	idRE    = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	entryRE = regexp.MustCompile(`^([A-Z][A-Za-z0-9_]*\.)?[A-Z][A-Za-z0-9_]*$`)
)

// ReadManifest reads and checks a manifest file.
func ReadManifest(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseManifest(path, data)
}

// ParseManifest decodes a manifest (unknown fields are errors) and checks
// every row with Check; the errors name the row.
func ParseManifest(name string, data []byte) (*Manifest, error) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	seen := map[string]bool{}
	var errs []string
	for i, b := range m.Bugs {
		if seen[b.ID] {
			errs = append(errs, fmt.Sprintf("bug %d: duplicate id %q", i, b.ID))
		}
		seen[b.ID] = true
		if err := b.Check(); err != nil {
			errs = append(errs, fmt.Sprintf("bug %d (%s): %v", i, b.ID, err))
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s:\n\t%s", name, strings.Join(errs, "\n\t"))
	}
	return &m, nil
}

// Check reports the first thing wrong with the row's format (not whether the
// bug is real: that is Confirm's job, with the network).
func (b Bug) Check() error {
	switch {
	case !idRE.MatchString(b.ID):
		return fmt.Errorf("id %q: lower-case letters, digits and dashes", b.ID)
	case b.Split != "dev" && b.Split != "held":
		return fmt.Errorf("split %q: dev or held", b.Split)
	case b.Kind == "" || b.Note == "" || len(b.Source) == 0 || b.Signature == "":
		return fmt.Errorf("kind, note, source and signature are required")
	case !entryRE.MatchString(b.Entry):
		return fmt.Errorf("entry %q: an exported F or T.M", b.Entry)
	case !identRE.MatchString(b.Name):
		return fmt.Errorf("name %q: not an identifier", b.Name)
	case b.Site.Func == "" || b.Site.File == "" || b.Site.Line <= 0:
		return fmt.Errorf("site: func, file and line are required")
	}
	if err := module.CheckPath(b.Module); err != nil {
		return err
	}
	if b.Package != b.Module && !strings.HasPrefix(b.Package, b.Module+"/") {
		return fmt.Errorf("package %s is not in module %s", b.Package, b.Module)
	}
	for _, v := range []string{b.Vulnerable, b.Fixed} {
		if err := module.Check(b.Module, v); err != nil {
			return err
		}
	}
	if semver.Compare(b.Vulnerable, b.Fixed) >= 0 {
		return fmt.Errorf("vulnerable %s is not before fixed %s", b.Vulnerable, b.Fixed)
	}
	for _, r := range b.Requires {
		path, v, ok := strings.Cut(r, " ")
		if !ok {
			return fmt.Errorf("requires %q: MODULE VERSION", r)
		}
		if err := module.Check(path, v); err != nil {
			return err
		}
	}
	return b.Fuzz.check(b.Module, b.Input)
}

func (h Harness) check(mod string, input []string) error {
	if len(h.Params) == 0 {
		return fmt.Errorf("fuzz: no parameters")
	}
	if len(input) != len(h.Params) {
		return fmt.Errorf("input: %d literals for %d fuzz parameters", len(input), len(h.Params))
	}
	for i, p := range h.Params {
		if !identRE.MatchString(p.Name) || !fuzzTypes[p.Type] {
			return fmt.Errorf("fuzz parameter %q %q: an identifier and a type go test -fuzz accepts", p.Name, p.Type)
		}
		if _, err := parser.ParseExpr(p.Type + "(" + input[i] + ")"); err != nil {
			return fmt.Errorf("input %d (%s): %v", i, input[i], err)
		}
	}
	for _, imp := range h.Imports {
		_, path := splitImport(imp)
		first, _, _ := strings.Cut(path, "/")
		std := !strings.Contains(first, ".")
		if _, err := strconv.Unquote(`"` + path + `"`); err != nil || !std && path != mod && !strings.HasPrefix(path, mod+"/") {
			return fmt.Errorf("import %q: the standard library or the bug's module only", imp)
		}
	}
	// The call and the setup must parse as statements.
	src := "package p\nfunc f() {\n" + h.Setup + "\n" + h.Call + "\n}\n"
	if _, err := parser.ParseFile(token.NewFileSet(), "harness.go", src, 0); err != nil {
		return fmt.Errorf("fuzz setup/call: %v", err)
	}
	return nil
}

// Select returns the bugs of the split ("dev", "held", or "all"/"" for every
// one) whose id matches only (every one when only is empty).
func (m *Manifest) Select(split string, only []string) ([]Bug, error) {
	want := map[string]bool{}
	for _, id := range only {
		want[id] = true
	}
	missing := maps.Clone(want)
	var out []Bug
	for _, b := range m.Bugs {
		if split != "" && split != "all" && b.Split != split {
			continue
		}
		if len(want) > 0 && !want[b.ID] {
			continue
		}
		delete(missing, b.ID)
		out = append(out, b)
	}
	for id := range missing {
		return nil, fmt.Errorf("no bug %q in split %q", id, split)
	}
	return out, nil
}

// FuzzName is the fuzz target's name: Fuzz and the entry without its dot.
func (b Bug) FuzzName() string { return "Fuzz" + strings.ReplaceAll(b.Entry, ".", "") }

// splitImport splits "NAME PATH" or "PATH" into its name ("" when none) and path.
func splitImport(imp string) (name, path string) {
	if n, p, ok := strings.Cut(imp, " "); ok {
		return n, p
	}
	return "", imp
}
