package preprocess

import "github.com/sift-solver/sift/term"

// rule is one rewrite rule of the Rewrite pass: an equivalence applied at
// the root of a term whose arguments are already in normal form. apply
// returns the rewritten term, built with the rewriter's mk so that it is in
// normal form too, and false when the rule does not match.
//
// Every rule is an equivalence at every width, makes the term smaller or
// moves it towards a normal form (sorted operands, operators pushed towards
// the leaves, constants to the right), so normalisation terminates; the
// rewriter's depth bound is only a guard.
//
// examples are SMT-LIB terms the rule fires on, over x, y, z (bit-vectors of
// the test width W) and p, q (Bool), with #N for the W-bit constant N mod
// 2^W, #ones, #min and #max for the all-ones, signed minimum and maximum,
// and %H and %W for W-1 and W (extract indices). rules_test.go checks every rule alone
// on its examples and on random terms, by brute force at widths 1 to 6
// against term's evaluation.
type rule struct {
	name     string
	ops      []term.Op
	apply    func(r *rewriter, t term.Term) (term.Term, bool)
	examples []string
}

// ruleList is every rule in priority order: for one operator, the first rule
// that rewrites a term wins. Special cases that decide or shrink a term come
// before the normal forms that reorder it.
var ruleList = []*rule{
	// Boolean structure (rules_bool.go).
	ruleNotCmp, ruleBoolChain, ruleAndCmpPair,
	ruleEqOrder, ruleEqChainSplit, ruleEqBit, ruleEqBoolNot, ruleEqConcat, ruleEqNotNot, ruleEqNotConst, ruleEqXorConst,
	ruleEqIteConst, ruleEqIteSame, ruleEqIteIte, ruleEqIteDistinct,
	ruleUremConstBound, ruleEqDivDividend, ruleEqInjective, ruleEqLinear, ruleEqCofactor,
	ruleIteNested, ruleIteEqSelect, ruleIteMerge, ruleIteConjuncts, ruleIteOp,
	// Comparisons (rules_cmp.go).
	ruleCmpExtremes, ruleCmpSign, ruleCmpBounds, ruleCmpConcat, ruleCmpNot, ruleCmpIte, ruleCmpConstStrict,
	// Arithmetic (rules_linear.go, rules_mul.go).
	ruleNegShl, ruleLinear, ruleNotLinear,
	ruleMulBit, ruleMulChain, ruleMulOnes, ruleMulPow2Factor, ruleMulConcatZero,
	// Bitwise operators (rules_bits.go).
	ruleBitChain, ruleNotConcat, ruleNotXorConst, ruleNotIteConst, ruleBitElim, ruleCompElim,
	// Division (rules_div.go).
	ruleSignedDivElim, ruleDivSpecial, ruleDivSame, ruleUdivUrem, ruleDivPow2Const, ruleDivShlOne, ruleDivBit, ruleUremNot, ruleLshrUdiv,
	ruleOpIteCheaper,
	// Slices and shifts (rules_slice.go).
	ruleExtractConcat, ruleExtractNot, ruleExtractBitwise, ruleExtractIte, ruleExtractLowArith,
	ruleExtractSext, ruleConcatLeftAssoc, ruleConcatMerge, ruleZextConcat,
	ruleShiftConst, ruleAshrConst, ruleShiftSame, ruleAshrNot, ruleRotateConst, ruleRepeatConcat,
}

// rulesByOp indexes ruleList by root operator, in priority order.
var rulesByOp = map[term.Op][]*rule{}

func init() {
	seen := map[string]bool{}
	for _, r := range ruleList {
		if seen[r.name] {
			panic("preprocess: two rewrite rules named " + r.name)
		}
		seen[r.name] = true
		for _, op := range r.ops {
			rulesByOp[op] = append(rulesByOp[op], r)
		}
	}
}

// maxChain bounds the operands a chain rule (bit-chain, mul-chain,
// bool-chain) flattens. Rewriting is bottom-up, so each level of a chain of
// n operands would flatten and rebuild everything below it: n²/2 new terms.
// Longer chains keep their shape, which is sound, only not canonical.
const maxChain = 64

// ops lists operators (for rule.ops).
func ops(o ...term.Op) []term.Op { return o }
