package symex

import (
	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// mathCall runs the functions of package math that are floating-point
// operations of the theory, whatever their Go body (assembly on amd64 for
// Floor, Ceil and Trunc; an instruction for Sqrt) would do, and the
// copies of math's bit conversions that packages below math keep
// (mathCopies): ok is false for any other function.
func (e *Executor) mathCall(s *State, in ssa.Instruction, cl callee) (v Value, ok bool, err error) {
	fn := cl.fn
	if fn.Pkg == nil || fn.Signature.Recv() != nil {
		return nil, false, nil
	}
	name := fn.Name()
	if fn.Pkg.Pkg.Path() != "math" {
		if name, ok = mathCopies[fn.Pkg.Pkg.Path()+"."+name]; !ok {
			return nil, false, nil
		}
	}
	op, known := mathOps[name]
	if !known {
		return nil, false, nil
	}
	args := make([]term.Term, len(cl.args))
	for i, a := range cl.args {
		t, isTerm := a.(term.Term)
		if !isTerm {
			return nil, true, e.unsup(in, "%s of %T", fn, a)
		}
		if args[i], err = e.floatOperand(s, t); err != nil {
			return nil, true, err
		}
	}
	r, err := op(e, s, args)
	if err != nil {
		return nil, true, err
	}
	return r, true, nil
}

// mathCopies are functions of packages that may not import math (the
// standard library's strconv and runtime) which are math's bit conversions
// (unsafe.Pointer reinterpretations), by package path and name.
var mathCopies = map[string]string{
	"internal/strconv.float64frombits": "Float64frombits",
	"internal/strconv.float32frombits": "Float32frombits",
	"internal/strconv.float64bits":     "Float64bits",
	"internal/strconv.float32bits":     "Float32bits",
	"runtime.float64frombits":          "Float64frombits",
	"runtime.float64bits":              "Float64bits",
}

// mathOps are the modelled functions of package math, by name.
var mathOps = map[string]func(e *Executor, s *State, x []term.Term) (term.Term, error){
	"Float64bits":     func(e *Executor, s *State, x []term.Term) (term.Term, error) { return e.floatBits(s, x[0]) },
	"Float32bits":     func(e *Executor, s *State, x []term.Term) (term.Term, error) { return e.floatBits(s, x[0]) },
	"Float64frombits": fromBits(fp.Float64),
	"Float32frombits": fromBits(fp.Float32),
	"Abs":             unary(term.OpFPAbs),
	"IsNaN":           unary(term.OpFPIsNaN),
	"Sqrt":            rounded(term.OpFPSqrt, fp.RNE),
	"Floor":           rounded(term.OpFPRoundToIntegral, fp.RTN),
	"Ceil":            rounded(term.OpFPRoundToIntegral, fp.RTP),
	"Trunc":           rounded(term.OpFPRoundToIntegral, fp.RTZ),
	"Round":           rounded(term.OpFPRoundToIntegral, fp.RNA),
	"RoundToEven":     rounded(term.OpFPRoundToIntegral, fp.RNE),
	"FMA": func(e *Executor, s *State, x []term.Term) (term.Term, error) {
		return e.st.MustMake(term.OpFPFma, nil, e.st.RoundingModeConst(fp.RNE), x[0], x[1], x[2]), nil
	},
	// IsInf(f, sign): sign > 0 is +Inf, sign < 0 -Inf, 0 either.
	"IsInf": func(e *Executor, s *State, x []term.Term) (term.Term, error) {
		st := e.st
		inf := st.MustMake(term.OpFPIsInfinite, nil, x[0])
		zero := st.ConstUint64(64, 0)
		pos := st.And(inf, st.MustMake(term.OpFPIsPositive, nil, x[0]))
		neg := st.And(inf, st.MustMake(term.OpFPIsNegative, nil, x[0]))
		return st.Ite(st.MustMake(term.OpBVSgt, nil, x[1], zero), pos,
			st.Ite(st.MustMake(term.OpBVSlt, nil, x[1], zero), neg, inf)), nil
	},
	// Inf(sign): +Inf for sign >= 0, -Inf otherwise.
	"Inf": func(e *Executor, s *State, x []term.Term) (term.Term, error) {
		st := e.st
		return st.Ite(st.MustMake(term.OpBVSge, nil, x[0], st.ConstUint64(64, 0)),
			st.FloatConst(fp.Inf(fp.Float64, false)), st.FloatConst(fp.Inf(fp.Float64, true))), nil
	},
	"NaN": func(e *Executor, s *State, x []term.Term) (term.Term, error) {
		return e.st.FloatConst(fp.NaN(fp.Float64)), nil
	},
}

func unary(op term.Op) func(e *Executor, s *State, x []term.Term) (term.Term, error) {
	return func(e *Executor, s *State, x []term.Term) (term.Term, error) {
		return e.st.MustMake(op, nil, x[0]), nil
	}
}

func rounded(op term.Op, rm fp.RoundingMode) func(e *Executor, s *State, x []term.Term) (term.Term, error) {
	return func(e *Executor, s *State, x []term.Term) (term.Term, error) {
		return e.st.MustMake(op, nil, e.st.RoundingModeConst(rm), x[0]), nil
	}
}

func fromBits(f fp.Format) func(e *Executor, s *State, x []term.Term) (term.Term, error) {
	return func(e *Executor, s *State, x []term.Term) (term.Term, error) {
		b, err := e.floatSource(s, x[0])
		if err != nil {
			return term.NoTerm, err
		}
		return e.st.MustMake(term.OpToFPBits, []uint32{f.EB, f.SB}, b), nil
	}
}
