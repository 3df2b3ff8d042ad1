package symex

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// Follow mode runs the program once on given inputs: at every branch it
// takes the side the inputs take, and it records the run's symbolic shadow
// (shadow.go) as a Trace, the steps package concolic inserts into its
// execution DAG. The driver (concolic mode) names the inputs, binds their
// values, calls the entry function and, for an event-driven entry, the
// handlers, and answers the calls it keeps for itself (its harness).

// Assign is one store update on the way to a step: variable Var gets RHS,
// a term over the inputs and the reads (Read) of the variables' values at
// the previous step. RHS NoTerm drops the variable (a returned frame's
// values, a value no path reads any more: seed 001's ExitScopeUpdate).
type Assign struct {
	Var string
	RHS term.Term
}

// Step is one node a follow run passed: a branch (every If and every
// operation check, concrete or not, seed 001 §3.9 item 2, and any other
// check on a condition that is not a constant) or a choice the driver
// records (an event), and the direction taken.
type Step struct {
	Point merge.Point
	Event bool
	// Cond is the branch condition, raw: over inputs and reads.
	Cond term.Term
	// EventVar is the event input e_i; Choices the number of handlers.
	EventVar term.Term
	Choices  int
	Dir      int // branch: 1 then, 0 else; event: handler index, -1 stop
	// Assigns are the updates since the previous step (the root's: since
	// the start), in order.
	Assigns []Assign
	// Layout hashes what is not a store variable at the step (frames,
	// blocks, the shape of every value, pointers, functions): only steps
	// with equal layouts merge.
	Layout uint64
	// Label is the static branch site (function and block), for coverage
	// and covfirst.
	Label string
}

// Ending is how a run ended.
type Ending struct {
	Kind    string // "return", "panic", "unsupported", "cut"
	Message string
	Pos     token.Position
	Assigns []Assign // updates after the last step
}

// Trace is one run: its steps and its end.
type Trace struct {
	Steps []Step
	End   Ending
}

// FollowConfig is what a follow run's driver adds to the interpreter.
type FollowConfig struct {
	// Call, when set, is asked first about every call of a function; it
	// answers the calls the driver keeps (handled) and leaves the others
	// to the interpreter.
	Call func(r *FollowRun, fn *ssa.Function, args []Value) (res Value, handled bool, err error)
	// Admit, when set, may refuse an instruction of the run before it runs
	// (the run then ends as unsupported).
	Admit func(r *FollowRun, instr ssa.Instruction) error
	// Covered, when set, collects every block a state entered during the
	// run, package initializers' included.
	Covered map[*ssa.BasicBlock]bool
	// NoStack and NoIters leave the call stack and the loop iteration
	// counters out of program points (seed 001's T4 and T6 negative
	// tests); NoStack leaves the callers' frames out of layouts too.
	NoStack, NoIters bool
}

// FollowRun is one run in follow mode. The executor is in follow mode from
// Follow to End.
type FollowRun struct {
	e     *Executor
	cfg   FollowConfig
	s     *State
	ev    int // the event handler running, -1 outside one
	model *term.Model
	eval  *term.Evaluator
	steps []Step
	// inInstr counts the steps the current instruction recorded.
	inInstr int
	shadow
}

// followTables is what follow runs share over an exploration: layouts and
// variable names must mean the same in every run.
type followTables struct {
	walk  walkTables
	names map[cellKey]*cellName
	loops map[*ssa.Function]*merge.Points
	model *term.Model
	eval  *term.Evaluator
}

// Follow starts a follow run on a fresh state whose memory holds every
// global of the entry function's package (the package's initializer runs
// first, once per exploration), so that every run's store has them from
// the start.
func (e *Executor) Follow(cfg FollowConfig) *FollowRun {
	if e.ft == nil {
		e.ft = &followTables{walk: walkTables{order: map[*ssa.Function]map[ssa.Value]valuePos{}, ids: map[any]int{},
			livePos: map[livePos][]ssa.Value{}},
			names: map[cellKey]*cellName{}, loops: map[*ssa.Function]*merge.Points{}, model: term.NewModel()}
		e.ft.eval = term.NewEvaluator(e.st, e.ft.model)
	}
	// The run's values: a model and an evaluator kept from run to run
	// (their maps keep their storage), emptied.
	clear(e.ft.model.Values)
	e.ft.eval.Reset(e.ft.model)
	r := &FollowRun{e: e, cfg: cfg, s: &State{mem: map[int]Value{}, dirty: map[int]bool{}}, ev: -1, model: e.ft.model,
		eval: e.ft.eval, shadow: newShadow()}
	e.br, e.follow = r, r
	pkg := e.prog.Fn.Pkg
	var names []string
	for name, m := range pkg.Members {
		if _, ok := m.(*ssa.Global); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		id := e.globalID(pkg.Members[name].(*ssa.Global))
		v, err := e.globalValue(id)
		if err != nil {
			v = Opaque{What: err.Error()}
		}
		r.s.setMem(id, v)
	}
	return r
}

// Bind gives input variable v (Bool, a bit-vector of at most 64 bits or a
// float) the value x in this run: a Go integer, 0 and 1 for booleans, a
// float's encoding.
func (r *FollowRun) Bind(v term.Term, x int64) {
	st := r.e.st
	srt := st.SortOf(v)
	if st.IsBool(srt) {
		r.model.Set(v, term.BoolValue(x != 0))
		return
	}
	if st.IsFloat(srt) {
		r.model.Set(v, st.FloatValue(st.FloatConstValue(floatFromBits(st, st.FloatFormat(srt), uint64(x)))))
		return
	}
	w := st.Width(srt)
	r.model.Set(v, st.BVValue(bv.New(w, uint64(x)&(^uint64(0)>>(64-w)))))
}

// Call runs fn on args in the run's state until it returns, and gives its
// result. An error ends the run: pass it to End.
func (r *FollowRun) Call(fn *ssa.Function, args []Value) (Value, error) {
	if len(fn.Blocks) == 0 {
		return nil, &unsupported{pos: fn.Pos(), msg: fmt.Sprintf("call to %s, which has no Go body", fn)}
	}
	f := &frame{fn: fn, block: fn.Blocks[0], env: make(map[ssa.Value]Value, len(args))}
	for i, p := range fn.Params {
		f.env[p] = args[i]
	}
	r.s.frames, r.s.ret = append(r.s.frames[:0], f), nil
	r.e.cover(f.block)
	err := r.e.run(r.s)
	return r.s.ret, err
}

// ScalarSort is the sort of the values of t, when t is an integer or
// boolean type (the inputs a driver may bind).
func (r *FollowRun) ScalarSort(t types.Type) (term.Sort, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsInteger|types.IsBoolean) == 0 {
		return term.NoSort, false
	}
	s, err := r.e.sortOf(b)
	return s, err == nil
}

// InEvent says which event handler runs (-1: none), for program points and
// layouts.
func (r *FollowRun) InEvent(i int) { r.ev = i }

// Step records a step the driver makes (an event choice): every update so
// far goes to its in-edge, and its layout is the state's now.
func (r *FollowRun) Step(s Step) error {
	return r.record(s, false)
}

// Point is the program point of the current instruction: with sep, the
// function is followed by sep and the instruction's number in its block
// (counted from 1).
func (r *FollowRun) Point(sep string) merge.Point { return r.point(sep, 0) }

// InInit reports whether a package initializer is running.
func (r *FollowRun) InInit() bool { return len(r.e.initing) > 0 }

// Operand is the value of v in the run's current frame.
func (r *FollowRun) Operand(v ssa.Value) (Value, error) { return r.e.value(r.s, v) }

// Text is the text of a string value whose bytes are all known.
func (r *FollowRun) Text(v Value) (string, bool) {
	if iv, ok := v.(IfaceVal); ok {
		v = iv.V
	}
	sv, ok := v.(StringVal)
	if !ok {
		return "", false
	}
	return r.e.concreteString(sv)
}

// Funcs lists the functions a slice of plain functions (no closures) holds.
func (r *FollowRun) Funcs(v Value) ([]*ssa.Function, error) {
	sl, ok := v.(SliceVal)
	if !ok || sl.Obj == 0 {
		return nil, fmt.Errorf("the slice is nil")
	}
	off, ok1 := r.e.constInt(sl.Off)
	n, ok2 := r.e.constInt(sl.Len)
	el, err := r.e.sliceElems(r.s, sl)
	vec, ok3 := el.(Vec)
	if !ok1 || !ok2 || !ok3 || err != nil || int(off+n) > len(vec) {
		return nil, fmt.Errorf("the slice's elements are not known")
	}
	out := make([]*ssa.Function, n)
	for i := range out {
		fv, ok := vec[int(off)+i].(FuncVal)
		fn, isFn := fv.Fn.(*ssa.Function)
		if !ok || !isFn || len(fv.Bindings) > 0 {
			return nil, fmt.Errorf("element %d is not a function declared in the program (closures are not supported)", i)
		}
		out[i] = fn
	}
	return out, nil
}

// Unsupported is an error that ends the run as unsupported at pos.
func (r *FollowRun) Unsupported(pos token.Pos, format string, args ...any) error {
	return &unsupported{pos: pos, msg: fmt.Sprintf(format, args...)}
}

// End ends the run: how it ended (err from Call, Step or the driver; nil
// for a return), with the updates after its last step. The executor leaves
// follow mode.
func (r *FollowRun) End(err error) Trace {
	end := Ending{Kind: "return"}
	if err != nil {
		end.Kind, end.Message, end.Pos = r.e.ending(err)
	}
	if merr := r.mark(nil); merr != nil && err == nil {
		end.Kind, end.Message = "unsupported", merr.Error()
	}
	end.Assigns = r.takePend()
	r.e.br, r.e.follow = forking{r.e}, nil
	return Trace{Steps: r.steps, End: end}
}

// branch takes the side the run's inputs give c, and records the branch as
// a step when it is one (see Step).
func (r *FollowRun) branch(s *State, c term.Term, at site) (bool, error) {
	d, err := r.eval.EvalBool(c)
	if err != nil {
		return false, fmt.Errorf("follow: %v", err)
	}
	if at == siteIf || at == siteDiv || at == siteShift || !r.e.st.IsConst(c) {
		f := s.top()
		step := Step{Cond: c, Dir: b2i(d)}
		if at == siteIf {
			step.Point, step.Label = r.point("", 0), fmt.Sprintf("%s:%d", f.fn, f.block.Index)
		} else {
			step.Point = r.point("#", r.inInstr)
			step.Label = fmt.Sprintf("%s:%d:%s%d", f.fn, f.block.Index, at, f.pc+1)
			if r.inInstr > 0 {
				step.Label += "." + strconv.Itoa(r.inInstr)
			}
		}
		r.inInstr++
		if err := r.record(step, true); err != nil {
			return false, err
		}
	}
	return d, nil
}

// String names a check's kind in step labels.
func (k site) String() string {
	switch k {
	case siteIf:
		return "if"
	case siteDiv:
		return "div"
	case siteShift:
		return "shift"
	case siteCheck:
		return "check"
	}
	return "bound"
}

// before is the run's look at an instruction before it runs.
func (r *FollowRun) before(instr ssa.Instruction) error {
	r.inInstr = 0
	if r.cfg.Admit != nil {
		return r.cfg.Admit(r, instr)
	}
	return nil
}

// after is the run's look at an instruction that ran: a call that returned
// is a mark. The return of the function the driver called is not: the
// driver's next step or the run's end marks, and until then the result's
// terms hold under the run's values.
func (r *FollowRun) after(instr ssa.Instruction, advanced bool) error {
	switch instr.(type) {
	case *ssa.Call:
		if advanced {
			return r.mark(nil)
		}
	case *ssa.Return:
		if len(r.s.frames) > 0 {
			return r.mark(nil)
		}
	}
	return nil
}

// entered moves f's loop iteration counters as f goes from block from to
// block to, whose phis ran: a mark.
func (r *FollowRun) entered(f *frame, from, to *ssa.BasicBlock) error {
	for _, l := range r.loopsOf(f.fn).Loops {
		if l.Header != to {
			continue
		}
		if f.iters == nil {
			f.iters = map[*merge.Loop]int{}
		}
		if from != nil && l.Contains(from) {
			f.iters[l]++
		} else {
			f.iters[l] = 0
		}
	}
	return r.mark(from)
}

func (r *FollowRun) loopsOf(fn *ssa.Function) *merge.Points {
	p, ok := r.e.ft.loops[fn]
	if !ok {
		p = merge.Analyze(fn)
		r.e.ft.loops[fn] = p
	}
	return p
}

// point is the program point of the top frame; with sep, of its current
// instruction, the k-th step there (k > 0 only for an instruction that
// branches more than once).
func (r *FollowRun) point(sep string, k int) merge.Point {
	frames := r.s.frames
	f := frames[len(frames)-1]
	fn := f.fn.String()
	if sep != "" {
		fn += sep + strconv.Itoa(f.pc+1)
		if k > 0 {
			fn += "." + strconv.Itoa(k)
		}
	}
	var stack, it []string
	for _, g := range frames[:len(frames)-1] {
		if r.cfg.NoStack {
			break
		}
		stack = append(stack, g.fn.String())
	}
	for _, g := range frames {
		if r.cfg.NoIters {
			break
		}
		for _, l := range r.loopsOf(g.fn).Loops {
			if l.Contains(g.block) {
				it = append(it, fmt.Sprintf("%s:b%d=%d", g.fn, l.Header.Index, g.iters[l]))
			}
		}
	}
	return merge.Point{Func: fn, Block: f.block.Index, Stack: strings.Join(stack, "/"), Event: r.ev, Iters: strings.Join(it, ",")}
}

// Read is the term standing for variable v's value at the last mark of a
// follow run (its value at the previous step, in a step's terms).
func Read(st *term.Store, v string, s term.Sort) term.Term { return st.Var("read|"+v, s) }

// intercept asks the driver about a call of cl.fn.
func (r *FollowRun) intercept(cl callee) (Value, bool, error) {
	if r.cfg.Call == nil || cl.fn == nil {
		return nil, false, nil
	}
	return r.cfg.Call(r, cl.fn, cl.args)
}
