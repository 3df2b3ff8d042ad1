package term

import (
	"fmt"
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
)

// GoFloatToInt builds Go's conversion of the float32 or float64 term x to
// an integer type of width bits (8, 16, 32 or 64), signed or not, as gc
// compiles it on amd64 (fp.GoToInt gives the same on values): x truncated
// toward zero where that fits, and elsewhere (NaN and infinities too) what
// the truncating instructions give. For a symbolic executor.
func (st *Store) GoFloatToInt(x Term, width uint32, signed bool) (Term, error) {
	s := st.SortOf(x)
	f := st.FloatFormat(s)
	if f != fp.Float32 && f != fp.Float64 || width != 8 && width != 16 && width != 32 && width != 64 {
		return NoTerm, fmt.Errorf("GoFloatToInt of %s to %d bits: Go has float32, float64 and 8- to 64-bit integers", st.SortString(s), width)
	}
	rtz, rne := st.RoundingModeConst(fp.RTZ), st.RoundingModeConst(fp.RNE)
	// trunc is the n-bit truncating instruction.
	trunc := func(v Term, n uint32) Term {
		lo, hi := fp.TruncationBounds(f, n)
		in := st.And(st.MustMake(OpFPLeq, nil, st.FloatConst(lo), v), st.MustMake(OpFPLeq, nil, v, st.FloatConst(hi)))
		indefinite := st.Const(bv.Shl(bv.New(n, 1), bv.New(n, uint64(n-1))))
		return st.Ite(in, st.MustMake(OpFPToSBV, []uint32{n}, rtz, v), indefinite)
	}
	low := func(v Term) Term { return st.MustMake(OpExtract, []uint32{width - 1, 0}, v) }
	switch {
	case width == 64 && !signed:
		two63 := st.FloatConst(fp.FromRat(f, fp.RNE, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 63))))
		bit63 := st.Const(bv.Shl(bv.New(64, 1), bv.New(64, 63)))
		high := st.MustMake(OpBVOr, nil, trunc(st.MustMake(OpFPSub, nil, rne, x, two63), 64), bit63)
		return st.Ite(st.MustMake(OpFPLt, nil, x, two63), trunc(x, 64), high), nil
	case width == 64 || width == 32 && signed:
		return trunc(x, width), nil
	case width == 32:
		return low(trunc(x, 64)), nil
	}
	return low(trunc(x, 32)), nil
}
