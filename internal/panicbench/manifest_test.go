package panicbench

import (
	"strings"
	"testing"
)

const corpusDir = "../../bench/panics"

// The committed manifest is well formed, has both splits and enough rows,
// and the committed fuzz targets are the ones it generates.
func TestCommittedManifest(t *testing.T) {
	m, err := ReadManifest(corpusDir + "/manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	dev, _ := m.Select("dev", nil)
	held, _ := m.Select("held", nil)
	if len(m.Bugs) < 20 || len(dev) == 0 || len(held) == 0 {
		t.Errorf("%d bugs (%d dev, %d held): want at least 20 in both splits", len(m.Bugs), len(dev), len(held))
	}
	if err := CheckTargets(m, corpusDir+"/testdata"); err != nil {
		t.Error(err)
	}
	for _, b := range m.Bugs {
		src, err := MainProgram(b)
		if err != nil {
			t.Errorf("%s: %v", b.ID, err)
		}
		for i, p := range b.Fuzz.Params {
			if !strings.Contains(string(src), p.Name+" := "+p.Type+"(") {
				t.Errorf("%s: main.go does not bind parameter %d", b.ID, i)
			}
		}
	}
}

func validBug() Bug {
	return Bug{
		ID: "x-1", Split: "dev", Module: "example.com/m", Vulnerable: "v1.0.0", Fixed: "v1.0.1",
		Package: "example.com/m/p", Name: "p", Entry: "Parse", Signature: "func Parse(s string) error",
		Fuzz:  Harness{Params: []Param{{"s", "string"}}, Call: "p.Parse(s)"},
		Input: []string{`"x"`}, Kind: "index out of range",
		Site:   Site{Func: "example.com/m/p.Parse", File: "p/p.go", Line: 3},
		Source: []string{"GO-0000-0000"}, Note: "n",
	}
}

func TestCheckRejects(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Bug)
		want   string
	}{
		{"ok", func(*Bug) {}, ""},
		{"id", func(b *Bug) { b.ID = "X 1" }, "id"},
		{"split", func(b *Bug) { b.Split = "test" }, "split"},
		{"order", func(b *Bug) { b.Fixed = "v0.9.0" }, "not before"},
		{"version", func(b *Bug) { b.Fixed = "1.2" }, "version"},
		{"package", func(b *Bug) { b.Package = "example.com/other" }, "not in module"},
		{"entry", func(b *Bug) { b.Entry = "parse" }, "entry"},
		{"method", func(b *Bug) { b.Entry = "T.M" }, ""},
		{"inputs", func(b *Bug) { b.Input = nil }, "literals"},
		{"literal", func(b *Bug) { b.Input = []string{`"x`} }, "input 0"},
		{"type", func(b *Bug) { b.Fuzz.Params[0].Type = "io.Reader" }, "fuzz parameter"},
		{"call", func(b *Bug) { b.Fuzz.Call = "p.Parse(" }, "setup/call"},
		{"import", func(b *Bug) { b.Fuzz.Imports = []string{"example.com/other/q"} }, "import"},
		{"own import", func(b *Bug) { b.Fuzz.Imports = []string{"q example.com/m/q"} }, ""},
		{"site", func(b *Bug) { b.Site.Line = 0 }, "site"},
	} {
		b := validBug()
		b.Fuzz.Params = append([]Param(nil), b.Fuzz.Params...)
		tc.change(&b)
		err := b.Check()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want an error about %q", tc.name, err, tc.want)
		}
	}
}

func TestParseManifestErrors(t *testing.T) {
	for _, tc := range []struct{ name, json, want string }{
		{"unknown field", `{"bugs":[{"idx":"a"}]}`, "unknown field"},
		{"duplicate", `{"bugs":[` + rowJSON + `,` + rowJSON + `]}`, "duplicate id"},
		{"row", `{"bugs":[{"id":"a"}]}`, "bug 0 (a)"},
	} {
		_, err := ParseManifest(tc.name, []byte(tc.json))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

const rowJSON = `{"id":"a","split":"dev","module":"example.com/m","vulnerable":"v1.0.0","fixed":"v1.1.0",
"package":"example.com/m","name":"m","entry":"F","signature":"func F(b []byte)",
"fuzz":{"params":[{"name":"b","type":"[]byte"}],"call":"m.F(b)"},"input":["\"\\x00\""],
"kind":"nil","site":{"func":"example.com/m.F","file":"m.go","line":1},"source":["s"],"note":"n"}`

func TestSelect(t *testing.T) {
	m := &Manifest{Bugs: []Bug{{ID: "a", Split: "dev"}, {ID: "b", Split: "held"}, {ID: "c", Split: "dev"}, {ID: "d", Split: "dev"}}}
	ids := func(bs []Bug) (s []string) {
		for _, b := range bs {
			s = append(s, b.ID)
		}
		return s
	}
	for _, tc := range []struct {
		split string
		only  []string
		want  string
	}{
		{"all", nil, "a b c d"},
		{"dev", nil, "a c d"},
		{"held", nil, "b"},
		{"all", []string{"a", "c"}, "a c"}, // not d: the filter outlives its matches
		{"dev", []string{"b"}, "error"},
	} {
		got, err := m.Select(tc.split, tc.only)
		s := strings.Join(ids(got), " ")
		if err != nil {
			s = "error"
		}
		if s != tc.want {
			t.Errorf("Select(%q, %v) = %s, want %s", tc.split, tc.only, s, tc.want)
		}
	}
}

func TestGeneratedFiles(t *testing.T) {
	b := validBug()
	b.Fuzz = Harness{Params: []Param{{"data", "[]byte"}, {"n", "int"}}, Imports: []string{"bytes"},
		Setup: "var v any", Call: "p.Decode(bytes.NewReader(data), n, &v)"}
	b.Input = []string{`"\xff"`, "3"}
	fuzz, err := FuzzTest(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func FuzzParse(f *testing.F)", "f.Add([]byte(nil), int(0))",
		"f.Fuzz(func(t *testing.T, data []byte, n int)", "\t\tvar v any\n\t\tp.Decode(bytes.NewReader(data), n, &v)", `p "example.com/m/p"`} {
		if !strings.Contains(string(fuzz), want) {
			t.Errorf("fuzz_test.go lacks %q:\n%s", want, fuzz)
		}
	}
	main, err := MainProgram(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`data := []byte("\xff")`, "n := int(3)", `fmt.Println("` + noPanicLine + `")`} {
		if !strings.Contains(string(main), want) {
			t.Errorf("main.go lacks %q:\n%s", want, main)
		}
	}
}
