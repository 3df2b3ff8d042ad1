package bench

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/sift-solver/sift/internal/output"
)

// ShardsFile is the per-shard table a merged run's directory holds.
const ShardsFile = "shards.md"

// MergeOptions relax the checks of MergeRuns.
type MergeOptions struct {
	// Partial accepts shards that do not cover the whole suite (a shard still running, or lost).
	Partial bool
	// MixedVersions accepts solvers whose version or binary differs between shards.
	MixedVersions bool
}

// MergedRun is several runs combined: their records, and one meta that describes them all.
type MergedRun struct {
	Meta    RunMeta
	Records []Record
	// Missing lists the shards of the suite that no run covered (only with Partial).
	Missing []Shard
	// PerShard sums each shard's time by solver: when machines differ, CPU seconds compare better than wall
	// seconds, and a slow host shows up here.
	PerShard []ShardSummary
}

// ShardSummary is one shard's share of a merged run.
type ShardSummary struct {
	Shard Shard
	Dir   string
	Hosts []Host
	Files int
	Wall  map[string]float64 // solver → summed wall seconds
	CPU   map[string]float64 // solver → summed CPU seconds
}

// MergeRuns combines the results directories of the shards of one suite into one run, so that it is scored
// exactly as a single run on the same records would be. The runs must agree on what makes results
// comparable — suite size, time limit, repeats, solver names and kinds, and (unless MixedVersions) solver
// versions and binaries — and their shards must be distinct. A (solver, file, repeat) key on record twice is
// an error: that happens when two directories hold the same shard.
func MergeRuns(dirs []string, opt MergeOptions) (*MergedRun, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("merge: no results directory given")
	}
	var metas []RunMeta
	for _, d := range dirs {
		m, err := readMeta(d)
		if err != nil {
			return nil, fmt.Errorf("merge: %s: %w (is it a results directory of `sift bench run`?)", d, err)
		}
		metas = append(metas, m)
	}
	first := metas[0]
	out := &MergedRun{Meta: RunMeta{Suite: first.Suite, LimitSec: first.LimitSec, Repeat: first.Repeat,
		Solvers: first.Solvers, SuiteFiles: first.SuiteFiles, Started: first.Started,
		Identities: map[string]Identity{}}}
	count := first.Shard.Count
	seenShard := map[int]string{}
	for i, m := range metas {
		d := dirs[i]
		switch {
		case m.SuiteFiles != first.SuiteFiles:
			return nil, fmt.Errorf("merge: %s ran a suite of %d files, %s one of %d", d, m.SuiteFiles, dirs[0], first.SuiteFiles)
		case m.LimitSec != first.LimitSec:
			return nil, fmt.Errorf("merge: %s ran with a %gs limit, %s with %gs", d, m.LimitSec, dirs[0], first.LimitSec)
		case m.Repeat != first.Repeat:
			return nil, fmt.Errorf("merge: %s ran %d repeats, %s %d", d, m.Repeat, dirs[0], first.Repeat)
		case m.Shard.Count != count:
			return nil, fmt.Errorf("merge: %s is shard %s, %s shard %s: the suite was cut differently", d, m.Shard, dirs[0], first.Shard)
		}
		if err := sameSolvers(first.Solvers, m.Solvers); err != nil {
			return nil, fmt.Errorf("merge: %s and %s: %w", dirs[0], d, err)
		}
		if prev, ok := seenShard[m.Shard.Index]; ok {
			return nil, fmt.Errorf("merge: %s and %s both hold shard %s", prev, d, m.Shard)
		}
		seenShard[m.Shard.Index] = d
		if !m.Shard.Whole() {
			out.Meta.Shards = append(out.Meta.Shards, m.Shard)
		}
		for name, id := range m.Identities {
			have, ok := out.Meta.Identities[name]
			if !ok {
				out.Meta.Identities[name] = id
				continue
			}
			if have != id && !opt.MixedVersions {
				return nil, fmt.Errorf("merge: solver %s differs between shards (%s vs %s); rerun with one build everywhere, or pass --mixed-versions",
					name, describeIdentity(have), describeIdentity(id))
			}
		}
		out.Meta.Hosts = append(out.Meta.Hosts, m.Hosts...)
		if m.Started < out.Meta.Started {
			out.Meta.Started = m.Started
		}
	}
	if count <= 1 && len(metas) > 1 {
		return nil, fmt.Errorf("merge: the runs are not shards (%d whole-suite runs); use `sift bench compare` for before/after", len(metas))
	}
	for i := 1; i <= count && count > 1; i++ {
		if _, ok := seenShard[i]; !ok {
			out.Missing = append(out.Missing, Shard{Index: i, Count: count})
		}
	}
	if len(out.Missing) > 0 && !opt.Partial {
		return nil, fmt.Errorf("merge: shards %s are missing; pass --partial to score the shards at hand", shardList(out.Missing))
	}
	sort.Slice(out.Meta.Shards, func(i, j int) bool { return out.Meta.Shards[i].Index < out.Meta.Shards[j].Index })
	seen := map[runKey]string{}
	for i, d := range dirs {
		recs, err := ReadRecords(filepath.Join(d, ResultsFile))
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		for _, r := range recs {
			if prev, ok := seen[r.key()]; ok {
				return nil, fmt.Errorf("merge: %s on %s (repeat %d) is on record in both %s and %s", r.Solver, r.File, r.Repeat, prev, d)
			}
			seen[r.key()] = d
			out.Records = append(out.Records, r)
		}
		out.Meta.Files += countFiles(recs)
		out.PerShard = append(out.PerShard, summarizeShard(metas[i], d, recs))
	}
	return out, nil
}

func summarizeShard(m RunMeta, dir string, recs []Record) ShardSummary {
	s := ShardSummary{Shard: m.Shard, Dir: dir, Hosts: m.Hosts, Files: countFiles(recs),
		Wall: map[string]float64{}, CPU: map[string]float64{}}
	for _, r := range recs {
		s.Wall[r.Solver] += r.WallSec
		s.CPU[r.Solver] += r.CPUSec()
	}
	return s
}

// WriteShardTable prints one row per shard: its host, files, and each solver's summed wall and CPU time.
func WriteShardTable(w io.Writer, m *MergedRun) error {
	var b strings.Builder
	b.WriteString("| shard | host | files |")
	for _, s := range m.Meta.Solvers {
		fmt.Fprintf(&b, " %s wall (s) | %s CPU (s) |", s.Name, s.Name)
	}
	b.WriteString("\n|---|---|---:|")
	for range m.Meta.Solvers {
		b.WriteString("---:|---:|")
	}
	b.WriteString("\n")
	for _, sh := range m.PerShard {
		host := "?"
		if len(sh.Hosts) > 0 {
			host = sh.Hosts[0].Name
			if sh.Hosts[0].CPU != "" {
				host += " (" + sh.Hosts[0].CPU + ")"
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %d |", sh.Shard, host, sh.Files)
		for _, s := range m.Meta.Solvers {
			fmt.Fprintf(&b, " %.1f | %.1f |", sh.Wall[s.Name], sh.CPU[s.Name])
		}
		b.WriteString("\n")
	}
	if len(m.Missing) > 0 {
		fmt.Fprintf(&b, "\nMissing shards (scored without them): %s\n", shardList(m.Missing))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Write stores the merged run in dir as `sift bench run` would have: results.jsonl, run.json, the tables
// and the plots (scatterBase as in WriteReports). It returns the score.
func (m *MergedRun) Write(dir, scatterBase string) (*Score, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, ResultsFile)); err == nil {
		return nil, fmt.Errorf("merge: %s already holds results; name a new directory", dir)
	}
	log, err := openRecordLog(filepath.Join(dir, ResultsFile))
	if err != nil {
		return nil, err
	}
	for _, r := range m.Records {
		if err := log.Append(r); err != nil {
			log.Close()
			return nil, err
		}
	}
	if err := log.Close(); err != nil {
		return nil, err
	}
	if err := writeMeta(dir, m.Meta); err != nil {
		return nil, err
	}
	names := make([]string, len(m.Meta.Solvers))
	for i, s := range m.Meta.Solvers {
		names[i] = s.Name
	}
	sc := ScoreRecords(m.Records, names)
	if err := output.WriteFile(filepath.Join(dir, ShardsFile), func(w io.Writer) error { return WriteShardTable(w, m) }); err != nil {
		return nil, err
	}
	return sc, WriteReports(dir, m.Records, sc, scatterBase)
}

// sameSolvers checks that two runs raced the same solvers: names and kinds in the same order. Binary paths
// may differ between machines; Identities catch different builds.
func sameSolvers(a, b []Solver) error {
	if len(a) != len(b) {
		return fmt.Errorf("different solvers (%d vs %d)", len(a), len(b))
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Kind != b[i].Kind {
			return fmt.Errorf("solver %d is %s (%s) in one run and %s (%s) in the other", i+1, a[i].Name, a[i].Kind, b[i].Name, b[i].Kind)
		}
		if a[i].Kind == KindCommand && !slices.Equal(a[i].Argv[1:], b[i].Argv[1:]) {
			return fmt.Errorf("solver %s runs %q in one run and %q in the other", a[i].Name, strings.Join(a[i].Argv[1:], " "), strings.Join(b[i].Argv[1:], " "))
		}
	}
	return nil
}

func describeIdentity(id Identity) string {
	h := id.SHA256
	if len(h) > 12 {
		h = h[:12]
	}
	if id.Version == "" {
		return "binary " + h
	}
	return fmt.Sprintf("%q, binary %s", id.Version, h)
}

func shardList(s []Shard) string {
	var parts []string
	for _, x := range s {
		parts = append(parts, x.String())
	}
	return strings.Join(parts, ", ")
}

func countFiles(recs []Record) int {
	files := map[string]bool{}
	for _, r := range recs {
		files[r.File] = true
	}
	return len(files)
}
