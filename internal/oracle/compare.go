package oracle

import (
	"context"
	"fmt"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// Strategies are the --merge strategies every target is explored with.
var Strategies = []string{"none", "std", "pat", "qhv"}

// Config bounds a comparison.
type Config struct {
	Strategies []string      // nil: Strategies
	Timeout    time.Duration // of each symex run (0: 30 s)
	Concrete   time.Duration // of the concrete run (0: 2 min)
}

// Run is one symex exploration of a target.
type Run struct {
	Strategy                   string
	Exhausted                  bool // and no path unsupported: the run's promise is checked
	Paths, Panics, Unsupported int
	Stopped, Err               string
}

// Diff is one disagreement between symex and the concrete runs: a bug.
type Diff struct {
	Strategy string
	Kind     string // missed-panic, missed-block, false-panic, panic-site, missed-panic-on-path, symex-error
	Where    string // the site or block
	Input    string // an input that shows it
	Detail   string
}

func (d Diff) String() string {
	return fmt.Sprintf("%s: %s at %s (input %s) %s", d.Strategy, d.Kind, d.Where, d.Input, d.Detail)
}

// Report is the comparison of one target.
type Report struct {
	Target  Target
	Inputs  int      // inputs enumerated and run concretely
	Checked int      // inputs of symex paths run concretely
	Sites   []string // panic sites the concrete runs reached
	Runs    []Run
	Diffs   []Diff
}

// siteKey names a source line the same way on both sides: the last two
// elements of the file's path and the line (absolute paths can differ by
// a symbolic link).
func siteKey(file string, line int) string {
	dir, base := filepath.Split(filepath.Clean(file))
	return filepath.Join(filepath.Base(dir), base) + ":" + strconv.Itoa(line)
}

func concreteSite(site string) string {
	file, line, ok := cutLast(site, ":")
	if !ok {
		return site
	}
	n, _ := strconv.Atoi(line)
	return siteKey(file, n)
}

// Compare runs t concretely on every input of its domains and symbolically
// under every strategy, and lists where they disagree. base, when not nil,
// is a loaded program of t's package (Load once, compare many functions).
func Compare(ctx context.Context, t Target, base *symex.Program, cfg Config) (*Report, error) {
	if cfg.Strategies == nil {
		cfg.Strategies = Strategies
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Concrete == 0 {
		cfg.Concrete = 2 * time.Minute
	}
	l, err := load(t, base)
	if err != nil {
		return nil, err
	}
	rep := &Report{Target: t}
	results := make([]*symex.Result, len(cfg.Strategies))
	for i, s := range cfg.Strategies {
		res, err := l.explore(ctx, s, cfg.Timeout)
		run := Run{Strategy: s}
		if err != nil {
			run.Err = err.Error()
			rep.Diffs = append(rep.Diffs, Diff{s, "symex-error", t.String(), "", run.Err})
		} else {
			results[i] = res
			run.Exhausted = res.Stats.Exhausted() && res.Stats.Unsupported == 0
			run.Paths, run.Panics, run.Unsupported = res.Stats.Paths, len(res.Panics), res.Stats.Unsupported
			run.Stopped = res.Stats.Stopped
		}
		rep.Runs = append(rep.Runs, run)
	}
	ins := product(l.domains())
	rep.Inputs = len(ins)
	// The inputs of every symex path go to the same concrete run: their
	// outcomes are checked against the paths, and what they cover counts
	// as concretely reachable too.
	type pathRef struct {
		strategy int
		path     *symex.Path
	}
	var refs []pathRef
	for i, res := range results {
		if res == nil {
			continue
		}
		for _, p := range res.Paths {
			if p.Inputs == nil || (p.Kind != "return" && p.Kind != "panic") {
				continue
			}
			in, err := l.fromSymex(p.Inputs)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", t, err)
			}
			ins = append(ins, in)
			refs = append(refs, pathRef{i, p})
		}
	}
	rep.Checked = len(refs)
	c, err := l.build(ctx)
	if err != nil {
		return nil, err
	}
	defer c.close()
	outs, prof, err := c.runCovered(ctx, ins, cfg.Concrete)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", t, err)
	}
	sites := map[string]string{} // concrete panic site → first input
	for i, o := range outs {
		if o.panicked {
			k := concreteSite(o.site)
			if _, ok := sites[k]; !ok {
				sites[k] = ins[i].String() + " (" + o.msg + ")"
			}
		}
	}
	for k := range sites {
		rep.Sites = append(rep.Sites, k)
	}
	sort.Strings(rep.Sites)
	// Paths against their inputs' concrete outcomes.
	base0 := rep.Inputs
	for j, r := range refs {
		o, s := outs[base0+j], cfg.Strategies[r.strategy]
		in := ins[base0+j].String()
		want := siteKey(r.path.Pos.Filename, r.path.Pos.Line)
		switch {
		case r.path.Kind == "panic" && !o.panicked:
			rep.Diffs = append(rep.Diffs, Diff{s, "false-panic", want, in, r.path.Message})
		case r.path.Kind == "panic" && concreteSite(o.site) != want:
			rep.Diffs = append(rep.Diffs, Diff{s, "panic-site", want, in, "concretely at " + o.site + ": " + o.msg})
		case r.path.Kind == "return" && o.panicked:
			rep.Diffs = append(rep.Diffs, Diff{s, "missed-panic-on-path", o.site, in, o.msg})
		}
	}
	// An exhausted run against everything the concrete runs reached.
	lines := l.lines()
	for i, res := range results {
		if res == nil || !rep.Runs[i].Exhausted {
			continue
		}
		s := cfg.Strategies[i]
		found := map[string]bool{}
		for _, p := range res.Panics {
			found[siteKey(p.Pos.Filename, p.Pos.Line)] = true
		}
		for _, k := range rep.Sites {
			if !found[k] {
				rep.Diffs = append(rep.Diffs, Diff{s, "missed-panic", k, sites[k], ""})
			}
		}
		covered, entered := lines.covered(res)
		var blocks []block
		for b := range prof.counts {
			blocks = append(blocks, b)
		}
		sort.Slice(blocks, func(i, j int) bool { return blocks[i].String() < blocks[j].String() })
		for _, b := range blocks {
			any, hit := false, false
			for ln := b.start; ln <= b.end; ln++ {
				fl := fileLine{b.file, ln}
				if lines.has(fl, entered) {
					any = true
					hit = hit || covered[fl]
				}
			}
			if any && !hit {
				rep.Diffs = append(rep.Diffs, Diff{s, "missed-block", b.String(), "", "covered concretely, by no symex path"})
			}
		}
	}
	return rep, nil
}

// explore runs symex on l under one strategy, merging from the start (the
// command line's warm-up would explore small functions without merging).
func (l *loaded) explore(ctx context.Context, strategy string, timeout time.Duration) (res *symex.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("symex crashed: %v", r)
		}
	}()
	m, err := merge.New(strategy, merge.Options{MaxPatterns: 10, HotVeto: true, NoStdVeto: true})
	if err != nil {
		return nil, err
	}
	st := term.NewStore()
	opts := symex.Options{MaxLen: l.MaxLen, Fixed: l.Fixed, Timeout: timeout, Merge: m}
	ex := symex.NewExecutor(l.prog, st, symex.NewEngineSolver(st), opts)
	return ex.Explore(ctx)
}

// fileLine is a line of a file of the target's package, by base name.
type fileLine struct {
	file string
	line int
}

// pkgLines are the lines of the package's files with an instruction, by
// the function holding it.
type pkgLines struct {
	byLine map[fileLine][]*ssa.Function
	byName map[string]*ssa.Function // every function of the program
	own    bool
	target *ssa.Function
}

// lines indexes the instructions of every function defined in the
// target's package directory.
func (l *loaded) lines() *pkgLines {
	pl := &pkgLines{byLine: map[fileLine][]*ssa.Function{}, byName: map[string]*ssa.Function{}, own: l.OwnCode, target: l.prog.Fn}
	fset := l.prog.Prog.Fset
	for fn := range ssautil.AllFunctions(l.prog.Prog) {
		pl.byName[fn.String()] = fn
		if fn.Pos() == token.NoPos || filepath.Dir(fset.Position(fn.Pos()).Filename) != l.dir {
			continue
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if in.Pos().IsValid() {
					p := fset.Position(in.Pos())
					fl := fileLine{filepath.Base(p.Filename), p.Line}
					pl.byLine[fl] = append(pl.byLine[fl], fn)
				}
			}
		}
	}
	return pl
}

// has reports whether fl holds an instruction of a function whose
// coverage counts: any of the package's own code, else of the target and
// of the functions the run entered (the others may be modelled).
func (pl *pkgLines) has(fl fileLine, entered map[string]bool) bool {
	fns := pl.byLine[fl]
	if len(fns) == 0 {
		return false
	}
	if pl.own {
		return true
	}
	for _, fn := range fns {
		if fn == pl.target || entered[fn.String()] || strings.HasPrefix(fn.String(), pl.target.String()+"$") {
			return true
		}
	}
	return false
}

// covered are the lines of the package a run covered (by base name) and
// the functions it entered.
func (pl *pkgLines) covered(res *symex.Result) (map[fileLine]bool, map[string]bool) {
	out, entered := map[fileLine]bool{}, map[string]bool{}
	fset := res.Fn.Prog.Fset
	for _, fc := range res.Coverage.Funcs() {
		entered[fc.Name] = true
		fn := pl.byName[fc.Name]
		if fn == nil {
			continue
		}
		unc := map[int]bool{}
		for _, ln := range fc.Uncovered {
			unc[ln] = true
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if in.Pos().IsValid() {
					p := fset.Position(in.Pos())
					if !unc[p.Line] {
						out[fileLine{filepath.Base(p.Filename), p.Line}] = true
					}
				}
			}
		}
	}
	return out, entered
}
