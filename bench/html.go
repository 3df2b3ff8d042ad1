package bench

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"net/url"
	"regexp"
	"sort"
	"strings"
)

// HTMLFile is the results page inside a run's output directory.
const HTMLFile = "index.html"

// The page is one self-contained file: the template, its style and its script are embedded here and inlined
// into every page, so that it opens from disk with no network.
var (
	//go:embed page/index.html.tmpl
	pageTemplateText string
	//go:embed page/page.css
	pageCSS string
	//go:embed page/page.js
	pageJS string

	pageTemplate = template.Must(template.New("index.html").Funcs(template.FuncMap{
		"f2":    func(x float64) string { return fmt.Sprintf("%.2f", x) },
		"pct":   percent,
		"share": func(a, b int) string { return fmt.Sprintf("%.3f", float64(a)/float64(max(b, 1))) },
		"frag":  fragment,
	}).Parse(pageTemplateText))
)

// HTMLReport is what index.html shows: the run's summary tables and plots, and every file's outcomes in a
// table that the page's script sorts, filters and pages through, with each run's output heads on click.
type HTMLReport struct {
	Records []Record
	Score   *Score
	// Meta describes the run (suite, solvers' versions, hosts); nil when run.json is not at hand.
	Meta  *RunMeta
	Plots []ReportPlot
}

// Write writes the page.
func (h HTMLReport) Write(w io.Writer) error {
	view, err := h.view()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, view); err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}

// pageView is the template's data.
type pageView struct {
	Title    string
	Meta     *RunMeta
	Sc       *Score
	Columns  []string // solvers, then the virtual best when there is one
	Totals   []namedTally
	Wrong    []Outcome
	ByLogic  groupTable
	ByFamily groupTable
	Pairwise []pairRow
	Solvers  []solverLine
	Plots    []template.HTML
	CSS      template.CSS
	JS       template.JS
	Data     template.JS
}

type namedTally struct {
	Name string
	Tally
}

// groupTable is the tallies by logic or by family; Key is also the file table's filter of that name.
type groupTable struct {
	Key     string
	Columns []string
	Rows    []groupRow
}

type groupRow struct {
	Name  string
	Files int
	Cells []*Tally // by column; nil where the solver has no record in the group
}

type pairRow struct {
	Solver string
	Counts []int // by solver; -1 on the diagonal
}

type solverLine struct {
	Name, Command, Version, SHA256 string
}

func (h HTMLReport) view() (*pageView, error) {
	sc := h.Score
	v := &pageView{Sc: sc, Meta: h.Meta, Columns: withVirtualBest(sc), Wrong: sc.Wrong,
		CSS: template.CSS(pageCSS), JS: template.JS(pageJS)}
	v.Title = "sift bench"
	if h.Meta != nil && h.Meta.Suite != "" {
		v.Title += ": " + h.Meta.Suite
	}
	for _, s := range v.Columns {
		v.Totals = append(v.Totals, namedTally{s, sc.Total[s]})
	}
	v.ByLogic = groupTable{"logic", v.Columns, groupRows(sc.ByLogic, v.Columns)}
	v.ByFamily = groupTable{"family", v.Columns, groupRows(sc.ByFamily, v.Columns)}
	if len(sc.Solvers) > 1 {
		for _, a := range sc.Solvers {
			row := pairRow{Solver: a}
			for _, b := range sc.Solvers {
				n := -1
				if a != b {
					n = sc.SolvedNotBy[a][b]
				}
				row.Counts = append(row.Counts, n)
			}
			v.Pairwise = append(v.Pairwise, row)
		}
	}
	if h.Meta != nil {
		for _, s := range h.Meta.Solvers {
			id := h.Meta.Identities[s.Name]
			hash := id.SHA256
			if len(hash) > 12 {
				hash = hash[:12]
			}
			v.Solvers = append(v.Solvers, solverLine{Name: s.Name, Command: strings.Join(s.Argv, " "), Version: id.Version, SHA256: hash})
		}
	}
	for _, p := range h.Plots {
		svg, err := inlineSVG(p)
		if err != nil {
			return nil, err
		}
		v.Plots = append(v.Plots, svg)
	}
	data, err := encodePageData(newPageData(h.Records, sc))
	if err != nil {
		return nil, err
	}
	// encoding/json escapes <, > and & in strings, so no path or output head can close the script element.
	v.Data = template.JS(data)
	return v, nil
}

func groupRows(gs []Group, cols []string) []groupRow {
	var rows []groupRow
	for _, g := range gs {
		r := groupRow{Name: g.Name, Files: g.Files}
		for _, s := range cols {
			if t, ok := g.Solvers[s]; ok {
				r.Cells = append(r.Cells, &t)
			} else {
				r.Cells = append(r.Cells, nil)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

func percent(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b))
}

// fragment is a link to a view of the file table: the page's script reads its state from the address's
// fragment, as key=value pairs.
func fragment(kv ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return "#" + v.Encode()
}

var svgViewBox = regexp.MustCompile(`viewBox="([^"]*)"`)

// inlineSVG draws a plot as an <svg> element for the page: the XML prolog and the namespaces, which a
// standalone file needs and HTML does not, are dropped, and the size follows the page's layout.
func inlineSVG(p ReportPlot) (template.HTML, error) {
	wt, err := p.Plot.WriterTo(p.W, p.H, "svg")
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if _, err := wt.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	start := strings.Index(s, "<svg")
	end := strings.IndexByte(s[max(start, 0):], '>')
	if start < 0 || end < 0 {
		return "", fmt.Errorf("plot %s: no <svg> element in the rendered plot", p.Stem)
	}
	end += start
	m := svgViewBox.FindStringSubmatch(s[start:end])
	if m == nil {
		return "", fmt.Errorf("plot %s: the <svg> element has no viewBox", p.Stem)
	}
	label := template.HTMLEscapeString(strings.ReplaceAll(p.Plot.Title.Text, "\n", "; "))
	// Drawn at its natural size (points to CSS pixels), as the PNG is, unless the page is narrower.
	w, h := math.Round(p.W.Points()*96/72), math.Round(p.H.Points()*96/72)
	open := fmt.Sprintf(`<svg class="plot" viewBox="%s" width="%g" height="%g" role="img" aria-label="%s">`, m[1], w, h, label)
	// The SVG's own text is already escaped by the plot's SVG canvas.
	return template.HTML(open + s[end+1:]), nil
}

// pageData is the file table, embedded in the page as JSON for its script. Files are in path order;
// logics and families are named by index into sorted lists, which is also the order their filters list.
type pageData struct {
	Solvers  []string   `json:"solvers"`
	LimitSec float64    `json:"limit_s"`
	Logics   []string   `json:"logics"`
	Families []string   `json:"families"`
	Files    []pageFile `json:"files"`
}

type pageFile struct {
	Path     string      `json:"path"`
	Logic    int         `json:"logic"`
	Family   int         `json:"family"`
	Expected Status      `json:"expected"`
	Cells    []*pageCell `json:"cells"` // by solver; null where the solver has no record of the file
}

// pageCell is one solver on one file: the outcome its repeats merge to (as scored), and each repeat.
type pageCell struct {
	Result        Result    `json:"result"`
	Wrong         bool      `json:"wrong,omitempty"`
	ErrorsPrinted bool      `json:"errors_printed,omitempty"`
	WallSec       float64   `json:"wall_s"` // median over repeats, as scored
	CPUSec        float64   `json:"cpu_s"`
	MaxRSSKB      int64     `json:"max_rss_kb"` // the largest peak over repeats
	Runs          []pageRun `json:"runs"`
}

// pageRun is what the page shows of one run when its cell is clicked: results.jsonl's bounded stream heads
// (see Record) and how the process ended.
type pageRun struct {
	Repeat   int      `json:"repeat"`
	Result   Result   `json:"result"`
	Answer   string   `json:"answer,omitempty"`
	WallSec  float64  `json:"wall_s"`
	CPUSec   float64  `json:"cpu_s"`
	MaxRSSKB int64    `json:"max_rss_kb"`
	ExitCode int      `json:"exit_code"`
	Signal   string   `json:"signal,omitempty"`
	Killed   bool     `json:"killed,omitempty"`
	Command  []string `json:"command,omitempty"`
	Stdout   string   `json:"stdout,omitempty"`
	Stderr   string   `json:"stderr,omitempty"`
}

func newPageData(recs []Record, sc *Score) pageData {
	d := pageData{Solvers: sc.Solvers, LimitSec: sc.LimitSec}
	solverIx := map[string]int{}
	for i, s := range sc.Solvers {
		solverIx[s] = i
	}
	fileIx := map[string]int{}
	for i, f := range sc.Files {
		fileIx[f] = i
	}
	runs := make([][][]Record, len(sc.Files)) // [file][solver] → repeats
	for _, r := range recs {
		fi, ok := fileIx[r.File]
		si, ok2 := solverIx[r.Solver]
		if !ok || !ok2 {
			continue
		}
		if runs[fi] == nil {
			runs[fi] = make([][]Record, len(sc.Solvers))
		}
		runs[fi][si] = append(runs[fi][si], r)
	}
	logics, families := map[string]int{}, map[string]int{}
	first := make([]Outcome, len(sc.Files))
	for i, f := range sc.Files {
		for _, s := range sc.Solvers {
			if o, ok := sc.Outcomes[s][f]; ok {
				first[i] = o
				break
			}
		}
		logics[groupName(first[i].Logic)] = 0
		families[groupName(first[i].Family)] = 0
	}
	d.Logics, d.Families = indexNames(logics), indexNames(families)
	for i, f := range sc.Files {
		pf := pageFile{Path: f, Logic: logics[groupName(first[i].Logic)], Family: families[groupName(first[i].Family)],
			Expected: first[i].Expected, Cells: make([]*pageCell, len(sc.Solvers))}
		for si, s := range sc.Solvers {
			o, ok := sc.Outcomes[s][f]
			if !ok {
				continue
			}
			c := &pageCell{Result: o.Result, Wrong: o.Wrong, ErrorsPrinted: o.ErrorsPrinted, WallSec: micro(o.WallSec), CPUSec: micro(o.CPUSec)}
			var rs []Record
			if runs[i] != nil {
				rs = runs[i][si]
			}
			sort.Slice(rs, func(a, b int) bool { return rs[a].Repeat < rs[b].Repeat })
			for _, r := range rs {
				c.MaxRSSKB = max(c.MaxRSSKB, r.MaxRSSKB)
				c.Runs = append(c.Runs, pageRun{Repeat: r.Repeat, Result: r.Result, Answer: r.Answer, WallSec: micro(r.WallSec),
					CPUSec: micro(r.CPUSec()), MaxRSSKB: r.MaxRSSKB, ExitCode: r.ExitCode, Signal: r.Signal, Killed: r.Killed,
					Command: r.Command, Stdout: r.StdoutHead, Stderr: r.StderrHead})
			}
			pf.Cells[si] = c
		}
		d.Files = append(d.Files, pf)
	}
	return d
}

// micro rounds seconds to microseconds: finer digits are noise, and they would bloat the page.
func micro(sec float64) float64 { return math.Round(sec*1e6) / 1e6 }

// indexNames sorts the keys of m and sets each one's value to its index.
func indexNames(m map[string]int) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		m[n] = i
	}
	return names
}

// encodePageData writes the data with one file per line, so that the page's source and the golden file
// read line by line.
func encodePageData(d pageData) ([]byte, error) {
	files := d.Files
	d.Files = nil
	head, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(bytes.TrimSuffix(head, []byte("null}")))
	b.WriteString("[")
	for i, f := range files {
		line, err := json.Marshal(f)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n")
		b.Write(line)
	}
	b.WriteString("\n]}")
	return b.Bytes(), nil
}
