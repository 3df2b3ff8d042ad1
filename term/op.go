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
	case OpTrue, OpFalse, OpBVConst, OpVar, OpBound:
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
		case OpApply, OpConstArray, OpForall, OpExists:
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
