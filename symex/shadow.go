package symex

import (
	"fmt"
	"sort"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex/merge"
	"github.com/sift-solver/sift/term"
)

// The symbolic shadow of a follow run, for concolic mode's execution DAG
// (seed 001 §3.9 item 1). Every cell of the state (a term leaf, as the
// merge walk of mergeview.go flattens it) is a store variable, named by
// where it lives: an SSA value of a frame, a global, an object, and the
// position inside its value. What is not a cell is the layout.
//
// A mark comes where every path that reaches the next step runs the same
// code: after a block's phis and after a call returned. At a mark, each
// variable whose term changed since the last mark gets an update (over the
// reads of the last step, composed with the updates since), and every
// variable's term becomes its own read term, Read(name), whose value is
// bound to the variable's concrete value. So the run computes terms over
// the inputs and the reads of the last mark, concrete values are those
// terms evaluated under the inputs and the reads' values, and a step's
// condition is a function of the store at the last mark, the same whichever
// path reached the step's node. A variable that disappears (its frame
// returned, or no path reads it any more) is dropped.
type shadow struct {
	// pend are the updates from the last step to the last mark, over the
	// reads at the last step, in order; pendSub maps the reads of the
	// variables they update to them.
	pend      map[string]term.Term
	pendOrder []string
	pendSub   map[term.Term]term.Term
	// marked are the frames at the last mark.
	marked []markedFrame
}

func newShadow() shadow {
	return shadow{pend: map[string]term.Term{}, pendSub: map[term.Term]term.Term{}}
}

// cellKey is where a cell lives: its variable and its position inside the
// variable's value.
type cellKey struct {
	v    merge.VarID
	path string
}

// cellName is a store variable: its name and its read term.
type cellName struct {
	name string
	read term.Term
}

// nameOf names cell c: a frame's value by the frame's depth, its function
// and its place in the function's order, a global by its name, an object
// by its id; then the position inside the value.
func (r *FollowRun) nameOf(c merge.Cell) *cellName {
	ft := r.e.ft
	k := cellKey{c.Var, c.Path}
	n := ft.names[k]
	srt := r.e.st.SortOf(c.T)
	if n != nil && r.e.st.SortOf(n.read) == srt {
		return n
	}
	var name string
	switch v := c.Var; {
	case v.Frame >= 0 && v.Value != nil:
		fn := v.Value.Parent()
		name = "r" + strconv.Itoa(v.Frame) + ":" + fn.String() + "#" + strconv.Itoa(ft.walk.orderOf(fn)[v.Value].rank) + c.Path
	case v.Frame >= 0:
		name = "r" + strconv.Itoa(v.Frame) + ":" + c.Path
	case r.e.globalOf[v.Obj] != nil:
		name = "g:" + r.e.globalOf[v.Obj].RelString(r.e.prog.Fn.Pkg.Pkg) + c.Path
	default:
		name = "o" + strconv.Itoa(v.Obj) + c.Path
	}
	n = &cellName{name: name, read: Read(r.e.st, name, srt)}
	ft.names[k] = n
	return n
}

// flattener walks the run's state as the shadow sees it.
func (r *FollowRun) flattener() *flattener {
	return &flattener{e: r.e, t: &r.e.ft.walk, st: r.e.st, follow: true}
}

// markedFrame is a frame at the last mark and where it was then.
type markedFrame struct {
	f     *frame
	block *ssa.BasicBlock
	pc    int
}

// mark records the updates since the last mark and rebases the state on
// the reads (see shadow). Between two marks only the top frame runs, and a
// jump is a mark: so the values that can have changed are those of the
// frames pushed since, those the instructions since the last mark defined
// (from block from, when the top frame just jumped from it, then the
// phis), and the objects written since (State.dirty). A frame popped since
// drops its values.
func (r *FollowRun) mark(from *ssa.BasicBlock) error {
	st := r.e.st
	type change struct {
		n *cellName
		t term.Term
	}
	var changes []change
	fl := r.flattener()
	fl.mapCell = func(c merge.Cell) term.Term {
		n := r.nameOf(c)
		if c.T != n.read {
			changes = append(changes, change{n, c.T})
		}
		return n.read
	}
	frames := r.s.frames
	k := 0
	for k < len(r.marked) && k < len(frames) && r.marked[k].f == frames[k] {
		k++
	}
	var drops []*cellName
	for d := k; d < len(r.marked); d++ {
		drops = r.namesOf(d, r.marked[d].f, drops)
	}
	r.marked = r.marked[:k]
	for d, f := range frames {
		walk := func(instrs []ssa.Instruction) {
			for _, in := range instrs {
				if v, ok := in.(ssa.Value); ok {
					if _, ok := f.env[v]; ok {
						f.env[v] = fl.frameValue(d, f, v)
					}
				}
			}
		}
		var m markedFrame
		if d < k {
			m = r.marked[d]
		}
		jumped := from != nil && d == len(frames)-1
		switch {
		case d < k && jumped && m.block == from:
			walk(from.Instrs[m.pc:])
			walk(f.block.Instrs[:f.pc]) // the phis
		case d < k && !jumped && m.block == f.block && m.pc <= f.pc:
			walk(f.block.Instrs[m.pc:f.pc])
		default: // a frame pushed since
			for _, v := range r.e.ft.walk.allKeys(f) {
				f.env[v] = fl.frameValue(d, f, v)
			}
		}
		fl.frameExtras(d, f)
		if d < k {
			r.marked[d] = markedFrame{f, f.block, f.pc}
		} else {
			r.marked = append(r.marked, markedFrame{f, f.block, f.pc})
		}
	}
	if len(r.s.dirty) > 0 {
		ids := make([]int, 0, len(r.s.dirty))
		for id := range r.s.dirty {
			ids = append(ids, id)
		}
		sort.Ints(ids)
		for _, id := range ids {
			fl.object(r.s, id)
		}
		clear(r.s.dirty)
	}
	// The values and updates as of the last mark, before any moves on.
	vals := make([]term.Value, len(changes))
	for i, c := range changes {
		v, err := r.eval.Eval(c.t)
		if err != nil {
			return fmt.Errorf("follow: %v", err)
		}
		vals[i] = v
		if len(r.pendSub) > 0 {
			changes[i].t = st.Substitute(c.t, r.pendSub)
		}
	}
	for _, n := range drops {
		r.update(n.name, term.NoTerm)
		delete(r.pendSub, n.read)
	}
	for i, c := range changes {
		r.update(c.n.name, c.t)
		r.pendSub[c.n.read] = c.t
		r.model.Set(c.n.read, vals[i])
	}
	if len(changes) > 0 {
		r.eval.Reset(r.model)
	}
	return nil
}

// namesOf appends to names the variables of frame f at depth d.
func (r *FollowRun) namesOf(d int, f *frame, names []*cellName) []*cellName {
	fl := r.flattener()
	for _, v := range r.e.ft.walk.allKeys(f) {
		fl.frameValue(d, f, v)
	}
	fl.frameExtras(d, f)
	for _, c := range fl.view {
		names = append(names, r.nameOf(c))
	}
	return names
}

func (r *FollowRun) update(name string, rhs term.Term) {
	if _, ok := r.pend[name]; !ok {
		r.pendOrder = append(r.pendOrder, name)
	}
	r.pend[name] = rhs
}

// takePend returns the updates from the last step to the last mark. A
// branch step takes only these: its node stands for the state at the last
// mark, which every path reaching it shares, and its condition is over
// that state; the updates after the mark (code the same on every path)
// begin both outgoing edges.
func (r *FollowRun) takePend() []Assign {
	out := make([]Assign, 0, len(r.pendOrder))
	for _, k := range r.pendOrder {
		out = append(out, Assign{Var: k, RHS: r.pend[k]})
	}
	r.pendOrder = r.pendOrder[:0]
	clear(r.pend)
	clear(r.pendSub)
	return out
}

// record appends step s. A branch's node is the state at the last mark;
// any other step (an event) marks first, so every update so far goes to
// its in-edge.
func (r *FollowRun) record(s Step, branch bool) error {
	if !branch {
		if err := r.mark(nil); err != nil {
			return err
		}
	}
	s.Assigns = r.takePend()
	s.Layout = r.layout()
	r.steps = append(r.steps, s)
	return nil
}

// layout hashes the state's layout as the shadow sees it, with the event
// running; with NoStack, of the top frame and memory only.
func (r *FollowRun) layout() uint64 {
	fl := r.flattener()
	fl.hashOnly = true
	fl.mix(r.ev)
	if r.cfg.NoStack {
		fl.layoutFrom = len(r.s.frames) - 1
	}
	fl.walkState(r.s)
	return fl.layout
}
