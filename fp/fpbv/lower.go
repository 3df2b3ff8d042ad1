package fpbv

import (
	"fmt"

	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// Lowering turns terms with floating-point parts into bit-vector terms of
// the same meaning. A float of format (eb, sb) becomes its canonical
// encoding, an (eb+sb)-bit word; a rounding mode a 3-bit word; arrays and
// functions over them arrays and functions over the words. Symbols get
// lowered twins (Symbol), whose values Model turns back.
//
// A Lowering memoises: lowering the same term again costs nothing, so one
// lives as long as the store's terms (a solver session).
type Lowering struct {
	st    *term.Store
	w     words
	memo  map[T]T
	sorts map[term.Sort]term.Sort
	// syms maps each symbol (OpVar) with a floating-point part to its twin,
	// and bound variables likewise.
	syms map[T]T
	// choiceFuns are the functions of fp.to_ubv/fp.to_sbv's unspecified
	// results, by key; minMax the two Boolean choices of fp.min/fp.max on
	// zeros of opposite sign (+0,-0 then -0,+0: true picks the first).
	choiceFuns map[term.ChoiceKey]T
	minMax     map[term.ChoiceKey][2]T
}

// New returns a lowering of st's terms.
func New(st *term.Store) *Lowering {
	return &Lowering{st: st, w: words{st}, memo: map[T]T{}, sorts: map[term.Sort]term.Sort{},
		syms: map[T]T{}, choiceFuns: map[term.ChoiceKey]T{}, minMax: map[term.ChoiceKey][2]T{}}
}

// Sort returns the sort s lowers to.
func (l *Lowering) Sort(s term.Sort) term.Sort {
	if r, ok := l.sorts[s]; ok {
		return r
	}
	st := l.st
	r := s
	switch st.Kind(s) {
	case term.KindFloatingPoint:
		r = st.BitVecSort(st.FloatFormat(s).Width())
	case term.KindRoundingMode:
		r = st.BitVecSort(rmWidth)
	case term.KindArray:
		r = st.ArraySort(l.Sort(st.IndexSort(s)), l.Sort(st.ElemSort(s)))
	case term.KindFun:
		dom := make([]term.Sort, 0, len(st.Domain(s)))
		for _, d := range st.Domain(s) {
			dom = append(dom, l.Sort(d))
		}
		r = st.FunSort(dom, l.Sort(st.Range(s)))
	}
	l.sorts[s] = r
	return r
}

// Lower returns t lowered: a term without floating-point parts that has
// t's meaning (its lowered sort's reading of it, for floats).
func (l *Lowering) Lower(t T) (T, error) {
	st := l.st
	if !st.Features(t).Has(term.FeatFloat) {
		return t, nil
	}
	if r, ok := l.memo[t]; ok {
		return r, nil
	}
	// An explicit stack: parsed terms nest deeply.
	type frame struct {
		t    T
		next int
	}
	stack := []frame{{t, 0}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		args := st.Args(top.t)
		pushed := false
		for top.next < len(args) {
			a := args[top.next]
			top.next++
			if _, done := l.memo[a]; done || !st.Features(a).Has(term.FeatFloat) {
				continue
			}
			stack = append(stack, frame{a, 0})
			pushed = true
			break
		}
		if pushed {
			continue
		}
		n := top.t
		stack = stack[:len(stack)-1]
		r, err := l.node(n)
		if err != nil {
			return term.NoTerm, err
		}
		l.memo[n] = r
	}
	return l.memo[t], nil
}

// lowered returns the lowering of an argument already lowered.
func (l *Lowering) lowered(a T) T {
	if r, ok := l.memo[a]; ok {
		return r
	}
	return a
}

// canonicalOf wraps a word read from a symbol, an array or a function in
// the canonical encoding of the sort s it stands for.
func (l *Lowering) canonicalOf(s term.Sort, x T) T {
	switch l.st.Kind(s) {
	case term.KindFloatingPoint:
		return l.w.canonical(l.st.FloatFormat(s), x)
	case term.KindRoundingMode:
		return l.w.canonicalRM(x)
	}
	return x
}

// Symbol returns the twin of a symbol or bound variable x with a
// floating-point part.
func (l *Lowering) Symbol(x T) T {
	if r, ok := l.syms[x]; ok {
		return r
	}
	st := l.st
	var r T
	if st.Op(x) == term.OpBound {
		r = st.BoundVar(st.Name(x), l.Sort(st.SortOf(x)))
	} else {
		r = st.Fresh(st.Name(x)+"!fp", l.Sort(st.SortOf(x)))
	}
	l.syms[x] = r
	return r
}

func (l *Lowering) node(t T) (T, error) {
	st, w := l.st, l.w
	op := st.Op(t)
	n := st.NumArgs(t)
	args := make([]T, n)
	for i := range args {
		args[i] = l.lowered(st.Arg(t, i))
	}
	s := st.SortOf(t)
	switch op {
	case term.OpVar, term.OpBound:
		return l.canonicalOf(s, l.Symbol(t)), nil
	case term.OpFPConst:
		return st.Const(st.Value(t)), nil
	case term.OpRMConst:
		return w.rmConst(st.RoundingModeOf(t)), nil
	case term.OpForall, term.OpExists:
		for i := 0; i < n-1; i++ {
			args[i] = l.Symbol(st.Arg(t, i))
		}
		return st.Make(op, nil, args...)
	case term.OpConstArray:
		return st.ConstArray(l.Sort(s), args[0])
	case term.OpSelect:
		r, err := st.Make(op, nil, args...)
		return l.canonicalOf(s, r), err
	case term.OpApply:
		args[0] = l.Symbol(st.Arg(t, 0))
		r, err := st.Make(op, nil, args...)
		return l.canonicalOf(s, r), err
	case term.OpEq, term.OpDistinct:
		if as := st.SortOf(st.Arg(t, 0)); st.IsArray(as) {
			if vals, _ := l.junkValues(st.IndexSort(as)); vals != nil {
				var conj []T
				for i := 0; i < n; i++ {
					for j := i + 1; j < n; j++ {
						e := l.expandEq(as, args[i], args[j])
						if op == term.OpDistinct {
							e = st.Not(e)
						} else if j > i+1 {
							continue // = is chained
						}
						conj = append(conj, e)
					}
				}
				return st.And(conj...), nil
			}
		}
	}
	if !op.IsFloat() {
		return st.Rebuild(t, args), nil
	}
	// A floating-point operator: its format is its last argument's, or its
	// result's for the conversions into a format.
	var f fp.Format
	if st.IsFloat(s) {
		f = st.FloatFormat(s)
	}
	argFormat := func(i int) fp.Format { return st.FloatFormat(st.SortOf(st.Arg(t, i))) }
	switch op {
	case term.OpFP:
		return w.canonical(f, w.concat(args...)), nil
	case term.OpToFPBits:
		return w.canonical(f, args[0]), nil
	case term.OpFPAbs:
		return w.fpAbs(f, args[0]), nil
	case term.OpFPNeg:
		return w.fpNeg(f, args[0]), nil
	case term.OpFPAdd:
		return w.fpAdd(f, args[0], args[1], args[2]), nil
	case term.OpFPSub:
		return w.fpAdd(f, args[0], args[1], w.fpNeg(f, args[2])), nil
	case term.OpFPMul:
		return w.fpMul(f, args[0], args[1], args[2]), nil
	case term.OpFPDiv:
		return w.fpDiv(f, args[0], args[1], args[2]), nil
	case term.OpFPFma:
		return w.fpFma(f, args[0], args[1], args[2], args[3]), nil
	case term.OpFPSqrt:
		return w.fpSqrt(f, args[0], args[1]), nil
	case term.OpFPRem:
		return w.fpRem(f, args[0], args[1])
	case term.OpFPRoundToIntegral:
		return w.fpRoundToIntegral(f, args[0], args[1]), nil
	case term.OpFPMin, term.OpFPMax:
		c := l.minMaxChoice(st.ChoiceKeyOf(t))
		return w.minMax(f, op == term.OpFPMax, args[0], args[1], c[0], c[1]), nil
	case term.OpFPLeq:
		return w.fpLeq(argFormat(0), args[0], args[1]), nil
	case term.OpFPLt:
		return w.fpLt(argFormat(0), args[0], args[1]), nil
	case term.OpFPGeq:
		return w.fpLeq(argFormat(0), args[1], args[0]), nil
	case term.OpFPGt:
		return w.fpLt(argFormat(0), args[1], args[0]), nil
	case term.OpFPEq:
		return w.fpEq(argFormat(0), args[0], args[1]), nil
	case term.OpFPIsNormal:
		return w.isNormal(argFormat(0), args[0]), nil
	case term.OpFPIsSubnormal:
		return w.isSubnormal(argFormat(0), args[0]), nil
	case term.OpFPIsZero:
		return w.unpack(argFormat(0), args[0]).zero, nil
	case term.OpFPIsInfinite:
		return w.unpack(argFormat(0), args[0]).inf, nil
	case term.OpFPIsNaN:
		return w.unpack(argFormat(0), args[0]).nan, nil
	case term.OpFPIsNegative:
		return w.isNegative(argFormat(0), args[0]), nil
	case term.OpFPIsPositive:
		return w.isPositive(argFormat(0), args[0]), nil
	case term.OpToFPFloat:
		return w.convert(argFormat(1), f, args[0], args[1]), nil
	case term.OpToFPSigned, term.OpToFPUnsigned:
		return w.fromInt(f, args[0], args[1], op == term.OpToFPSigned), nil
	case term.OpFPToUBV, term.OpFPToSBV:
		m, _ := st.Indices(t)
		r, ok := w.toInt(argFormat(1), args[0], args[1], m, op == term.OpFPToSBV)
		open := st.MustMake(term.OpApply, nil, l.choiceFun(st.ChoiceKeyOf(t)), args[0], args[1])
		return w.ite(ok, r, open), nil
	}
	return term.NoTerm, fmt.Errorf("fpbv: no lowering of %s", op)
}

// choiceFun returns the function symbol of the unspecified results k names:
// from the rounding-mode word and the encoding to the m-bit result.
func (l *Lowering) choiceFun(k term.ChoiceKey) T {
	if f, ok := l.choiceFuns[k]; ok {
		return f
	}
	st := l.st
	s := st.FunSort([]term.Sort{st.BitVecSort(rmWidth), l.Sort(k.Arg)}, st.BitVecSort(k.Index))
	f := st.Fresh(k.Op.String()+"!unspecified", s)
	l.choiceFuns[k] = f
	return f
}

func (l *Lowering) minMaxChoice(k term.ChoiceKey) [2]T {
	if c, ok := l.minMax[k]; ok {
		return c
	}
	st := l.st
	c := [2]T{st.Fresh(k.Op.String()+"!+0-0", st.BoolSort()), st.Fresh(k.Op.String()+"!-0+0", st.BoolSort())}
	l.minMax[k] = c
	return c
}
