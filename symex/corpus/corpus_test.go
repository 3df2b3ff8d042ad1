package corpus

import (
	"bufio"
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/symex/chain"
)

const manifest = "../testdata/realcode/corpus.tsv"

// TestManifest: the corpus has at least 30 functions, from the standard
// library and from at least 5 modules pinned in the go.mod beside it.
func TestManifest(t *testing.T) {
	es, err := ReadManifest(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) < 30 {
		t.Errorf("%d functions, want at least 30", len(es))
	}
	required := requiredModules(t, "../testdata/realcode/go.mod")
	modules := map[string]bool{}
	for _, e := range es {
		if e.Stdlib() {
			continue
		}
		found := false
		for _, m := range required {
			if e.Pkg == m || strings.HasPrefix(e.Pkg, m+"/") {
				modules[m], found = true, true
			}
		}
		if !found {
			t.Errorf("line %d: %s is not in a module that go.mod requires", e.Line, e.Pkg)
		}
	}
	if len(modules) < 5 {
		t.Errorf("functions from %d modules, want at least 5", len(modules))
	}
}

func requiredModules(t *testing.T, path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && strings.HasPrefix(f[1], "v") && strings.Contains(f[0], ".") {
			out = append(out, f[0])
		}
	}
	return out
}

func TestParseEntryErrors(t *testing.T) {
	for _, line := range []string{
		"strings\tFields\t4\t30s",
		"strings\tFields\tfour\t30s\t-",
		"strings\tFields\t4\tsoon\t-",
	} {
		if _, err := parseEntry(line); err == nil {
			t.Errorf("%q: no error", line)
		}
	}
	e, err := parseEntry("strconv\tParseUint\t8\t30s\t--fix base=10 --fix bitSize=64")
	if err != nil || len(e.Flags) != 4 || e.MaxLen != 8 || e.Timeout != 30*time.Second {
		t.Errorf("got %+v, %v", e, err)
	}
}

// TestParseReport reads back what symex.Result.Report prints, so that the
// runner follows any change of the summary's format.
func TestParseReport(t *testing.T) {
	res := &symex.Result{Stats: symex.Stats{Paths: 7, Returned: 5, Panicked: 2, Unsupported: 3, Cut: 1,
		Queries: 40, Unknown: 1, SolverTime: 1500 * time.Millisecond, Time: 2 * time.Second,
		BlocksCovered: 9, BlocksTotal: 12, Stopped: "time limit"},
		Solver: [][2]string{{"checks", "40"}, {"bitblast-time", "0.500"}}}
	var b bytes.Buffer
	res.Report(&b, false)
	var r Row
	if err := r.parse(b.String()); err != nil {
		t.Fatalf("%v in:\n%s", err, b.String())
	}
	want := Row{Paths: 7, Returned: 5, Panicked: 2, Unsupported: 3, Cut: 1, Queries: 40, Unknown: 1,
		Solver: 1500 * time.Millisecond, Elapsed: 2 * time.Second, BlocksCovered: 9, BlocksTotal: 12, Stopped: "time limit"}
	r.Stats, r.UnsupportedMsgs = nil, nil
	if r.Paths != want.Paths || r.Returned != want.Returned || r.Panicked != want.Panicked ||
		r.Unsupported != want.Unsupported || r.Cut != want.Cut || r.Queries != want.Queries || r.Unknown != want.Unknown ||
		r.Solver != want.Solver || r.Elapsed != want.Elapsed || r.BlocksCovered != want.BlocksCovered ||
		r.BlocksTotal != want.BlocksTotal || r.Stopped != want.Stopped {
		t.Errorf("parsed %+v\nwant %+v\nfrom:\n%s", r, want, b.String())
	}
	if err := (&Row{}).parse("no summary here\n"); err == nil {
		t.Error("output without a summary parsed")
	}
}

// TestParseJSON reads back what symex.Result.WriteJSONFile writes.
func TestParseJSON(t *testing.T) {
	prog, err := symex.Load("../testdata/corpus", ".", "CountA")
	if err != nil {
		t.Fatal(err)
	}
	res := &symex.Result{Fn: prog.Fn, Stats: symex.Stats{Paths: 7, Returned: 5, Panicked: 2, Cut: 1,
		Queries: 40, Unknown: 1, SolverTime: 1500 * time.Millisecond, Time: 2 * time.Second, CPUTime: 3 * time.Second,
		BlocksCovered: 9, BlocksTotal: 12, Stopped: "time limit"},
		QueriesByStage: map[string]int{"bitblast": 30, "svi": 10},
		Chain:          &chain.Stats{Queries: 40, Backend: 12}, ValueSets: &symex.ValueSetStats{Avoided: 60}}
	name := t.TempDir() + "/s.json"
	if err := res.WriteJSONFile(name, symex.Options{MaxLen: 3}); err != nil {
		t.Fatal(err)
	}
	var r Row
	if err := r.parseJSON(name); err != nil {
		t.Fatal(err)
	}
	if r.Paths != 7 || r.Returned != 5 || r.Panicked != 2 || r.Cut != 1 || r.Queries != 40 || r.Unknown != 1 ||
		r.Solver != 1500*time.Millisecond || r.Elapsed != 2*time.Second || r.BlocksCovered != 9 ||
		r.BlocksTotal != 12 || r.Stopped != "time limit" || r.Avoided != 60 || r.Engine != 12 || r.Checks() != 100 ||
		r.CPU != 3*time.Second {
		t.Errorf("parsed %+v", r)
	}
	if r.Stats["queries_by_stage.bitblast"] != "30" || r.Stats["max_len"] != "3" {
		t.Errorf("counters %v", r.Stats)
	}
}

var update = flag.Bool("update", false, "rewrite the golden files")

// TestWriteMarkdownGolden fixes the table's format on made-up rows: two
// configurations, one function both explored alike (compared), one that
// one of them did not finish (left out of the comparison), one error.
func TestWriteMarkdownGolden(t *testing.T) {
	row := func(id, cfg string, paths, queries, avoided, engine int, solver, elapsed time.Duration, stopped string) *Row {
		return &Row{ID: id, Config: cfg, Paths: paths, Returned: paths, Queries: queries, Avoided: avoided,
			Engine: engine, Solver: solver, Elapsed: elapsed, CPU: elapsed * 3 / 2, BlocksCovered: 5, BlocksTotal: 8,
			Stopped: stopped}
	}
	rows := []*Row{
		row("p.F", "off", 10, 40, 0, 40, 900*time.Millisecond, time.Second, ""),
		row("p.F", "on", 10, 8, 32, 3, 100*time.Millisecond, 250*time.Millisecond, ""),
		row("p.G", "off", 3, 9, 0, 9, 29*time.Second, 30*time.Second, "time limit"),
		row("p.G", "on", 7, 20, 5, 6, 10*time.Second, 12*time.Second, ""),
		{ID: "p.H", Config: "off", Err: "killed after 150s"},
		{ID: "p.H", Config: "on", Err: "killed after 150s"},
		row("p.K", "off", 4, 10, 0, 10, time.Second, time.Second, ""),
		row("p.K", "on", 4, 10, 0, 10, time.Second, time.Second, ""),
	}
	// Same counts, different panic sites: not compared, counted as a
	// disagreement.
	rows[6].Panics = []string{"k.go:3:4: index out of range (1)"}
	rows[1].UnsupportedMsgs = []string{"f.go:1:2: something | not modelled"}
	rows[1].Unsupported = 2
	rows[0].Unsupported = 2
	var b bytes.Buffer
	WriteMarkdown(&b, rows, []Config{{Name: "off"}, {Name: "on"}})
	golden := "testdata/table.golden.md"
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("table differs from %s (rerun with -update if meant):\n%s", golden, b.String())
	}
	// Rows saved with WriteJSON and read back give the same table
	// (symexcorpus --from-json).
	name := t.TempDir() + "/rows.json"
	var j bytes.Buffer
	if err := WriteJSON(&j, rows); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, j.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(name)
	if err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	WriteMarkdown(&b2, back, []Config{{Name: "off"}, {Name: "on"}})
	if b2.String() != b.String() {
		t.Errorf("table of the rows read back:\n%s\nwant:\n%s", b2.String(), b.String())
	}
}

// TestComparableMerged: a run that merged states ends with fewer paths
// than one without merging over the same space; it is compared by
// coverage and by its panic and unsupported sites, not by path counts.
func TestComparableMerged(t *testing.T) {
	none := &Row{ID: "p.F", Config: "none", Returned: 40, Panicked: 3, BlocksCovered: 9, BlocksTotal: 10,
		Panics: []string{"f.go:3:4: index out of range (2)", "f.go:7:1: nil map write (1)"}}
	merged := func(edit func(r *Row)) *Row {
		r := &Row{ID: "p.F", Config: "pat", Returned: 4, Panicked: 2, StatesMerged: 36, BlocksCovered: 9, BlocksTotal: 10,
			Panics: []string{"f.go:3:4: index out of range (1)", "f.go:7:1: nil map write (1)"}}
		if edit != nil {
			edit(r)
		}
		return r
	}
	cases := []struct {
		name string
		b    *Row
		want bool
	}{
		{"same sites, fewer paths", merged(nil), true},
		{"a panic site lost", merged(func(r *Row) { r.Panics = r.Panics[:1] }), false},
		{"less coverage", merged(func(r *Row) { r.BlocksCovered = 8 }), false},
		{"an unsupported site more", merged(func(r *Row) { r.UnsupportedMsgs = []string{"f.go:9:2: select"} }), false},
		{"no merge, other counts", merged(func(r *Row) { r.StatesMerged = 0 }), false},
	}
	for _, c := range cases {
		if got := Comparable(none, c.b); got != c.want {
			t.Errorf("%s: Comparable = %v, want %v", c.name, got, c.want)
		}
		if got := Disagree(none, c.b); got == c.want {
			t.Errorf("%s: Disagree = %v, want %v", c.name, got, !c.want)
		}
	}
}
