package concolic

import (
	"errors"
	"fmt"
	"go/constant"
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

// HarnessPath is the import path of the package programs call for inputs
// and markers.
const HarnessPath = "github.com/sift-solver/sift/symex/concolic/harness"

// Input is a symbolic input some run created: an entry parameter (p|name),
// a harness.Int call (in|point|#k) or an event choice (e|i).
type Input struct {
	Name     string
	Var      term.Term
	Event    bool
	Handlers int // events: the number of handlers (the domain is -1 … Handlers-1)
	Bool     bool
	// Ranged inputs (harness.Rand) lie in [Lo, Hi], a constraint of every
	// query that mentions them.
	Ranged bool
	Lo, Hi int64
}

// Interp runs the entry function concretely with a symbolic shadow and
// records its trace. It interprets a subset of Go's SSA: integer and
// boolean values, scalar globals, static calls and calls through function
// values, arrays and slices of functions or scalars indexed by constants,
// panics. The rest ends a run as "unsupported".
type Interp struct {
	st        *term.Store
	fn        *ssa.Function
	MaxEvents int
	MaxSteps  int

	loops   map[*ssa.Function]*merge.Points
	reads   map[string]term.Term
	Inputs  []*Input // every input created so far, in creation order
	byName  map[string]*Input
	Covered map[*ssa.BasicBlock]bool
	Entered map[*ssa.Function]bool
	Taken   map[string]bool // static branch sites and directions taken ("label|dir"; events "event|t")
	events  bool
	// NoStack and NoIters leave the call stack and the loop iteration
	// counters out of program points (seed 001's T4 and T6 negative tests).
	NoStack, NoIters bool
}

// NewInterp prepares runs of fn.
func NewInterp(st *term.Store, fn *ssa.Function) *Interp {
	ip := &Interp{st: st, fn: fn, MaxEvents: 3, MaxSteps: 1_000_000, loops: map[*ssa.Function]*merge.Points{},
		reads: map[string]term.Term{}, byName: map[string]*Input{}, Covered: map[*ssa.BasicBlock]bool{},
		Entered: map[*ssa.Function]bool{}, Taken: map[string]bool{}}
	res := fn.Signature.Results()
	if res.Len() == 1 {
		if sl, ok := res.At(0).Type().Underlying().(*types.Slice); ok {
			if sig, ok := sl.Elem().Underlying().(*types.Signature); ok && sig.Params().Len() == 0 && sig.Results().Len() == 0 {
				ip.events = true
			}
		}
	}
	return ip
}

// EventDriven reports whether the entry returns a handler table.
func (ip *Interp) EventDriven() bool { return ip.events }

// Read is the term standing for variable v's value at the previous step.
func (ip *Interp) Read(v string, s term.Sort) term.Term {
	if t, ok := ip.reads[v]; ok {
		return t
	}
	t := ip.st.Var("read|"+v, s)
	ip.reads[v] = t
	return t
}

// IsRead reports whether t is a read term.
func (ip *Interp) IsRead(t term.Term) bool {
	return ip.st.Op(t) == term.OpVar && strings.HasPrefix(ip.st.Name(t), "read|")
}

func (ip *Interp) input(name string, s term.Sort, event bool, handlers int) *Input {
	if in, ok := ip.byName[name]; ok {
		return in
	}
	in := &Input{Name: name, Var: ip.st.Var(name, s), Event: event, Handlers: handlers, Bool: s == ip.st.BoolSort()}
	ip.byName[name] = in
	ip.Inputs = append(ip.Inputs, in)
	return in
}

// InputByVar finds the input a term variable stands for.
func (ip *Interp) InputByVar(t term.Term) *Input { return ip.byName[ip.st.Name(t)] }

// Outcome is one run: its trace, what it read and what it hit.
type Outcome struct {
	Trace  Trace
	Params []int64 // the entry's parameters
	Fed    []int64 // harness.Int results, in call order
	Events []int   // handlers called, in order
	Marks  []string
}

type pointer struct {
	global string // "g:name", or
	obj    *object
	idx    int
}

type slice struct {
	obj      *object
	off, len int
}

type object struct {
	id    int
	elem  types.Type
	cells []val // non-scalar elements
}

type val struct {
	c, s term.Term // scalars: the concrete constant and the raw term
	fn   *ssa.Function
	ptr  *pointer
	sl   *slice
	str  *string
}

type frame struct {
	fn          *ssa.Function
	block, prev *ssa.BasicBlock
	pc, depth   int
	other       map[ssa.Value]val
	keys        []string
	call        *ssa.Call
	iters       map[*merge.Loop]int
}

type run struct {
	ip    *Interp
	vals  map[string]int64
	vars  map[string]term.Term // concrete values
	raw   map[string]term.Term // updated since the last mark (NoTerm: dropped)
	order []string
	// pend are the updates from the last step to the last mark, over the
	// reads at the last step; pendSub maps those reads to them.
	pend      map[string]term.Term
	pendOrder []string
	pendSub   map[term.Term]term.Term
	// readInChunk are the variables read as read terms since the last mark.
	readInChunk map[string]bool
	frames      []*frame
	nobj        int
	occ         map[string]int
	ev          int
	steps       int
	// initializing: the package initializer runs; it reads no input, so
	// its branches are not steps.
	initializing bool
	out          *Outcome
}

// stop ends a run.
type stop struct {
	kind, msg string
	pos       token.Pos
}

func (s *stop) Error() string { return s.kind + ": " + s.msg }

// Run executes the program on the input values vals (missing inputs are 0,
// missing events stop).
func (ip *Interp) Run(vals map[string]int64) *Outcome {
	r := &run{ip: ip, vals: vals, vars: map[string]term.Term{}, raw: map[string]term.Term{}, occ: map[string]int{},
		pend: map[string]term.Term{}, pendSub: map[term.Term]term.Term{}, readInChunk: map[string]bool{},
		ev: -1, out: &Outcome{}}
	err := r.main()
	s := &stop{kind: "return"}
	if err != nil && !errors.As(err, &s) {
		s = &stop{kind: "unsupported", msg: err.Error()}
	}
	r.out.Trace.End = Ending{Kind: s.kind, Message: s.msg, Pos: ip.fn.Prog.Fset.Position(s.pos), Assigns: r.flush()}
	return r.out
}

func (r *run) main() error {
	ip := r.ip
	// Scalar globals of the entry's package start at zero, then its init runs.
	pkg := ip.fn.Pkg
	var names []string
	for name, m := range pkg.Members {
		if g, ok := m.(*ssa.Global); ok && isScalar(deref(g.Type())) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		g := pkg.Members[name].(*ssa.Global)
		z := r.zero(deref(g.Type()))
		r.set("g:"+g.Name(), z)
	}
	if init := pkg.Func("init"); init != nil {
		r.initializing = true
		if _, err := r.call(init, nil, token.NoPos); err != nil {
			return err
		}
		r.initializing = false
	}
	var args []val
	for _, p := range ip.fn.Params {
		t := p.Type().Underlying()
		if !isScalar(t) {
			return &stop{kind: "unsupported", msg: fmt.Sprintf("parameter %s of type %s (concolic mode takes integers and booleans)", p.Name(), p.Type()), pos: ip.fn.Pos()}
		}
		in := ip.input("p|"+p.Name(), r.sortOf(t), false, 0)
		x := r.vals[in.Name]
		r.out.Params = append(r.out.Params, x)
		args = append(args, val{c: r.constOf(t, x), s: in.Var})
	}
	res, err := r.call(ip.fn, args, token.NoPos)
	if err != nil || !ip.events {
		return err
	}
	if res.sl == nil {
		return &stop{kind: "unsupported", msg: "the handler table is nil", pos: ip.fn.Pos()}
	}
	var handlers []*ssa.Function
	for i := 0; i < res.sl.len; i++ {
		h := res.sl.obj.cells[res.sl.off+i].fn
		if h == nil {
			return &stop{kind: "unsupported", msg: fmt.Sprintf("handler %d is not a function declared in the program (closures are not supported)", i), pos: ip.fn.Pos()}
		}
		handlers = append(handlers, h)
	}
	for i := 0; i < ip.MaxEvents; i++ {
		in := ip.input("e|"+strconv.Itoa(i), ip.st.BitVecSort(64), true, len(handlers))
		t, ok := r.vals[in.Name]
		if !ok || t < -1 || t >= int64(len(handlers)) {
			t = -1
		}
		r.step(Step{Point: eventPoint(i), Event: true, EventVar: in.Var, Choices: len(handlers), Dir: int(t), Label: "event"}, false)
		ip.Taken["event|"+strconv.Itoa(int(t))] = true
		if t < 0 {
			break
		}
		r.out.Events = append(r.out.Events, int(t))
		r.ev = i
		if _, err := r.call(handlers[t], nil, token.NoPos); err != nil {
			return err
		}
		r.ev = -1
	}
	return nil
}

// set gives variable k the value v (a scalar). A variable this chunk read
// as its value at the last mark is not written in the same chunk: a mark
// comes first. So every read term of a chunk stands for a value the chunk
// leaves alone, and the chunk's terms mean the same relative to its start
// and to its end (a later mark, or the step whose condition they form).
func (r *run) set(k string, v val) {
	if r.readInChunk[k] {
		r.mark()
	}
	if _, ok := r.raw[k]; !ok {
		r.order = append(r.order, k)
	}
	r.vars[k], r.raw[k] = v.c, v.s
}

// get reads scalar variable k.
func (r *run) get(k string) (val, error) {
	c, ok := r.vars[k]
	if !ok {
		return val{}, fmt.Errorf("read of %s before it was set", k)
	}
	if s, ok := r.raw[k]; ok {
		return val{c: c, s: s}, nil
	}
	r.readInChunk[k] = true
	return val{c: c, s: r.ip.Read(k, r.ip.st.SortOf(c))}, nil
}

// drop forgets variable k (its frame returned).
func (r *run) drop(k string) {
	if r.readInChunk[k] {
		r.mark()
	}
	if _, ok := r.raw[k]; !ok {
		r.order = append(r.order, k)
	}
	delete(r.vars, k)
	r.raw[k] = term.NoTerm
}

// mark starts a new chunk where all paths that reach the next step agree
// on the code: after a block's phis, after a call returned. Later reads
// refer to the values here, so a step's raw condition is the same function
// of its node's store whichever in-edge a run came by (seed 001 §3.9
// item 1). The chunk's updates are composed onto the segment's.
func (r *run) mark() {
	for _, k := range r.order {
		rhs := r.raw[k]
		if rhs != term.NoTerm && len(r.pendSub) > 0 {
			rhs = r.ip.st.Substitute(rhs, r.pendSub)
		}
		if _, ok := r.pend[k]; !ok {
			r.pendOrder = append(r.pendOrder, k)
		}
		r.pend[k] = rhs
		if rhs == term.NoTerm {
			delete(r.pendSub, r.ip.reads[k])
		} else {
			r.pendSub[r.ip.Read(k, r.ip.st.SortOf(rhs))] = rhs
		}
	}
	r.order = r.order[:0]
	clear(r.raw)
	clear(r.readInChunk)
}

// flush returns the updates since the last step and starts a new segment.
func (r *run) flush() []Assign {
	r.mark()
	return r.takePend()
}

// takePend returns the updates from the last step to the last mark. A
// branch step takes only these: its node stands for the state at the last
// mark, which every path reaching it shares, and its condition is over
// that state; the updates of the current chunk (code after the mark, the
// same on every path) begin both outgoing edges.
func (r *run) takePend() []Assign {
	out := make([]Assign, 0, len(r.pendOrder))
	for _, k := range r.pendOrder {
		out = append(out, Assign{Var: k, RHS: r.pend[k]})
	}
	r.pendOrder = r.pendOrder[:0]
	clear(r.pend)
	clear(r.pendSub)
	return out
}

// step records a step. branch: a condition at the end of shared code
// (an if, a zero check), whose node is the state at the last mark; else
// (events) every update so far goes to the in-edge.
func (r *run) step(s Step, branch bool) {
	if branch {
		s.Assigns = r.takePend()
	} else {
		s.Assigns = r.flush()
	}
	s.Layout = r.layout()
	r.out.Trace.Steps = append(r.out.Trace.Steps, s)
}

// layout describes everything that is not a scalar term: frames, their
// non-scalar values and the objects they reach.
func (r *run) layout() string {
	var b strings.Builder
	fmt.Fprintf(&b, "ev%d", r.ev)
	frames := r.frames
	if r.ip.NoStack {
		frames = frames[len(frames)-1:]
	}
	for _, f := range frames {
		fmt.Fprintf(&b, "|%s:%d", f.fn, f.block.Index)
		var ks []string
		for v, x := range f.other {
			ks = append(ks, v.Name()+"="+x.describe())
		}
		sort.Strings(ks)
		b.WriteString(strings.Join(ks, ","))
	}
	return b.String()
}

func (v val) describe() string {
	switch {
	case v.fn != nil:
		return v.fn.String()
	case v.ptr != nil && v.ptr.obj != nil:
		return fmt.Sprintf("&o%d[%d]", v.ptr.obj.id, v.ptr.idx)
	case v.ptr != nil:
		return "&" + v.ptr.global
	case v.sl != nil:
		return fmt.Sprintf("o%d[%d:%d]", v.sl.obj.id, v.sl.off, v.sl.off+v.sl.len)
	case v.str != nil:
		return strconv.Quote(*v.str)
	}
	return "nil"
}

func (r *run) point(f *frame, block int, suffix string) merge.Point {
	var stack []string
	for _, g := range r.frames[:len(r.frames)-1] {
		if r.ip.NoStack {
			break
		}
		stack = append(stack, g.fn.String())
	}
	var it []string
	for _, g := range r.frames {
		if r.ip.NoIters {
			break
		}
		for _, l := range r.ip.loopsOf(g.fn).Loops {
			if l.Contains(g.block) {
				it = append(it, fmt.Sprintf("%s:b%d=%d", g.fn, l.Header.Index, g.iters[l]))
			}
		}
	}
	return merge.Point{Func: f.fn.String() + suffix, Block: block, Stack: strings.Join(stack, "/"), Event: r.ev, Iters: strings.Join(it, ",")}
}

func (ip *Interp) loopsOf(fn *ssa.Function) *merge.Points {
	p, ok := ip.loops[fn]
	if !ok {
		p = merge.Analyze(fn)
		ip.loops[fn] = p
	}
	return p
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func isScalar(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsBoolean) != 0
}

func isSigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned == 0
}

func width(t types.Type) uint32 {
	switch t.Underlying().(*types.Basic).Kind() {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 64
}

func (r *run) sortOf(t types.Type) term.Sort {
	if t.Underlying().(*types.Basic).Info()&types.IsBoolean != 0 {
		return r.ip.st.BoolSort()
	}
	return r.ip.st.BitVecSort(width(t))
}

func (r *run) constOf(t types.Type, x int64) term.Term {
	if t.Underlying().(*types.Basic).Info()&types.IsBoolean != 0 {
		return r.ip.st.Bool(x != 0)
	}
	w := width(t)
	return r.ip.st.Const(bv.New(w, uint64(x)&(^uint64(0)>>(64-w))))
}

func (r *run) zero(t types.Type) val {
	c := r.constOf(t, 0)
	return val{c: c, s: c}
}

func regKey(f *frame, v ssa.Value) string {
	return "r" + strconv.Itoa(f.depth) + ":" + f.fn.Name() + "." + v.Name()
}

// value evaluates an operand.
func (r *run) value(f *frame, v ssa.Value) (val, error) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return val{}, nil
		}
		if v.Value.Kind() == constant.String {
			s := constant.StringVal(v.Value)
			return val{str: &s}, nil
		}
		if !isScalar(v.Type()) {
			return val{}, fmt.Errorf("constant of type %s", v.Type())
		}
		var x int64
		if v.Value.Kind() == constant.Bool {
			if constant.BoolVal(v.Value) {
				x = 1
			}
		} else if i, ok := constant.Int64Val(v.Value); ok {
			x = i
		} else if u, ok := constant.Uint64Val(v.Value); ok {
			x = int64(u)
		}
		c := r.constOf(v.Type(), x)
		return val{c: c, s: c}, nil
	case *ssa.Function:
		return val{fn: v}, nil
	case *ssa.Global:
		return val{ptr: &pointer{global: "g:" + v.Name()}}, nil
	}
	if isScalar(v.Type()) {
		return r.get(regKey(f, v))
	}
	x, ok := f.other[v]
	if !ok {
		return val{}, fmt.Errorf("value %s is not available", v.Name())
	}
	return x, nil
}

// def gives SSA value v of frame f its value x.
func (r *run) def(f *frame, v ssa.Value, x val) {
	if isScalar(v.Type()) {
		k := regKey(f, v)
		if _, ok := r.vars[k]; !ok {
			f.keys = append(f.keys, k)
		}
		r.set(k, x)
		return
	}
	f.other[v] = x
}

func (r *run) call(fn *ssa.Function, args []val, pos token.Pos) (val, error) {
	if len(fn.Blocks) == 0 {
		return val{}, &stop{kind: "unsupported", msg: "call of " + fn.String() + " (no Go body)", pos: pos}
	}
	if len(r.frames) >= 1000 {
		return val{}, &stop{kind: "cut", msg: "call depth 1000", pos: pos}
	}
	r.ip.Entered[fn] = true
	f := &frame{fn: fn, depth: len(r.frames), other: map[ssa.Value]val{}, iters: map[*merge.Loop]int{}}
	r.frames = append(r.frames, f)
	for i, p := range fn.Params {
		r.def(f, p, args[i])
	}
	r.enter(f, fn.Blocks[0])
	return r.exec(f)
}

// enter moves frame f into block b: loop counters, coverage, phis.
func (r *run) enter(f *frame, b *ssa.BasicBlock) error {
	f.prev, f.block, f.pc = f.block, b, 0
	r.ip.Covered[b] = true
	for _, l := range r.ip.loopsOf(f.fn).Loops {
		if l.Header == b {
			if f.prev != nil && l.Contains(f.prev) {
				f.iters[l]++
			} else {
				f.iters[l] = 0
			}
		}
	}
	if f.prev == nil {
		return nil
	}
	edge := -1
	for i, p := range b.Preds {
		if p == f.prev {
			edge = i
		}
	}
	var phis []*ssa.Phi
	var vs []val
	for _, in := range b.Instrs {
		phi, ok := in.(*ssa.Phi)
		if !ok {
			break
		}
		x, err := r.value(f, phi.Edges[edge])
		if err != nil {
			return err
		}
		phis, vs = append(phis, phi), append(vs, x)
	}
	for i, phi := range phis {
		r.def(f, phi, vs[i])
	}
	f.pc = len(phis)
	r.mark()
	return nil
}

func (r *run) exec(f *frame) (val, error) {
	st := r.ip.st
	for {
		if r.steps++; r.steps > r.ip.MaxSteps {
			return val{}, &stop{kind: "cut", msg: "step limit"}
		}
		instr := f.block.Instrs[f.pc]
		f.pc++
		unsupported := func(what string) error {
			return &stop{kind: "unsupported", msg: what + " (" + instr.String() + ")", pos: instr.Pos()}
		}
		switch in := instr.(type) {
		case *ssa.DebugRef:
		case *ssa.Jump:
			if err := r.enter(f, f.block.Succs[0]); err != nil {
				return val{}, err
			}
		case *ssa.If:
			c, err := r.value(f, in.Cond)
			if err != nil {
				return val{}, err
			}
			dir := 0
			if c.c == st.True() {
				dir = 1
			}
			label := fmt.Sprintf("%s:%d", f.fn, f.block.Index)
			if r.initializing {
				if err := r.enter(f, f.block.Succs[1-dir]); err != nil {
					return val{}, err
				}
				break
			}
			r.step(Step{Point: r.point(f, f.block.Index, ""), Cond: c.s, Dir: dir, Label: label}, true)
			r.ip.Taken[label+"|"+strconv.Itoa(dir)] = true
			if err := r.enter(f, f.block.Succs[1-dir]); err != nil {
				return val{}, err
			}
		case *ssa.Return:
			var res val
			if len(in.Results) > 1 {
				return val{}, unsupported("multiple results")
			}
			if len(in.Results) == 1 {
				x, err := r.value(f, in.Results[0])
				if err != nil {
					return val{}, err
				}
				res = x
			}
			for _, k := range f.keys {
				r.drop(k)
			}
			r.frames = r.frames[:len(r.frames)-1]
			return res, nil
		case *ssa.Panic:
			msg := "panic"
			if mi, ok := in.X.(*ssa.MakeInterface); ok {
				if x, err := r.value(f, mi.X); err == nil && x.str != nil {
					msg = *x.str
				}
			}
			return val{}, &stop{kind: "panic", msg: msg, pos: in.Pos()}
		case *ssa.MakeInterface:
			x, err := r.value(f, in.X)
			if err != nil {
				return val{}, err
			}
			f.other[in] = x
		case *ssa.BinOp:
			x, err := r.value(f, in.X)
			if err != nil {
				return val{}, err
			}
			y, err := r.value(f, in.Y)
			if err != nil {
				return val{}, err
			}
			if x.s == term.NoTerm || y.s == term.NoTerm {
				return val{}, unsupported("operands of this type")
			}
			if in.Op == token.QUO || in.Op == token.REM {
				// The zero check is a branch like any other.
				zero := st.Const(bv.New(st.Width(st.SortOf(y.c)), 0))
				label := fmt.Sprintf("%s:%d:div%d", f.fn, f.block.Index, f.pc)
				dir := 1
				if y.c == zero {
					dir = 0
				}
				r.step(Step{Point: r.point(f, f.block.Index, "#"+strconv.Itoa(f.pc)), Cond: st.Not(st.Eq(y.s, zero)), Dir: dir, Label: label}, true)
				r.ip.Taken[label+"|"+strconv.Itoa(dir)] = true
				if dir == 0 {
					return val{}, &stop{kind: "panic", msg: "runtime error: integer divide by zero", pos: in.Pos()}
				}
			}
			c, err := binop(st, in.Op, in.X.Type(), x.c, y.c)
			if err != nil {
				return val{}, unsupported(err.Error())
			}
			s, _ := binop(st, in.Op, in.X.Type(), x.s, y.s)
			r.def(f, in, val{c: c, s: s})
		case *ssa.UnOp:
			x, err := r.value(f, in.X)
			if err != nil {
				return val{}, err
			}
			if in.Op == token.MUL {
				v, err := r.load(x.ptr, in.Type())
				if err != nil {
					return val{}, unsupported(err.Error())
				}
				r.def(f, in, v)
				break
			}
			if x.s == term.NoTerm {
				return val{}, unsupported("operand of this type")
			}
			var op term.Op
			switch in.Op {
			case token.NOT:
				op = term.OpNot
			case token.SUB:
				op = term.OpBVNeg
			case token.XOR:
				op = term.OpBVNot
			default:
				return val{}, unsupported("operator " + in.Op.String())
			}
			r.def(f, in, val{c: st.MustMake(op, nil, x.c), s: st.MustMake(op, nil, x.s)})
		case *ssa.Convert:
			x, err := r.value(f, in.X)
			if err != nil {
				return val{}, err
			}
			if !isScalar(in.X.Type()) || !isScalar(in.Type()) {
				return val{}, unsupported("conversion")
			}
			conv := func(t term.Term) term.Term {
				return convert(st, t, width(in.X.Type()), width(in.Type()), isSigned(in.X.Type()))
			}
			r.def(f, in, val{c: conv(x.c), s: conv(x.s)})
		case *ssa.ChangeType:
			x, err := r.value(f, in.X)
			if err != nil {
				return val{}, err
			}
			r.def(f, in, x)
		case *ssa.Store:
			p, err := r.value(f, in.Addr)
			if err != nil {
				return val{}, err
			}
			x, err := r.value(f, in.Val)
			if err != nil {
				return val{}, err
			}
			if err := r.store(p.ptr, x, deref(in.Addr.Type())); err != nil {
				return val{}, unsupported(err.Error())
			}
		case *ssa.Alloc:
			t := deref(in.Type())
			n := 1
			elem := t
			if a, ok := t.Underlying().(*types.Array); ok {
				n, elem = int(a.Len()), a.Elem()
			}
			r.nobj++
			o := &object{id: r.nobj, elem: elem, cells: make([]val, n)}
			if isScalar(elem) {
				for i := 0; i < n; i++ {
					r.set(cellKey(o, i), r.zero(elem))
				}
			}
			r.def(f, in, val{ptr: &pointer{obj: o}})
		case *ssa.IndexAddr:
			x, err := r.value(f, in.X)
			if err != nil {
				return val{}, err
			}
			i, err := r.value(f, in.Index)
			if err != nil {
				return val{}, err
			}
			k, ok := constInt(st, i.s)
			if !ok {
				return val{}, unsupported("index that is not a constant")
			}
			var o *object
			var off, n int
			switch {
			case x.ptr != nil && x.ptr.obj != nil:
				o, off, n = x.ptr.obj, 0, len(x.ptr.obj.cells)
			case x.sl != nil:
				o, off, n = x.sl.obj, x.sl.off, x.sl.len
			default:
				return val{}, unsupported("index of this value")
			}
			if k < 0 || int(k) >= n {
				return val{}, &stop{kind: "panic", msg: fmt.Sprintf("runtime error: index out of range [%d] with length %d", k, n), pos: in.Pos()}
			}
			r.def(f, in, val{ptr: &pointer{obj: o, idx: off + int(k)}})
		case *ssa.Slice:
			x, err := r.value(f, in.X)
			if err != nil {
				return val{}, err
			}
			if x.ptr == nil || x.ptr.obj == nil || in.Low != nil || in.High != nil || in.Max != nil {
				return val{}, unsupported("slice expression")
			}
			r.def(f, in, val{sl: &slice{obj: x.ptr.obj, len: len(x.ptr.obj.cells)}})
		case *ssa.Call:
			res, err := r.callInstr(f, in)
			if err != nil {
				return val{}, err
			}
			if in.Type() != nil && !isTuple0(in.Type()) {
				r.def(f, in, res)
			}
			r.mark()
		default:
			return val{}, unsupported("instruction")
		}
	}
}

func isTuple0(t types.Type) bool {
	tu, ok := t.(*types.Tuple)
	return ok && tu.Len() == 0
}

func cellKey(o *object, i int) string { return "o" + strconv.Itoa(o.id) + "[" + strconv.Itoa(i) + "]" }

func (r *run) load(p *pointer, t types.Type) (val, error) {
	switch {
	case p == nil:
		return val{}, fmt.Errorf("load through a nil or unknown pointer")
	case p.global != "":
		if !isScalar(t) {
			return val{}, fmt.Errorf("global of type %s", t)
		}
		return r.get(p.global)
	case isScalar(t):
		return r.get(cellKey(p.obj, p.idx))
	}
	return p.obj.cells[p.idx], nil
}

func (r *run) store(p *pointer, x val, t types.Type) error {
	switch {
	case p == nil:
		return fmt.Errorf("store through a nil or unknown pointer")
	case p.global != "":
		if !isScalar(t) {
			return fmt.Errorf("global of type %s", t)
		}
		r.set(p.global, x)
	case isScalar(t):
		r.set(cellKey(p.obj, p.idx), x)
	default:
		p.obj.cells[p.idx] = x
	}
	return nil
}

func (r *run) callInstr(f *frame, in *ssa.Call) (val, error) {
	com := in.Common()
	if com.IsInvoke() {
		return val{}, &stop{kind: "unsupported", msg: "interface method call (" + in.String() + ")", pos: in.Pos()}
	}
	var args []val
	for _, a := range com.Args {
		x, err := r.value(f, a)
		if err != nil {
			return val{}, err
		}
		args = append(args, x)
	}
	if b, ok := com.Value.(*ssa.Builtin); ok {
		if b.Name() == "len" && len(args) == 1 && args[0].sl != nil {
			c := r.constOf(types.Typ[types.Int], int64(args[0].sl.len))
			return val{c: c, s: c}, nil
		}
		return val{}, &stop{kind: "unsupported", msg: "builtin " + b.Name() + " (" + in.String() + ")", pos: in.Pos()}
	}
	cv, err := r.value(f, com.Value)
	if err != nil {
		return val{}, err
	}
	fn := cv.fn
	if fn == nil {
		return val{}, &stop{kind: "unsupported", msg: "call of a closure or nil function (" + in.String() + ")", pos: in.Pos()}
	}
	if fn.Name() == "init" && fn.Pkg != r.ip.fn.Pkg && fn.Parent() == nil {
		return val{}, nil // other packages' initializers: only the entry's package is interpreted
	}
	if fn.Pkg != nil && fn.Pkg.Pkg.Path() == HarnessPath {
		if r.initializing {
			return val{}, &stop{kind: "unsupported", msg: "harness." + fn.Name() + " in a package initializer", pos: in.Pos()}
		}
		switch fn.Name() {
		case "Int", "Rand":
			pp := r.point(f, f.block.Index, "@"+strconv.Itoa(f.pc))
			key := fmt.Sprintf("%s|%d|%s|ev%d|%s", pp.Func, pp.Block, pp.Stack, pp.Event, pp.Iters)
			name := "in|" + key + "|#" + strconv.Itoa(r.occ[key])
			r.occ[key]++
			inp := r.ip.input(name, r.ip.st.BitVecSort(64), false, 0)
			if fn.Name() == "Rand" {
				inp.Ranged, inp.Lo, inp.Hi = true, 0, 1<<53-1
			}
			x := r.vals[name]
			r.out.Fed = append(r.out.Fed, x)
			return val{c: r.constOf(types.Typ[types.Int], x), s: inp.Var}, nil
		case "Mark":
			if len(args) == 1 && args[0].str != nil {
				r.out.Marks = append(r.out.Marks, *args[0].str)
				return val{}, nil
			}
			return val{}, &stop{kind: "unsupported", msg: "harness.Mark wants a constant string", pos: in.Pos()}
		}
		return val{}, &stop{kind: "unsupported", msg: "harness." + fn.Name() + " inside the program", pos: in.Pos()}
	}
	return r.call(fn, args, in.Pos())
}

func constInt(st *term.Store, t term.Term) (int64, bool) {
	if t == term.NoTerm || st.Op(t) != term.OpBVConst {
		return 0, false
	}
	v := st.Value(t)
	u, ok := v.Uint64()
	if !ok {
		return 0, false
	}
	w := v.Width()
	if w < 64 && u>>(w-1)&1 == 1 {
		u |= ^uint64(0) << w
	}
	return int64(u), true
}

func convert(st *term.Store, t term.Term, from, to uint32, signed bool) term.Term {
	switch {
	case to < from:
		return st.MustMake(term.OpExtract, []uint32{to - 1, 0}, t)
	case to > from && signed:
		return st.MustMake(term.OpSignExtend, []uint32{to - from}, t)
	case to > from:
		return st.MustMake(term.OpZeroExtend, []uint32{to - from}, t)
	}
	return t
}

// binop builds Go's binary operator op on operands of type t.
func binop(st *term.Store, op token.Token, t types.Type, x, y term.Term) (term.Term, error) {
	if t.Underlying().(*types.Basic).Info()&types.IsBoolean != 0 {
		switch op {
		case token.EQL:
			return st.Eq(x, y), nil
		case token.NEQ:
			return st.Not(st.Eq(x, y)), nil
		}
		return term.NoTerm, fmt.Errorf("boolean operator %s", op)
	}
	signed := isSigned(t)
	pick := func(s, u term.Op) term.Op {
		if signed {
			return s
		}
		return u
	}
	mk := func(o term.Op, a, b term.Term) term.Term { return st.MustMake(o, nil, a, b) }
	switch op {
	case token.ADD:
		return mk(term.OpBVAdd, x, y), nil
	case token.SUB:
		return mk(term.OpBVSub, x, y), nil
	case token.MUL:
		return mk(term.OpBVMul, x, y), nil
	case token.QUO:
		return mk(pick(term.OpBVSdiv, term.OpBVUdiv), x, y), nil
	case token.REM:
		return mk(pick(term.OpBVSrem, term.OpBVUrem), x, y), nil
	case token.AND:
		return mk(term.OpBVAnd, x, y), nil
	case token.OR:
		return mk(term.OpBVOr, x, y), nil
	case token.XOR:
		return mk(term.OpBVXor, x, y), nil
	case token.AND_NOT:
		return mk(term.OpBVAnd, x, st.MustMake(term.OpBVNot, nil, y)), nil
	case token.SHL, token.SHR:
		wx, wy := st.Width(st.SortOf(x)), st.Width(st.SortOf(y))
		// Go: a count of at least the width shifts everything out.
		if wy > wx {
			lim := st.Const(bv.New(wy, uint64(wx)))
			y = st.Ite(mk(term.OpBVUge, y, lim), lim, y)
		}
		y = convert(st, y, wy, wx, false)
		if op == token.SHL {
			return mk(term.OpBVShl, x, y), nil
		}
		return mk(pick(term.OpBVAshr, term.OpBVLshr), x, y), nil
	case token.EQL:
		return st.Eq(x, y), nil
	case token.NEQ:
		return st.Not(st.Eq(x, y)), nil
	case token.LSS:
		return mk(pick(term.OpBVSlt, term.OpBVUlt), x, y), nil
	case token.LEQ:
		return mk(pick(term.OpBVSle, term.OpBVUle), x, y), nil
	case token.GTR:
		return mk(pick(term.OpBVSgt, term.OpBVUgt), x, y), nil
	case token.GEQ:
		return mk(pick(term.OpBVSge, term.OpBVUge), x, y), nil
	}
	return term.NoTerm, fmt.Errorf("operator %s", op)
}
