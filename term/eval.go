package term

import (
	"errors"
	"fmt"

	"github.com/sift-solver/sift/bv"
)

// Model assigns values to free variables (OpVar terms). Variables it does not
// mention take their sort's default value (model completion).
//
// Choices gives the functions of the floating-point results the theory
// leaves unspecified (ChoiceKey); an open result that Choices does not
// cover takes a fixed default (DefaultChoice).
type Model struct {
	Values  map[Term]Value
	Choices map[ChoiceKey]*FunValue
}

// SetChoice makes f the model's function of the open results k names.
func (m *Model) SetChoice(k ChoiceKey, f *FunValue) {
	if m.Choices == nil {
		m.Choices = map[ChoiceKey]*FunValue{}
	}
	m.Choices[k] = f
}

// NewModel returns an empty model.
func NewModel() *Model { return &Model{Values: map[Term]Value{}} }

// Set assigns v to the variable x.
func (m *Model) Set(x Term, v Value) { m.Values[x] = v }

// ErrQuantifierCap is returned when evaluating a quantifier would enumerate more
// instances than the evaluator's cap: the truth value is then unknown, never
// assumed.
var ErrQuantifierCap = errors.New("quantifier evaluation exceeds the enumeration cap")

// DefaultQuantifierCap bounds the instances one quantifier evaluation may
// enumerate.
const DefaultQuantifierCap = 1 << 16

// Evaluator computes the value of terms under a model, memoising shared
// subterms. It is exact SMT-LIB semantics.
type Evaluator struct {
	st    *Store
	model *Model
	// QuantifierCap bounds quantifier enumeration; past it Eval fails with
	// ErrQuantifierCap.
	QuantifierCap uint64
	memo          map[Term]Value
	bound         map[Term]Value // current values of bound variables
	quantDepth    int            // quantifiers being evaluated, outermost first
	quantBudget   uint64         // instances left to the outermost quantifier
	hasBound      map[Term]bool
	closedQ       map[Term]bool   // closedQuantifier's answers
	closedErr     map[Term]error  // closed quantifiers whose evaluation failed
	absent        map[Term][]bool // per quantifier, the variables its body does not mention
}

func (e *Evaluator) boundMemo() map[Term]bool {
	if e.hasBound == nil {
		e.hasBound = map[Term]bool{}
	}
	return e.hasBound
}

// NewEvaluator returns an evaluator of terms of st under m.
func NewEvaluator(st *Store, m *Model) *Evaluator {
	return &Evaluator{st: st, model: m, QuantifierCap: DefaultQuantifierCap, memo: map[Term]Value{}}
}

// Reset makes e evaluate under m, forgetting what it computed before. It
// keeps the memo's storage, so an evaluator reused for many models (a
// symbolic executor checking a model per branch) does not grow a new one
// each time.
func (e *Evaluator) Reset(m *Model) {
	e.model = m
	clear(e.memo)
	clear(e.bound)
	clear(e.hasBound)
	clear(e.closedQ)
	clear(e.closedErr)
	clear(e.absent)
	e.quantDepth, e.quantBudget = 0, 0
}

// Eval evaluates t under m.
func (st *Store) Eval(t Term, m *Model) (Value, error) { return NewEvaluator(st, m).Eval(t) }

// EvalBool evaluates a Boolean term; it reports an error if t is not Boolean or
// its value is unknown.
func (e *Evaluator) EvalBool(t Term) (bool, error) {
	v, err := e.Eval(t)
	if err != nil {
		return false, err
	}
	if v.Kind != ValBool {
		return false, fmt.Errorf("term is not Boolean")
	}
	return v.Bool, nil
}

// Eval evaluates t.
func (e *Evaluator) Eval(t Term) (Value, error) {
	if v, ok := e.memo[t]; ok {
		return v, nil
	}
	v, err := e.eval(t)
	if err != nil {
		return Value{}, err
	}
	// Terms that mention a bound variable change with each instance, so only
	// the others are memoised, and quantifiers whose bodies use no variable
	// bound outside them: those are evaluated once, not once per instance of
	// an enclosing quantifier.
	if len(e.bound) == 0 || !e.st.HasBound(t, e.boundMemo()) || e.closedQuantifier(t) {
		e.memo[t] = v
	}
	return v, nil
}

func (e *Evaluator) eval(t Term) (Value, error) {
	st := e.st
	op := st.Op(t)
	switch op {
	case OpTrue:
		return BoolValue(true), nil
	case OpFalse:
		return BoolValue(false), nil
	case OpBVConst, OpFPConst, OpRMConst:
		return st.constValue(t), nil
	case OpVar:
		return st.ValueOf(e.model, t), nil
	case OpBound:
		if v, ok := e.bound[t]; ok {
			return v, nil
		}
		return Value{}, fmt.Errorf("bound variable %s outside its binder", st.Name(t))
	case OpForall, OpExists:
		return e.evalQuantifier(t)
	case OpAnd, OpOr:
		// Short-circuit: an absorbing argument decides even if a later argument
		// is unknown.
		absorbing := op == OpOr
		var firstErr error
		for _, a := range st.Args(t) {
			b, err := e.EvalBool(a)
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			if b == absorbing {
				return BoolValue(absorbing), nil
			}
		}
		if firstErr != nil {
			return Value{}, firstErr
		}
		return BoolValue(!absorbing), nil
	case OpImplies:
		a, err := e.EvalBool(st.Arg(t, 0))
		if err == nil && !a {
			return BoolValue(true), nil
		}
		b, err2 := e.EvalBool(st.Arg(t, 1))
		if err2 == nil && b {
			return BoolValue(true), nil
		}
		if err != nil {
			return Value{}, err
		}
		if err2 != nil {
			return Value{}, err2
		}
		return BoolValue(false), nil
	case OpIte:
		c, err := e.EvalBool(st.Arg(t, 0))
		if err != nil {
			return Value{}, err
		}
		if c {
			return e.Eval(st.Arg(t, 1))
		}
		return e.Eval(st.Arg(t, 2))
	case OpSelect:
		if st.Op(st.Arg(t, 0)) == OpStore {
			return e.selectThroughStores(t)
		}
	}

	args := st.Args(t)
	// Most operators take at most three arguments: their values stay on
	// the stack (the evaluator runs on every branch of the executor).
	var valBuf [3]Value
	vals := valBuf[:0]
	if len(args) <= len(valBuf) {
		vals = valBuf[:len(args)]
	} else {
		vals = make([]Value, len(args))
	}
	for i := range args {
		v, err := e.Eval(st.Arg(t, i))
		if err != nil {
			return Value{}, err
		}
		vals[i] = v
	}
	switch op {
	case OpNot:
		return BoolValue(!vals[0].Bool), nil
	case OpXor:
		return BoolValue(vals[0].Bool != vals[1].Bool), nil
	case OpEq:
		return BoolValue(vals[0].Equal(vals[1])), nil
	case OpDistinct:
		seen := make(map[string]bool, len(vals))
		for _, v := range vals {
			k := v.Key()
			if seen[k] {
				return BoolValue(false), nil
			}
			seen[k] = true
		}
		return BoolValue(true), nil
	case OpSelect:
		return vals[0].Arr.Select(vals[1]), nil
	case OpStore:
		r := vals[0]
		r.Arr = r.Arr.Store(vals[1], vals[2])
		return r, nil
	case OpConstArray:
		return NewArrayValue(st.SortOf(t), vals[0]), nil
	case OpApply:
		return vals[0].Fun.Eval(vals[1:])
	}
	if op.IsFloat() {
		i0, i1 := st.Indices(t)
		r, open := st.applyFP(op, i0, i1, vals)
		if open {
			return e.choice(t, vals)
		}
		return r, nil
	}
	var bvBuf [3]bv.Value
	bvs := bvBuf[:0]
	if len(vals) <= len(bvBuf) {
		bvs = bvBuf[:len(vals)]
	} else {
		bvs = make([]bv.Value, len(vals))
	}
	for i, v := range vals {
		if v.Kind != ValBV {
			return Value{}, fmt.Errorf("%s applied to a non-bit-vector value", op)
		}
		bvs[i] = v.BV
	}
	i0, i1 := st.Indices(t)
	r, isBool, b := applyBV(op, i0, i1, bvs)
	if isBool {
		return BoolValue(b), nil
	}
	return st.BVValue(r), nil
}

// selectThroughStores evaluates a read of a store chain by walking the chain
// from the outermost store: building the array value of every level would
// cost time quadratic in the chain (a 4096-store constant array).
func (e *Evaluator) selectThroughStores(t Term) (Value, error) {
	st := e.st
	i, err := e.Eval(st.Arg(t, 1))
	if err != nil {
		return Value{}, err
	}
	a := st.Arg(t, 0)
	for st.Op(a) == OpStore {
		if v, ok := e.memo[a]; ok {
			return v.Arr.Select(i), nil
		}
		j, err := e.Eval(st.Arg(a, 1))
		if err != nil {
			return Value{}, err
		}
		if j.Equal(i) {
			return e.Eval(st.Arg(a, 2))
		}
		a = st.Arg(a, 0)
	}
	v, err := e.Eval(a)
	if err != nil {
		return Value{}, err
	}
	return v.Arr.Select(i), nil
}
