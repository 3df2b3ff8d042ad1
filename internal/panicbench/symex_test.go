package panicbench

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSymexSummary(t *testing.T) {
	site := Site{Func: "example.com/m.squash", File: "m.go", Line: 501}
	one := `{"function":"example.com/m.Get","cpu_s":2.5,"exhausted":false,"stopped":"","first_panic_s":1.25,
		"panics":[{"position":"/root/go/pkg/mod/example.com/m@v1.6.3/m.go:501:12","message":"slice bounds out of range","found_s":1.25}],
		"paths":3,"unsupported":[{"message":"x","paths":4},{"message":"y","paths":1}]}`
	pkg := `{"package":"example.com/m","functions":[
		{"function":"example.com/m.Other","cpu_s":9,"panics":[]},
		{"function":"(*example.com/m.Parser).Parse","cpu_s":4,"exhausted":true,"first_panic_s":null,"panics":[]},
		{"function":"example.com/m.Read","not_explored":"parameter r: inputs of type io.Reader are not modelled"}]}`
	noTime := `{"function":"example.com/m.Get","cpu_s":60,"panics":[{"position":"m.go:7:1","message":"nil"}]}`
	for _, tc := range []struct {
		name, data, entry string
		found, siteOK     bool
		first             float64 // -1: none
		ok                bool
	}{
		{"one function", one, "Get", true, true, 1.25, true},
		{"package, method", pkg, "Parser.Parse", false, false, -1, true},
		{"package, missing", pkg, "Missing", false, false, -1, false},
		{"package, not explored", pkg, "Read", false, false, -1, true},
		{"no found_s", noTime, "Get", true, false, -1, true},
	} {
		var s symexSummary
		if err := json.Unmarshal([]byte(tc.data), &s); err != nil {
			t.Fatal(err)
		}
		fn, ok := s.entry(tc.entry)
		if ok != tc.ok {
			t.Errorf("%s: entry found %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		var r SymexResult
		fn.fill(&r, site)
		first := -1.0
		if r.FirstPanicS != nil {
			first = *r.FirstPanicS
		}
		if tc.name == "one function" && (r.Paths != 3 || r.Unsupported != 2 || r.UnsupPaths != 5) {
			t.Errorf("%s: paths %d, unsupported %d on %d paths", tc.name, r.Paths, r.Unsupported, r.UnsupPaths)
		}
		if notExplored := tc.name == "package, not explored"; notExplored != strings.Contains(r.Failure, "io.Reader are not modelled") {
			t.Errorf("%s: failure %q", tc.name, r.Failure)
		}
		if r.Found != tc.found || r.SiteOK != tc.siteOK || first != tc.first {
			t.Errorf("%s: got found %v site %v first %v", tc.name, r.Found, r.SiteOK, first)
		}
	}
}

func TestUnknownFlag(t *testing.T) {
	out := "sift: error: unknown flag --stop-at-panic, did you mean \"--max-paths\"?\n"
	if got := unknownFlag(out); got != `--stop-at-panic, did you mean "--max-paths"?` {
		t.Errorf("unknownFlag = %q", got)
	}
	if unknownFlag("ok\n") != "" {
		t.Error("no complaint, no flag")
	}
}

func TestSSANameMatches(t *testing.T) {
	for _, tc := range []struct {
		ssa, entry string
		want       bool
	}{
		{"golang.org/x/net/html.Parse", "Parse", true},
		{"(*github.com/gomarkdown/markdown/html.SPRenderer).Process", "SPRenderer.Process", true},
		{"(github.com/m.T).M", "T.M", true},
		{"golang.org/x/net/html.ParseFragment", "Parse", false},
	} {
		if got := ssaNameMatches(tc.ssa, tc.entry); got != tc.want {
			t.Errorf("ssaNameMatches(%q, %q) = %v", tc.ssa, tc.entry, got)
		}
	}
}
