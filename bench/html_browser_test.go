package bench

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image"
	"image/png"
	"math"
	"math/rand"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The page's script is tested in headless Chromium, driven through its command line only: the view's state
// goes in the address's fragment, which the script applies on load; --dump-dom prints the DOM after the load
// event, and --screenshot draws the window.

// browser runs headless Chromium with a fresh profile and no network use of its own.
type browser struct {
	t   *testing.T
	bin string
}

func newBrowser(t *testing.T) browser {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return browser{t, p}
		}
	}
	t.Skip("chromium is not on PATH; scripts/setup.sh installs Debian's chromium for the browser test of index.html")
	return browser{}
}

func (b browser) run(args ...string) []byte {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	argv := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-crash-reporter",
		"--hide-scrollbars", "--user-data-dir=" + b.t.TempDir()}, args...)
	cmd := exec.CommandContext(ctx, b.bin, argv...)
	// Chromium starts helper processes; on a timeout the whole group goes.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		b.t.Fatalf("chromium %s: %v\n%s", strings.Join(args, " "), err, lastLines(stderr.String(), 20))
	}
	return stdout.Bytes()
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// pageURL is the file: address of page with the view's state in the fragment.
func pageURL(page string, state url.Values) string {
	abs, _ := filepath.Abs(page)
	u := (&url.URL{Scheme: "file", Path: abs}).String()
	if len(state) > 0 {
		u += "#" + state.Encode()
	}
	return u
}

// dom is a page's DOM as Chromium serialized it after the script ran.
type dom string

func (b browser) dumpDOM(page string, state url.Values) dom {
	b.t.Helper()
	return dom(b.run("--window-size=1280,1000", "--dump-dom", pageURL(page, state)))
}

var (
	domTitle   = regexp.MustCompile(`<title>([^<]*)</title>`)
	domRow     = regexp.MustCompile(`<tr class="row" data-i="(\d+)">`)
	domLogic   = regexp.MustCompile(`<td class="c-logic">([^<]*)</td>`)
	domPath    = regexp.MustCompile(`<td class="c-path" title="[^"]*">([^<]*)</td>`)
	domElement = regexp.MustCompile(`<(\w+) id="([\w-]+)"([^>]*)>`)
)

// ready is the time the script took to the first full view, as it put it on the body; "" if it did not finish.
func (d dom) ready() string { return d.body("data-ready-ms") }

// body is the value of the body's attribute name.
func (d dom) body(name string) string {
	return d.first(regexp.MustCompile(`<body[^>]* ` + regexp.QuoteMeta(name) + `="([^"]*)"`))
}

// title is the document's title.
func (d dom) title() string { return html.UnescapeString(d.first(domTitle)) }

func (d dom) first(re *regexp.Regexp) string {
	if m := re.FindStringSubmatch(string(d)); m != nil {
		return m[1]
	}
	return ""
}

// rows are the file indices of the rendered rows, in order.
func (d dom) rows() []int {
	var out []int
	for _, m := range domRow.FindAllStringSubmatch(string(d), -1) {
		i, _ := strconv.Atoi(m[1])
		out = append(out, i)
	}
	return out
}

// attr is the value of attribute name of the element with id ("" when absent).
func (d dom) attr(id, name string) string {
	for _, m := range domElement.FindAllStringSubmatch(string(d), -1) {
		if m[2] == id {
			if a := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `="([^"]*)"`).FindStringSubmatch(m[3]); a != nil {
				return html.UnescapeString(a[1])
			}
			return ""
		}
	}
	return ""
}

// hasAttr says whether the element with id has attribute name.
func (d dom) hasAttr(id, name string) bool {
	for _, m := range domElement.FindAllStringSubmatch(string(d), -1) {
		if m[2] == id {
			return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(m[3])
		}
	}
	return false
}

// inner is the serialized content of the element with id, up to its first closing tag of the same name
// (enough for elements without nested ones of their kind).
func (d dom) inner(tag, id string) string {
	s := string(d)
	i := strings.Index(s, "<"+tag+` id="`+id+`"`)
	if i < 0 {
		return ""
	}
	s = s[i:]
	s = s[strings.IndexByte(s, '>')+1:]
	if j := strings.Index(s, "</"+tag+">"); j >= 0 {
		s = s[:j]
	}
	return s
}

// markupName is a file name of the suite of TestHTMLInBrowser: markup that must stay text.
const markupName = `<img src=x onerror=alert(1)> & "q".smt2`

// browserRun runs two fake solvers on the test suite plus a file whose name is markup, and writes the reports.
func browserRun(t *testing.T) (page string, data pageData) {
	t.Helper()
	suite := filepath.Join(t.TempDir(), "suite")
	if err := os.CopyFS(suite, os.DirFS(filepath.Join("testdata", "suite"))); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(suite, "bv", "add-sat.smt2"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(suite, "bv", markupName), src, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSuite(suite)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "run")
	cfg := RunConfig{Suite: s, Solvers: []Solver{fakeSolver(t, "echo", "markup.sh"), fakeSolver(t, "wrong", "wrong.sh")},
		Limits: Limits{Wall: 10 * time.Second, KillMargin: time.Second}, Jobs: 2, Repeat: 1, OutDir: out}
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteReports(out, recs, ScoreRecords(recs, []string{"echo", "wrong"}), "echo"); err != nil {
		t.Fatal(err)
	}
	page = filepath.Join(out, HTMLFile)
	raw, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	return page, pageDataOf(t, string(raw))
}

// orderBy is the file order the page must show when sorted by solver s's field, worked out here
// independently of the page's script: missing cells last, ties in path order.
func orderBy(d pageData, s int, key func(*pageCell) float64, desc bool) []int {
	idx := make([]int, len(d.Files))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		ca, cb := d.Files[idx[a]].Cells[s], d.Files[idx[b]].Cells[s]
		if ca == nil || cb == nil {
			return ca != nil
		}
		x, y := key(ca), key(cb)
		if desc {
			return x > y
		}
		return x < y
	})
	return idx
}

func wallOf(c *pageCell) float64 { return c.WallSec }

// TestHTMLInBrowser loads the page of a small run in headless Chromium: every file is a row; a sort by a
// solver's time and filters by logic, path text and answer give the rows worked out from the data; a
// click's output panel shows markup as text; and a screenshot is not blank.
func TestHTMLInBrowser(t *testing.T) {
	b := newBrowser(t)
	page, data := browserRun(t)
	n := len(data.Files)
	if n != 7 {
		t.Fatalf("the run has %d files, want the 6 of testdata/suite and one more", n)
	}

	t.Run("all rows", func(t *testing.T) {
		d := b.dumpDOM(page, nil)
		if got := d.rows(); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6}) {
			t.Errorf("rows %v, want the 7 files in path order", got)
		}
		if shown := d.attr("table", "data-shown"); shown != "7" {
			t.Errorf("data-shown = %q, want 7", shown)
		}
		if c := d.inner("span", "count"); c != "7 files" {
			t.Errorf("count %q", c)
		}
		if d.ready() == "" {
			t.Error("the script did not finish: no data-ready-ms on the body")
		}
	})

	t.Run("sort by time", func(t *testing.T) {
		d := b.dumpDOM(page, url.Values{"sort": {"wrong:time"}, "dir": {"desc"}})
		want := orderBy(data, 1, wallOf, true)
		if got := d.rows(); !slices.Equal(got, want) {
			t.Errorf("sorted by wrong's time, slowest first: rows %v, want %v", got, want)
		}
		if s := d.attr("table", "data-sort"); s != "wrong:time desc" {
			t.Errorf("data-sort = %q", s)
		}
	})

	t.Run("filter by logic", func(t *testing.T) {
		if len(data.Logics) != 2 {
			t.Fatalf("logics %v: the suite should have two, or the filter proves little", data.Logics)
		}
		for _, logic := range data.Logics[:1] {
			var want []int
			for i, f := range data.Files {
				if data.Logics[f.Logic] == logic {
					want = append(want, i)
				}
			}
			d := b.dumpDOM(page, url.Values{"logic": {logic}})
			if got := d.rows(); !slices.Equal(got, want) {
				t.Errorf("logic %s: rows %v, want %v", logic, got, want)
			}
			for _, m := range domLogic.FindAllStringSubmatch(string(d), -1) {
				if m[1] != logic {
					t.Errorf("logic %s: a row of logic %s is shown", logic, m[1])
				}
			}
			if c := d.inner("span", "count"); c != fmt.Sprintf("%d of %d files", len(want), n) {
				t.Errorf("logic %s: count %q", logic, c)
			}
		}
	})

	t.Run("filter by text and answer", func(t *testing.T) {
		for _, c := range []struct {
			state url.Values
			want  int
		}{
			{url.Values{"q": {"ARRAYS/"}, "solver": {"wrong"}, "answer": {"wrong"}}, 2},
			{url.Values{"solver": {"*"}, "answer": {"solved"}}, 0},
			{url.Values{"q": {"<IMG"}, "answer": {"unsat"}}, 1},
		} {
			d := b.dumpDOM(page, c.state)
			if got := d.rows(); len(got) != c.want {
				t.Errorf("%s: %d rows, want %d", c.state.Encode(), len(got), c.want)
			}
			if c.want == 0 && !strings.Contains(string(d), "No file matches the filters.") {
				t.Errorf("%s: no word that nothing matches", c.state.Encode())
			}
		}
	})

	t.Run("output panel escapes", func(t *testing.T) {
		name := "bv/" + markupName
		d := b.dumpDOM(page, url.Values{"log": {name}, "logsolver": {"echo"}})
		if d.hasAttr("log", "hidden") {
			t.Fatal("the output panel is hidden")
		}
		if got := html.UnescapeString(d.inner("h2", "log-title")); got != name {
			t.Errorf("panel title %q, want the path %q", got, name)
		}
		body := d.inner("div", "log-body")
		if !strings.Contains(body, "&lt;i&gt;markup&lt;/i&gt; &amp; &lt;script&gt;document.title='run'&lt;/script&gt; in ") {
			t.Errorf("the stderr head is not shown as text:\n%s", body)
		}
		if strings.Contains(body, "<i>") || strings.Contains(string(d), "<img") || !strings.HasPrefix(d.title(), "sift bench: ") {
			t.Errorf("output or path became markup")
		}
		for _, m := range domPath.FindAllStringSubmatch(string(d), -1) {
			if strings.Contains(m[1], "<") {
				t.Errorf("a path cell holds markup: %s", m[1])
			}
		}
	})

	t.Run("screenshot", func(t *testing.T) {
		shot := filepath.Join(t.TempDir(), "page.png")
		b.run("--window-size=1280,1400", "--screenshot="+shot, pageURL(page, nil))
		checkNotBlank(t, shot)
	})
}

// checkNotBlank decodes a PNG and checks that it shows a page: several distinct colours, a good share of
// pixels off the background, and luminance that varies.
func checkNotBlank(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	st := pixelStats(img)
	t.Logf("screenshot %dx%d: %d colours, %.1f%% off the background, luminance std dev %.1f, %.2f%% saturated",
		img.Bounds().Dx(), img.Bounds().Dy(), st.colours, 100*st.offBackground, st.lumaStdDev, 100*st.saturated)
	if st.colours < 32 || st.offBackground < 0.03 || st.lumaStdDev < 8 || st.saturated < 0.001 {
		t.Errorf("the screenshot looks blank: %+v", st)
	}
}

type pixels struct {
	colours                              int
	offBackground, lumaStdDev, saturated float64
}

func pixelStats(img image.Image) pixels {
	count := map[uint32]int{}
	var sum, sumSq float64
	var saturated int
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			R, G, B := cr>>8, cg>>8, cb>>8
			count[R<<16|G<<8|B]++
			l := 0.2126*float64(R) + 0.7152*float64(G) + 0.0722*float64(B)
			sum += l
			sumSq += l * l
			if max(R, G, B)-min(R, G, B) > 80 {
				saturated++
			}
		}
	}
	n := float64(r.Dx() * r.Dy())
	top := 0
	for _, c := range count {
		top = max(top, c)
	}
	mean := sum / n
	return pixels{colours: len(count), offBackground: 1 - float64(top)/n,
		lumaStdDev: math.Sqrt(max(0, sumSq/n-mean*mean)), saturated: float64(saturated) / n}
}

// syntheticRun makes records of a run over files files and solvers solvers, with times, memory and output
// heads as a real run has them (seeded, so the same every time).
func syntheticRun(files, solvers int) []Record {
	rng := rand.New(rand.NewSource(1))
	logics := []string{"QF_BV", "QF_ABV", "QF_AUFBV", "BV", "UFBV"}
	results := []Result{ResultSat, ResultUnsat, ResultSat, ResultUnsat, ResultUnknown, ResultTimeout, ResultError}
	var recs []Record
	for i := 0; i < files; i++ {
		fam := fmt.Sprintf("family%02d", rng.Intn(40))
		file := fmt.Sprintf("%s/sub%d/bench_%05d.smt2", fam, rng.Intn(8), i)
		exp := []Status{StatusSat, StatusUnsat, StatusUnknown}[rng.Intn(3)]
		logic := logics[rng.Intn(len(logics))]
		for s := 1; s <= solvers; s++ {
			res := results[rng.Intn(len(results))]
			wall := rng.ExpFloat64() * 2
			if res == ResultTimeout {
				wall = 20 + rng.Float64()
			}
			out := string(res) + "\n"
			if rng.Intn(4) == 0 { // a model or an error message: a full head
				out += strings.Repeat("(define-fun x () (_ BitVec 32) #x0000002a)\n", 8)[:300-len(out)]
			}
			recs = append(recs, Record{Solver: fmt.Sprintf("s%d", s), File: file, Repeat: 1, Logic: logic, Family: fam,
				Expected: exp, Result: res, Answer: string(res), LimitSec: 20, WallSec: wall, UserSec: wall * 0.9,
				MaxRSSKB: int64(20000 + rng.Intn(2000000)), StdoutHead: out, StderrHead: strings.Repeat("warning: slow\n", rng.Intn(3)),
				Command: []string{"/usr/bin/solver", "-t", "20", "/bench/" + file}})
		}
	}
	return recs
}

// report5000 is the page of a synthetic run of 5,000 files and 3 solvers, with its plots.
func report5000(tb testing.TB) HTMLReport {
	recs := syntheticRun(5000, 3)
	sc := ScoreRecords(recs, []string{"s1", "s2", "s3"})
	plots, err := ReportPlots(sc, "s1")
	if err != nil {
		tb.Fatal(err)
	}
	return HTMLReport{Records: recs, Score: sc, Plots: plots}
}

// TestHTMLInBrowser5000 loads the page of a 5,000-file, 3-solver run. Opened sorted from the address, it
// renders a window of rows, not 5,000, in the order worked out from the data; then a user's clicks on every
// column heading, a filter and a scroll deep into the table each give the rows they must. The times the page
// measured are logged, with no assertion on them: the machine is shared.
func TestHTMLInBrowser5000(t *testing.T) {
	b := newBrowser(t)
	var buf bytes.Buffer
	if err := report5000(t).Write(&buf); err != nil {
		t.Fatal(err)
	}
	data := pageDataOf(t, buf.String())
	dir := t.TempDir()
	page, clicked := filepath.Join(dir, HTMLFile), filepath.Join(dir, "clicked.html")
	withUser := strings.Replace(buf.String(), "</body>", userScript+"</body>", 1)
	if os.WriteFile(page, buf.Bytes(), 0o644) != nil || os.WriteFile(clicked, []byte(withUser), 0o644) != nil {
		t.Fatal("cannot write the pages")
	}

	t.Run("load sorted", func(t *testing.T) {
		want := orderBy(data, 1, wallOf, true)
		start := time.Now()
		d := b.dumpDOM(page, url.Values{"sort": {"s2:time"}, "dir": {"desc"}})
		elapsed := time.Since(start)
		rows := d.rows()
		if len(rows) == 0 || len(rows) >= 500 {
			t.Fatalf("%d rows rendered of 5000: the table is not windowed", len(rows))
		}
		if !slices.Equal(rows, want[:len(rows)]) {
			t.Errorf("rows %v…, want %v…", rows[:5], want[:5])
		}
		if shown := d.attr("table", "data-shown"); shown != "5000" {
			t.Errorf("data-shown %s, want 5000", shown)
		}
		t.Logf("page %d KiB, %d rows in the DOM: ready %s ms after navigation start, of which filter+sort+render %s ms; chromium ran %v",
			buf.Len()>>10, len(rows), d.ready(), d.attr("table", "data-apply-ms"), elapsed.Round(time.Millisecond))
	})

	t.Run("clicks", func(t *testing.T) {
		d := b.dumpDOM(clicked, nil)
		// The last heading clicked is s3's memory: ascending, within QF_ABV after the filter.
		want := filterOrder(data, "QF_ABV", orderBy(data, 2, func(c *pageCell) float64 { return float64(c.MaxRSSKB) }, false))
		if s := d.attr("table", "data-sort"); s != "s3:memory asc" {
			t.Errorf("data-sort %q after clicking every heading, want s3:memory asc", s)
		}
		if shown := d.attr("table", "data-shown"); shown != strconv.Itoa(len(want)) {
			t.Errorf("data-shown %s, want %d", shown, len(want))
		}
		rows := d.rows()
		if len(rows) == 0 {
			t.Fatal("no rows after the scroll")
		}
		k := slices.Index(want, rows[0])
		if len(rows) >= 500 || k < 0 || k > 500 || k+len(rows) > len(want) || !slices.Equal(rows, want[k:k+len(rows)]) || !slices.Contains(rows, want[500]) {
			t.Errorf("after the scroll: %d rows from position %d; want a window of the sorted view around position 500", len(rows), k)
		}
		t.Logf("one click on each of the 13 headings, ms: %s; logic filter %s ms; scroll to row 500 %s ms; %d rows in the DOM",
			d.body("data-sort-ms"), d.body("data-filter-ms"), d.body("data-scroll-ms"), len(rows))
	})
}

func filterOrder(d pageData, logic string, order []int) []int {
	var out []int
	for _, i := range order {
		if d.Logics[d.Files[i].Logic] == logic {
			out = append(out, i)
		}
	}
	return out
}

// userScript acts on a loaded page as a user would, through the page's own handlers, and puts what it
// measured on the body: a click on every column heading in turn, the logic filter set to QF_ABV, and a
// scroll to the 500th row.
const userScript = `<script>
(function () {
  var times = [];
  document.querySelectorAll('#thead th[data-col]').forEach(function (th) {
    var t = performance.now();
    th.click();
    times.push((performance.now() - t).toFixed(1));
  });
  var sel = document.getElementById('f-logic');
  sel.value = 'QF_ABV';
  var t = performance.now();
  sel.dispatchEvent(new Event('change'));
  document.body.dataset.filterMs = (performance.now() - t).toFixed(1);
  var scroller = document.getElementById('scroller'), row = document.querySelector('#tbody tr.row');
  scroller.scrollTop = document.getElementById('thead').offsetHeight + 500 * row.getBoundingClientRect().height;
  t = performance.now();
  window.dispatchEvent(new Event('resize')); // draws the rows in view at once, as a scroll does on the next frame
  document.body.dataset.scrollMs = (performance.now() - t).toFixed(1);
  document.body.dataset.sortMs = times.join(' ');
})();
</script>
`

// BenchmarkHTMLReport5000 writes the page of a 5,000-file, 3-solver run (scoring and plots not included).
func BenchmarkHTMLReport5000(b *testing.B) {
	page := report5000(b)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := page.Write(&buf); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/(1<<20), "MiB/page")
}
