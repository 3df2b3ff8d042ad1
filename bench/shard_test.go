package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		err  bool
	}{
		{"1/4", Shard{1, 4}, false},
		{"4/4", Shard{4, 4}, false},
		{" 2/3 ", Shard{2, 3}, false},
		{"1/1", Shard{}, false}, // the whole suite
		{"0/4", Shard{}, true},
		{"5/4", Shard{}, true},
		{"1/0", Shard{}, true},
		{"1", Shard{}, true},
		{"a/b", Shard{}, true},
	} {
		got, err := ParseShard(c.in)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, error %v", c.in, got, err, c.want, c.err)
		}
	}
}

// TestSliceCoversSuite checks that the shards of a suite are disjoint, cover it, and are the same on every
// call (every machine computes its own).
func TestSliceCoversSuite(t *testing.T) {
	s := &Suite{}
	for i := 0; i < 23; i++ {
		s.Instances = append(s.Instances, Instance{Name: string(rune('a'+i)) + ".smt2"})
	}
	for _, n := range []int{1, 2, 4, 7, 23, 40} {
		seen := map[string]int{}
		for i := 1; i <= n; i++ {
			sh := Shard{Index: i, Count: n}
			if n == 1 {
				sh = Shard{}
			}
			a, b := s.Slice(sh), s.Slice(sh)
			if !reflect.DeepEqual(a.Instances, b.Instances) {
				t.Fatalf("shard %s differs between two calls", sh)
			}
			if d := len(a.Instances) - len(s.Instances)/n; d < 0 || d > 1 {
				t.Errorf("shard %s has %d files of %d: unbalanced", sh, len(a.Instances), len(s.Instances))
			}
			for _, in := range a.Instances {
				seen[in.Name]++
			}
		}
		for _, in := range s.Instances {
			if seen[in.Name] != 1 {
				t.Errorf("N=%d: %s is in %d shards", n, in.Name, seen[in.Name])
			}
		}
	}
}

// runShards runs the fake solvers on the test suite, as N shards into dirs under root.
func runShards(t *testing.T, root string, n int) []string {
	t.Helper()
	var dirs []string
	for i := 1; i <= n; i++ {
		dir := filepath.Join(root, "shard"+string(rune('0'+i)))
		cfg := shardConfig(t, dir)
		cfg.Shard = Shard{Index: i, Count: n}
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	return dirs
}

func shardConfig(t *testing.T, dir string) RunConfig {
	return RunConfig{Suite: testSuite(t),
		Solvers: []Solver{fakeSolver(t, "right", "errors-then-right.sh"), fakeSolver(t, "wrong", "wrong.sh")},
		Limits:  Limits{Wall: 10 * time.Second, KillMargin: time.Second}, Jobs: 2, Repeat: 1, OutDir: dir}
}

// TestMergeShards runs the suite as 4 shards and merges them: the merged run must be scored exactly as one
// run on the same records, and give the same solved and wrong counts as a single unsharded run.
func TestMergeShards(t *testing.T) {
	root := t.TempDir()
	dirs := runShards(t, root, 4)
	m, err := MergeRuns(dirs, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(root, "merged")
	sc, err := m.Write(out, "right")
	if err != nil {
		t.Fatal(err)
	}
	var union []Record
	for _, d := range dirs {
		recs, err := ReadRecords(filepath.Join(d, ResultsFile))
		if err != nil {
			t.Fatal(err)
		}
		union = append(union, recs...)
	}
	want := ScoreRecords(union, []string{"right", "wrong"})
	if !reflect.DeepEqual(sc, want) {
		t.Errorf("the merged score differs from scoring the shards' records as one run:\n%+v\n%+v", sc.Total, want.Total)
	}
	// Reading the merged directory back (sift bench report) scores the same.
	again, err := LoadRun(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := ScoreRecords(again, SolverOrder(out)); !reflect.DeepEqual(got, want) {
		t.Errorf("the merged directory scores differently when read back")
	}
	single := filepath.Join(root, "single")
	recs, err := Run(context.Background(), shardConfig(t, single))
	if err != nil {
		t.Fatal(err)
	}
	one := ScoreRecords(recs, []string{"right", "wrong"})
	n := len(testSuite(t).Instances)
	for _, s := range []string{"right", "wrong"} {
		a, b := sc.Total[s], one.Total[s]
		if a.Files != n || a.Solved != b.Solved || a.Wrong != b.Wrong || a.Error != b.Error || a.Unknown != b.Unknown {
			t.Errorf("%s: merged %+v, single run %+v", s, a, b)
		}
	}
	wrongFiles := func(s *Score) (out []string) {
		for _, o := range s.Wrong {
			out = append(out, o.Solver+" "+o.File+" "+string(o.Result))
		}
		return out
	}
	if a, b := wrongFiles(sc), wrongFiles(one); !reflect.DeepEqual(a, b) || len(a) != n {
		t.Errorf("wrong answers: merged %v, single %v", a, b)
	}
	meta, err := readMeta(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(meta.Shards) != 4 || meta.Files != n || meta.SuiteFiles != n || len(meta.Hosts) != 4 {
		t.Errorf("merged meta: %+v", meta)
	}
	var tbl bytes.Buffer
	if err := WriteShardTable(&tbl, m); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(tbl.String(), "\n| "); got != 4 {
		t.Errorf("shard table has %d rows, want 4:\n%s", got, tbl.String())
	}
}

// TestMergeRefuses checks the merge's guards: a missing shard, the same shard twice, different limits and
// different solver builds.
func TestMergeRefuses(t *testing.T) {
	root := t.TempDir()
	dirs := runShards(t, root, 3)
	if _, err := MergeRuns(dirs[:2], MergeOptions{}); err == nil || !strings.Contains(err.Error(), "3/3") {
		t.Errorf("missing shard: %v", err)
	}
	if m, err := MergeRuns(dirs[:2], MergeOptions{Partial: true}); err != nil || len(m.Missing) != 1 {
		t.Errorf("--partial: %v", err)
	}
	if _, err := MergeRuns([]string{dirs[0], dirs[1], dirs[2], dirs[0]}, MergeOptions{}); err == nil || !strings.Contains(err.Error(), "both hold shard") {
		t.Errorf("the same shard twice: %v", err)
	}
	editMeta(t, dirs[2], func(m *RunMeta) { m.LimitSec = 99 })
	if _, err := MergeRuns(dirs, MergeOptions{}); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("different limits: %v", err)
	}
	editMeta(t, dirs[2], func(m *RunMeta) {
		m.LimitSec = 10
		id := m.Identities["wrong"]
		id.SHA256 = "0000"
		m.Identities["wrong"] = id
	})
	if _, err := MergeRuns(dirs, MergeOptions{}); err == nil || !strings.Contains(err.Error(), "differs between shards") {
		t.Errorf("different builds: %v", err)
	}
	if _, err := MergeRuns(dirs, MergeOptions{MixedVersions: true}); err != nil {
		t.Errorf("--mixed-versions: %v", err)
	}
}

func editMeta(t *testing.T, dir string, edit func(*RunMeta)) {
	t.Helper()
	m, err := readMeta(dir)
	if err != nil {
		t.Fatal(err)
	}
	edit(&m)
	data, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(dir, MetaFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
