package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fixtureMeta stands for the run.json of the fixture's run.
func fixtureMeta() *RunMeta {
	return &RunMeta{Suite: "testdata/fixture", LimitSec: 10, Repeat: 2, Files: 5, SuiteFiles: 5, Started: "2025-01-02T03:04:05Z",
		Solvers:    []Solver{{Name: "A", Kind: KindCommand, Argv: []string{"a-solver", "{file}"}}, {Name: "B", Kind: KindZ3, Argv: []string{"z3"}}},
		Identities: map[string]Identity{"A": {SHA256: "0123456789abcdef0123"}, "B": {Version: "Z3 version 4.8.12", SHA256: "fedcba9876543210"}},
		Hosts:      []Host{{Name: "box", CPU: "Test CPU", CPUs: 2}}}
}

func fixturePage(t *testing.T) string {
	t.Helper()
	sc, recs := fixtureScore(t)
	plots, err := ReportPlots(sc, "B")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := (HTMLReport{Records: recs, Score: sc, Meta: fixtureMeta(), Plots: plots}).Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var embeddedData = regexp.MustCompile(`(?s)<script type="application/json" id="bench-data">(.*?)</script>`)

// pageDataOf decodes the file table embedded in a page.
func pageDataOf(t *testing.T, page string) pageData {
	t.Helper()
	m := embeddedData.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page has no embedded data")
	}
	var d pageData
	if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
		t.Fatalf("embedded data: %v", err)
	}
	return d
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	i := 0
	for i < len(g) && i < len(w) && g[i] == w[i] {
		i++
	}
	line := func(ls []string) string {
		if i < len(ls) {
			return ls[i]
		}
		return "(end of file)"
	}
	t.Errorf("%s differs from the golden file at line %d (run go test ./bench -run %s -update and review the diff):\n got: %s\nwant: %s",
		name, i+1, t.Name(), line(g), line(w))
}

// TestHTMLData: the embedded file table of the fixture run, one file per line, against its golden file. The
// fixture has repeats (A on f1), a wrong answer after errors (B on f2), a timeout and an error.
func TestHTMLData(t *testing.T) {
	page := fixturePage(t)
	m := embeddedData.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no embedded data")
	}
	checkGolden(t, "index-data.json", []byte(m[1]+"\n"))
	d := pageDataOf(t, page)
	if len(d.Files) != 5 || len(d.Solvers) != 2 {
		t.Fatalf("%d files and %d solvers, want 5 and 2", len(d.Files), len(d.Solvers))
	}
	f1 := d.Files[0].Cells[0]
	if d.Files[0].Path != "fam1/f1.smt2" || len(f1.Runs) != 2 || f1.WallSec != 1.2 {
		t.Errorf("A on f1: %+v, want 2 runs and their median 1.2 s", f1)
	}
}

// elide cuts the bodies of the page's style, script and svg elements, which change with every touch of the
// design, leaving the structure the page builder is responsible for.
var elided = regexp.MustCompile(`(?s)(<style>|<script>|<script type="application/json" id="bench-data">|<svg [^>]*>).*?(</style>|</script>|</svg>)`)

// TestHTMLStructure: the page of the fixture run against its golden file, with the bodies of the inline
// style, script, data and plots elided (TestHTMLData covers the data).
func TestHTMLStructure(t *testing.T) {
	page := fixturePage(t)
	skeleton := elided.ReplaceAllString(page, "$1…$2")
	checkGolden(t, "index-skeleton.html", []byte(skeleton))
	for _, want := range []string{`<section id="wrong" class="alarm">`, `<h2>1 wrong answer</h2>`,
		`<a href="#log=fam1%2Ff2.smt2&amp;logsolver=B&amp;q=fam1%2Ff2.smt2" class="to-files">fam1/f2.smt2</a>`,
		`<th>virtual best</th>`, `Z3 version 4.8.12`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "merged from") {
		t.Errorf("a run made in one piece is described as merged")
	}
	if n := strings.Count(page, `<svg class="plot"`); n != 2 {
		t.Errorf("%d inline plots, want 2 (cactus, B vs A)", n)
	}
}

// TestHTMLEscaping: paths and output heads are the solvers' and the suite's text, never markup: in the page's
// tables they are escaped, and in the embedded data they cannot end the script element. The page's script
// puts them into the DOM as text (TestHTMLInBrowser checks that).
func TestHTMLEscaping(t *testing.T) {
	const path = `fam/<script>alert("p")</script>&amp;.smt2`
	const out = "sat\n</script><script>alert('o')</script><!--"
	const errHead = "<img src=x onerror=alert(1)> & \u2028"
	recs := []Record{
		{Solver: "s<b>", File: path, Repeat: 1, Logic: "QF_<BV>", Family: "fam", Expected: StatusUnsat, Result: ResultSat,
			Answer: "sat", LimitSec: 1, WallSec: 0.5, StdoutHead: out, StderrHead: errHead, Command: []string{"s", path}},
	}
	sc := ScoreRecords(recs, nil)
	var b bytes.Buffer
	if err := (HTMLReport{Records: recs, Score: sc}).Write(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if n := strings.Count(page, "<script"); n != 2 {
		t.Errorf("%d <script elements, want 2 (the data and the code)", n)
	}
	for _, bad := range []string{"<script>alert", "<img", "<b>", "<BV>", "<!--"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains unescaped %q", bad)
		}
	}
	if !strings.Contains(page, `fam/&lt;script&gt;alert(&#34;p&#34;)&lt;/script&gt;&amp;amp;.smt2`) {
		t.Errorf("the wrong-answer table does not show the path escaped")
	}
	d := pageDataOf(t, page)
	run := d.Files[0].Cells[0].Runs[0]
	if d.Files[0].Path != path || run.Stdout != out || run.Stderr != errHead || d.Solvers[0] != "s<b>" || d.Logics[0] != "QF_<BV>" {
		t.Errorf("the embedded data does not round-trip: %+v", d)
	}
}

// TestHTMLNoExternalURLs: the page loads nothing: every src and href is a fragment, and no http(s) URL
// appears anywhere (the plots' SVG namespaces are dropped, as HTML needs none).
func TestHTMLNoExternalURLs(t *testing.T) {
	page := fixturePage(t)
	for _, bad := range []string{"http://", "https://", "@import", "url("} {
		if strings.Contains(page, bad) {
			i := strings.Index(page, bad)
			t.Errorf("the page contains %q: …%s…", bad, page[max(0, i-60):min(len(page), i+60)])
		}
	}
	attrs := regexp.MustCompile(`(?i)\b(src|href|xlink:href|action)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)`).FindAllStringSubmatch(page, -1)
	if len(attrs) == 0 {
		t.Fatal("no href at all: the test no longer sees the page's links")
	}
	for _, a := range attrs {
		if v := strings.Trim(a[2], `"'`); !strings.HasPrefix(v, "#") {
			t.Errorf("%s=%s points outside the page", a[1], a[2])
		}
	}
}

// TestReportsWriteHTML: WriteReports (what run and report call) and a merge write index.html, the merge with
// its shards named.
func TestReportsWriteHTML(t *testing.T) {
	root := t.TempDir()
	dirs := runShards(t, root, 2)
	m, err := MergeRuns(dirs, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(root, "merged")
	if _, err := m.Write(out, "right"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir   string
		files int
		want  string
	}{{dirs[0], 3, "<span>shard 1/2 of 6 files</span>"}, {out, 6, "<span>merged from 2 shards of 6 files</span>"}} {
		if c.dir == dirs[0] { // a shard's own reports, as `sift bench report` writes them
			recs, err := LoadRun(c.dir)
			if err != nil {
				t.Fatal(err)
			}
			if err := WriteReports(c.dir, recs, ScoreRecords(recs, nil), "right"); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(filepath.Join(c.dir, HTMLFile))
		if err != nil {
			t.Fatal(err)
		}
		page := string(data)
		if d := pageDataOf(t, page); len(d.Files) != c.files || fmt.Sprint(d.Solvers) != "[right wrong]" {
			t.Errorf("%s: %d files, solvers %v; want %d, [right wrong]", c.dir, len(d.Files), d.Solvers, c.files)
		}
		if !strings.Contains(page, c.want) {
			t.Errorf("%s: the page does not say %q", c.dir, c.want)
		}
	}
}
