package symex

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var updateProfile = flag.Bool("update-coverprofile", false, "rewrite testdata/cover/profile.golden")

// coverRuns explores testdata/cover's functions, as package mode would: one
// profile for the package from several runs.
func coverRuns(t *testing.T) []*Result {
	t.Helper()
	var out []*Result
	for _, c := range []struct {
		fn     string
		maxLen int
	}{{"Classify", 2}, {"Sign", 1}} {
		_, res := explore(t, loadTestFunc(t, "testdata/cover", "Classify", c.fn), Options{MaxLen: c.maxLen}, nil)
		if !res.Stats.Exhausted() {
			t.Fatalf("%s at %d bytes not exhausted", c.fn, c.maxLen)
		}
		out = append(out, res)
	}
	return out
}

func TestCoverProfileGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteCoverProfile(&buf, coverRuns(t)...); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "cover", "profile.golden")
	if *updateProfile {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("profile:\n%s\nwant (%s):\n%s", buf.String(), golden, want)
	}
}

// TestCoverProfileMatchesGoTest checks the profile against Go's own: the
// generated tests, one row per explored path, run under go test
// -coverprofile must cover exactly the statements the exploration reports,
// function by function as go tool cover -func counts them. The explorations
// are exhaustive, so the two runs execute the same inputs' paths.
func TestCoverProfileMatchesGoTest(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test in a copy of testdata/cover")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	runs := coverRuns(t)
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "cover.go"} {
		src, err := os.ReadFile(filepath.Join("testdata", "cover", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range runs {
		if err := WriteTestFile(filepath.Join(dir, strings.ToLower(r.Fn.Name())+"_symex_test.go"), r.TestFile(true)); err != nil {
			t.Fatal(err)
		}
	}
	var ours bytes.Buffer
	if err := WriteCoverProfile(&ours, runs...); err != nil {
		t.Fatal(err)
	}
	oursFile := filepath.Join(dir, "sift.out")
	if err := os.WriteFile(oursFile, ours.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		cmd := exec.Command(goTool, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("test", "-count=1", "-coverprofile=go.out", ".")
	want, got := run("tool", "cover", "-func=go.out"), run("tool", "cover", "-func=sift.out")
	if got != want {
		t.Errorf("go tool cover -func of sift's profile:\n%s\nof go test's:\n%s", got, want)
	}
	for _, fn := range []string{"Classify", "Never", "Sign"} {
		if !strings.Contains(got, fn) {
			t.Errorf("go tool cover -func does not list %s:\n%s", fn, got)
		}
	}
	run("tool", "cover", "-html=sift.out", "-o", "sift.html")
}
