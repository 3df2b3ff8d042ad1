package bench

import (
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
)

// A peers table records, per file, the answer and CPU seconds of solvers
// that were run elsewhere (on the same kind of machine): columns path,
// expected, and NAME_answer, NAME_cpu_s for each peer NAME. Other columns
// (best_peer, best_cpu_s) are ignored: the best peer is recomputed from the
// answers, under the limit of the run compared against it.

// PeerFile is one line of a peers table.
type PeerFile struct {
	Path     string
	Expected Status
	Answers  map[string]Result
	CPUSec   map[string]float64
}

// Peers is a peers table.
type Peers struct {
	Names []string // in column order
	Files map[string]*PeerFile
}

// Best returns the peer with the least CPU time among those whose answer is
// the expected one within limit seconds.
func (f *PeerFile) Best(names []string, limit float64) (string, float64, bool) {
	if f.Expected != StatusSat && f.Expected != StatusUnsat {
		return "", 0, false
	}
	best, cpu := "", math.Inf(1)
	for _, n := range names {
		if string(f.Answers[n]) == string(f.Expected) && f.CPUSec[n] <= limit && f.CPUSec[n] < cpu {
			best, cpu = n, f.CPUSec[n]
		}
	}
	return best, cpu, best != ""
}

// ReadPeers reads a peers table from a file.
func ReadPeers(path string) (*Peers, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParsePeers(f, path)
}

// ParsePeers parses a peers table; name is used in error messages only.
func ParsePeers(r io.Reader, name string) (*Peers, error) {
	p := &Peers{Files: map[string]*PeerFile{}}
	var header []string
	_, err := tsvLines(r, name, func(line int, fields []string) error {
		if header == nil {
			header = fields
			if header[0] != "path" {
				return fmt.Errorf("%s:%d: the first column must be path", name, line)
			}
			for _, h := range header {
				if n, ok := strings.CutSuffix(h, "_answer"); ok {
					p.Names = append(p.Names, n)
				}
			}
			if len(p.Names) == 0 {
				return fmt.Errorf("%s:%d: no NAME_answer column", name, line)
			}
			return nil
		}
		if len(fields) != len(header) {
			return fmt.Errorf("%s:%d: %d fields, but the header has %d", name, line, len(fields), len(header))
		}
		pf := &PeerFile{Path: fields[0], Answers: map[string]Result{}, CPUSec: map[string]float64{}}
		for i, h := range header {
			v := fields[i]
			switch {
			case h == "expected":
				pf.Expected = Status(v)
			case strings.HasSuffix(h, "_answer"):
				pf.Answers[strings.TrimSuffix(h, "_answer")] = Result(v)
			case strings.HasSuffix(h, "_cpu_s") && h != "best_cpu_s":
				x, err := strconv.ParseFloat(v, 64)
				if err != nil {
					return fmt.Errorf("%s:%d: column %s: %v", name, line, h, err)
				}
				pf.CPUSec[strings.TrimSuffix(h, "_cpu_s")] = x
			}
		}
		if _, dup := p.Files[pf.Path]; dup {
			return fmt.Errorf("%s:%d: path %q listed twice", name, line, pf.Path)
		}
		p.Files[pf.Path] = pf
		return nil
	})
	if err != nil {
		return nil, err
	}
	if header == nil {
		return nil, fmt.Errorf("%s: empty peers table", name)
	}
	return p, nil
}

// Slower than the best peer means more than slowFactor times its CPU time
// plus slowSlackSec: the slack keeps start-up noise on trivial files out.
const (
	slowFactor   = 2
	slowSlackSec = 0.1
	// ratioFloorSec is the least CPU time a ratio is taken of: below it
	// process start-up dominates, and a 1 ms against 3 ms start is no
	// property of the solving.
	ratioFloorSec = 0.01
)

// PeerRow is one file of a solver's comparison with the peers.
type PeerRow struct {
	File     string
	Family   string
	Logic    string
	Result   Result
	Solved   bool
	Wrong    bool
	CPUSec   float64 // PAR-2 style: twice the limit when not solved
	BestPeer string  // empty when no peer answered right
	BestCPU  float64
	Slow     bool // above slowFactor × best + slowSlackSec, or unsolved where a peer solved
}

// Excess is how much more CPU time than the best peer the solver took.
func (r PeerRow) Excess() float64 {
	if r.BestPeer == "" {
		return 0
	}
	return r.CPUSec - r.BestCPU
}

// VsPeers is one solver of a run against the virtual best of the peers, on
// the files both have.
type VsPeers struct {
	Solver       string
	Files        int
	Solved       int
	Wrong        int
	PAR2         float64 // CPU seconds
	PeersPAR2    float64 // the peers' virtual best, CPU seconds
	PeersSolved  int
	Slow         int
	GeoMean      float64 // of the solver's CPU over the best peer's, where a peer solved
	OnlySolver   int     // solved by the solver and by no peer
	Rows         []PeerRow
	MissingPeers int // files of the run the peers table lacks
}

// ComparePeers compares every solver of a scored run with the peers under
// a CPU-time limit of limit seconds (the run's limit when 0): an answer
// that took more CPU time counts as unsolved. A run with a longer wall
// limit on a loaded machine, scored under the peers' CPU limit, then
// compares CPU time with CPU time rather than losing files to the load.
func ComparePeers(sc *Score, p *Peers, limit float64) []VsPeers {
	if limit <= 0 {
		limit = sc.LimitSec
	}
	var out []VsPeers
	for _, s := range sc.Solvers {
		v := VsPeers{Solver: s}
		logSum, logN := 0.0, 0
		for _, f := range sc.Files {
			o, ok := sc.Outcomes[s][f]
			if !ok {
				continue
			}
			pf, ok := p.Files[f]
			if !ok {
				v.MissingPeers++
				continue
			}
			row := PeerRow{File: f, Family: o.Family, Logic: o.Logic, Result: o.Result, Solved: o.Solved() && o.CPUSec <= limit,
				Wrong: o.Wrong, CPUSec: 2 * limit}
			if row.Solved {
				row.CPUSec = o.CPUSec
			}
			v.Files++
			v.PAR2 += row.CPUSec
			if row.Solved {
				v.Solved++
			}
			if o.Wrong {
				v.Wrong++
			}
			if name, cpu, ok := pf.Best(p.Names, limit); ok {
				row.BestPeer, row.BestCPU = name, cpu
				v.PeersPAR2 += cpu
				v.PeersSolved++
				row.Slow = row.CPUSec > slowFactor*cpu+slowSlackSec
				logSum += math.Log(math.Max(row.CPUSec, ratioFloorSec) / math.Max(cpu, ratioFloorSec))
				logN++
			} else {
				v.PeersPAR2 += 2 * limit
				if row.Solved {
					v.OnlySolver++
				}
			}
			if row.Slow {
				v.Slow++
			}
			v.Rows = append(v.Rows, row)
		}
		if logN > 0 {
			v.GeoMean = math.Exp(logSum / float64(logN))
		}
		sort.SliceStable(v.Rows, func(i, j int) bool { return v.Rows[i].Excess() > v.Rows[j].Excess() })
		out = append(out, v)
	}
	return out
}

// peerClass is the class a file is reported under: its family and logic.
func peerClass(r PeerRow) string { return r.Family + " " + r.Logic }

// WritePeerComparison writes the comparison as Markdown: one summary line
// per solver, the slow files per class, and the top slowest files (by CPU
// seconds over the best peer) of each solver.
func WritePeerComparison(w io.Writer, vs []VsPeers, limit float64, top int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Against the peers' virtual best (CPU seconds, %gs CPU limit)\n\n", limit)
	fmt.Fprintf(&b, "Slow: above %g× the best peer + %g s, or unsolved where a peer solved. Ratios floor both times at %g s.\n\n",
		float64(slowFactor), slowSlackSec, ratioFloorSec)
	b.WriteString("| solver | files | solved | wrong | CPU PAR-2 (s) | peers' best PAR-2 (s) | ratio | slow files | geo. mean ratio | solved by no peer |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, v := range vs {
		ratio := math.NaN()
		if v.PeersPAR2 > 0 {
			ratio = v.PAR2 / v.PeersPAR2
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %.2f | %.2f | %.3f | %d | %.3f | %d |\n", v.Solver, v.Files, v.Solved, v.Wrong,
			v.PAR2, v.PeersPAR2, ratio, v.Slow, v.GeoMean, v.OnlySolver)
	}
	for _, v := range vs {
		if v.MissingPeers > 0 {
			fmt.Fprintf(&b, "\n%s: %d files of the run are not in the peers table (left out).\n", v.Solver, v.MissingPeers)
		}
	}
	for _, v := range vs {
		type class struct {
			name   string
			n      int
			excess float64
		}
		byClass := map[string]*class{}
		for _, r := range v.Rows {
			if !r.Slow {
				continue
			}
			c := byClass[peerClass(r)]
			if c == nil {
				c = &class{name: peerClass(r)}
				byClass[c.name] = c
			}
			c.n++
			c.excess += r.Excess()
		}
		var cs []*class
		for _, c := range byClass {
			cs = append(cs, c)
		}
		sort.Slice(cs, func(i, j int) bool {
			if cs[i].excess != cs[j].excess {
				return cs[i].excess > cs[j].excess
			}
			return cs[i].name < cs[j].name
		})
		fmt.Fprintf(&b, "\n### %s: slow files by class\n\n| class | slow files | CPU s over the best peer |\n|---|---:|---:|\n", v.Solver)
		for _, c := range cs {
			fmt.Fprintf(&b, "| %s | %d | %.2f |\n", c.name, c.n, c.excess)
		}
		fmt.Fprintf(&b, "\n### %s: slowest files against the best peer\n\n| file | %s | CPU s | best peer | its CPU s | ratio |\n|---|---|---:|---|---:|---:|\n", v.Solver, v.Solver)
		listed := 0
		for _, r := range v.Rows {
			if listed >= top {
				break
			}
			if !r.Slow {
				continue
			}
			listed++
			fmt.Fprintf(&b, "| %s | %s | %.3f | %s | %.3f | %.1f |\n", r.File, r.Result, r.CPUSec, r.BestPeer, r.BestCPU,
				math.Max(r.CPUSec, ratioFloorSec)/math.Max(r.BestCPU, ratioFloorSec))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
