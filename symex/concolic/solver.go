package concolic

import (
	"context"
	"fmt"
	"time"

	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Solver decides a selection query over the given inputs (the query's free
// variables) and returns their values in a model.
type Solver interface {
	Solve(q term.Term, vars []*Input) (smtlib.Status, map[string]int64, error)
}

// EngineSolver is sift's in-process engine. Every sat answer is checked by
// evaluating the query under the model.
type EngineSolver struct {
	st      *term.Store
	sess    *engine.Session
	Timeout time.Duration
	Queries int
}

// NewEngineSolver returns the engine solver over st.
func NewEngineSolver(st *term.Store) *EngineSolver {
	return &EngineSolver{st: st, sess: engine.NewSession(st, engine.Options{}), Timeout: time.Minute}
}

func (s *EngineSolver) Solve(q term.Term, vars []*Input) (smtlib.Status, map[string]int64, error) {
	s.Queries++
	ctx := context.Background()
	if s.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.Timeout)
		defer cancel()
	}
	r, m, err := s.sess.CheckAlone(ctx, []term.Term{q})
	if r.Status != smtlib.Sat {
		return r.Status, nil, nil
	}
	if err != nil {
		return smtlib.Unknown, nil, err
	}
	if ok, err := term.NewEvaluator(s.st, m).EvalBool(q); err != nil || !ok {
		return smtlib.Unknown, nil, fmt.Errorf("concolic: the engine's model does not satisfy the query")
	}
	out := map[string]int64{}
	for _, in := range vars {
		v := s.st.ValueOf(m, in.Var)
		out[in.Name] = valueInt(v)
	}
	return smtlib.Sat, out, nil
}

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
// the query's inputs in creation order, each over its domain ascending, and
// returns the lexicographically smallest model.
type Enumerative struct {
	st *term.Store
	// Domain gives an integer input's candidate values (events get
	// -1 … handlers-1, booleans 0 and 1).
	Domain  []int64
	Queries int
}

// NewEnumerative returns the reference solver with integer domain dom.
func NewEnumerative(st *term.Store, dom []int64) *Enumerative {
	return &Enumerative{st: st, Domain: dom}
}

func (e *Enumerative) Solve(q term.Term, vars []*Input) (smtlib.Status, map[string]int64, error) {
	e.Queries++
	doms := make([][]int64, len(vars))
	for i, in := range vars {
		switch {
		case in.Event:
			for t := -1; t < in.Handlers; t++ {
				doms[i] = append(doms[i], int64(t))
			}
		case in.Bool:
			doms[i] = []int64{0, 1}
		default:
			doms[i] = e.Domain
		}
	}
	idx := make([]int, len(vars))
	m := term.NewModel()
	ev := term.NewEvaluator(e.st, m)
	for {
		for i, in := range vars {
			x := doms[i][idx[i]]
			if in.Bool {
				m.Set(in.Var, term.BoolValue(x != 0))
			} else {
				m.Set(in.Var, e.st.BVValue(bvInt(int(x))))
			}
		}
		ev.Reset(m)
		ok, err := ev.EvalBool(q)
		if err != nil {
			return smtlib.Unknown, nil, err
		}
		if ok {
			out := map[string]int64{}
			for i, in := range vars {
				out[in.Name] = doms[i][idx[i]]
			}
			return smtlib.Sat, out, nil
		}
		// Odometer: the last variable moves fastest.
		k := len(vars) - 1
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
