package term

// Op is a term operator.
type Op uint8

const (
	OpInvalid Op = iota

	// Leaves.
	OpTrue
	OpFalse
	OpBVConst // value in Store.values
	OpVar     // a declared constant or function symbol (free)
	OpBound   // a variable bound by a quantifier or a define-fun parameter

	// Core theory.
	OpNot
	OpAnd
	OpOr
	OpXor
	OpImplies
	OpEq
	OpDistinct
	OpIte

	// Bit-vectors.
	OpConcat
	OpExtract // indices: hi, lo
	OpBVNot
	OpBVAnd
	OpBVOr
	OpBVXor
	OpBVNand
	OpBVNor
	OpBVXnor
	OpBVNeg
	OpBVAdd
	OpBVSub
	OpBVMul
	OpBVUdiv
	OpBVUrem
	OpBVSdiv
	OpBVSrem
	OpBVSmod
	OpBVShl
	OpBVLshr
	OpBVAshr
	OpBVComp
	OpBVUlt
	OpBVUle
	OpBVUgt
	OpBVUge
	OpBVSlt
	OpBVSle
	OpBVSgt
	OpBVSge
	OpZeroExtend  // index: k
	OpSignExtend  // index: k
	OpRepeat      // index: n
	OpRotateLeft  // index: k
	OpRotateRight // index: k
	// SMT-LIB 2.7 overflow predicates.
	OpBVNego
	OpBVUaddo
	OpBVSaddo
	OpBVUsubo
	OpBVSsubo
	OpBVUmulo
	OpBVSmulo
	OpBVSdivo

	// Arrays.
	OpSelect
	OpStore
	OpConstArray // ((as const (Array I E)) v)

	// Uninterpreted functions: args[0] is the function symbol (an OpVar of a
	// function sort), the rest are the arguments.
	OpApply

	// Quantifiers: args are the bound variables (OpBound) followed by the body.
	OpForall
	OpExists

	// Floating point (build_fp.go): leaves, then the theory's operators.
	OpFPConst // value (the IEEE encoding) in Store.values
	OpRMConst // index: the fp.RoundingMode
	OpFP      // (fp s e m)
	OpFPAbs
	OpFPNeg
	OpFPAdd // rm x y
	OpFPSub // built as fp.add of fp.neg
	OpFPMul
	OpFPDiv
	OpFPFma // rm x y z
	OpFPSqrt
	OpFPRem
	OpFPRoundToIntegral
	OpFPMin
	OpFPMax
	OpFPLeq
	OpFPLt
	OpFPGeq // built as fp.leq, arguments swapped
	OpFPGt  // built as fp.lt, arguments swapped
	OpFPEq
	OpFPIsNormal
	OpFPIsSubnormal
	OpFPIsZero
	OpFPIsInfinite
	OpFPIsNaN
	OpFPIsNegative
	OpFPIsPositive
	// OpToFP is the overloaded (_ to_fp eb sb) as the parser reads it;
	// the builder resolves it by its arguments into one of the next three.
	OpToFP
	OpToFPBits     // ((_ to_fp eb sb) b): b's bits as an encoding
	OpToFPFloat    // ((_ to_fp eb sb) rm x): x of another format, rounded
	OpToFPSigned   // ((_ to_fp eb sb) rm b): two's complement b, rounded
	OpToFPUnsigned // ((_ to_fp_unsigned eb sb) rm b)
	OpFPToUBV      // index: m
	OpFPToSBV      // index: m

	numOps
)

// opInfo describes an operator for printing and checking.
type opInfo struct {
	name    string // SMT-LIB name
	indices int    // number of (_ op i j) indices
}

var opInfos = [numOps]opInfo{
	OpTrue: {"true", 0}, OpFalse: {"false", 0}, OpBVConst: {"<const>", 0},
	OpVar: {"<var>", 0}, OpBound: {"<bound>", 0},
	OpNot: {"not", 0}, OpAnd: {"and", 0}, OpOr: {"or", 0}, OpXor: {"xor", 0},
	OpImplies: {"=>", 0}, OpEq: {"=", 0}, OpDistinct: {"distinct", 0}, OpIte: {"ite", 0},
	OpConcat: {"concat", 0}, OpExtract: {"extract", 2},
	OpBVNot: {"bvnot", 0}, OpBVAnd: {"bvand", 0}, OpBVOr: {"bvor", 0}, OpBVXor: {"bvxor", 0},
	OpBVNand: {"bvnand", 0}, OpBVNor: {"bvnor", 0}, OpBVXnor: {"bvxnor", 0},
	OpBVNeg: {"bvneg", 0}, OpBVAdd: {"bvadd", 0}, OpBVSub: {"bvsub", 0}, OpBVMul: {"bvmul", 0},
	OpBVUdiv: {"bvudiv", 0}, OpBVUrem: {"bvurem", 0}, OpBVSdiv: {"bvsdiv", 0},
	OpBVSrem: {"bvsrem", 0}, OpBVSmod: {"bvsmod", 0},
	OpBVShl: {"bvshl", 0}, OpBVLshr: {"bvlshr", 0}, OpBVAshr: {"bvashr", 0},
	OpBVComp: {"bvcomp", 0},
	OpBVUlt:  {"bvult", 0}, OpBVUle: {"bvule", 0}, OpBVUgt: {"bvugt", 0}, OpBVUge: {"bvuge", 0},
	OpBVSlt: {"bvslt", 0}, OpBVSle: {"bvsle", 0}, OpBVSgt: {"bvsgt", 0}, OpBVSge: {"bvsge", 0},
	OpZeroExtend: {"zero_extend", 1}, OpSignExtend: {"sign_extend", 1}, OpRepeat: {"repeat", 1},
	OpRotateLeft: {"rotate_left", 1}, OpRotateRight: {"rotate_right", 1},
	OpBVNego: {"bvnego", 0}, OpBVUaddo: {"bvuaddo", 0}, OpBVSaddo: {"bvsaddo", 0},
	OpBVUsubo: {"bvusubo", 0}, OpBVSsubo: {"bvssubo", 0}, OpBVUmulo: {"bvumulo", 0},
	OpBVSmulo: {"bvsmulo", 0}, OpBVSdivo: {"bvsdivo", 0},
	OpSelect: {"select", 0}, OpStore: {"store", 0}, OpConstArray: {"const", 0},
	OpApply: {"<apply>", 0}, OpForall: {"forall", 0}, OpExists: {"exists", 0},
	OpFPConst: {"<fp const>", 0}, OpRMConst: {"<rounding mode>", 0}, OpFP: {"fp", 0},
	OpFPAbs: {"fp.abs", 0}, OpFPNeg: {"fp.neg", 0}, OpFPAdd: {"fp.add", 0}, OpFPSub: {"fp.sub", 0},
	OpFPMul: {"fp.mul", 0}, OpFPDiv: {"fp.div", 0}, OpFPFma: {"fp.fma", 0}, OpFPSqrt: {"fp.sqrt", 0},
	OpFPRem: {"fp.rem", 0}, OpFPRoundToIntegral: {"fp.roundToIntegral", 0},
	OpFPMin: {"fp.min", 0}, OpFPMax: {"fp.max", 0},
	OpFPLeq: {"fp.leq", 0}, OpFPLt: {"fp.lt", 0}, OpFPGeq: {"fp.geq", 0}, OpFPGt: {"fp.gt", 0}, OpFPEq: {"fp.eq", 0},
	OpFPIsNormal: {"fp.isNormal", 0}, OpFPIsSubnormal: {"fp.isSubnormal", 0}, OpFPIsZero: {"fp.isZero", 0},
	OpFPIsInfinite: {"fp.isInfinite", 0}, OpFPIsNaN: {"fp.isNaN", 0},
	OpFPIsNegative: {"fp.isNegative", 0}, OpFPIsPositive: {"fp.isPositive", 0},
	OpToFP: {"to_fp", 2}, OpToFPBits: {"to_fp", 2}, OpToFPFloat: {"to_fp", 2}, OpToFPSigned: {"to_fp", 2},
	OpToFPUnsigned: {"to_fp_unsigned", 2}, OpFPToUBV: {"fp.to_ubv", 1}, OpFPToSBV: {"fp.to_sbv", 1},
}

// String returns the SMT-LIB name of the operator.
func (o Op) String() string {
	if o >= numOps || opInfos[o].name == "" {
		return "<invalid op>"
	}
	return opInfos[o].name
}

// NumIndices returns how many numeral indices the operator takes, as in
// (_ extract 7 0).
func (o Op) NumIndices() int {
	if o >= numOps {
		return 0
	}
	return opInfos[o].indices
}

// IsLeaf reports whether terms of this operator have no arguments.
func (o Op) IsLeaf() bool {
	switch o {
	case OpTrue, OpFalse, OpBVConst, OpVar, OpBound, OpFPConst, OpRMConst:
		return true
	}
	return false
}

// IsQuantifier reports whether o binds variables.
func (o Op) IsQuantifier() bool { return o == OpForall || o == OpExists }

// byName maps SMT-LIB function names to operators, for the parser. Leaves,
// OpApply and OpConstArray have no plain name and are absent.
var byName = func() map[string]Op {
	m := make(map[string]Op, numOps)
	for o := OpNot; o < numOps; o++ {
		switch o {
		case OpApply, OpConstArray, OpForall, OpExists, OpFPConst, OpRMConst,
			OpToFPBits, OpToFPFloat, OpToFPSigned: // "to_fp" is OpToFP
			continue
		}
		m[opInfos[o].name] = o
	}
	return m
}()

// OpByName returns the operator the SMT-LIB function symbol name denotes.
func OpByName(name string) (Op, bool) {
	o, ok := byName[name]
	return o, ok
}

// OpByNameBytes is OpByName on a byte slice, without allocating.
func OpByNameBytes(name []byte) (Op, bool) {
	o, ok := byName[string(name)]
	return o, ok
}
