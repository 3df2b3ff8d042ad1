package bench

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// LoadRun reads the records of a run: a results directory or a results.jsonl file.
func LoadRun(path string) ([]Record, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("run %s: %w", path, err)
	}
	if st.IsDir() {
		path = filepath.Join(path, ResultsFile)
	}
	recs, err := ReadRecords(path)
	if err != nil {
		return nil, fmt.Errorf("run %s: %w", path, err)
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("run %s: no results on record", path)
	}
	return recs, nil
}

// Pair is one solver of run A matched with one of run B.
type Pair struct{ A, B string }

// Comparison is a before/after view of two runs on the files both ran.
type Comparison struct {
	A, B   *Score
	Pairs  []Pair
	Files  int // files on record in both runs
	OnlyA  int // files only run A has
	OnlyB  int
	Gained map[Pair][]string // solved in B, not in A
	Lost   map[Pair][]string // solved in A, not in B
}

// Compare scores both runs on their common files. Solvers are paired by name; when the runs share no name
// and each has a single solver (a before/after build of sift under two names), those two are paired.
func Compare(a, b []Record) (*Comparison, error) {
	fa, fb := fileSet(a), fileSet(b)
	common := map[string]bool{}
	c := &Comparison{Gained: map[Pair][]string{}, Lost: map[Pair][]string{}}
	for f := range fa {
		if fb[f] {
			common[f] = true
		} else {
			c.OnlyA++
		}
	}
	for f := range fb {
		if !fa[f] {
			c.OnlyB++
		}
	}
	c.Files = len(common)
	if c.Files == 0 {
		return nil, fmt.Errorf("the two runs have no file in common")
	}
	c.A = ScoreRecords(filterFiles(a, common), nil)
	c.B = ScoreRecords(filterFiles(b, common), nil)
	for _, s := range c.A.Solvers {
		if indexOf(c.B.Solvers, s) < len(c.B.Solvers) {
			c.Pairs = append(c.Pairs, Pair{s, s})
		}
	}
	if len(c.Pairs) == 0 && len(c.A.Solvers) == 1 && len(c.B.Solvers) == 1 {
		c.Pairs = []Pair{{c.A.Solvers[0], c.B.Solvers[0]}}
	}
	if len(c.Pairs) == 0 {
		return nil, fmt.Errorf("no solver to compare: run A has %s, run B has %s", strings.Join(c.A.Solvers, ", "), strings.Join(c.B.Solvers, ", "))
	}
	for _, p := range c.Pairs {
		for _, f := range c.A.Files {
			sa, sb := c.A.Outcomes[p.A][f].Solved(), c.B.Outcomes[p.B][f].Solved()
			if sb && !sa {
				c.Gained[p] = append(c.Gained[p], f)
			}
			if sa && !sb {
				c.Lost[p] = append(c.Lost[p], f)
			}
		}
		sort.Strings(c.Gained[p])
		sort.Strings(c.Lost[p])
	}
	return c, nil
}

func fileSet(recs []Record) map[string]bool {
	m := map[string]bool{}
	for _, r := range recs {
		m[r.File] = true
	}
	return m
}

func filterFiles(recs []Record, keep map[string]bool) []Record {
	var out []Record
	for _, r := range recs {
		if keep[r.File] {
			out = append(out, r)
		}
	}
	return out
}

// maxListed bounds the per-file lists of a comparison.
const maxListed = 50

// WriteComparison writes the comparison as markdown. Wrong answers of run B are listed in full.
func WriteComparison(w io.Writer, c *Comparison, nameA, nameB string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Compare A = %s, B = %s (%d common files", nameA, nameB, c.Files)
	if c.OnlyA+c.OnlyB > 0 {
		fmt.Fprintf(&b, "; %d only in A and %d only in B left out", c.OnlyA, c.OnlyB)
	}
	fmt.Fprintf(&b, "; limits %gs / %gs)\n\n", c.A.LimitSec, c.B.LimitSec)
	b.WriteString("| solver | solved A | solved B | Δ solved | wrong A | wrong B | PAR-2 A (s) | PAR-2 B (s) | Δ PAR-2 (s) | gained | lost |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, p := range c.Pairs {
		ta, tb := c.A.Total[p.A], c.B.Total[p.B]
		name := p.A
		if p.A != p.B {
			name = p.A + " → " + p.B
		}
		wrongB := fmt.Sprint(tb.Wrong)
		if tb.Wrong > 0 {
			wrongB = "**" + wrongB + " WRONG**"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %+d | %d | %s | %.2f | %.2f | %+.2f | %d | %d |\n", name, ta.Solved, tb.Solved,
			tb.Solved-ta.Solved, ta.Wrong, wrongB, ta.PAR2, tb.PAR2, tb.PAR2-ta.PAR2, len(c.Gained[p]), len(c.Lost[p]))
	}
	b.WriteString("\n")
	for _, p := range c.Pairs {
		listFiles(&b, fmt.Sprintf("%s: solved in B, not in A", p.B), c.Gained[p])
		listFiles(&b, fmt.Sprintf("%s: solved in A, not in B", p.B), c.Lost[p])
	}
	for _, o := range c.B.Wrong {
		fmt.Fprintf(&b, "!!! WRONG ANSWER in B: %s said %s on %s, expected %s\n", o.Solver, o.Result, o.File, o.Expected)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func listFiles(b *strings.Builder, title string, files []string) {
	if len(files) == 0 {
		return
	}
	fmt.Fprintf(b, "%s (%d):\n", title, len(files))
	for i, f := range files {
		if i == maxListed {
			fmt.Fprintf(b, "- … and %d more\n", len(files)-maxListed)
			break
		}
		fmt.Fprintf(b, "- %s\n", f)
	}
	b.WriteString("\n")
}
