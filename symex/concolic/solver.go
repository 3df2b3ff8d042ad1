package concolic

import (
	"context"
	"fmt"
	"github.com/sift-solver/sift/bv"
	"time"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/symex/chain"
	"github.com/sift-solver/sift/term"
)

// Solver is the one solver interface of package symex: selection asks it
// for a model of a query over the inputs (symex.NewEngineSolver, sift's
// engine, on the command line; Enumerative, the reference, in tests).
type Solver = symex.Solver

// solve decides the selection query q over the inputs ins and returns
// their values in a model. A sat answer is checked by evaluating q under
// the model.
func (d *DAG) solve(s Solver, q term.Term, ins []*Input) (smtlib.Status, map[string]int64, error) {
	if ia, ok := s.(inputsAware); ok {
		ia.useInputs(d.ip)
	}
	vars := make([]term.Term, len(ins))
	for i, in := range ins {
		vars[i] = in.Var
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a bound per query
	defer cancel()
	status, m, err := s.Check(ctx, []term.Term{q}, vars)
	if status != smtlib.Sat {
		return status, nil, nil
	}
	if err != nil {
		return smtlib.Unknown, nil, err
	}
	if !chain.Holds(d.st, m, q) {
		return smtlib.Unknown, nil, fmt.Errorf("concolic: the solver's model does not satisfy the query")
	}
	out := map[string]int64{}
	for _, in := range ins {
		out[in.Name] = valueInt(d.st.ValueOf(m, in.Var))
	}
	return smtlib.Sat, out, nil
}

// inputsAware is a solver that wants to know what the inputs are (the
// reference enumerator: their domains).
type inputsAware interface{ useInputs(*Interp) }

func (e *Enumerative) useInputs(ip *Interp) { e.ip = ip }

// valueInt reads a model value as a Go integer (booleans 0/1).
func valueInt(v term.Value) int64 {
	if v.Kind == term.ValBool {
		if v.Bool {
			return 1
		}
		return 0
	}
	u, _ := v.BV.Uint64()
	w := v.BV.Width()
	if w < 64 && u>>(w-1)&1 == 1 {
		u |= ^uint64(0) << w
	}
	return int64(u)
}

// Enumerative is the reference solver of seed 001 §7.1, for tests: it tries
// the wanted inputs in the order given (selection gives them in creation
// order), each over its domain ascending, and returns the
// lexicographically smallest model.
type Enumerative struct {
	st *term.Store
	// Domain gives an integer input's candidate values (events get
	// -1 … handlers-1, booleans 0 and 1).
	Domain  []int64
	Queries int
	ip      *Interp // what the inputs are: the DAG asking says
}

// NewEnumerative returns the reference solver with integer domain dom.
func NewEnumerative(st *term.Store, dom []int64) *Enumerative {
	return &Enumerative{st: st, Domain: dom}
}

func (e *Enumerative) Check(_ context.Context, as, want []term.Term) (smtlib.Status, *term.Model, error) {
	e.Queries++
	q := e.st.And(as...)
	doms := make([][]int64, len(want))
	for i, v := range want {
		var in *Input
		if e.ip != nil {
			in = e.ip.InputByVar(v)
		}
		switch {
		case in != nil && in.Event:
			for t := -1; t < in.Handlers; t++ {
				doms[i] = append(doms[i], int64(t))
			}
		case e.st.IsBool(e.st.SortOf(v)):
			doms[i] = []int64{0, 1}
		default:
			doms[i] = e.Domain
		}
	}
	idx := make([]int, len(want))
	m := term.NewModel()
	ev := term.NewEvaluator(e.st, m)
	for {
		for i, v := range want {
			x := doms[i][idx[i]]
			if e.st.IsBool(e.st.SortOf(v)) {
				m.Set(v, term.BoolValue(x != 0))
			} else {
				m.Set(v, e.st.BVValue(bvInt(int(x))))
			}
		}
		ev.Reset(m)
		ok, err := ev.EvalBool(q)
		if err != nil {
			return smtlib.Unknown, nil, err
		}
		if ok {
			return smtlib.Sat, m, nil
		}
		// Odometer: the last variable moves fastest.
		k := len(want) - 1
		for ; k >= 0; k-- {
			idx[k]++
			if idx[k] < len(doms[k]) {
				break
			}
			idx[k] = 0
		}
		if k < 0 {
			return smtlib.Unsat, nil, nil
		}
	}
}

// bvInt is a 64-bit two's-complement constant (event inputs, Go ints).
func bvInt(x int) bv.Value { return bv.New(64, uint64(int64(x))) }
