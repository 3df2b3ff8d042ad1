package bench

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// minPlotSec is the floor of log-scale time axes: log scales cannot show 0, and faster is noise anyway.
const minPlotSec = 0.01

// plotFormats are the files each plot is saved as.
var plotFormats = []string{"png", "svg"}

// ReportPlot is one plot of the reports: saved as Stem.png and Stem.svg, and drawn inline in index.html.
type ReportPlot struct {
	Stem string
	Plot *plot.Plot
	W, H vg.Length
}

// ReportPlots are the cactus plot and, for each peer of the scatter base, a log-log scatter plot.
func ReportPlots(sc *Score, scatterBase string) ([]ReportPlot, error) {
	p, err := CactusPlot(sc)
	if err != nil {
		return nil, err
	}
	plots := []ReportPlot{{CactusPlotBase, p, 16 * vg.Centimeter, 11 * vg.Centimeter}}
	base := ScatterBase(sc, scatterBase)
	for _, peer := range sc.Solvers {
		if peer == base {
			continue
		}
		p, err := ScatterPlot(sc, base, peer)
		if err != nil {
			return nil, err
		}
		stem := fmt.Sprintf("%s-%s-vs-%s", ScatterPlotStem, base, peer)
		plots = append(plots, ReportPlot{stem, p, 12 * vg.Centimeter, 12 * vg.Centimeter})
	}
	return plots, nil
}

// WritePlots writes the ReportPlots into dir.
func WritePlots(dir string, sc *Score, scatterBase string) error {
	plots, err := ReportPlots(sc, scatterBase)
	if err != nil {
		return err
	}
	return savePlots(dir, plots)
}

func savePlots(dir string, plots []ReportPlot) error {
	for _, p := range plots {
		if err := savePlot(p.Plot, filepath.Join(dir, p.Stem), p.W, p.H); err != nil {
			return err
		}
	}
	return nil
}

// ScatterBase is the solver compared with each peer: want if it is in the run, else the first solver.
func ScatterBase(sc *Score, want string) string {
	for _, s := range sc.Solvers {
		if s == want {
			return s
		}
	}
	if len(sc.Solvers) == 0 {
		return ""
	}
	return sc.Solvers[0]
}

func savePlot(p *plot.Plot, stem string, w, h vg.Length) error {
	for _, ext := range plotFormats {
		if err := p.Save(w, h, stem+"."+ext); err != nil {
			return fmt.Errorf("saving plot %s.%s: %w", stem, ext, err)
		}
	}
	return nil
}

// CactusPlot draws, for each solver and the virtual best, the n-th fastest correct solve against n: the
// further right and lower a curve, the better.
func CactusPlot(sc *Score) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Cactus plot: %d files, %gs limit", len(sc.Files), sc.LimitSec)
	p.X.Label.Text = "solved instances"
	p.Y.Label.Text = "wall time per instance (s)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	// Curves rise to the right, so the top left is free for the legend.
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	for i, s := range withVirtualBest(sc) {
		var times []float64
		for _, o := range sc.Outcomes[s] {
			if o.Solved() {
				times = append(times, math.Max(o.WallSec, minPlotSec))
			}
		}
		sort.Float64s(times)
		xys := make(plotter.XYs, len(times))
		for j, t := range times {
			xys[j] = plotter.XY{X: float64(j + 1), Y: t}
		}
		if len(xys) == 0 {
			continue
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i)
		l.Width = vg.Points(1.5)
		if s == VirtualBest {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
			l.Color = color.Black
		}
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s (%d)", s, len(times)), l)
	}
	p.Y.Min = minPlotSec
	if sc.LimitSec > 0 {
		p.Y.Max = math.Max(p.Y.Max, sc.LimitSec)
	}
	return p, nil
}

// ScatterPlot puts each file at (time of base, time of peer) on log-log axes; files a solver did not solve
// sit on its 2×limit line (the PAR-2 penalty). Points above the diagonal are files where base was faster.
func ScatterPlot(sc *Score, base, peer string) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s vs %s (%gs limit)", base, peer, sc.LimitSec)
	p.X.Label.Text = base + " wall time (s); unsolved at 2×limit"
	p.Y.Label.Text = peer + " wall time (s); unsolved at 2×limit"
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		ax.Scale = plot.LogScale{}
		ax.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	penalty := 2 * sc.LimitSec
	if penalty <= 0 {
		penalty = 1
	}
	at := func(o Outcome, ok bool) float64 {
		if !ok || !o.Solved() {
			return penalty
		}
		return math.Max(o.WallSec, minPlotSec)
	}
	var both, wrong plotter.XYs
	for _, f := range sc.Files {
		ob, okb := sc.Outcomes[base][f]
		op, okp := sc.Outcomes[peer][f]
		if !okb || !okp {
			continue
		}
		pt := plotter.XY{X: at(ob, okb), Y: at(op, okp)}
		if ob.Wrong || op.Wrong {
			wrong = append(wrong, pt)
		} else {
			both = append(both, pt)
		}
	}
	diag, err := plotter.NewLine(plotter.XYs{{X: minPlotSec, Y: minPlotSec}, {X: penalty, Y: penalty}})
	if err != nil {
		return nil, err
	}
	diag.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
	p.Add(plotter.NewGrid(), diag)
	if len(both) > 0 {
		s, err := plotter.NewScatter(both)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle.Color = plotutil.Color(0)
		s.GlyphStyle.Radius = vg.Points(2)
		p.Add(s)
	}
	if len(wrong) > 0 {
		s, err := plotter.NewScatter(wrong)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle.Color = plotutil.Color(1)
		s.GlyphStyle.Shape = draw.CrossGlyph{}
		s.GlyphStyle.Radius = vg.Points(4)
		p.Add(s)
	}
	// Counts go in the title: a legend box would hide the points in a corner.
	p.Title.Text += fmt.Sprintf("\n%d files", len(both)+len(wrong))
	if len(wrong) > 0 {
		p.Title.Text += fmt.Sprintf("; × = a wrong answer by either (%d)", len(wrong))
	}
	p.X.Min, p.Y.Min = minPlotSec, minPlotSec
	p.X.Max, p.Y.Max = penalty*1.2, penalty*1.2
	return p, nil
}
