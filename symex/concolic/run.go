package concolic

import (
	"fmt"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/symex"
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

// Interp runs the entry function on symex's interpreter in follow mode
// (symex.Follow): it names the inputs and gives their values, answers the
// harness's calls, runs the event loop, and keeps which blocks and branch
// sites the runs covered.
type Interp struct {
	st        *term.Store
	fn        *ssa.Function
	ex        *symex.Executor
	MaxEvents int

	Inputs  []*Input // every input created so far, in creation order
	byName  map[string]*Input
	Covered map[*ssa.BasicBlock]bool
	Taken   map[string]bool // static branch sites and directions taken ("label|dir"; events "event|t")
	events  bool
	// NoStack and NoIters leave the call stack and the loop iteration
	// counters out of program points (seed 001's T4 and T6 negative tests).
	NoStack, NoIters bool
}

// NewInterp prepares runs of p's entry function, on an executor that asks
// s (runs ask nothing: the executor needs a solver to exist).
func NewInterp(st *term.Store, p *symex.Program, s symex.Solver) *Interp {
	ip := &Interp{st: st, fn: p.Fn, MaxEvents: 3, byName: map[string]*Input{}, Covered: map[*ssa.BasicBlock]bool{},
		Taken: map[string]bool{}, ex: symex.NewExecutor(p, st, s, symex.Options{NoValueSets: true})}
	res := p.Fn.Signature.Results()
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
	Trace  symex.Trace
	Params []int64 // the entry's parameters
	Fed    []int64 // harness.Int results, in call order
	Events []int   // handlers called, in order
	Marks  []string
}

// Run executes the program on the input values vals (missing inputs are 0,
// missing events stop).
func (ip *Interp) Run(vals map[string]int64) *Outcome {
	out := &Outcome{}
	occ := map[string]int{}
	r := ip.ex.Follow(symex.FollowConfig{Call: func(r *symex.FollowRun, fn *ssa.Function, args []symex.Value) (symex.Value, bool, error) {
		return ip.harness(r, fn, args, vals, occ, out)
	}, Admit: ip.admit, Covered: ip.Covered, NoStack: ip.NoStack, NoIters: ip.NoIters})
	out.Trace = r.End(ip.main(r, vals, out))
	for _, s := range out.Trace.Steps {
		ip.Taken[s.Label+"|"+strconv.Itoa(s.Dir)] = true
	}
	return out
}

func (ip *Interp) main(r *symex.FollowRun, vals map[string]int64, out *Outcome) error {
	var args []symex.Value
	for _, p := range ip.fn.Params {
		s, ok := r.ScalarSort(p.Type())
		if !ok {
			return r.Unsupported(ip.fn.Pos(), "parameter %s of type %s (concolic mode takes integers and booleans)", p.Name(), p.Type())
		}
		in := ip.input("p|"+p.Name(), s, false, 0)
		x := vals[in.Name]
		out.Params = append(out.Params, x)
		r.Bind(in.Var, x)
		args = append(args, in.Var)
	}
	res, err := r.Call(ip.fn, args)
	if err != nil || !ip.events {
		return err
	}
	handlers, err := r.Funcs(res)
	if err != nil {
		return r.Unsupported(ip.fn.Pos(), "the handler table: %v", err)
	}
	for i := 0; i < ip.MaxEvents; i++ {
		in := ip.input("e|"+strconv.Itoa(i), ip.st.BitVecSort(64), true, len(handlers))
		t, ok := vals[in.Name]
		if !ok || t < -1 || t >= int64(len(handlers)) {
			t = -1
		}
		if err := r.Step(symex.Step{Point: eventPoint(i), Event: true, EventVar: in.Var, Choices: len(handlers), Dir: int(t), Label: "event"}); err != nil {
			return err
		}
		if t < 0 {
			break
		}
		out.Events = append(out.Events, int(t))
		r.InEvent(i)
		if _, err := r.Call(handlers[t], nil); err != nil {
			return err
		}
		r.InEvent(-1)
	}
	return nil
}

// harness answers the calls of package harness: Int and Rand are inputs
// named after where they are called and how often that place called them
// in the run, Mark records a marker.
func (ip *Interp) harness(r *symex.FollowRun, fn *ssa.Function, args []symex.Value, vals map[string]int64, occ map[string]int, out *Outcome) (symex.Value, bool, error) {
	if fn.Pkg == nil || fn.Pkg.Pkg.Path() != HarnessPath {
		return nil, false, nil
	}
	if r.InInit() {
		return nil, true, fmt.Errorf("harness.%s in a package initializer", fn.Name())
	}
	switch fn.Name() {
	case "Int", "Rand":
		pp := r.Point("@")
		key := fmt.Sprintf("%s|%d|%s|ev%d|%s", pp.Func, pp.Block, pp.Stack, pp.Event, pp.Iters)
		name := "in|" + key + "|#" + strconv.Itoa(occ[key])
		occ[key]++
		in := ip.input(name, ip.st.BitVecSort(64), false, 0)
		if fn.Name() == "Rand" {
			in.Ranged, in.Lo, in.Hi = true, 0, 1<<53-1
		}
		x := vals[name]
		out.Fed = append(out.Fed, x)
		r.Bind(in.Var, x)
		return in.Var, true, nil
	case "Mark":
		if text, ok := r.Text(args[0]); ok {
			out.Marks = append(out.Marks, text)
			return nil, true, nil
		}
		return nil, true, fmt.Errorf("harness.Mark wants a constant string")
	}
	return nil, true, fmt.Errorf("harness.%s inside the program", fn.Name())
}

// admit keeps runs to the subset of Go concolic mode was built and tested
// for (seed 001's programs: integers, booleans, globals, calls, arrays at
// constant indices, handler tables); the rest ends a run as unsupported.
// The interpreter runs more: widening the subset is this function.
func (ip *Interp) admit(r *symex.FollowRun, instr ssa.Instruction) error {
	switch in := instr.(type) {
	case *ssa.DebugRef, *ssa.Jump, *ssa.If, *ssa.Return, *ssa.Panic, *ssa.Phi, *ssa.MakeInterface, *ssa.BinOp,
		*ssa.UnOp, *ssa.Convert, *ssa.ChangeType, *ssa.Store, *ssa.Alloc, *ssa.Slice:
		return nil
	case *ssa.IndexAddr:
		i, _ := r.Operand(in.Index)
		if t, ok := i.(term.Term); !ok || ip.st.Op(t) != term.OpBVConst {
			return fmt.Errorf("index that is not a constant")
		}
		return nil
	case *ssa.Call:
		com := in.Common()
		if com.IsInvoke() {
			return fmt.Errorf("interface method call")
		}
		if b, ok := com.Value.(*ssa.Builtin); ok && b.Name() != "len" {
			return fmt.Errorf("builtin %s", b.Name())
		}
		return nil
	}
	return fmt.Errorf("instruction %T outside concolic mode's subset", instr)
}

// eventPoint is the point of event node E_i: HF(i-1).
func eventPoint(i int) merge.Point { return merge.Point{Func: "HF", Block: -1, Event: i - 1} }

// entered is the functions whose blocks the runs entered.
func (ip *Interp) entered() map[*ssa.Function]bool {
	fs := map[*ssa.Function]bool{}
	for b := range ip.Covered {
		fs[b.Parent()] = true
	}
	return fs
}
