package symex

import (
	"context"
	"fmt"
	"go/token"
	"math"
	"math/rand"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// worklist holds the states waiting to run; the strategy decides the order.
type worklist struct {
	states []*State
	kind   string
	rng    *rand.Rand
	// covnew (searchcov.go): the newest-side picks made, what each
	// picker earned, the picker of the pick under way and when it
	// started (its covered blocks and CPU time).
	picks   int
	earn    [numPickers]pickerEarn
	picker  int
	picking bool
	covered int
	cpu0    time.Duration
}

func (w *worklist) push(s *State) { w.states = append(w.states, s) }

func (w *worklist) pop() *State {
	n := len(w.states)
	i := n - 1 // dfs
	switch w.kind {
	case "bfs":
		i = 0
	case "random-path":
		i = w.popRandomPath()
	case "covnew":
		i = w.popCovnew()
	}
	s := w.states[i]
	w.states = append(w.states[:i], w.states[i+1:]...)
	return s
}

// popRandomPath samples a waiting state as a random walk down the fork
// tree would reach it: a leaf at depth d with probability 2^-d.
func (w *worklist) popRandomPath() int {
	total := 0.0
	for _, s := range w.states {
		total += pow2neg(s.forks)
	}
	r := w.rng.Float64() * total
	for j, s := range w.states {
		r -= pow2neg(s.forks)
		if r <= 0 {
			return j
		}
	}
	return len(w.states) - 1
}

// pow2neg is 2^-d, d capped at 1000 (a normal float64, exact).
func pow2neg(d int) float64 {
	return math.Ldexp(1, -min(d, 1000))
}

// stoppedAtPanic is Stats.Stopped of a run that Options.StopAtPanic ended.
const stoppedAtPanic = "first panic"

// Explore runs the entry function on symbolic inputs until no state is left
// or a limit is reached.
func (e *Executor) Explore(ctx context.Context) (*Result, error) {
	if e.opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, e.opts.Timeout)
		defer cancel()
	}
	if e.opts.CPULimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = withCPULimit(ctx, e.opts.CPULimit)
		defer cancel()
	}
	e.ctx = ctx
	start, cpu := time.Now(), ProcessCPU()
	e.cov.clock = func() time.Duration { return ProcessCPU() - cpu }
	fn := e.prog.Fn
	pcs, err := e.makeInputs(fn)
	if err != nil {
		return nil, err
	}
	starts, err := e.startStates(fn, pcs)
	if err != nil {
		return nil, err
	}
	kind := e.opts.Search
	if kind == "" {
		kind = "dfs"
	}
	if kind != "dfs" && kind != "bfs" && kind != "random-path" && kind != "covnew" {
		return nil, fmt.Errorf("symex: unknown search %q (dfs, bfs, random-path, covnew)", kind)
	}
	wl := &worklist{kind: kind, rng: rand.New(rand.NewSource(e.opts.Seed))}
	if kind == "covnew" {
		e.sides = map[branchSide]*sideCount{}
	}
	var initial []*State
	for i := len(starts) - 1; i >= 0; i-- { // dfs: the first start first
		if c := e.startWarmUp(starts[i]); c != nil {
			initial = append(initial, c)
		}
		wl.push(starts[i])
	}
	res := &Result{Fn: fn, Inputs: e.inputs, Coverage: e.cov, NilFuncs: e.nilFuncs}
	panics := map[string]*Panic{}
	iter := 0
	for len(wl.states) > 0 || len(e.incQueue) > 0 || (e.mg != nil && len(e.mg.parked) > 0) {
		wl.endPick(len(e.cov.first))
		if e.opts.MaxPaths > 0 && e.stats.Paths >= e.opts.MaxPaths {
			e.stats.Stopped = "path limit"
			break
		}
		if ctx.Err() != nil {
			e.stats.Stopped = stopReason(ctx)
			break
		}
		if iter++; e.opts.MaxMemory > 0 && iter%64 == 0 && overMemory(e.opts.MaxMemory) {
			e.stats.Stopped = "memory limit"
			break
		}
		if e.warming && e.warmUpOver() {
			e.startMerging(wl.states)
			wl.states, e.incQueue = append([]*State(nil), initial...), nil
		}
		if next, ok := e.fallBack(len(wl.states) == 0); ok {
			wl.states = next
			continue
		}
		if len(wl.states) == 0 && len(e.incQueue) == 0 {
			if s := e.scoutFromParked(); s != nil {
				wl.push(s)
				continue
			}
			next, err := e.mergeRound()
			if err != nil {
				return nil, err
			}
			for _, s := range next {
				wl.push(s)
			}
			continue
		}
		var s *State
		if len(e.incQueue) > 0 {
			s, e.incQueue = e.incQueue[0], e.incQueue[1:]
		} else {
			if wl.kind == "covnew" {
				wl.startPick(len(e.cov.first))
			}
			s = wl.pop()
		}
		if s.discarded {
			continue
		}
		runErr := e.runCounted(s)
		for _, c := range e.pending {
			if c.inc != nil {
				e.incQueue = append(e.incQueue, c)
			} else {
				wl.push(c)
			}
		}
		e.pending = e.pending[:0]
		switch runErr {
		case errParked:
			e.mg.park(e.pointOf(s), s)
			continue
		case errYield:
			e.incQueue = append(e.incQueue, s)
			continue
		case errDiscarded:
			continue
		}
		e.incLeave(s)
		e.warmUpFinished(s)
		p, err := e.finish(s, runErr)
		if err != nil {
			return nil, err
		}
		res.Paths = append(res.Paths, p)
		if p.Kind == "panic" {
			key := siteName(p.Pos, p.Message)
			if q, ok := panics[key]; ok {
				q.Count++
				q.reachedBy(p.Inputs, p.Unexported)
			} else {
				q = &Panic{Pos: p.Pos, RaisedAt: p.RaisedAt, Message: p.Message, Inputs: p.Inputs, Count: 1, Found: e.cov.clock(),
					Unexported: p.Unexported}
				panics[key] = q
				res.Panics = append(res.Panics, q)
			}
			if e.opts.StopAtPanic && !p.Unexported {
				e.stats.Stopped = stoppedAtPanic
				break
			}
		}
		if e.opts.Progress != nil {
			e.stats.BlocksCovered, e.stats.BlocksTotal = e.cov.Totals()
			e.opts.Progress(e.stats)
		}
	}
	if e.stats.Stopped == "" && ctx.Err() != nil {
		// The limit struck inside a query: the paths it left unknown were
		// not explored, so the run did not finish either.
		e.stats.Stopped = stopReason(ctx)
	}
	if e.warming {
		e.stats.WarmUpPaths = e.stats.Paths
	}
	e.stats.BlocksCovered, e.stats.BlocksTotal = e.cov.Totals()
	e.stats.BarrenPoints = e.yield.closed
	e.stats.Time = time.Since(start)
	e.stats.CPUTime = ProcessCPU() - cpu
	res.Stats = e.stats
	if sr, ok := e.solver.(StatsReporter); ok {
		res.Solver = sr.Statistics()
	}
	if sc, ok := e.solver.(StageCounter); ok {
		res.QueriesByStage = sc.QueriesByStage()
	}
	if qc, ok := e.solver.(QuantifiedStageCounter); ok {
		res.QuantifiedByStage = qc.QuantifiedByStage()
	}
	if e.mg != nil {
		res.Merge = e.mg.strategy.Stats()
	}
	if e.vs != nil {
		vs := e.vs.stats
		res.ValueSets = &vs
	}
	if e.chain != nil {
		cs := e.chain.Stats()
		res.Chain = &cs
		// Questions the chain answered never reached a solver stage.
		if res.QueriesByStage == nil {
			res.QueriesByStage = map[string]int{}
		}
		for name, n := range map[string]int{"chain-trivial": cs.Trivial, "chain-cache": cs.CacheHits,
			"chain-cex": cs.CexUnsat + cs.CexSuperset + cs.CexModel} {
			if n > 0 {
				res.QueriesByStage[name] = n
			}
		}
	}
	return res, nil
}

func (e *Executor) entryState(fn *ssa.Function) *State {
	e.initProgram(fn.Pkg)
	s := &State{mem: map[int]Value{}, sites: e.sites}
	s.frames = []*frame{{fn: fn, block: fn.Blocks[0], env: map[ssa.Value]Value{}}}
	e.cover(fn.Blocks[0])
	return s
}

// finish classifies a state that stopped and reads a concrete input for it.
func (e *Executor) finish(s *State, runErr error) (*Path, error) {
	p := &Path{ret: s.ret, Merged: s.tr.from != nil, hash: s.tr.hash, traceLen: s.tr.n}
	switch runErr.(type) {
	case nil:
		p.Kind = "return"
		e.stats.Returned++
		e.stats.Paths++
	case *panicked:
		p.Kind, p.Message, p.Pos = e.ending(runErr)
		if first := runErr.(*panicked).first; first != nil {
			p.RaisedAt = e.pos(first)
		}
		e.stats.Panicked++
		e.stats.Paths++
	case *unsupported:
		p.Kind, p.Message, p.Pos = e.ending(runErr)
		e.stats.Unsupported++
	case *cut:
		p.Kind, p.Message, p.Pos = e.ending(runErr)
		e.stats.Cut++
	default:
		return nil, runErr
	}
	if n := e.cov.count(); n > e.coveredAtPath {
		p.NewCoverage, e.coveredAtPath = true, n
	}
	if !e.forking() {
		return p, nil
	}
	m := s.model
	var err error
	if m == nil {
		var st smtlib.Status
		var m2 *term.Model
		st, m2, err = e.check(s, e.st.True())
		if err != nil {
			return nil, err
		}
		if st != smtlib.Sat || m2 == nil {
			return p, nil
		}
		m = m2
	}
	if p.Kind == "panic" {
		var reach bool
		if m, reach, err = e.userReachable(s, m); err != nil {
			return nil, err
		}
		p.Unexported = !reach
	}
	p.Model = m
	if p.hash, p.traceLen, err = s.tr.resolve(term.NewEvaluator(e.st, m)); err != nil {
		return nil, err
	}
	in, err := e.concreteInputs(m)
	if err != nil {
		return nil, err
	}
	p.Inputs = in
	if p.Kind == "return" && !e.readsNaNBits(m) {
		p.Results = e.concreteResults(s.ret, m)
	}
	return p, nil
}

// ending is how the error that ended a path or a run reads: its kind
// ("panic", "unsupported", "cut"), message and position. An error of
// another kind reads as unsupported.
func (e *Executor) ending(err error) (kind, msg string, pos token.Position) {
	switch x := err.(type) {
	case *panicked:
		return "panic", x.msg, e.pos(x.instr)
	case *unsupported:
		if x.instr == nil {
			return "unsupported", x.msg, e.prog.Prog.Fset.Position(x.pos)
		}
		return "unsupported", fmt.Sprintf("%s (%s)", x.msg, instrString(x.instr)), e.pos(x.instr)
	case *cut:
		return "cut", x.why, token.Position{}
	}
	return "unsupported", err.Error(), token.Position{}
}

func instrString(in ssa.Instruction) string {
	if in == nil {
		return "?"
	}
	if v, ok := in.(ssa.Value); ok {
		return v.Name() + " = " + v.String()
	}
	return in.String()
}

// Replay runs the entry function concretely on a path's inputs and reports
// whether it ends the same way after the same branch decisions.
func (e *Executor) Replay(p *Path) error {
	if p.Inputs == nil {
		return fmt.Errorf("symex: path has no inputs")
	}
	q, err := e.rerun(p.Inputs)
	if err != nil {
		return err
	}
	if q.Kind != p.Kind || q.hash != p.hash || q.traceLen != p.traceLen || q.Pos != p.Pos {
		return fmt.Errorf("symex: replay of %v took another path: %s %s after %d decisions, want %s %s after %d",
			p.Inputs, q.Kind, q.Message, q.traceLen, p.Kind, p.Message, p.traceLen)
	}
	return nil
}

// rerun runs the entry function concretely (replaying) on inputs.
func (e *Executor) rerun(inputs []InputValue) (*Path, error) {
	was := e.br
	e.br = replaying{e}
	defer func() { e.br = was }()
	fn := e.prog.Fn
	s := e.entryState(fn)
	for i, in := range inputs {
		v, err := e.concreteValue(s, in.Type, in.V)
		if err != nil {
			return nil, err
		}
		s.frames[0].env[fn.Params[i]] = v
	}
	e.startConstructors(s)
	return e.finish(s, e.run(s))
}
