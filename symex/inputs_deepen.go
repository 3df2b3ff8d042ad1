package symex

import (
	"context"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/sift-solver/sift/term"
)

// Deepening the length bound. A run with a CPU budget whose exploration
// exhausts the space of inputs up to Options.MaxLen with budget left
// explores again from the start with twice the bound, and so on, until a
// round does not exhaust its space (the budget ends it, a panic under
// StopAtPanic, a limit), or the bound would pass the deepening's maximum.
// --max-len is then the first bound, not the reason a bug that needs a
// longer input is missed while budget remains. A round repeats the work of
// the one before (every input of the smaller bound is an input of the
// larger), at most as much again as all the rounds before it together:
// the work doubles at least with the bound.

//
// A run that stops at its first panic (Options.StopAtPanic) is after bugs,
// not exhaustion, and deepens on a finding schedule (findingSchedule): the
// rounds start at bound 1, so the short inputs are exhausted first and
// cheaply, and each round may spend a share (findingShare) of the budget
// left. A round its share cuts does not end the run: one more round of a
// share at the bound halfway back to the last exhausted one, then the last
// round at findingBound with all the budget left (or, where the exhausted
// rounds grew slowly with the bound, at the bound the rest can afford).
// Exhaustion keeps its
// meaning: a later round's space holds every earlier one's, and the run is
// exhausted only as its last round is. Its search, unless one is asked
// for, is dfs in the rounds of a share and covnew (searchcov.go: new branch
// sides first, then longer runs of a loop) in the last: on the panic
// benchmark's rows at 60 s, dfs found BurntSushi/toml's inline-table panic
// in a share round (bound 4) that covnew missed in the whole budget, and
// the rows covnew found at once dfs found as soon; the last round, the rest
// of the budget at a long bound, goes to new branch sides first.

// DefaultDeepenMax is the largest length bound deepening tries by default.
const DefaultDeepenMax = 1024

// findingShare: a round of the finding schedule, but the last, may spend
// 1/findingShare of the budget left.
const findingShare = 4

// findingBound is the least bound of the last round, after a round its
// share cut: a space that did not exhaust at a short bound will not at the
// next doubling either, and the inputs of historical parser panics are tens of
// bytes long (docs/bench/panics).
const findingBound = 64

// findingSchedule picks the bounds of a finding run's rounds: doubling
// from 1 while each round exhausts its space; after the first round its
// share cuts, one round at the bound halfway back to the last exhausted
// one (a smaller space, which may exhaust or reach what the cut round's
// order did not: go-toml's "F=0" at bound 3 after bound 4 was cut), then
// the last round, at findingBound or past the cut bound, with the rest,
// unless the exhausted rounds' growth says a shorter bound past the cut
// one is all the rest can explore (affordable).
// Resuming at every next bound instead spent the long round's budget on
// shares (docs/bench/panics/sched-w6.md: gomarkdown's citation row).
type findingSchedule struct {
	max int // the deepening's maximum
	cut int // the bound of the round its share cut, 0 for none
	// The two largest exhausted bounds and their rounds' CPU, e1 < e2 (e2
	// the largest bound a round exhausted, 0 for none).
	e1, e2 int
	c1, c2 time.Duration
}

// after is the bound of the round after one at bound b that exhausted its
// space or was cut by its share, having spent cpu, with left of the
// budget to go, and whether that round is the last.
func (f *findingSchedule) after(b int, exhausted bool, cpu, left time.Duration) (next int, last bool) {
	if exhausted {
		if b > f.e2 {
			f.e1, f.c1, f.e2, f.c2 = f.e2, f.c2, b, cpu
		} else if b > f.e1 {
			f.e1, f.c1 = b, cpu
		}
	}
	switch {
	case f.cut == 0 && exhausted:
		return 2 * b, false
	case f.cut == 0:
		f.cut = b
		if mid := (f.e2 + b) / 2; mid > f.e2 {
			return mid, false
		}
	}
	long := max(2*f.cut, min(findingBound, f.max))
	if a := f.affordable(left); a > f.cut && a < long {
		return a, true
	}
	return long, true
}

// affordable is the largest bound whose round the budget left could
// exhaust if each byte of bound multiplies a round's CPU by the growth
// of the two largest exhausted rounds, (c2/c1)^(1/(e2-e1)); 0 when they do
// not tell (fewer than two, or too short to measure). On a space that grows
// slowly with the bound (cvss20's vector parser: about 4% a byte from 32 to
// 48) a round at 128 explores little past the cut bound, and one at the
// affordable bound (86 there) explores it all; a space that grows fast
// (x/net/html, 10x a byte) gives a bound below the cut one, and the last
// round stays long (sched-w9.md).
func (f *findingSchedule) affordable(left time.Duration) int {
	if f.e1 == 0 || f.c1 < minGrowthCPU || f.c2 < minGrowthCPU {
		return 0
	}
	g := math.Log(f.c2.Seconds()/f.c1.Seconds()) / float64(f.e2-f.e1) // ln of the growth per byte
	if g <= 0 || left <= f.c2 {
		return 0
	}
	return f.e2 + int(math.Log(left.Seconds()/f.c2.Seconds())/g)
}

// minGrowthCPU is the least CPU of a round whose time tells a growth: the
// shorter ones are mostly loading and the solver's warm-up.
const minGrowthCPU = 200 * time.Millisecond

// minRoundCPU is the least budget left worth a new round: less is spent
// loading inputs and warming the solver.
const minRoundCPU = 10 * time.Millisecond

// Round is one exploration of a deepening run.
type Round struct {
	MaxLen    int
	Search    string // "" for the default
	Exhausted bool
	Stopped   string
	Paths     int
	Panics    int           // panic sites this round found
	Start     time.Duration // CPU time of the run when the round started
	CPU       time.Duration // the round's own
}

// ExploreDeepening explores p's entry with the options newOpts makes
// (afresh for each round: a merging strategy keeps its statistics),
// deepening the length bound from their MaxLen while each round exhausts
// its space, up to deepenMax (at most MaxLen: one round, Explore's
// result). CPULimit is the budget of all the rounds together. Each round
// runs on its own store and solver (newSolver, nil: the engine; a solver
// that is an io.Closer is closed after its round). The result is the
// rounds' together (addRound); the last round's executor is returned for
// Replay.
func ExploreDeepening(ctx context.Context, p *Program, newOpts func() Options, newSolver func(*term.Store) (Solver, error), deepenMax int) (*Result, *Executor, error) {
	start := ProcessCPU()
	opts := newOpts()
	var total *Result
	var rounds []Round
	finding := opts.StopAtPanic && opts.CPULimit > 0 && deepenMax > opts.MaxLen
	maxLen, last := opts.MaxLen, !finding
	if finding {
		maxLen = 1
	}
	sched := findingSchedule{max: deepenMax}
	for {
		o := newOpts()
		o.MaxLen = maxLen
		used := time.Duration(0) // the first round's clock is the run's
		if total != nil {
			used = ProcessCPU() - start
		}
		share := false
		if opts.CPULimit > 0 {
			o.CPULimit = max(opts.CPULimit-used, minRoundCPU)
			if share = !last && maxLen*2 <= deepenMax; share {
				o.CPULimit = max(o.CPULimit/findingShare, minRoundCPU)
			}
		}
		if finding && o.Search == "" {
			o.Search = "covnew" // new branch sides first (searchcov.go)
			if share {
				o.Search = "dfs"
			}
		}
		ex, res, err := exploreRound(ctx, p, o, newSolver)
		if err != nil {
			if total != nil { // a later round's failure leaves the earlier rounds' result
				total.Rounds = rounds
				total.Stats.Stopped = "round at max_len " + strconv.Itoa(maxLen) + ": " + err.Error()
				return total, ex, nil
			}
			return nil, ex, err
		}
		r := Round{MaxLen: maxLen, Search: o.Search, Exhausted: res.Stats.Exhausted(), Stopped: res.Stats.Stopped, Paths: res.Stats.Paths,
			Panics: len(res.Panics), Start: used, CPU: res.Stats.CPUTime}
		rounds = append(rounds, r)
		total = addRound(total, res, used)
		if deepenMax <= opts.MaxLen {
			return total, ex, nil // no deepening: Explore's result as it is
		}
		left := opts.CPULimit - (ProcessCPU() - start)
		// A round its share cut does not end the run.
		more := r.Exhausted || share && res.Stats.Stopped == "CPU limit"
		next := maxLen * 2
		if finding && more && !last {
			next, last = sched.after(maxLen, r.Exhausted, r.CPU, left)
		}
		if !more || next > deepenMax || r.Exhausted && !lengthBounded(res.Inputs) || opts.CPULimit > 0 && left < minRoundCPU || ctx.Err() != nil {
			total.Rounds = rounds
			// The run's CPU time, the setups between rounds included:
			// the clock the panics' times and the budget are on.
			total.Stats.CPUTime = ProcessCPU() - start
			return total, ex, nil
		}
		maxLen = next
	}
}

// exploreRound is one round: a new store, solver and executor.
func exploreRound(ctx context.Context, p *Program, opts Options, newSolver func(*term.Store) (Solver, error)) (*Executor, *Result, error) {
	st := term.NewStore()
	var solver Solver
	if newSolver != nil {
		s, err := newSolver(st)
		if err != nil {
			return nil, nil, err
		}
		if c, ok := s.(io.Closer); ok {
			defer c.Close()
		}
		solver = s
	}
	ex := NewExecutor(p, st, solver, opts)
	// After NewExecutor: its engine session sets the runtime's memory limit.
	defer TuneGC(opts.MaxMemory)()
	res, err := ex.Explore(ctx)
	return ex, res, err
}

// addRound adds round r, which started at CPU time at of the run, to the
// rounds before it (total, nil for none). Counts and times add up (the
// earlier rounds exhausted their spaces, so their cut, depth-cut and
// unknown counts are 0 and the total is exhausted as the last round is);
// the paths are every round's; a panic site keeps its first finding, its
// time counted from the run's start; coverage is every round's, each block
// at its first time; the solver's and the strategy's statistics are the
// last round's.
func addRound(total, r *Result, at time.Duration) *Result {
	for _, pn := range r.Panics {
		pn.Found += at
	}
	r.Coverage.shift(at)
	if total == nil {
		return r
	}
	sites := map[string]*Panic{}
	for _, pn := range total.Panics {
		sites[siteName(pn.Pos, pn.Message)] = pn
	}
	panics := total.Panics
	for _, pn := range r.Panics {
		if old, ok := sites[siteName(pn.Pos, pn.Message)]; ok {
			old.Count = max(old.Count, pn.Count)
			old.reachedBy(pn.Inputs, pn.Unexported)
			continue
		}
		panics = append(panics, pn)
	}
	r.Panics = panics
	r.Paths = append(total.Paths, r.Paths...)
	r.Coverage.absorb(total.Coverage)
	s, t := &r.Stats, total.Stats
	s.Paths += t.Paths
	s.Returned += t.Returned
	s.Panicked += t.Panicked
	s.Unsupported += t.Unsupported
	s.Cut += t.Cut
	s.Queries += t.Queries
	s.Unknown += t.Unknown
	s.DepthCut += t.DepthCut
	s.Concretized += t.Concretized
	s.Steps += t.Steps
	s.SolverTime += t.SolverTime
	s.Merges += t.Merges
	s.StatesMerged += t.StatesMerged
	s.Time += t.Time
	s.CPUTime += t.CPUTime
	s.BlocksCovered, s.BlocksTotal = r.Coverage.Totals()
	for k, v := range total.QueriesByStage {
		if r.QueriesByStage == nil {
			r.QueriesByStage = map[string]int{}
		}
		r.QueriesByStage[k] += v
	}
	return r
}

// shift moves every block's first time by d (a later round's clock
// started at d of the run's).
func (c *Coverage) shift(d time.Duration) {
	if c == nil {
		return
	}
	for b, t := range c.first {
		c.first[b] = t + d
	}
}

// absorb adds the blocks and functions o covered, each at the earlier of
// its two first times.
func (c *Coverage) absorb(o *Coverage) {
	if c == nil || o == nil {
		return
	}
	for f := range o.funcs {
		c.funcs[f] = true
	}
	for b, t := range o.first {
		if old, ok := c.first[b]; !ok || t < old {
			c.first[b] = t
		}
	}
}

// lengthBounded reports whether some input has a length the bound limits
// (a string, a slice, a reader's data, a variadic count): without one a
// deeper round explores the same space again.
func lengthBounded(ins []*Input) bool {
	for _, in := range ins {
		if hasLength(in.val) {
			return true
		}
	}
	return false
}

func hasLength(v Value) bool {
	switch x := v.(type) {
	case StringVal, SliceVal, readerInput:
		return true
	case ptrInput:
		return hasLength(x.elem)
	case IfaceVal:
		return hasLength(x.V)
	case Struct:
		for _, f := range x {
			if hasLength(f) {
				return true
			}
		}
	case Vec:
		for _, f := range x {
			if hasLength(f) {
				return true
			}
		}
	case ArrayVal:
		return hasLength(x.Elems)
	}
	return false
}
