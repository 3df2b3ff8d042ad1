package symex

import (
	"errors"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/svi"
	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// Ite loops: a loop without effects (no stores, calls, allocations or
// channel operations, only arithmetic, loads and branches) is run once for
// all its paths instead of forking at each of its branches. Its paths are
// walked depth-first without asking the solver, and their results at the
// loop's exit become ite terms over the branch conditions: the loop is
// if-converted. A binary search over a constant sorted table (unicode's
// and strconv's tables) thus becomes one term of the key, a tree of
// comparisons the solver decides as a range membership, where forking
// made one path per table entry that the key could reach.
//
// The summary is exact: every path of the loop is in the tree but those
// the path's value sets rule out (the tree's value is the loop's on every
// input of the path). Paths that leave by several exits fork among them.
// The walk gives up (and the loop runs as any other) when the header's
// test is symbolic (a trip count of the inputs, a loop over an input's
// bytes: merging's business), a run-time check inside the loop depends on
// the inputs, a path would panic, values that are not scalars differ
// between paths, or the walk passes maxIteLeaves paths or maxIteSteps
// instructions. Decisions inside such a loop are not part of the path's
// trace in any mode (traced), so a concrete replay, which walks one path
// of the loop, repeats the trace of a path that summarized it.
//
// The walk decides with value sets whether or not the run's are on
// (Options.NoValueSets turns off a way of answering queries, not the
// summary): with them off it narrows sets of its own from the path
// constraint, so the loops summarized, and the paths explored, do not
// depend on the switch.

const (
	maxIteLeaves = 1 << 11
	maxIteSteps  = 1 << 18
	// iteGiveUps: a loop whose walk gave up this many times on its
	// limits is not walked again in the run (its walks are wasted work).
	iteGiveUps = 3
)

// iteLoop is a loop without effects, outermost among such loops.
type iteLoop struct {
	loop *merge.Loop
	// outs are the values defined in the loop that are used outside it.
	outs    []ssa.Value
	giveUps int
}

// iteFunc is the ite loops of one function, by block index.
type iteFunc struct {
	of []*iteLoop
}

// errIteGiveUp ends a walk: the loop runs path by path. errIteNotTable
// ends it at once, on a loop that tests a symbolic condition at its
// header: its trip count depends on the inputs.
var (
	errIteGiveUp   = errors.New("ite loop: give up")
	errIteNotTable = errors.New("ite loop: symbolic trip count")
)

// iteLoops returns fn's ite loops, analysing fn once.
func (e *Executor) iteLoops(fn *ssa.Function) *iteFunc {
	if f, ok := e.ites[fn]; ok {
		return f
	}
	if e.ites == nil {
		e.ites = map[*ssa.Function]*iteFunc{}
	}
	f := &iteFunc{of: make([]*iteLoop, len(fn.Blocks))}
	for _, l := range merge.Analyze(fn).Loops {
		if !pureLoop(fn, l) {
			continue
		}
		size := blocksIn(fn, l)
		for _, b := range fn.Blocks {
			if l.Contains(b) && (f.of[b.Index] == nil || blocksIn(fn, f.of[b.Index].loop) < size) {
				f.of[b.Index] = &iteLoop{loop: l, outs: loopOuts(fn, l)}
			}
		}
	}
	// One iteLoop per loop: blocks of the same outermost loop share it.
	byLoop := map[*merge.Loop]*iteLoop{}
	for i, il := range f.of {
		if il == nil {
			continue
		}
		if prev, ok := byLoop[il.loop]; ok {
			f.of[i] = prev
		} else {
			byLoop[il.loop] = il
		}
	}
	e.ites[fn] = f
	return f
}

func blocksIn(fn *ssa.Function, l *merge.Loop) int {
	n := 0
	for _, b := range fn.Blocks {
		if l.Contains(b) {
			n++
		}
	}
	return n
}

// pureLoop reports whether every instruction of l is one the walk runs:
// no effect on memory, no call but len, cap, min, max and calls of
// functions (a callee's purity is checked where the walk enters it,
// loopite_call.go).
func pureLoop(fn *ssa.Function, l *merge.Loop) bool {
	for _, b := range fn.Blocks {
		if !l.Contains(b) {
			continue
		}
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Phi, *ssa.If, *ssa.Jump, *ssa.BinOp, *ssa.IndexAddr, *ssa.FieldAddr,
				*ssa.Index, *ssa.Field, *ssa.ChangeType, *ssa.Extract, *ssa.DebugRef:
			case *ssa.UnOp:
				if in.Op == token.ARROW {
					return false
				}
			case *ssa.Lookup:
				if _, isMap := in.X.Type().Underlying().(*types.Map); isMap {
					return false
				}
			case *ssa.Convert:
				if !numeric(in.Type()) || !numeric(in.X.Type()) {
					return false
				}
			case *ssa.Call:
				if !pureCall(in) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

func numeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsBoolean) != 0
}

// loopOuts lists the values defined in l that an instruction outside l
// uses.
func loopOuts(fn *ssa.Function, l *merge.Loop) []ssa.Value {
	var outs []ssa.Value
	for _, b := range fn.Blocks {
		if !l.Contains(b) {
			continue
		}
		for _, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok || v.Referrers() == nil {
				continue
			}
			for _, r := range *v.Referrers() {
				if r.Block() != nil && !l.Contains(r.Block()) {
					outs = append(outs, v)
					break
				}
			}
		}
	}
	return outs
}

// inIteLoop reports whether s runs in an ite loop, whose decisions are
// left out of the trace: its top frame, or a caller whose call from such
// a loop is running (a walk summarizes the calls of its loop).
func (e *Executor) inIteLoop(s *State) bool {
	if e.opts.NoIteLoops {
		return false
	}
	for i := len(s.frames) - 1; i >= 0; i-- {
		if f := s.frames[i]; f.block != nil && e.iteLoops(f.fn).of[f.block.Index] != nil {
			return true
		}
	}
	return false
}

// iteNode is the walk's tree: a split on condition c (t its true side)
// or, with c NoTerm, a path that left the loop on the edge from→to with
// vals, the loop's outs and then to's phis.
type iteNode struct {
	c        term.Term
	t, f     *iteNode
	from, to *ssa.BasicBlock
	vals     []Value
}

// iteWalk is one summary under way.
type iteWalk struct {
	e      *Executor
	il     *iteLoop
	s      *State     // a copy of the state with its own top frame
	vs     *valueSets // the run's, or the walk's own (walkSets)
	ev     *term.Evaluator
	leaves int
	steps  int
	// covered are the blocks on the model's path; reach, for the other
	// blocks not covered yet, the conditions of some walk paths that
	// reach them (conjunctions of lits, the current path's decisions).
	covered []*ssa.BasicBlock
	reach   map[*ssa.BasicBlock][]term.Term
	lits    []term.Term
	onModel bool
	// covering: the run counts coverage (the walk's brancher hides the
	// mode).
	covering bool
	// base is the number of frames with the loop's on top; inCall, when
	// not 0, the number with the callee being summarized on top
	// (loopite_call.go).
	base, inCall int
	// checks counts the solver's checks (iteBrancher); called is set
	// once the walk summarized a call.
	checks int
	called bool
}

// maxReach bounds the conditions kept per block.
const maxReach = 4

// iteEnter runs the ite loop that the jump from→to of s's top frame
// enters, when to is one's header and the walk succeeds: the frame is
// then past the loop's exit block's phis, ok is true and exit is the loop
// block the frame left. Paths leaving by several exits fork among them
// (untraced decisions, as inside the loop), the fork's clone walking the
// loop again when it replays the jump.
func (e *Executor) iteEnter(s *State, from, to *ssa.BasicBlock) (exit *ssa.BasicBlock, ok bool, err error) {
	if e.opts.NoIteLoops || e.follow != nil || len(e.initSnaps) > 0 {
		return nil, false, nil
	}
	f := s.top()
	il := e.iteLoops(f.fn).of[to.Index]
	if il == nil || il.loop.Header != to || il.loop.Contains(from) {
		return nil, false, nil
	}
	if r := s.iteReplay; r != nil {
		s.iteReplay = nil
		if len(s.forced) > 0 && r.fn == f.fn && r.from == from && r.to == to {
			return e.iteExit(s, il, r)
		}
	}
	if il.giveUps >= iteGiveUps && len(s.forced) == 0 { // a replaying clone walks as its original did
		return nil, false, nil
	}
	w := &iteWalk{e: e, il: il, onModel: s.model != nil, covering: !e.noCover && e.forking()}
	w.s = new(State)
	*w.s = *s
	w.s.frames = append([]*frame(nil), s.frames...)
	top := *f
	top.env = maps.Clone(f.env)
	w.s.frames[len(w.s.frames)-1] = &top
	w.base = len(w.s.frames)
	n, err := e.phis(w.s, from, to)
	if err != nil {
		return nil, false, err
	}
	top.prev, top.block, top.pc = from, to, n
	if s.model != nil {
		w.ev = term.NewEvaluator(e.st, s.model)
	}
	w.vs = e.walkSets(w.s)
	br := e.br
	e.br = iteBrancher{w}
	root, err := w.walk(true)
	e.br = br
	s.steps += w.steps
	e.stats.Steps += int64(w.steps)
	if err != nil {
		switch err {
		case errIteGiveUp:
			il.giveUps++
		case errIteNotTable:
			il.giveUps = iteGiveUps
		}
		return nil, false, nil
	}
	r := &iteDone{fn: f.fn, from: from, to: to, root: root}
	root.exits(&r.exits)
	r.by = make([]iteLeaving, len(r.exits))
	for k, x := range r.exits {
		if r.by[k].from, r.by[k].vals, _, ok = e.iteFold(root, x); !ok {
			il.giveUps++
			return nil, false, nil
		}
	}
	e.cover(to)
	if err := w.cover(s); err != nil {
		return nil, false, err
	}
	return e.iteExit(s, il, r)
}

// iteDone is a finished walk of the loop that the jump from→to of fn
// enters: its tree, exits and the values leaving by each. A fork's clone
// among the exits replays the jump with the walk its original made, not
// a new one: the clone's value sets hold the other side's literal
// already, which can prune exits of a new walk and leave its forced
// decisions unused.
type iteDone struct {
	fn       *ssa.Function
	from, to *ssa.BasicBlock
	root     *iteNode
	exits    []*ssa.BasicBlock
	by       []iteLeaving
}

// iteLeaving is the block a walk leaves the loop from towards one exit,
// with the loop's outs and then the exit's phis.
type iteLeaving struct {
	from *ssa.BasicBlock
	vals []Value
}

// iteExit takes s's top frame out of the walked loop r by one of its
// exits, forking among them (the clones keep r for their replay).
func (e *Executor) iteExit(s *State, il *iteLoop, r *iteDone) (*ssa.BasicBlock, bool, error) {
	f := s.top()
	k := 0
	for ; k < len(r.exits)-1; k++ {
		queued := len(e.pending)
		d, err := e.branchAt(s, e.iteGuard(r.root, r.exits[k]), siteBound)
		if err != nil {
			return nil, false, err
		}
		for _, c := range e.pending[queued:] {
			c.iteReplay = r
		}
		if d {
			break
		}
	}
	x, by := r.exits[k], r.by[k]
	for i, v := range il.outs {
		f.env[v] = by.vals[i]
	}
	n := 0
	for _, instr := range x.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		f.env[phi] = by.vals[len(il.outs)+n]
		n++
	}
	f.prev, f.block, f.pc = by.from, x, n
	e.cover(x)
	e.stats.IteLoops++
	return by.from, true, nil
}

// exits appends the exit blocks of n's paths not in out yet, in the
// walk's order.
func (n *iteNode) exits(out *[]*ssa.BasicBlock) {
	if n.c != term.NoTerm {
		n.t.exits(out)
		n.f.exits(out)
		return
	}
	if !slices.Contains(*out, n.to) {
		*out = append(*out, n.to)
	}
}

// iteFold joins the values of n's paths that leave to exit x: has says
// some path does, ok that their values joined.
func (e *Executor) iteFold(n *iteNode, x *ssa.BasicBlock) (from *ssa.BasicBlock, vals []Value, has, ok bool) {
	if n.c == term.NoTerm {
		return n.from, n.vals, n.to == x, true
	}
	tf, tv, th, ok := e.iteFold(n.t, x)
	if !ok {
		return nil, nil, false, false
	}
	ff, fv, fh, ok := e.iteFold(n.f, x)
	switch {
	case !ok:
		return nil, nil, false, false
	case !th:
		return ff, fv, fh, true
	case !fh:
		return tf, tv, th, true
	}
	vals = make([]Value, len(tv))
	for i := range vals {
		if vals[i], ok = e.iteJoin(n.c, tv[i], fv[i]); !ok {
			return nil, nil, false, false
		}
	}
	return tf, vals, true, true
}

// iteGuard is the condition under which n's paths leave to exit x.
func (e *Executor) iteGuard(n *iteNode, x *ssa.BasicBlock) term.Term {
	if n.c == term.NoTerm {
		return e.st.Bool(n.to == x)
	}
	t, f := e.iteGuard(n.t, x), e.iteGuard(n.f, x)
	if t == f {
		return t
	}
	return e.st.Ite(n.c, t, f)
}

// walk runs the walk's state from its top frame's position to the loop's
// exits on every path, onModel telling whether the path so far is the
// model's.
func (w *iteWalk) walk(onModel bool) (*iteNode, error) {
	e, s := w.e, w.s
	for {
		f := s.top()
		if w.steps++; w.steps > maxIteSteps {
			return nil, errIteGiveUp
		}
		instr := f.block.Instrs[f.pc]
		var to *ssa.BasicBlock
		switch in := instr.(type) {
		case *ssa.Jump:
			to = f.block.Succs[0]
		case *ssa.If:
			c, err := e.scalar(s, in.Cond)
			if err != nil {
				return nil, err
			}
			switch c {
			case e.st.True():
				to = f.block.Succs[0]
			case e.st.False():
				to = f.block.Succs[1]
			default:
				if w.inCall == 0 && f.block == w.il.loop.Header {
					// A trip count of the inputs (a loop over an
					// input's bytes): merging's business, and the
					// walk's tree would grow with every iteration.
					return nil, errIteNotTable
				}
				// The path's value sets prune the sides no input of
				// the path takes (a trip count past the length bound).
				switch w.vs.decide(w.s, c) {
				case svi.Always:
					to = f.block.Succs[0]
				case svi.Never:
					to = f.block.Succs[1]
				default:
					return w.split(c, onModel)
				}
			}
		case *ssa.Return:
			return w.returned(in)
		default:
			n := len(s.frames)
			advance, err := e.safeExec(s, instr)
			if err != nil {
				return nil, err
			}
			if call, ok := instr.(*ssa.Call); ok && !builtinCall(call) {
				if len(s.frames) != n+1 {
					return nil, errIteGiveUp // a model, intrinsic or native: effects unknown
				}
				if err := w.summarize(); err != nil {
					return nil, err
				}
				continue
			}
			if !advance || len(s.frames) != n {
				return nil, errIteGiveUp
			}
			f.pc++
			continue
		}
		if next, err := w.step(f.block, to); next != nil || err != nil {
			return next, err
		}
	}
}

// step takes the edge from→to: a leaf when it leaves the loop, else the
// frame moves on (nil, nil).
func (w *iteWalk) step(from, to *ssa.BasicBlock) (*iteNode, error) {
	if w.inCall == 0 && !w.il.loop.Contains(to) {
		return w.leave(from, to)
	}
	n, err := w.e.phis(w.s, from, to)
	if err != nil {
		return nil, err
	}
	f := w.s.top()
	f.prev, f.block, f.pc = from, to, n
	w.visit(to)
	return nil, nil
}

// visit records that the current walk path reaches b.
func (w *iteWalk) visit(b *ssa.BasicBlock) {
	if w.onModel {
		w.covered = append(w.covered, b)
		return
	}
	e := w.e
	if !w.covering || e.cov.covered(b) || len(w.reach[b]) >= maxReach {
		return
	}
	if w.reach == nil {
		w.reach = map[*ssa.BasicBlock][]term.Term{}
	}
	w.reach[b] = append(w.reach[b], e.st.And(append([]term.Term{e.st.True()}, w.lits...)...))
}

// cover covers the blocks the walk's paths reach: those of the model's
// path, then each other block not covered yet whose paths' conditions
// the solver finds satisfiable with s's path constraint.
func (w *iteWalk) cover(s *State) error {
	e := w.e
	if !w.covering {
		return nil
	}
	for _, b := range w.covered {
		e.cover(b)
	}
	for b, conds := range w.reach {
		if e.cov.covered(b) {
			continue
		}
		st, _, err := e.check(s, e.st.Or(conds...))
		if err != nil {
			return err
		}
		if st == smtlib.Sat {
			e.cover(b)
		}
	}
	return nil
}

// split walks both sides of an If on the symbolic condition c.
func (w *iteWalk) split(c term.Term, onModel bool) (*iteNode, error) {
	f := w.s.top()
	modelSide := true
	if w.ev == nil || !onModel {
		onModel = false
	} else if d, err := w.ev.EvalBool(c); err == nil {
		modelSide = d
	} else {
		onModel = false
	}
	saved, block := f.env, f.block
	sets, parts := w.s.sets, w.s.parts
	lits := w.lits
	var x [2]*iteNode
	for k, side := range [2]bool{true, false} {
		f.env = maps.Clone(saved)
		w.s.sets, w.s.parts = sets, parts
		lit := c
		if !side {
			lit = w.e.st.Not(c)
		}
		w.lits = append(lits[:len(lits):len(lits)], lit)
		w.onModel = onModel && modelSide == side
		w.vs.assume(w.s, lit)
		if w.s.sets.Empty() {
			continue // no input of the path takes this side
		}
		n, err := w.step(block, block.Succs[1-b2i(side)])
		if err == nil && n == nil {
			n, err = w.walk(w.onModel)
		}
		if err != nil {
			return nil, err
		}
		x[k] = n
	}
	switch {
	case x[0] == nil && x[1] == nil:
		return nil, errIteGiveUp // the sets are empty: cannot be on a live path
	case x[0] == nil:
		return x[1], nil
	case x[1] == nil:
		return x[0], nil
	}
	return &iteNode{c: c, t: x[0], f: x[1]}, nil
}

// leave ends one path of the walk on the edge from→to out of the loop.
func (w *iteWalk) leave(from, to *ssa.BasicBlock) (*iteNode, error) {
	if w.leaves++; w.leaves > maxIteLeaves || w.called && w.leaves > maxIteCallLeaves {
		return nil, errIteGiveUp
	}
	s := w.s
	x := &iteNode{from: from, to: to, vals: make([]Value, 0, len(w.il.outs))}
	for _, v := range w.il.outs {
		val, ok := s.top().env[v]
		if !ok {
			return nil, errIteGiveUp // not defined on this path
		}
		x.vals = append(x.vals, val)
	}
	pred := slices.Index(to.Preds, from)
	for _, instr := range to.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		v, err := w.e.value(s, phi.Edges[pred])
		if err != nil {
			return nil, err
		}
		x.vals = append(x.vals, v)
	}
	return x, nil
}

// iteJoin is ite(c, a, b) for two values of one SSA value: the same
// value stays, scalars, structs and strings join as iteValue does.
func (e *Executor) iteJoin(c term.Term, a, b Value) (Value, bool) {
	if sameValue(a, b) {
		return a, true
	}
	v, err := e.iteValue(c, a, b)
	return v, err == nil
}

// walkSets returns the value sets a walk from s decides with, setting s's
// (a copy of the path's state) when the run keeps none: the run's when
// value sets are on, else the executor's walk tracker, with the sets of
// s's path constraint. Rebuilt from the constraint, they are what a run
// with value sets on keeps on a path that no merge made.
func (e *Executor) walkSets(s *State) *valueSets {
	if e.vs != nil {
		return e.vs
	}
	if e.iteVS == nil {
		e.iteVS = newValueSets(e.st)
	}
	s.sets, s.parts = nil, nil
	for _, c := range s.pc {
		s.sets = e.iteVS.tr.Assume(s.sets, c)
	}
	return e.iteVS
}

// iteBrancher decides the run-time checks inside a walk: constants and
// what the walk's value sets settle, then, for a check they leave open
// (a bound of the form i+min(n, k) the sets do not see through), the
// solver: the check holds when its failure is unsatisfiable under the
// path constraint and the walk path's decisions. Nothing is traced (the
// loop's decisions are not the path's). A check that may fail ends the
// walk.
type iteBrancher struct{ w *iteWalk }

// maxIteChecks bounds the solver's checks per walk; maxIteArms the ites
// whose arms decide splits.
const (
	maxIteChecks = 1 << 13
	maxIteArms   = 3
)

// decide decides c by the walk's sets (the path's, narrowed by the walk's
// decisions) and by the walk path's decisions themselves (a literal the
// sets cannot hold, as i < min(n, k), is still known where the walk
// split on it); a conjunction conjunct by conjunct; and a c the sets
// leave open by the arms of an ite inside it, up to depth ites: c holds
// (fails) where it holds (fails) with the ite replaced by either arm.
func (w *iteWalk) decide(s *State, c term.Term, depth int) svi.Verdict {
	st := w.e.st
	switch {
	case c == st.True() || slices.Contains(w.lits, c):
		return svi.Always
	case c == st.False() || slices.Contains(w.lits, st.Not(c)):
		return svi.Never
	}
	if st.Op(c) == term.OpAnd {
		out := svi.Always
		for _, a := range st.Args(c) {
			switch w.decide(s, a, depth) {
			case svi.Never:
				return svi.Never
			case svi.Always:
			default:
				out = svi.Split
			}
		}
		if out == svi.Always {
			return out
		}
	}
	out := w.vs.decide(s, c)
	if out == svi.Always || out == svi.Never || depth == 0 {
		return out
	}
	ite := term.NoTerm
	st.Walk([]term.Term{c}, func(t term.Term) bool {
		if st.Op(t) == term.OpIte {
			ite = t
			return true
		}
		return false
	})
	if ite == term.NoTerm {
		return out
	}
	a := w.decide(s, st.Substitute(c, map[term.Term]term.Term{ite: st.Arg(ite, 1)}), depth-1)
	if a != svi.Always && a != svi.Never {
		return out
	}
	if b := w.decide(s, st.Substitute(c, map[term.Term]term.Term{ite: st.Arg(ite, 2)}), depth-1); b == a {
		return a
	}
	return out
}

func (b iteBrancher) branch(s *State, c term.Term, at site) (bool, error) {
	w := b.w
	switch c {
	case w.vs.st.True():
		return true, nil
	case w.vs.st.False():
		return false, nil
	}
	switch w.decide(s, c, maxIteArms) {
	case svi.Always:
		return true, nil
	case svi.Never:
		return false, nil
	}
	if w.checks++; w.checks > maxIteChecks {
		return false, errIteGiveUp
	}
	e := w.e
	st, _, err := e.check(s, e.st.And(append([]term.Term{e.st.Not(c)}, w.lits...)...))
	if err != nil {
		return false, err
	}
	if st == smtlib.Unsat {
		return true, nil
	}
	return false, errIteGiveUp
}
