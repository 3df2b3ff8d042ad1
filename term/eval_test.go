package term

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
)

// lit parses "W'literal" (see val) or, without a width prefix, a w-bit literal.
func lit(w uint32, s string) bv.Value {
	if ws, rest, ok := strings.Cut(s, "'"); ok {
		n, err := strconv.Atoi(ws)
		if err != nil {
			panic("bad width in " + s)
		}
		return val(uint32(n), rest)
	}
	return val(w, s)
}

type bvEvalCase struct {
	op   Op
	idx  []uint32
	w    uint32   // width of the arguments without a width prefix
	args []string // literals, see lit
	want string   // "T" or "F" for predicates, else a "W'literal"
}

// bvEvalCases are hand-computed SMT-LIB results at widths 1, 8, 32, 64, 65
// and 128.
var bvEvalCases = []bvEvalCase{
	// Width 1.
	{OpBVNot, nil, 1, []string{"0"}, "1'1"},
	{OpBVAnd, nil, 1, []string{"1", "1"}, "1'1"},
	{OpBVOr, nil, 1, []string{"0", "0"}, "1'0"},
	{OpBVXor, nil, 1, []string{"1", "1"}, "1'0"},
	{OpBVNand, nil, 1, []string{"1", "1"}, "1'0"},
	{OpBVNor, nil, 1, []string{"0", "0"}, "1'1"},
	{OpBVXnor, nil, 1, []string{"1", "0"}, "1'0"},
	{OpBVNeg, nil, 1, []string{"1"}, "1'1"},
	{OpBVAdd, nil, 1, []string{"1", "1"}, "1'0"},
	{OpBVSub, nil, 1, []string{"0", "1"}, "1'1"},
	{OpBVMul, nil, 1, []string{"1", "1"}, "1'1"},
	{OpBVUdiv, nil, 1, []string{"1", "0"}, "1'1"},
	{OpBVUrem, nil, 1, []string{"1", "0"}, "1'1"},
	{OpBVSdiv, nil, 1, []string{"1", "0"}, "1'1"}, // -1 / 0 = 1
	{OpBVSdiv, nil, 1, []string{"1", "1"}, "1'1"}, // INT_MIN / -1 wraps
	{OpBVSrem, nil, 1, []string{"1", "0"}, "1'1"},
	{OpBVSmod, nil, 1, []string{"1", "0"}, "1'1"},
	{OpBVShl, nil, 1, []string{"1", "1"}, "1'0"},
	{OpBVLshr, nil, 1, []string{"1", "1"}, "1'0"},
	{OpBVAshr, nil, 1, []string{"1", "1"}, "1'1"},
	{OpBVComp, nil, 1, []string{"1", "1"}, "1'1"},
	{OpBVUlt, nil, 1, []string{"0", "1"}, "T"},
	{OpBVSlt, nil, 1, []string{"1", "0"}, "T"}, // -1 < 0
	{OpBVSgt, nil, 1, []string{"0", "1"}, "T"},
	{OpBVNego, nil, 1, []string{"1"}, "T"},
	{OpBVSdivo, nil, 1, []string{"1", "1"}, "T"},
	{OpBVUaddo, nil, 1, []string{"1", "1"}, "T"},
	{OpBVSaddo, nil, 1, []string{"1", "1"}, "T"}, // -1 + -1 = -2
	{OpBVSaddo, nil, 1, []string{"0", "1"}, "F"},
	{OpBVUsubo, nil, 1, []string{"0", "1"}, "T"},
	{OpBVSsubo, nil, 1, []string{"0", "1"}, "T"}, // 0 - (-1) = 1
	{OpBVUmulo, nil, 1, []string{"1", "1"}, "F"},
	{OpBVSmulo, nil, 1, []string{"1", "1"}, "T"}, // (-1)(-1) = 1
	{OpRepeat, []uint32{3}, 1, []string{"1"}, "3'7"},
	{OpSignExtend, []uint32{7}, 1, []string{"1"}, "8'0xff"},
	{OpZeroExtend, []uint32{7}, 1, []string{"1"}, "8'1"},

	// Width 8.
	{OpBVNot, nil, 8, []string{"0x0f"}, "8'0xf0"},
	{OpBVAnd, nil, 8, []string{"0xcc", "0xaa"}, "8'0x88"},
	{OpBVOr, nil, 8, []string{"0xcc", "0xaa"}, "8'0xee"},
	{OpBVXor, nil, 8, []string{"0xcc", "0xaa"}, "8'0x66"},
	{OpBVNand, nil, 8, []string{"0xcc", "0xaa"}, "8'0x77"},
	{OpBVNor, nil, 8, []string{"0xcc", "0xaa"}, "8'0x11"},
	{OpBVXnor, nil, 8, []string{"0xcc", "0xaa"}, "8'0x99"},
	{OpBVNeg, nil, 8, []string{"1"}, "8'0xff"},
	{OpBVNeg, nil, 8, []string{"0x80"}, "8'0x80"},
	{OpBVAdd, nil, 8, []string{"0xff", "2"}, "8'1"},
	{OpBVSub, nil, 8, []string{"1", "2"}, "8'0xff"},
	{OpBVMul, nil, 8, []string{"0x10", "0x11"}, "8'0x10"},
	{OpBVMul, nil, 8, []string{"0xff", "0xff"}, "8'1"},
	{OpBVUdiv, nil, 8, []string{"0xff", "0x10"}, "8'0x0f"},
	{OpBVUdiv, nil, 8, []string{"0x37", "0"}, "8'0xff"},
	{OpBVUrem, nil, 8, []string{"0xff", "0x10"}, "8'0x0f"},
	{OpBVUrem, nil, 8, []string{"0x37", "0"}, "8'0x37"},
	{OpBVSdiv, nil, 8, []string{"-7", "2"}, "8'-3"},
	{OpBVSdiv, nil, 8, []string{"7", "-2"}, "8'-3"},
	{OpBVSdiv, nil, 8, []string{"-7", "-2"}, "8'3"},
	{OpBVSdiv, nil, 8, []string{"-128", "-1"}, "8'-128"},
	{OpBVSdiv, nil, 8, []string{"-5", "0"}, "8'1"},
	{OpBVSdiv, nil, 8, []string{"5", "0"}, "8'0xff"},
	{OpBVSrem, nil, 8, []string{"-7", "2"}, "8'-1"},
	{OpBVSrem, nil, 8, []string{"7", "-2"}, "8'1"},
	{OpBVSrem, nil, 8, []string{"-7", "0"}, "8'-7"},
	{OpBVSrem, nil, 8, []string{"-128", "-1"}, "8'0"},
	{OpBVSmod, nil, 8, []string{"-7", "2"}, "8'1"},
	{OpBVSmod, nil, 8, []string{"7", "-2"}, "8'-1"},
	{OpBVSmod, nil, 8, []string{"-7", "-2"}, "8'-1"},
	{OpBVSmod, nil, 8, []string{"6", "-3"}, "8'0"},
	{OpBVSmod, nil, 8, []string{"-7", "0"}, "8'-7"},
	{OpBVShl, nil, 8, []string{"0x81", "1"}, "8'2"},
	{OpBVShl, nil, 8, []string{"1", "7"}, "8'0x80"},
	{OpBVShl, nil, 8, []string{"1", "8"}, "8'0"},
	{OpBVShl, nil, 8, []string{"1", "0xff"}, "8'0"},
	{OpBVLshr, nil, 8, []string{"0x80", "7"}, "8'1"},
	{OpBVLshr, nil, 8, []string{"0x80", "8"}, "8'0"},
	{OpBVAshr, nil, 8, []string{"0x80", "1"}, "8'0xc0"},
	{OpBVAshr, nil, 8, []string{"0x80", "7"}, "8'0xff"},
	{OpBVAshr, nil, 8, []string{"0x80", "0xff"}, "8'0xff"},
	{OpBVAshr, nil, 8, []string{"0x40", "200"}, "8'0"},
	{OpBVComp, nil, 8, []string{"0x12", "0x12"}, "1'1"},
	{OpBVComp, nil, 8, []string{"0x12", "0x13"}, "1'0"},
	{OpBVUlt, nil, 8, []string{"0x7f", "0x80"}, "T"},
	{OpBVUle, nil, 8, []string{"0x80", "0x80"}, "T"},
	{OpBVUle, nil, 8, []string{"0x81", "0x80"}, "F"},
	{OpBVUgt, nil, 8, []string{"0x80", "0x7f"}, "T"},
	{OpBVUge, nil, 8, []string{"0x7f", "0x80"}, "F"},
	{OpBVSlt, nil, 8, []string{"0x80", "0x7f"}, "T"},
	{OpBVSlt, nil, 8, []string{"0x7f", "0x80"}, "F"},
	{OpBVSle, nil, 8, []string{"0xff", "0"}, "T"},
	{OpBVSgt, nil, 8, []string{"0", "0xff"}, "T"},
	{OpBVSge, nil, 8, []string{"0x80", "0x7f"}, "F"},
	{OpBVSge, nil, 8, []string{"0x7f", "0x7f"}, "T"},
	{OpConcat, nil, 8, []string{"0xab", "0xcd"}, "16'0xabcd"},
	{OpConcat, nil, 8, []string{"0xab", "4'0x3"}, "12'0xab3"},
	{OpExtract, []uint32{5, 2}, 8, []string{"0xb4"}, "4'0xd"},
	{OpExtract, []uint32{7, 7}, 8, []string{"0x80"}, "1'1"},
	{OpZeroExtend, []uint32{4}, 8, []string{"0x80"}, "12'0x080"},
	{OpSignExtend, []uint32{4}, 8, []string{"0x80"}, "12'0xf80"},
	{OpSignExtend, []uint32{4}, 8, []string{"0x7f"}, "12'0x07f"},
	{OpRepeat, []uint32{3}, 8, []string{"0xa5"}, "24'0xa5a5a5"},
	{OpRotateLeft, []uint32{3}, 8, []string{"0x81"}, "8'0x0c"},
	{OpRotateLeft, []uint32{11}, 8, []string{"0x81"}, "8'0x0c"},
	{OpRotateRight, []uint32{3}, 8, []string{"0x81"}, "8'0x30"},
	{OpBVNego, nil, 8, []string{"0x80"}, "T"},
	{OpBVNego, nil, 8, []string{"0x7f"}, "F"},
	{OpBVUaddo, nil, 8, []string{"0x80", "0x80"}, "T"},
	{OpBVUaddo, nil, 8, []string{"0x7f", "0x80"}, "F"},
	{OpBVSaddo, nil, 8, []string{"0x7f", "1"}, "T"},
	{OpBVSaddo, nil, 8, []string{"0x80", "0xff"}, "T"},
	{OpBVSaddo, nil, 8, []string{"0x80", "1"}, "F"},
	{OpBVUsubo, nil, 8, []string{"1", "2"}, "T"},
	{OpBVUsubo, nil, 8, []string{"2", "1"}, "F"},
	{OpBVSsubo, nil, 8, []string{"0x80", "1"}, "T"},
	{OpBVSsubo, nil, 8, []string{"0", "0x80"}, "T"},
	{OpBVSsubo, nil, 8, []string{"0xff", "0x80"}, "F"},
	{OpBVUmulo, nil, 8, []string{"0x10", "0x10"}, "T"},
	{OpBVUmulo, nil, 8, []string{"0x0f", "0x11"}, "F"},
	{OpBVSmulo, nil, 8, []string{"0x10", "8"}, "T"},    // 128
	{OpBVSmulo, nil, 8, []string{"0xf0", "8"}, "F"},    // -128
	{OpBVSmulo, nil, 8, []string{"0x80", "0xff"}, "T"}, // 128
	{OpBVSdivo, nil, 8, []string{"0x80", "0xff"}, "T"},
	{OpBVSdivo, nil, 8, []string{"0x80", "1"}, "F"},

	// Width 32.
	{OpBVUdiv, nil, 32, []string{"0xdeadbeef", "0"}, "32'0xffffffff"},
	{OpBVUrem, nil, 32, []string{"0xdeadbeef", "0"}, "32'0xdeadbeef"},
	{OpBVSdiv, nil, 32, []string{"0x80000000", "-1"}, "32'0x80000000"},
	{OpBVSrem, nil, 32, []string{"0x80000000", "-1"}, "32'0"},
	{OpBVSmod, nil, 32, []string{"0x80000000", "-1"}, "32'0"},
	{OpBVSdiv, nil, 32, []string{"0x80000000", "0"}, "32'1"},
	{OpBVSmod, nil, 32, []string{"0x80000000", "0"}, "32'0x80000000"},
	{OpBVShl, nil, 32, []string{"1", "31"}, "32'0x80000000"},
	{OpBVShl, nil, 32, []string{"1", "32"}, "32'0"},
	{OpBVLshr, nil, 32, []string{"0xffffffff", "0xffffffff"}, "32'0"},
	{OpBVAshr, nil, 32, []string{"0x80000000", "31"}, "32'0xffffffff"},
	{OpBVAshr, nil, 32, []string{"0x80000000", "0x80000000"}, "32'0xffffffff"},
	{OpBVAdd, nil, 32, []string{"0xffffffff", "1"}, "32'0"},
	{OpBVMul, nil, 32, []string{"0x10000", "0x10000"}, "32'0"},
	{OpBVSlt, nil, 32, []string{"0x80000000", "0x7fffffff"}, "T"},
	{OpBVUlt, nil, 32, []string{"0x80000000", "0x7fffffff"}, "F"},
	{OpBVSle, nil, 32, []string{"0x7fffffff", "0x80000000"}, "F"},
	{OpBVUmulo, nil, 32, []string{"0x10000", "0x10000"}, "T"},
	{OpBVUmulo, nil, 32, []string{"0xffff", "0x10001"}, "F"},
	{OpBVSmulo, nil, 32, []string{"0x10000", "0x8000"}, "T"},
	{OpBVSmulo, nil, 32, []string{"0xffff0000", "0x8000"}, "F"},
	{OpBVSaddo, nil, 32, []string{"0x7fffffff", "1"}, "T"},
	{OpBVSdivo, nil, 32, []string{"0x80000000", "0xffffffff"}, "T"},
	{OpRotateLeft, []uint32{4}, 32, []string{"0x12345678"}, "32'0x23456781"},
	{OpRotateRight, []uint32{4}, 32, []string{"0x12345678"}, "32'0x81234567"},
	{OpExtract, []uint32{31, 16}, 32, []string{"0x12345678"}, "16'0x1234"},
	{OpConcat, nil, 32, []string{"0x12345678", "0x9abcdef0"}, "64'0x123456789abcdef0"},
	{OpBVXnor, nil, 32, []string{"0xffff0000", "0xff00ff00"}, "32'0xff0000ff"},

	// Width 64.
	{OpBVUdiv, nil, 64, []string{"5", "0"}, "64'ones"},
	{OpBVUrem, nil, 64, []string{"5", "0"}, "64'5"},
	{OpBVSdiv, nil, 64, []string{"1<<63", "-1"}, "64'1<<63"},
	{OpBVSdivo, nil, 64, []string{"1<<63", "-1"}, "T"},
	{OpBVSdiv, nil, 64, []string{"-9", "0"}, "64'1"},
	{OpBVSrem, nil, 64, []string{"-7", "0"}, "64'-7"},
	{OpBVSmod, nil, 64, []string{"-7", "2"}, "64'1"},
	{OpBVMul, nil, 64, []string{"ones", "ones"}, "64'1"},
	{OpBVUmulo, nil, 64, []string{"ones", "ones"}, "T"},
	{OpBVSmulo, nil, 64, []string{"ones", "ones"}, "F"},
	{OpBVSmulo, nil, 64, []string{"1<<32", "1<<31"}, "T"},
	{OpBVAdd, nil, 64, []string{"ones", "1"}, "64'0"},
	{OpBVUaddo, nil, 64, []string{"ones", "1"}, "T"},
	{OpBVShl, nil, 64, []string{"1", "63"}, "64'1<<63"},
	{OpBVShl, nil, 64, []string{"1", "64"}, "64'0"},
	{OpBVLshr, nil, 64, []string{"ones", "ones"}, "64'0"},
	{OpBVAshr, nil, 64, []string{"1<<63", "64"}, "64'ones"},
	{OpBVNego, nil, 64, []string{"1<<63"}, "T"},
	{OpBVSlt, nil, 64, []string{"1<<63", "0x7fffffffffffffff"}, "T"},
	{OpZeroExtend, []uint32{64}, 64, []string{"ones"}, "128'0xffffffffffffffff"},
	{OpSignExtend, []uint32{1}, 64, []string{"1<<63"}, "65'0x18000000000000000"},
	{OpConcat, nil, 64, []string{"1", "0"}, "128'1<<64"},

	// Width 65: the first multi-limb width.
	{OpBVNot, nil, 65, []string{"0"}, "65'ones"},
	{OpBVAdd, nil, 65, []string{"ones", "1"}, "65'0"},
	{OpBVUdiv, nil, 65, []string{"12345", "0"}, "65'ones"},
	{OpBVUrem, nil, 65, []string{"12345", "0"}, "65'12345"},
	{OpBVSdiv, nil, 65, []string{"1<<64", "-1"}, "65'1<<64"},
	{OpBVSdiv, nil, 65, []string{"-5", "0"}, "65'1"},
	{OpBVSdiv, nil, 65, []string{"-7", "2"}, "65'-3"},
	{OpBVSrem, nil, 65, []string{"-5", "0"}, "65'-5"},
	{OpBVSmod, nil, 65, []string{"-5", "0"}, "65'-5"},
	{OpBVSmod, nil, 65, []string{"-7", "2"}, "65'1"},
	{OpBVShl, nil, 65, []string{"1", "64"}, "65'1<<64"},
	{OpBVShl, nil, 65, []string{"1", "65"}, "65'0"},
	{OpBVShl, nil, 65, []string{"1", "ones"}, "65'0"},
	{OpBVLshr, nil, 65, []string{"ones", "64"}, "65'1"},
	{OpBVLshr, nil, 65, []string{"ones", "1<<64"}, "65'0"},
	{OpBVAshr, nil, 65, []string{"1<<64", "64"}, "65'ones"},
	{OpBVAshr, nil, 65, []string{"1<<64", "ones"}, "65'ones"},
	{OpBVMul, nil, 65, []string{"1<<32", "1<<33"}, "65'0"},
	{OpBVMul, nil, 65, []string{"1<<32", "1<<32"}, "65'1<<64"},
	{OpBVUmulo, nil, 65, []string{"1<<32", "1<<33"}, "T"},
	{OpBVUmulo, nil, 65, []string{"1<<32", "1<<32"}, "F"},
	{OpBVSmulo, nil, 65, []string{"1<<32", "1<<32"}, "T"},
	{OpBVSlt, nil, 65, []string{"1<<64", "0xffffffffffffffff"}, "T"},
	{OpBVUlt, nil, 65, []string{"1<<64", "0xffffffffffffffff"}, "F"},
	{OpBVSle, nil, 65, []string{"ones", "0"}, "T"},
	{OpBVNego, nil, 65, []string{"1<<64"}, "T"},
	{OpBVSdivo, nil, 65, []string{"1<<64", "ones"}, "T"},
	{OpRotateLeft, []uint32{1}, 65, []string{"1<<64"}, "65'1"},
	{OpRotateRight, []uint32{1}, 65, []string{"1"}, "65'1<<64"},
	{OpExtract, []uint32{64, 64}, 65, []string{"1<<64"}, "1'1"},
	{OpExtract, []uint32{64, 1}, 65, []string{"ones"}, "64'ones"},
	{OpRepeat, []uint32{2}, 65, []string{"1"}, "130'0x20000000000000001"},
	{OpBVComp, nil, 65, []string{"1<<64", "1<<64"}, "1'1"},
	{OpBVNand, nil, 65, []string{"ones", "1<<64"}, "65'0xffffffffffffffff"},
	{OpBVNor, nil, 65, []string{"0", "1<<64"}, "65'0xffffffffffffffff"},

	// Width 128.
	{OpBVMul, nil, 128, []string{"1<<64", "1<<64"}, "128'0"},
	{OpBVUmulo, nil, 128, []string{"1<<64", "1<<64"}, "T"},
	{OpBVUdiv, nil, 128, []string{"ones", "1<<64"}, "128'0xffffffffffffffff"},
	{OpBVUrem, nil, 128, []string{"ones", "1<<64"}, "128'0xffffffffffffffff"},
	{OpBVSdiv, nil, 128, []string{"1<<127", "-1"}, "128'1<<127"},
	{OpBVSdivo, nil, 128, []string{"1<<127", "-1"}, "T"},
	{OpBVNeg, nil, 128, []string{"1"}, "128'ones"},
	{OpBVSub, nil, 128, []string{"0", "1"}, "128'ones"},
	{OpBVShl, nil, 128, []string{"1", "127"}, "128'1<<127"},
	{OpBVShl, nil, 128, []string{"1", "128"}, "128'0"},
	{OpBVLshr, nil, 128, []string{"1<<127", "127"}, "128'1"},
	{OpBVAshr, nil, 128, []string{"1<<127", "127"}, "128'ones"},
	{OpBVSaddo, nil, 128, []string{"0x7fffffffffffffffffffffffffffffff", "1"}, "T"},
	{OpBVSsubo, nil, 128, []string{"1<<127", "1"}, "T"},
	{OpBVUsubo, nil, 128, []string{"0", "1"}, "T"},
	{OpBVUaddo, nil, 128, []string{"ones", "1"}, "T"},
	{OpBVSmod, nil, 128, []string{"-7", "-2"}, "128'-1"},
	{OpBVSrem, nil, 128, []string{"7", "-2"}, "128'1"},
	{OpBVSgt, nil, 128, []string{"0", "1<<127"}, "T"},
	{OpBVUge, nil, 128, []string{"0", "1<<127"}, "F"},
}

func TestEvalBitVectorOps(t *testing.T) {
	for i, c := range bvEvalCases {
		args := make([]bv.Value, len(c.args))
		for j, a := range c.args {
			args[j] = lit(c.w, a)
		}
		name := c.op.String() + "/" + strconv.Itoa(int(c.w)) + "/" + strconv.Itoa(i)
		t.Run(name, func(t *testing.T) {
			st := NewStore()
			m := NewModel()
			vars := make([]Term, len(args))
			consts := make([]Term, len(args))
			for j, a := range args {
				vars[j] = bvVar(st, m, "x"+strconv.Itoa(j), a)
				consts[j] = st.Const(a)
			}
			overVars, err := st.Make(c.op, c.idx, vars...)
			if err != nil {
				t.Fatalf("Make over variables: %v", err)
			}
			got := mustEval(t, st, overVars, m)
			folded, err := st.Make(c.op, c.idx, consts...)
			if err != nil {
				t.Fatalf("Make over constants: %v", err)
			}
			if !st.IsConst(folded) {
				t.Fatalf("%s over constants did not fold (op %s)", c.op, st.Op(folded))
			}
			foldedVal := mustEval(t, st, folded, NewModel())
			var want Value
			switch c.want {
			case "T", "F":
				want = BoolValue(c.want == "T")
			default:
				want = st.BVValue(lit(0, c.want))
			}
			if !got.Equal(want) {
				t.Errorf("Eval(%s %v) = %s, want %s", c.op, c.args, showValue(got), showValue(want))
			}
			if !foldedVal.Equal(want) {
				t.Errorf("folding (%s %v) = %s, want %s", c.op, c.args, showValue(foldedVal), showValue(want))
			}
			if got.Sort != st.SortOf(overVars) {
				t.Errorf("value sort %s, term sort %s", st.SortString(got.Sort), st.SortString(st.SortOf(overVars)))
			}
		})
	}
}

// TestEvalCoversEveryOperator fails when an operator of op.go has no
// evaluation case here, so new operators cannot go untested.
func TestEvalCoversEveryOperator(t *testing.T) {
	covered := map[Op]bool{}
	for _, c := range bvEvalCases {
		covered[c.op] = true
	}
	for _, c := range coreEvalCases {
		covered[c.op] = true
	}
	for _, o := range []Op{OpTrue, OpFalse, OpBVConst, OpVar, OpBound, OpForall, OpExists,
		OpSelect, OpStore, OpConstArray, OpApply, OpInvalid,
		OpFPConst, OpRMConst, OpFP, OpToFPBits, OpToFPSigned, OpToFPUnsigned} {
		covered[o] = true // leaves, quantifiers, arrays and UFs have tests of their own
	}
	for _, c := range fpEvalCases(NewStore(), fp.Format{EB: 2, SB: 3}) {
		covered[c.op] = true
	}
	covered[OpToFPFloat] = true // OpToFP resolves to it
	for o := Op(0); o < numOps; o++ {
		if !covered[o] {
			t.Errorf("operator %s has no evaluation case", o)
		}
	}
}

type coreEvalCase struct {
	op   Op
	args []bool
	want bool
}

var coreEvalCases = []coreEvalCase{
	{OpNot, []bool{false}, true},
	{OpNot, []bool{true}, false},
	{OpAnd, []bool{true, true, true}, true},
	{OpAnd, []bool{true, false, true}, false},
	{OpOr, []bool{false, false}, false},
	{OpOr, []bool{false, true, false}, true},
	{OpXor, []bool{true, true}, false},
	{OpXor, []bool{true, false}, true},
	{OpXor, []bool{true, true, true}, true}, // left associative
	{OpImplies, []bool{true, false}, false},
	{OpImplies, []bool{false, false}, true},
	{OpImplies, []bool{true, true}, true},
	{OpImplies, []bool{true, true, false}, false}, // right associative
	{OpImplies, []bool{false, true, false}, true},
	{OpEq, []bool{true, true}, true},
	{OpEq, []bool{true, false}, false},
	{OpEq, []bool{false, false, true}, false}, // chainable
	{OpDistinct, []bool{true, false}, true},
	{OpDistinct, []bool{false, false}, false},
	{OpDistinct, []bool{true, false, true}, false},
	{OpIte, []bool{true, false, true}, false},
	{OpIte, []bool{false, false, true}, true},
}

func TestEvalCoreOps(t *testing.T) {
	for i, c := range coreEvalCases {
		t.Run(c.op.String()+"/"+strconv.Itoa(i), func(t *testing.T) {
			st := NewStore()
			m := NewModel()
			vars := make([]Term, len(c.args))
			consts := make([]Term, len(c.args))
			for j, a := range c.args {
				vars[j] = boolVar(st, m, "p"+strconv.Itoa(j), a)
				consts[j] = st.Bool(a)
			}
			tm, err := st.Make(c.op, nil, vars...)
			if err != nil {
				t.Fatal(err)
			}
			if got := mustEval(t, st, tm, m); !got.Equal(BoolValue(c.want)) {
				t.Errorf("Eval(%s %v) = %s, want %v", c.op, c.args, showValue(got), c.want)
			}
			folded, err := st.Make(c.op, nil, consts...)
			if err != nil {
				t.Fatal(err)
			}
			if folded != st.Bool(c.want) {
				t.Errorf("folding (%s %v) gave op %s, want %v", c.op, c.args, st.Op(folded), c.want)
			}
		})
	}
}

func TestEvalEqDistinctIteOverBitVectors(t *testing.T) {
	for _, w := range []uint32{1, 8, 32, 64, 65, 128} {
		st := NewStore()
		m := NewModel()
		a := bvVar(st, m, "a", val(w, "1"))
		b := bvVar(st, m, "b", val(w, "1"))
		c := bvVar(st, m, "c", val(w, "ones"))
		cond := boolVar(st, m, "p", false)
		cases := []struct {
			name string
			tm   Term
			want Value
		}{
			{"eq-same-value", st.Eq(a, b), BoolValue(true)},
			{"eq-different", st.Eq(a, c), BoolValue(w == 1)},
			{"distinct-pair", st.MustMake(OpDistinct, nil, a, b), BoolValue(false)},
			{"distinct-three", st.MustMake(OpDistinct, nil, a, c, st.Const(bv.Zero(w))), BoolValue(w > 1)},
			{"ite-else", st.Ite(cond, a, c), st.BVValue(bv.Ones(w))},
			{"ite-then", st.Ite(st.Not(cond), a, c), st.BVValue(val(w, "1"))},
		}
		for _, tc := range cases {
			if got := mustEval(t, st, tc.tm, m); !got.Equal(tc.want) {
				t.Errorf("w=%d %s: got %s, want %s", w, tc.name, showValue(got), showValue(tc.want))
			}
		}
	}
}

// TestEvalUnassignedVariables checks model completion: variables the model does
// not mention take their sort's default.
func TestEvalUnassignedVariables(t *testing.T) {
	st := NewStore()
	x := st.Var("x", st.BitVecSort(70))
	p := st.Var("p", st.BoolSort())
	if v := mustEval(t, st, x, NewModel()); !v.Equal(st.BVValue(bv.Zero(70))) {
		t.Errorf("unassigned bit-vector = %s, want 0", showValue(v))
	}
	if v := mustEval(t, st, p, NewModel()); !v.Equal(BoolValue(false)) {
		t.Errorf("unassigned Bool = %s, want false", showValue(v))
	}
}

func TestEvalArrays(t *testing.T) {
	for _, w := range []uint32{8, 32, 64, 65} {
		st := NewStore()
		m := NewModel()
		idx := st.BitVecSort(w)
		elem := st.BitVecSort(8)
		as := st.ArraySort(idx, elem)
		i := bvVar(st, m, "i", val(w, "3"))
		j := bvVar(st, m, "j", val(w, "ones"))
		k := bvVar(st, m, "k", val(w, "3")) // same value as i, different term
		v1 := bvVar(st, m, "v1", val(8, "0x11"))
		v2 := bvVar(st, m, "v2", val(8, "0x22"))
		zero := bvVar(st, m, "z", val(8, "0"))
		base := st.Var("A", as) // unassigned: constant zero array
		c0, err := st.ConstArray(as, st.Const(bv.Zero(8)))
		if err != nil {
			t.Fatal(err)
		}
		c7, err := st.ConstArray(as, st.Const(val(8, "7")))
		if err != nil {
			t.Fatal(err)
		}
		store := func(a, x, y Term) Term { return st.MustMake(OpStore, nil, a, x, y) }
		sel := func(a, x Term) Term { return st.MustMake(OpSelect, nil, a, x) }
		ij := store(store(base, i, v1), j, v2)
		ji := store(store(base, j, v2), i, v1)
		cases := []struct {
			name string
			tm   Term
			want Value
		}{
			{"select-stored", sel(ij, i), st.BVValue(val(8, "0x11"))},
			{"select-aliased-index", sel(ij, k), st.BVValue(val(8, "0x11"))},
			{"select-other-stored", sel(ij, j), st.BVValue(val(8, "0x22"))},
			{"select-default", sel(ij, st.Const(val(w, "4"))), st.BVValue(val(8, "0"))},
			{"select-const-array", sel(c7, j), st.BVValue(val(8, "7"))},
			{"overwrite-through-alias", sel(store(store(base, i, v1), k, v2), i), st.BVValue(val(8, "0x22"))},
			{"store-order-irrelevant", st.Eq(ij, ji), BoolValue(true)},
			{"store-differs", st.Eq(ij, store(base, i, v1)), BoolValue(false)},
			{"store-default-is-noop", st.Eq(store(c0, i, zero), c0), BoolValue(true)},
			{"unassigned-is-zero-array", st.Eq(base, c0), BoolValue(true)},
			{"const-arrays-differ", st.Eq(c0, c7), BoolValue(false)},
			{"overwrite-back", st.Eq(store(store(base, i, v1), k, zero), base), BoolValue(true)},
			{"distinct-arrays", st.MustMake(OpDistinct, nil, ij, ji, c7), BoolValue(false)},
		}
		for _, tc := range cases {
			if got := mustEval(t, st, tc.tm, m); !got.Equal(tc.want) {
				t.Errorf("w=%d %s: got %s, want %s", w, tc.name, showValue(got), showValue(tc.want))
			}
		}
	}
}

// TestEvalArrayModelValue evaluates over an array that the model assigns.
func TestEvalArrayModelValue(t *testing.T) {
	st := NewStore()
	m := NewModel()
	as := st.ArraySort(st.BitVecSort(32), st.BitVecSort(32))
	a := st.Var("a", as)
	arr := NewArrayValue(as, st.BVValue(val(32, "9")))
	arr.Arr = arr.Arr.Store(st.BVValue(val(32, "5")), st.BVValue(val(32, "0xdeadbeef")))
	m.Set(a, arr)
	i := bvVar(st, m, "i", val(32, "5"))
	j := bvVar(st, m, "j", val(32, "6"))
	for _, c := range []struct {
		idx  Term
		want string
	}{{i, "0xdeadbeef"}, {j, "9"}} {
		got := mustEval(t, st, st.MustMake(OpSelect, nil, a, c.idx), m)
		if !got.Equal(st.BVValue(val(32, c.want))) {
			t.Errorf("select = %s, want %s", showValue(got), c.want)
		}
	}
}

// TestEvalFiniteIndexArrayExtensionality compares arrays over a one-bit index:
// writing every index makes the default irrelevant.
func TestEvalFiniteIndexArrayExtensionality(t *testing.T) {
	st := NewStore()
	m := NewModel()
	as := st.ArraySort(st.BitVecSort(1), st.BitVecSort(1))
	one := st.Const(bv.New(1, 1))
	zero := st.Const(bv.New(1, 0))
	c0, _ := st.ConstArray(as, zero)
	c1, _ := st.ConstArray(as, one)
	i := bvVar(st, m, "i", bv.New(1, 0))
	j := bvVar(st, m, "j", bv.New(1, 1))
	full := st.MustMake(OpStore, nil, st.MustMake(OpStore, nil, c0, i, one), j, one)
	got := mustEval(t, st, st.Eq(full, c1), m)
	if !got.Equal(BoolValue(true)) {
		t.Errorf("store(store(const 0, #b0, #b1), #b1, #b1) = const #b1 evaluated to %s, want true", showValue(got))
	}
	got = mustEval(t, st, st.MustMake(OpDistinct, nil, full, c1, c0), m)
	if !got.Equal(BoolValue(false)) {
		t.Errorf("distinct of two equal arrays evaluated to %s, want false", showValue(got))
	}
}

func TestEvalUninterpretedFunctions(t *testing.T) {
	st := NewStore()
	b8 := st.BitVecSort(8)
	b65 := st.BitVecSort(65)
	f := st.Var("f", st.FunSort([]Sort{b8}, b8))
	g := st.Var("g", st.FunSort([]Sort{b65, st.BoolSort()}, st.BoolSort()))
	h := st.Var("h", st.FunSort([]Sort{b8}, b65)) // not in the model
	m := NewModel()
	m.Set(f, Value{Kind: ValFun, Sort: st.SortOf(f), Fun: &FunValue{
		Args:    [][]Value{{st.BVValue(val(8, "3"))}, {st.BVValue(val(8, "4"))}},
		Results: []Value{st.BVValue(val(8, "7")), st.BVValue(val(8, "8"))},
		Default: st.BVValue(val(8, "0xaa")),
	}})
	m.Set(g, Value{Kind: ValFun, Sort: st.SortOf(g), Fun: &FunValue{
		Args:    [][]Value{{st.BVValue(val(65, "1<<64")), BoolValue(true)}},
		Results: []Value{BoolValue(true)},
		Default: BoolValue(false),
	}})
	x := bvVar(st, m, "x", val(8, "3"))
	y := bvVar(st, m, "y", val(8, "4"))
	z := bvVar(st, m, "z", val(8, "5"))
	big := bvVar(st, m, "big", val(65, "1<<64"))
	p := boolVar(st, m, "p", true)
	q := boolVar(st, m, "q", false)
	app := func(args ...Term) Term { return st.MustMake(OpApply, nil, args...) }
	cases := []struct {
		name string
		tm   Term
		want Value
	}{
		{"row-1", app(f, x), st.BVValue(val(8, "7"))},
		{"row-2", app(f, y), st.BVValue(val(8, "8"))},
		{"default", app(f, z), st.BVValue(val(8, "0xaa"))},
		{"nested", app(f, app(f, app(f, z))), st.BVValue(val(8, "0xaa"))},
		{"two-args-hit", app(g, big, p), BoolValue(true)},
		{"two-args-miss-on-second", app(g, big, q), BoolValue(false)},
		{"unassigned-function", app(h, x), st.BVValue(bv.Zero(65))},
		{"congruence", st.Eq(app(f, x), app(f, st.Const(val(8, "3")))), BoolValue(true)},
	}
	for _, c := range cases {
		if got := mustEval(t, st, c.tm, m); !got.Equal(c.want) {
			t.Errorf("%s: got %s, want %s", c.name, showValue(got), showValue(c.want))
		}
	}
}
