package oracle

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/sift-solver/sift/symex"
)

// longBound is the long run's bound: every byte sequence up to length 2,
// the declared alphabet's at 3.
const longBound = 3

// TestLong is make oracle: the symex corpus (corpus.tsv), the seed
// tests' programs and SIFT_ORACLE_GEN generated functions (seed
// SIFT_ORACLE_SEED), each compared at longBound. The table goes to
// SIFT_ORACLE_OUT; every difference fails the test. SIFT_ORACLE_MATCH, a
// regular expression, keeps the targets (package.Func) it matches.
func TestLong(t *testing.T) {
	if os.Getenv("SIFT_ORACLE_LONG") == "" {
		t.Skip("the long oracle run: make oracle")
	}
	var groups []targetGroup
	if os.Getenv("SIFT_ORACLE_ONLY") != "gen" {
		groups = append(groups, corpusTargets(t)...)
		for _, dir := range []string{"corpus", "seed000", "seed002", "seed004", "heapbench"} {
			groups = append(groups, packageTargets(t, filepath.Join("../../symex/testdata", dir), "."))
		}
		for _, dir := range []string{"concolic", "modes"} {
			groups = append(groups, packageTargets(t, "../../symex", "./testdata/"+dir))
		}
	}
	if n, _ := strconv.Atoi(os.Getenv("SIFT_ORACLE_GEN")); n > 0 {
		seed, _ := strconv.ParseInt(os.Getenv("SIFT_ORACLE_SEED"), 10, 64)
		dir := t.TempDir()
		if err := WriteGenerated(dir, seed, n); err != nil {
			t.Fatal(err)
		}
		groups = append(groups, packageTargets(t, dir, "."))
	}
	match, err := regexp.Compile(os.Getenv("SIFT_ORACLE_MATCH"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	diffs := 0
	for _, g := range groups {
		var base *symex.Program
		for _, tg := range g.targets {
			if !match.MatchString(tg.String()) {
				continue
			}
			start := time.Now()
			if base == nil {
				p, err := symex.Load(tg.Dir, tg.Pkg, tg.Func)
				if err != nil {
					t.Errorf("%s: %v", tg, err)
					break
				}
				base = p
			}
			rep, err := Compare(context.Background(), tg, base, Config{Timeout: 20 * time.Second})
			if err != nil {
				rows = append(rows, fmt.Sprintf("| %s | skipped: %s |", tg, oneLine(err.Error())))
				writeTable(t, rows)
				continue
			}
			rows = append(rows, tableRow(rep, time.Since(start)))
			for _, d := range rep.Diffs {
				diffs++
				t.Errorf("%s: %s", tg, d)
			}
			writeTable(t, rows) // after every row: a long run stopped keeps its rows
		}
	}
	t.Logf("%d targets, %d differences", len(rows), diffs)
	writeTable(t, rows)
}

// writeTable writes the rows to SIFT_ORACLE_OUT.
func writeTable(t *testing.T, rows []string) {
	out := os.Getenv("SIFT_ORACLE_OUT")
	if out == "" {
		return
	}
	text := "| target | inputs | symex inputs | panic sites | none | std | pat | qhv | differences | s |\n|---|---|---|---|---|---|---|---|---|---|\n" + strings.Join(rows, "\n") + "\n"
	if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return strings.ReplaceAll(s, "|", "/")
}

// tableRow is a report's row: a run's cell is its paths, E when it was
// exhausted (the checked promise), U n for unsupported paths.
func tableRow(rep *Report, took time.Duration) string {
	cells := []string{rep.Target.String(), strconv.Itoa(rep.Inputs), strconv.Itoa(rep.Checked), strconv.Itoa(len(rep.Sites))}
	for _, r := range rep.Runs {
		c := strconv.Itoa(r.Paths)
		switch {
		case r.Err != "":
			c = "error"
		case r.Exhausted:
			c += " E"
		case r.Unsupported > 0:
			c += fmt.Sprintf(" U%d", r.Unsupported)
		default:
			c += " " + r.Stopped
		}
		cells = append(cells, c)
	}
	cells = append(cells, strconv.Itoa(len(rep.Diffs)), fmt.Sprintf("%.1f", took.Seconds()))
	return "| " + strings.Join(cells, " | ") + " |"
}

// targetGroup are targets of one package, loaded once.
type targetGroup struct{ targets []Target }

// corpusTargets are corpus.tsv's rows at longBound, a group each (their
// packages differ).
func corpusTargets(t *testing.T) []targetGroup {
	f, err := os.Open("../../symex/testdata/realcode/corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []targetGroup
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 5 {
			t.Fatalf("corpus.tsv: bad row %q", line)
		}
		n, _ := strconv.Atoi(cols[2])
		tg := Target{Dir: "../../symex/testdata/realcode", Pkg: cols[0], Func: cols[1], MaxLen: min(n, longBound), Fixed: map[string]int64{}}
		fields := strings.Fields(cols[4])
		for i := 0; i+1 < len(fields); i++ {
			if fields[i] == "--fix" {
				k, v, _ := strings.Cut(fields[i+1], "=")
				tg.Fixed[k], _ = strconv.ParseInt(v, 0, 64)
			}
		}
		out = append(out, targetGroup{[]Target{tg}})
	}
	return out
}

// packageTargets are the plain functions of the package at dir, pattern,
// whose parameters the oracle passes, at longBound: the package's own code.
func packageTargets(t *testing.T, dir, pattern string) targetGroup {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps, Dir: dir}, pattern)
	if err != nil || len(pkgs) != 1 || pkgs[0].Types == nil {
		t.Fatalf("%s: %v", dir, err)
	}
	scope := pkgs[0].Types.Scope()
	var names []string
	for _, name := range scope.Names() {
		names = append(names, name)
	}
	sort.Strings(names)
	var g targetGroup
	for _, name := range names {
		if supportedFunc(scope.Lookup(name)) {
			g.targets = append(g.targets, Target{Dir: dir, Pkg: pattern, Func: name, MaxLen: longBound, OwnCode: true})
		}
	}
	return g
}
