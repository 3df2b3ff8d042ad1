package bench

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseManifestErrors(t *testing.T) {
	const header = "path\tlogic\texpected_status\n"
	tests := []struct {
		name     string
		text     string
		wantLine int
		wantMsg  string
	}{
		{"no path column", "file\tlogic\n", 1, `no "path" column`},
		{"too few fields", header + "a.smt2\tQF_BV\tsat\nb.smt2\tQF_BV\n", 3, "2 fields, but the header has 3"},
		{"bad status", header + "a.smt2\tQF_BV\tmaybe\n", 2, `"maybe" is not sat, unsat or unknown`},
		{"duplicate path", header + "a.smt2\tQF_BV\tsat\n# comment\na.smt2\tQF_BV\tunsat\n", 4, "already listed at line 2"},
		{"escaping path", header + "../x.smt2\tQF_BV\tsat\n", 2, "must be relative and inside the suite"},
		{"empty path", header + "\tQF_BV\tsat\n", 2, "empty path"},
		{"header only", header, 1, "lists no files"},
		{"empty file", "", 0, "no header line"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseManifest(strings.NewReader(tc.text), "m.tsv")
			var me *ManifestError
			if !errors.As(err, &me) {
				t.Fatalf("got %v, want a ManifestError", err)
			}
			if me.Line != tc.wantLine || !strings.Contains(err.Error(), tc.wantMsg) {
				t.Errorf("got %q (line %d), want line %d and %q", err, me.Line, tc.wantLine, tc.wantMsg)
			}
			if !strings.HasPrefix(err.Error(), "manifest m.tsv:") {
				t.Errorf("message %q does not name the file and line", err)
			}
		})
	}
}

func TestLoadSuiteDirectory(t *testing.T) {
	s, err := LoadSuite(filepath.Join("testdata", "suite"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		logic    string
		expected Status
		family   string
		feat     FileFeatures
	}{
		"arrays/store-sat.smt2":   {"QF_ABV", StatusSat, "arrays", FileFeatures{CheckSats: 1, ModelOutput: true}},
		"arrays/store-unsat.smt2": {"QF_ABV", StatusUnsat, "arrays", FileFeatures{CheckSats: 1}},
		"bv/add-sat.smt2":         {"QF_BV", StatusSat, "bv", FileFeatures{CheckSats: 1}},
		"bv/mul-unsat.smt2":       {"QF_BV", StatusUnsat, "bv", FileFeatures{CheckSats: 1}},
		"bv/push-sat.smt2":        {"QF_BV", StatusSat, "bv", FileFeatures{CheckSats: 2, PushPop: true}},
		"bv/xor-unsat.smt2":       {"QF_BV", StatusUnsat, "bv", FileFeatures{CheckSats: 1}},
	}
	if len(s.Instances) != len(want) {
		t.Fatalf("got %d instances, want %d", len(s.Instances), len(want))
	}
	for _, in := range s.Instances {
		w, ok := want[in.Name]
		if !ok {
			t.Errorf("unexpected instance %s", in.Name)
			continue
		}
		if in.Logic != w.logic || in.Expected != w.expected || in.Family != w.family || in.Features != w.feat {
			t.Errorf("%s: got %s %s %s %+v, want %+v", in.Name, in.Logic, in.Expected, in.Family, in.Features, w)
		}
	}
}

func TestLoadManifestOverridesFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "dev", "fam"), 0o755); err != nil {
		t.Fatal(err)
	}
	smt := "(set-info :status sat)\n(set-logic QF_BV)\n(check-sat)\n"
	if err := os.WriteFile(filepath.Join(dir, "dev", "fam", "a.smt2"), []byte(smt), 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := "path\tlogic\texpected_status\nfam/a.smt2\tQF_ABV\tunsat\n"
	mpath := filepath.Join(dir, "MANIFEST.tsv")
	if err := os.WriteFile(mpath, []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSuite(mpath)
	if err != nil {
		t.Fatal(err)
	}
	in := s.Instances[0]
	if in.Logic != "QF_ABV" || in.Expected != StatusUnsat || in.Family != "fam" {
		t.Errorf("manifest columns must win over the file: got %+v", in)
	}
	// A listed file that does not exist is reported at its manifest line.
	bad := manifest + "fam/missing.smt2\tQF_BV\tsat\n"
	if err := os.WriteFile(mpath, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSuite(mpath); err == nil || !strings.Contains(err.Error(), "MANIFEST.tsv:3: cannot read benchmark") {
		t.Errorf("got %v, want an error at line 3", err)
	}
}

func TestLoadSuiteErrors(t *testing.T) {
	if _, err := LoadSuite(filepath.Join("testdata", "no-such-suite")); err == nil || !strings.Contains(err.Error(), "no-such-suite") {
		t.Errorf("missing suite: got %v", err)
	}
	if _, err := LoadSuite(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no .smt2 files") {
		t.Errorf("empty directory: got %v", err)
	}
	if _, err := LoadSuites([]string{filepath.Join("testdata", "suite"), filepath.Join("testdata", "suite")}); err == nil ||
		!strings.Contains(err.Error(), "also appears") {
		t.Errorf("duplicate suites: got %v", err)
	}
}
