package layout

import (
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPackagesHaveDoc: every package of the module (as the go command
// builds it: testdata, hidden and nested-module directories are not part of
// it, nor the ignored output folders /out and /bin, where runs write their
// generated tests) has its package comment in doc.go, and only there, and doc.go lists
// the package's files.
func TestPackagesHaveDoc(t *testing.T) {
	root := repoRoot(t)
	packages := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path == filepath.Join(root, "out") || path == filepath.Join(root, "bin") {
			return filepath.SkipDir
		}
		if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
			exists(filepath.Join(path, "go.mod"))) {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if _, ok := err.(*build.NoGoError); ok {
			return nil
		}
		if err != nil {
			t.Errorf("%s: %v", rel(root, path), err)
			return nil
		}
		packages++
		checkDoc(t, rel(root, path), path, pkg)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if packages < 10 {
		t.Fatalf("found %d packages under %s: the walk is broken", packages, root)
	}
}

// checkDoc checks one package's doc.go and that its other files carry no
// package comment.
func checkDoc(t *testing.T, name, dir string, pkg *build.Package) {
	t.Helper()
	want := "Package " + pkg.Name + " "
	if pkg.Name == "main" {
		want = "Command " + filepath.Base(dir) + " "
	}
	hasDoc := false
	for _, f := range pkg.GoFiles {
		file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, f), nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Errorf("%s/%s: %v", name, f, err)
			continue
		}
		switch {
		case f == "doc.go":
			hasDoc = true
			if file.Doc == nil || !strings.HasPrefix(file.Doc.Text(), want) {
				t.Errorf("%s/doc.go: the package comment must start with %q", name, want)
			}
		case file.Doc != nil:
			t.Errorf("%s/%s has a package comment: it belongs in doc.go", name, f)
		}
	}
	if !hasDoc {
		t.Errorf("%s: no doc.go", name)
		return
	}
	checkListed(t, name, dir, pkg.GoFiles)
}

// fileMention is a Go file's name, or a pattern of them (pass_*.go), as a
// package comment mentions it.
var fileMention = regexp.MustCompile(`[A-Za-z0-9_*]+\.go\b`)

// checkListed: doc.go names each of the package's (non-test) files, by
// name or by a pattern such as rules_*.go, so that the package comment
// stays the map of the package as files come and go.
func checkListed(t *testing.T, name, dir string, files []string) {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(dir, "doc.go"))
	if err != nil {
		t.Error(err)
		return
	}
	mentions := fileMention.FindAllString(string(doc), -1)
	for _, f := range files {
		if f == "doc.go" {
			continue
		}
		listed := false
		for _, m := range mentions {
			if ok, _ := filepath.Match(m, f); ok {
				listed = true
				break
			}
		}
		if !listed {
			t.Errorf("%s/doc.go does not list %s", name, f)
		}
	}
}
