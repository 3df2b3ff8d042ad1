package smt

import (
	"fmt"
	"math/big"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/term"
)

// The bit-vector theory (QF_BV), with SMT-LIB's names and semantics:
// division by zero is defined (bvudiv x 0 = all ones, bvurem x 0 = x), and
// shifts by the width or more give zero (or the sign, for BVAShr).

// BV returns the width-bit constant x mod 2^width.
func (s *Solver) BV(width int, x uint64) Term {
	if s.closed {
		return bad(ErrClosed)
	}
	if width < 1 || width > term.MaxWidth {
		return bad(fmt.Errorf("%w: bit-vector width %d outside 1..%d", ErrSort, width, term.MaxWidth))
	}
	return Term{s: s, id: s.st.ConstUint64(uint32(width), x)}
}

// BVBig returns the width-bit constant x mod 2^width; a negative x gives its
// two's complement.
func (s *Solver) BVBig(width int, x *big.Int) Term {
	if s.closed {
		return bad(ErrClosed)
	}
	if width < 1 || width > term.MaxWidth {
		return bad(fmt.Errorf("%w: bit-vector width %d outside 1..%d", ErrSort, width, term.MaxWidth))
	}
	if x == nil {
		return bad(fmt.Errorf("%w: nil *big.Int", ErrSort))
	}
	return Term{s: s, id: s.st.Const(bv.FromBig(uint32(width), x))}
}

// Concat returns the bits of a followed by those of b (a is the high part).
func (s *Solver) Concat(a, b Term) Term { return s.mk(term.OpConcat, nil, a, b) }

// Extract returns bits hi down to lo of a, a bit-vector of width hi-lo+1.
func (s *Solver) Extract(hi, lo int, a Term) Term {
	h, err := index("extract", hi)
	if err != nil {
		return bad(err)
	}
	l, err := index("extract", lo)
	if err != nil {
		return bad(err)
	}
	return s.mk(term.OpExtract, []uint32{h, l}, a)
}

// ZeroExtend returns a widened by k zero bits.
func (s *Solver) ZeroExtend(k int, a Term) Term { return s.indexed(term.OpZeroExtend, k, a) }

// SignExtend returns a widened by k copies of its sign bit.
func (s *Solver) SignExtend(k int, a Term) Term { return s.indexed(term.OpSignExtend, k, a) }

// Repeat returns n copies of a concatenated; n must be at least 1.
func (s *Solver) Repeat(n int, a Term) Term { return s.indexed(term.OpRepeat, n, a) }

// RotateLeft returns a rotated left by k bits.
func (s *Solver) RotateLeft(k int, a Term) Term { return s.indexed(term.OpRotateLeft, k, a) }

// RotateRight returns a rotated right by k bits.
func (s *Solver) RotateRight(k int, a Term) Term { return s.indexed(term.OpRotateRight, k, a) }

func (s *Solver) indexed(op term.Op, k int, a Term) Term {
	i, err := index(op.String(), k)
	if err != nil {
		return bad(err)
	}
	return s.mk(op, []uint32{i}, a)
}

// BVNot returns the bitwise complement of a.
func (s *Solver) BVNot(a Term) Term { return s.mk(term.OpBVNot, nil, a) }

// BVNeg returns -a (two's complement).
func (s *Solver) BVNeg(a Term) Term { return s.mk(term.OpBVNeg, nil, a) }

// BVAnd returns a & b.
func (s *Solver) BVAnd(a, b Term) Term { return s.mk(term.OpBVAnd, nil, a, b) }

// BVOr returns a | b.
func (s *Solver) BVOr(a, b Term) Term { return s.mk(term.OpBVOr, nil, a, b) }

// BVXor returns a ^ b.
func (s *Solver) BVXor(a, b Term) Term { return s.mk(term.OpBVXor, nil, a, b) }

// BVNand returns ^(a & b).
func (s *Solver) BVNand(a, b Term) Term { return s.mk(term.OpBVNand, nil, a, b) }

// BVNor returns ^(a | b).
func (s *Solver) BVNor(a, b Term) Term { return s.mk(term.OpBVNor, nil, a, b) }

// BVXnor returns ^(a ^ b).
func (s *Solver) BVXnor(a, b Term) Term { return s.mk(term.OpBVXnor, nil, a, b) }

// BVAdd returns a + b mod 2^w.
func (s *Solver) BVAdd(a, b Term) Term { return s.mk(term.OpBVAdd, nil, a, b) }

// BVSub returns a - b mod 2^w.
func (s *Solver) BVSub(a, b Term) Term { return s.mk(term.OpBVSub, nil, a, b) }

// BVMul returns a * b mod 2^w.
func (s *Solver) BVMul(a, b Term) Term { return s.mk(term.OpBVMul, nil, a, b) }

// BVUDiv returns the unsigned quotient a / b (all ones when b = 0).
func (s *Solver) BVUDiv(a, b Term) Term { return s.mk(term.OpBVUdiv, nil, a, b) }

// BVURem returns the unsigned remainder a % b (a when b = 0).
func (s *Solver) BVURem(a, b Term) Term { return s.mk(term.OpBVUrem, nil, a, b) }

// BVSDiv returns the signed quotient, rounded toward zero.
func (s *Solver) BVSDiv(a, b Term) Term { return s.mk(term.OpBVSdiv, nil, a, b) }

// BVSRem returns the signed remainder, with the sign of a.
func (s *Solver) BVSRem(a, b Term) Term { return s.mk(term.OpBVSrem, nil, a, b) }

// BVSMod returns the signed remainder with the sign of b.
func (s *Solver) BVSMod(a, b Term) Term { return s.mk(term.OpBVSmod, nil, a, b) }

// BVShl returns a << b.
func (s *Solver) BVShl(a, b Term) Term { return s.mk(term.OpBVShl, nil, a, b) }

// BVLShr returns a >> b, shifting in zeros.
func (s *Solver) BVLShr(a, b Term) Term { return s.mk(term.OpBVLshr, nil, a, b) }

// BVAShr returns a >> b, shifting in copies of the sign bit.
func (s *Solver) BVAShr(a, b Term) Term { return s.mk(term.OpBVAshr, nil, a, b) }

// BVComp returns the 1-bit vector #b1 when a = b and #b0 otherwise.
func (s *Solver) BVComp(a, b Term) Term { return s.mk(term.OpBVComp, nil, a, b) }

// BVULT returns a < b, unsigned.
func (s *Solver) BVULT(a, b Term) Term { return s.mk(term.OpBVUlt, nil, a, b) }

// BVULE returns a ≤ b, unsigned.
func (s *Solver) BVULE(a, b Term) Term { return s.mk(term.OpBVUle, nil, a, b) }

// BVUGT returns a > b, unsigned.
func (s *Solver) BVUGT(a, b Term) Term { return s.mk(term.OpBVUgt, nil, a, b) }

// BVUGE returns a ≥ b, unsigned.
func (s *Solver) BVUGE(a, b Term) Term { return s.mk(term.OpBVUge, nil, a, b) }

// BVSLT returns a < b, signed.
func (s *Solver) BVSLT(a, b Term) Term { return s.mk(term.OpBVSlt, nil, a, b) }

// BVSLE returns a ≤ b, signed.
func (s *Solver) BVSLE(a, b Term) Term { return s.mk(term.OpBVSle, nil, a, b) }

// BVSGT returns a > b, signed.
func (s *Solver) BVSGT(a, b Term) Term { return s.mk(term.OpBVSgt, nil, a, b) }

// BVSGE returns a ≥ b, signed.
func (s *Solver) BVSGE(a, b Term) Term { return s.mk(term.OpBVSge, nil, a, b) }

// The overflow predicates of SMT-LIB 2.7: true when the operation's exact
// result does not fit the width (as unsigned, or as signed).

// BVNegO says -a overflows as signed (a is the least signed value).
func (s *Solver) BVNegO(a Term) Term { return s.mk(term.OpBVNego, nil, a) }

// BVUAddO says a + b overflows as unsigned.
func (s *Solver) BVUAddO(a, b Term) Term { return s.mk(term.OpBVUaddo, nil, a, b) }

// BVSAddO says a + b overflows as signed.
func (s *Solver) BVSAddO(a, b Term) Term { return s.mk(term.OpBVSaddo, nil, a, b) }

// BVUSubO says a - b overflows as unsigned (b > a).
func (s *Solver) BVUSubO(a, b Term) Term { return s.mk(term.OpBVUsubo, nil, a, b) }

// BVSSubO says a - b overflows as signed.
func (s *Solver) BVSSubO(a, b Term) Term { return s.mk(term.OpBVSsubo, nil, a, b) }

// BVUMulO says a * b overflows as unsigned.
func (s *Solver) BVUMulO(a, b Term) Term { return s.mk(term.OpBVUmulo, nil, a, b) }

// BVSMulO says a * b overflows as signed.
func (s *Solver) BVSMulO(a, b Term) Term { return s.mk(term.OpBVSmulo, nil, a, b) }

// BVSDivO says a / b overflows as signed (the least value divided by -1).
func (s *Solver) BVSDivO(a, b Term) Term { return s.mk(term.OpBVSdivo, nil, a, b) }
