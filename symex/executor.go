package symex

import (
	"context"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/symex/chain"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// Options are the limits and choices of one exploration.
type Options struct {
	MaxLen    int           // bound on every input length: strings, slices, variadic counts, readers' bytes
	Search    string        // "dfs" (default), "bfs", "random-path" or "covnew" (searchcov.go)
	Seed      int64         // for random-path
	MaxPaths  int           // stop after this many finished paths (0: no limit)
	MaxDepth  int           // symbolic branches per path before forking stops (0: 10000)
	MaxSteps  int           // instructions per path (0: 1e6)
	Timeout   time.Duration // whole exploration (0: none)
	CPULimit  time.Duration // CPU time of the whole exploration, child processes included (0: none)
	MaxMemory uint64        // heap bytes (0: none)
	Fixed     map[string]int64
	EmitSMT2  string // directory for one .smt2 file per query ("" for none)
	Progress  func(Stats)
	// Merge is the state-merging strategy (package merge); nil explores
	// without merging, every path on its own.
	Merge merge.Strategy
	// SolverChain says which layers of the solver chain (package chain)
	// answer the feasibility questions before the solver; nil is every
	// layer, a pointer to the zero Layers none.
	SolverChain *chain.Layers
	// NoValueSets turns off the value sets of seed 004 (valuesets.go).
	NoValueSets bool
	// NoIteLoops runs loops without effects path by path instead of once
	// for all their paths as ite terms (loopite.go).
	NoIteLoops bool
	// ScoutShare, with merging, lets a state with an uncovered block ahead
	// pass merge points instead of parking (a scout, mergescout.go) while
	// scouts did no more than this share of the exploration's work (≥ 1:
	// always; 0: states always park).
	ScoutShare float64
	// ScoutLoopShare is ScoutShare for a state where a frame is in a
	// symbolic loop's body (0: none sets out there; scouts under way pass
	// every point).
	ScoutLoopShare float64
	// MergeAfter, with merging, first explores without merging, as with
	// Merge nil, until the exploration's work (Executor.work: instructions,
	// and a fixed count per solver query) passes this many units; a space
	// left unexhausted then is explored again from the start, merging
	// (mergewarmup.go). 0 merges from the start.
	MergeAfter int64
	// StopAtPanic ends the exploration at its first panic (Stats.Stopped
	// "first panic"): a bug finder's stop, not an exhausted run.
	StopAtPanic bool
	// ConcreteFloats gives every symbolic float operand its value in the
	// path's model (float_concrete.go): --floats=concrete.
	ConcreteFloats bool
	// WarmUpReach lets the warm-up go on past MergeAfter while its
	// estimate of the whole space's work (mergewarmup.go) stays within
	// WarmUpReach × MergeAfter: 0 is DefaultWarmUpReach, 1 (or less) ends
	// the warm-up at MergeAfter.
	WarmUpReach float64
}

// Stats counts what an exploration did.
type Stats struct {
	Paths, Returned, Panicked, Unsupported, Cut int
	Queries, Unknown, DepthCut                  int
	// Concretized counts the floats fixed to their model's value
	// (Options.ConcreteFloats): paths of other values were not explored.
	Concretized int
	// Steps counts the instructions run over every path (a merged state's
	// once): the exploration's work apart from the solver's, the same in
	// every run of the same command.
	Steps                      int64
	SolverTime                 time.Duration
	BlocksCovered, BlocksTotal int
	Stopped                    string // why the exploration ended early, "" when it ran out of states
	Merges, StatesMerged       int    // merged states built, and the states they absorbed
	Scouts                     int    // states that passed merge points for uncovered blocks
	IncMerges                  int    // incremental merges (seed 000 §4)
	// WarmUpPaths counts the paths finished without merging during the
	// warm-up of Options.MergeAfter (every path when the warm-up exhausted
	// the space); Restarted tells that the warm-up ended and the
	// exploration started again from the entry, merging.
	WarmUpPaths int
	Restarted   bool
	// BarrenPoints counts the merge points closed because their merged
	// states split again; FellBack tells that the merging run cost more
	// than the exploration without merging it stood for and the run went
	// on without merging after FellBackAt of merging (mergeyield.go).
	BarrenPoints int
	// IteLoops counts the loops run once for all their paths
	// (loopite.go).
	IteLoops   int
	FellBack   bool
	FellBackAt time.Duration
	Time       time.Duration
	// CPUTime is the process's CPU time (user and system, every thread)
	// during the exploration: unlike Time, it hardly moves when other
	// processes share the machine.
	CPUTime time.Duration
}

// Exhausted reports whether the exploration covered the whole bounded
// space: it ran out of states, and no path was cut by a limit, no fork was
// skipped at the depth limit and no branch was dropped because the solver
// answered unknown, and no float was concretized. Unsupported paths do
// not count against it.
func (s Stats) Exhausted() bool {
	return s.Stopped == "" && s.Cut == 0 && s.DepthCut == 0 && s.Unknown == 0 && s.Concretized == 0
}

// Path is one finished path: how it ended and an input that drives it there.
type Path struct {
	Kind    string // "return", "panic", "unsupported", "cut"
	Message string
	Pos     token.Position
	// RaisedAt: a panic raised while another unwound (a recovered value
	// raised again, say) is where the first of them was raised.
	RaisedAt token.Position
	Inputs   []InputValue
	Results  []ResultValue // of a returning path, one per result of the function
	Model    *term.Model
	Merged   bool // the path ran through a merge
	// NewCoverage: blocks were first reached, in this exploration, since
	// the path before it ended; the fuzz corpus keeps these (fuzzcorpus.go).
	NewCoverage bool
	// Unexported: a panic that needs an unexported input field at a
	// value other than zero (unexported.go).
	Unexported bool
	hash       uint64
	traceLen   int
	ret        Value
}

// Panic is a panic site with the first input found that reaches it.
type Panic struct {
	Pos      token.Position
	RaisedAt token.Position // the first path's Path.RaisedAt
	Message  string
	Inputs   []InputValue
	Count    int // paths that panic here
	// Unexported: every path that panics here needs an unexported input
	// field at a value other than its zero value (unexported.go).
	Unexported bool
	// Found is the CPU time from the start of the exploration (the clock
	// of Stats.CPUTime) to the first path that panicked here.
	Found time.Duration
}

// siteName names a site of a panic or an unsupported operation: where and
// what.
func siteName(pos token.Position, msg string) string { return pos.String() + "|" + msg }

// reachedBy records one more input that panics at q's site: the first one
// that needs no unexported field takes the place of one that needs them.
func (q *Panic) reachedBy(inputs []InputValue, unexported bool) {
	if q.Unexported && !unexported { // a user reaches it after all
		q.Inputs, q.Unexported = inputs, false
	}
}

// Result is the outcome of Explore.
type Result struct {
	Fn       *ssa.Function
	Inputs   []*Input
	Paths    []*Path
	Panics   []*Panic
	Stats    Stats
	Coverage *Coverage
	Solver   [][2]string
	// QueriesByStage counts queries by the solver stage that decided them
	// ("unknown" for undecided ones), when the solver reports it.
	QueriesByStage map[string]int
	// QuantifiedByStage counts the quantified queries among them apart.
	QuantifiedByStage map[string]int
	// Merge is the strategy's statistics (nil without merging).
	Merge *merge.Stats
	// Chain is what the solver chain's layers did (nil without a chain).
	Chain *chain.Stats
	// ValueSets is what the value sets did (nil when they are off).
	ValueSets *ValueSetStats
	// Rounds are the explorations of a deepening run (inputs_deepen.go),
	// nil for one exploration.
	Rounds []Round
	// NilFuncs are the func-typed fields of the inputs (r.callbacks[…]),
	// nil in every input the run tried: the executor does not make func
	// values up.
	NilFuncs []string
}

// Executor runs one function symbolically.
type Executor struct {
	prog   *Program
	st     *term.Store
	opts   Options
	solver Solver
	inputs []*Input
	// modelTerms_ are the scalar terms that fix a concrete input.
	modelTerms_ []term.Term
	ptrDepth    int         // pointers between the parameter and the input being built (inputs.go)
	inputNest   int         // nesting of the input being built: 1 for a parameter
	nilFlags    []term.Term // the nilable pointers' isNil variables (inputs.go)
	choices     []choice    // the interface inputs' case variables (inputs_iface.go)
	privZero    []term.Term // each unexported input field is zero (unexported.go)
	inPrivate   bool        // building an unexported field's input

	pending []*State // clones made by branch, collected by the search
	br      brancher // the mode: forking, replaying or following
	// follow is the follow run under way (follow.go), nil in the other
	// modes; ft is what follow runs share.
	follow *FollowRun
	ft     *followTables
	// symBranches counts the branches on symbolic conditions, however
	// decided (models, value sets, the solver): with stats.Queries, the
	// share of them the solver had to answer (merge.QueryRater).
	symBranches int
	// sides are the branch sides paths took, for the covnew search
	// (searchcov.go); nil under the other searches.
	sides   map[branchSide]*sideCount
	noCover bool
	// coveredAtPath: the blocks covered when the last path ended.
	coveredAtPath int
	stats         Stats
	cov           *Coverage
	strCache      map[string]StringVal
	emitted       int
	// searchTables are the byte search's tables (bytesearch.go).
	searchTables map[searchKey][]term.Term

	globalIDs   map[*ssa.Global]int
	globalOf    map[int]*ssa.Global
	initObjs    map[int]Value
	inited      map[*ssa.Package]bool
	initing     map[*ssa.Package]bool
	initFailed  map[*ssa.Package]string
	initSkipped map[*ssa.Package]string // a call of the package's init that was skipped (globals.go)
	initNext    int
	lastGlobal  int            // the last id reserveID gave
	uniqueIDs   map[string]int // unique.Make's intern table per type
	uniqueReady bool
	rtype       *types.Pointer // *reflect.rtype, once looked up (reflect.go)
	// reflectIDs numbers the types reflect's values stand for (typeToken).
	reflectIDs   typeutil.Map
	reflectTypes []types.Type
	headerWords  bool                            // memory may hold a header's words where a string or slice was (reinterpret.go)
	stringInputs map[term.Term]bool              // the byte arrays of string inputs, one allocation each (dataWordOp)
	nilFuncs     []string                        // the func-typed input fields, nil in every input (Result.NilFuncs)
	initSnaps    map[*State]map[int]Value        // running initializers: memory before the current top-level call
	initGlobals  map[*ssa.Function][]*ssa.Global // namedGlobals, per callee of a skipped call (initreach.go)
	ctx          context.Context

	// ites are the ite loops of the functions run so far (loopite.go).
	ites map[*ssa.Function]*iteFunc
	// pureFns: whether a function an ite walk calls is pure (loopite_call.go).
	pureFns map[*ssa.Function]bool
	// iteVS: the ite walks' value sets when the run keeps none (loopite.go).
	iteVS *valueSets
	// tables: the arrays read at symbolic indices, what the reads know
	// of them (tableread.go).
	tables map[term.Term]table

	mg *merger // nil without merging
	sc *scouts // nil without merging or with Options.ScoutShare 0
	// warming is set while the warm-up of Options.MergeAfter runs
	// (mergewarmup.go).
	warming bool
	// warm is the warm-up's estimate of its search tree (mergewarmup.go).
	warm warmUpEstimate
	// yield is what merging yields, and the fallback (mergeyield.go).
	yield mergeYield
	// nanBits maps each fresh word that reads a float's bits to the float
	// (float.go).
	nanBits map[term.Term]term.Term
	// With merging: objects numbered by allocation site (objects.go) and
	// pointers' locations (symptr.go).
	sites *siteTable
	locs  *locTable
	// incQueue holds the states of incremental trees, run breadth first
	// before any other (mergeinc.go).
	incQueue []*State
	chain    *chain.Chain // nil when every layer is off
	vs       *valueSets   // nil when value sets are off
	// modelEval's evaluator and the model it evaluates under.
	modelEv   *term.Evaluator
	modelEvOf *term.Model
}

// NewExecutor prepares an exploration of p.Fn. solver may be nil for the
// in-process engine.
func NewExecutor(p *Program, st *term.Store, solver Solver, opts Options) *Executor {
	if opts.MaxDepth == 0 {
		opts.MaxDepth = 10000
	}
	if opts.MaxSteps == 0 {
		opts.MaxSteps = 1_000_000
	}
	if opts.MaxLen == 0 {
		opts.MaxLen = 4
	}
	if solver == nil {
		solver = NewEngineSolver(st)
	}
	e := &Executor{prog: p, st: st, opts: opts, solver: solver, strCache: map[string]StringVal{},
		globalIDs: map[*ssa.Global]int{}, globalOf: map[int]*ssa.Global{}, initObjs: map[int]Value{},
		inited: map[*ssa.Package]bool{}, initing: map[*ssa.Package]bool{}, initFailed: map[*ssa.Package]string{}, initSkipped: map[*ssa.Package]string{},
		initNext: -(1 << 62), uniqueIDs: map[string]int{}, ctx: context.Background()}
	e.br = forking{e}
	e.cov = newCoverage(p.Prog.Fset)
	e.cov.exprPos = p.exprPos
	layers := chain.Layers{Independence: true, QueryCache: true, CexCache: true}
	if opts.SolverChain != nil {
		layers = *opts.SolverChain
	}
	if !opts.NoValueSets {
		e.vs = newValueSets(st)
	}
	if layers != (chain.Layers{}) {
		e.chain = chain.New(st, solver, layers)
	}
	if pr, ok := opts.Merge.(merge.Proving); ok {
		if c := pr.Checker(); c != nil {
			c.Solver = NewEngineSolver(st) // its own session: proofs are no path's queries
		}
	}
	if opts.Merge != nil {
		e.mg = newMerger(opts.Merge)
		e.sites, e.locs = newSiteTable(), newLocTable()
		if opts.ScoutShare > 0 {
			e.sc = newScouts(opts.ScoutShare, opts.ScoutLoopShare)
		}
	}
	return e
}

func (e *Executor) cover(b *ssa.BasicBlock) {
	if e.follow != nil && e.follow.cfg.Covered != nil {
		e.follow.cfg.Covered[b] = true
	}
	if !e.noCover && e.forking() {
		e.cov.visit(b)
	}
}

// query asks whether pc ∧ extra is satisfiable, through the solver chain
// when there is one, writing the question out first when --emit-smt2 is
// set. known is a model of pc, if the path has one. A sat answer's model,
// when not nil, satisfies pc and extra: it was checked by evaluation.
func (e *Executor) query(pc []term.Term, extra term.Term, known *term.Model) (smtlib.Status, *term.Model, error) {
	e.stats.Queries++
	if e.opts.EmitSMT2 != "" {
		if err := e.emit(append(append([]term.Term(nil), pc...), extra)); err != nil {
			return smtlib.Unknown, nil, err
		}
	}
	start := time.Now()
	defer func() { e.stats.SolverTime += time.Since(start) }()
	if e.chain != nil {
		return e.chain.Check(e.ctx, chain.Query{PC: pc, Cond: extra, Known: known, Want: e.modelTerms()})
	}
	as := append(append([]term.Term(nil), pc...), extra)
	st, m, err := e.solver.Check(e.ctx, as, e.modelTerms())
	if err != nil || st != smtlib.Sat {
		return st, nil, err
	}
	if !chain.Holds(e.st, m, as...) {
		m = nil // a partial model (pipe solvers): do not trust it
	}
	return st, m, nil
}
