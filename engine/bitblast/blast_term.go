package bitblast

import (
	"context"
	"fmt"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// blasted is the circuit of one term: a Bool term has an edge, a bit-vector
// term a word (least significant bit first), an array of a small sort one
// word per element (small.go).
type blasted struct {
	done  bool
	edge  sat.Edge
	word  sat.Word
	elems []sat.Word
}

// unsupportedError names the construct that stopped blasting.
type unsupportedError struct{ what string }

func (e *unsupportedError) Error() string { return "unsupported: " + e.what }

// termBlaster maps terms of one store to AIG circuits. The map is kept for
// the store's lifetime, so a term is blasted once however many checks use it.
type termBlaster struct {
	st  *term.Store
	b   *sat.Blaster
	g   *sat.AIG
	enc []blasted // indexed by term.Term
	// lod records the abstracted array and function terms (lod.go).
	lod *lodState
	// lazyOnly sends every array through lemmas on demand, small ones too
	// (small.go; tests of the lazy loop).
	lazyOnly bool
	// eqs records the word equalities built, for their transitivity
	// clauses (transitivity.go); nil: not recorded.
	eqs *eqAtoms
	// lift records the equalities to lift over case splits (lift.go);
	// nil: none are.
	lift *eqLift
}

func newTermBlaster(st *term.Store, b *sat.Blaster) *termBlaster {
	tb := &termBlaster{st: st, b: b, g: b.AIG()}
	tb.lod = newLodState(tb)
	return tb
}

// uninterpretedWidth is the word width of an uninterpreted sort's elements.
// A problem names far fewer than 2^32 terms of a sort, so every model maps
// injectively into this domain, and every model over it is a model with a
// finite domain: the encoding is equisatisfiable.
const uninterpretedWidth = 32

// isWord reports whether terms of sort s blast to a word: bit-vectors and
// the elements of uninterpreted sorts.
func (tb *termBlaster) isWord(s term.Sort) bool {
	k := tb.st.Kind(s)
	return k == term.KindBitVec || k == term.KindUninterpreted
}

// wordWidth is the width of the words of sort s (isWord).
func (tb *termBlaster) wordWidth(s term.Sort) int {
	if tb.st.Kind(s) == term.KindUninterpreted {
		return uninterpretedWidth
	}
	return int(tb.st.Width(s))
}

// fresh returns an unconstrained circuit for a term of sort s.
func (tb *termBlaster) fresh(s term.Sort) blasted {
	if tb.isWord(s) {
		return blasted{done: true, word: tb.b.Input(tb.wordWidth(s))}
	}
	return blasted{done: true, edge: tb.g.Input()}
}

// define makes the equality c, held for good, true by construction where
// it can: c is x = y (either way round) over bit-vectors or Bools, and the
// variable x has no circuit yet and does not occur in y. x then gets y's
// circuit and c the constant true, and it reports true; otherwise nothing
// changes. Sound only for an assertion that is never withdrawn: every
// later use of x means y.
func (tb *termBlaster) define(ctx context.Context, c term.Term) (bool, error) {
	st := tb.st
	if st.Op(c) != term.OpEq || len(st.Args(c)) != 2 || tb.done(c) {
		return false, nil
	}
	if k := st.Kind(st.SortOf(st.Arg(c, 0))); k != term.KindBitVec && k != term.KindBool {
		return false, nil
	}
	for _, i := range [2]int{1, 0} {
		x, y := st.Arg(c, i), st.Arg(c, 1-i)
		if st.Op(x) != term.OpVar || tb.done(x) {
			continue
		}
		if err := tb.blast(ctx, y); err != nil {
			return false, err
		}
		if tb.enc[x].done { // x occurs in y
			continue
		}
		tb.enc[x] = tb.enc[y]
		tb.enc[c] = blasted{done: true, edge: sat.True}
		return true, nil
	}
	return false, nil
}

// done reports whether t has its circuit.
func (tb *termBlaster) done(t term.Term) bool { return int(t) < len(tb.enc) && tb.enc[t].done }

// ctxCheckEvery is how many terms are blasted between two looks at ctx:
// blasting a large problem can take long enough that a deadline matters.
const ctxCheckEvery = 1024

// Bool returns the edge of a Bool term, blasting its cone first.
func (tb *termBlaster) Bool(ctx context.Context, t term.Term) (sat.Edge, error) {
	if err := tb.blast(ctx, t); err != nil {
		return 0, err
	}
	return tb.enc[t].edge, nil
}

// blast encodes t and every subterm not encoded yet, iteratively (problems
// from symbolic execution can be deep enough to strain recursion).
func (tb *termBlaster) blast(ctx context.Context, root term.Term) error {
	st := tb.st
	if n := st.NumTerms(); len(tb.enc) < n {
		// Doubled: a session's checks each add a few terms to many, and
		// append's growth of a large slice (a quarter) copied the table
		// every few checks.
		if n > cap(tb.enc) {
			grown := make([]blasted, len(tb.enc), max(n, 2*cap(tb.enc)))
			copy(grown, tb.enc)
			tb.enc = grown
		}
		old := len(tb.enc)
		tb.enc = tb.enc[:n]
		clear(tb.enc[old:])
	}
	if tb.enc[root].done {
		return nil
	}
	// One wide operator can be millions of gates: the AIG itself stops at
	// the deadline, and the term it was building is left unblasted.
	tb.g.SetContext(ctx)
	defer tb.g.SetContext(nil)
	stack := []term.Term{root}
	steps := 0
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		if tb.enc[t].done {
			stack = stack[:len(stack)-1]
			continue
		}
		switch op := st.Op(t); op {
		case term.OpForall, term.OpExists:
			return &unsupportedError{"quantifier " + op.String()}
		}
		pending := false
		for _, a := range st.Args(t) {
			if !tb.enc[a].done {
				stack = append(stack, a)
				pending = true
			}
		}
		if pending {
			continue
		}
		stack = stack[:len(stack)-1]
		if steps++; steps%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if err := tb.node(t); err != nil {
			return err
		}
		if err := tb.g.Err(); err != nil {
			tb.enc[t] = blasted{}
			return err
		}
	}
	return nil
}

// sortOK rejects sorts that have no circuit: anything but Bool, bit-vectors
// and uninterpreted sorts.
func (tb *termBlaster) sortOK(t term.Term) error {
	s := tb.st.SortOf(t)
	if tb.st.IsBool(s) || tb.isWord(s) {
		return nil
	}
	return &unsupportedError{"sort " + tb.st.SortString(s)}
}

// node blasts t, whose arguments are all blasted.
func (tb *termBlaster) node(t term.Term) error {
	st, b, g := tb.st, tb.b, tb.g
	op := st.Op(t)
	// Arrays, function symbols, reads, applications and array equalities
	// are the abstraction's business (lod.go).
	if handled, err := tb.lod.abstract(t); handled || err != nil {
		return err
	}
	if err := tb.sortOK(t); err != nil {
		return err
	}
	args := st.Args(t)
	for _, a := range args {
		if err := tb.sortOK(a); err != nil {
			return err
		}
	}
	arity := func(n int) error {
		if len(args) != n {
			return &unsupportedError{fmt.Sprintf("%s with %d arguments", op, len(args))}
		}
		return nil
	}
	e := func(i int) sat.Edge { return tb.enc[args[i]].edge }
	w := func(i int) sat.Word { return tb.enc[args[i]].word }
	isBV := func(x term.Term) bool { return tb.isWord(st.SortOf(x)) }
	setE := func(x sat.Edge) { tb.enc[t] = blasted{done: true, edge: x} }
	setW := func(x sat.Word) { tb.enc[t] = blasted{done: true, word: x} }

	// Binary bit-vector operators with a word result, and binary predicates.
	if f, ok := wordOps[op]; ok {
		if err := arity(2); err != nil {
			return err
		}
		setW(f(b, w(0), w(1)))
		return nil
	}
	if f, ok := predOps[op]; ok {
		if err := arity(2); err != nil {
			return err
		}
		setE(f(b, w(0), w(1)))
		return nil
	}
	i0, i1 := st.Indices(t)
	switch op {
	case term.OpTrue:
		setE(sat.True)
	case term.OpFalse:
		setE(sat.False)
	case term.OpBVConst:
		setW(constWord(b, st.Value(t)))
	case term.OpVar:
		tb.enc[t] = tb.fresh(st.SortOf(t))
	case term.OpBound:
		return &unsupportedError{"bound variable " + st.Name(t) + " outside a quantifier"}
	case term.OpNot:
		if err := arity(1); err != nil {
			return err
		}
		setE(e(0).Not())
	case term.OpAnd, term.OpOr:
		es := make([]sat.Edge, len(args))
		for i := range args {
			es[i] = e(i)
		}
		if op == term.OpAnd {
			setE(g.AndN(es...))
		} else {
			setE(g.OrN(es...))
		}
	case term.OpXor:
		if err := arity(2); err != nil {
			return err
		}
		setE(g.Xor(e(0), e(1)))
	case term.OpImplies:
		if err := arity(2); err != nil {
			return err
		}
		setE(g.Implies(e(0), e(1)))
	case term.OpEq:
		if err := arity(2); err != nil {
			return err
		}
		setE(tb.equal(args[0], args[1]))
		if tb.lift != nil && isBV(args[0]) {
			tb.lift.want(args[0], args[1])
		}
	case term.OpDistinct:
		// Pairwise: every two arguments differ.
		var es []sat.Edge
		for i := range args {
			for j := i + 1; j < len(args); j++ {
				es = append(es, tb.equal(args[i], args[j]).Not())
			}
		}
		setE(g.AndN(es...))
	case term.OpIte:
		if err := arity(3); err != nil {
			return err
		}
		if isBV(t) {
			setW(b.Ite(e(0), w(1), w(2)))
		} else {
			setE(g.Ite(e(0), e(1), e(2)))
		}
	case term.OpBVNot:
		if err := arity(1); err != nil {
			return err
		}
		setW(b.Not(w(0)))
	case term.OpBVNeg:
		if err := arity(1); err != nil {
			return err
		}
		setW(b.Neg(w(0)))
	case term.OpBVNego:
		if err := arity(1); err != nil {
			return err
		}
		setE(b.Nego(w(0)))
	case term.OpExtract, term.OpZeroExtend, term.OpSignExtend, term.OpRepeat,
		term.OpRotateLeft, term.OpRotateRight:
		if err := arity(1); err != nil {
			return err
		}
		setW(indexedOp(b, op, w(0), int(i0), int(i1)))
	default:
		return &unsupportedError{op.String()}
	}
	return nil
}

// equal is the edge of a = b for two blasted terms of one sort.
func (tb *termBlaster) equal(a, c term.Term) sat.Edge {
	if tb.isWord(tb.st.SortOf(a)) {
		e := tb.b.Eq(tb.enc[a].word, tb.enc[c].word)
		if tb.eqs != nil {
			tb.eqs.note(a, c, e)
		}
		return e
	}
	return tb.g.Iff(tb.enc[a].edge, tb.enc[c].edge)
}

func indexedOp(b *sat.Blaster, op term.Op, x sat.Word, i0, i1 int) sat.Word {
	switch op {
	case term.OpExtract:
		return b.Extract(x, i0, i1)
	case term.OpZeroExtend:
		return b.ZeroExtend(x, i0)
	case term.OpSignExtend:
		return b.SignExtend(x, i0)
	case term.OpRepeat:
		return b.Repeat(x, i0)
	case term.OpRotateLeft:
		return b.RotateLeft(x, i0)
	}
	return b.RotateRight(x, i0)
}

// constWord is the circuit of a bit-vector constant.
func constWord(b *sat.Blaster, v bv.Value) sat.Word {
	bits := make([]bool, v.Width())
	for i := range bits {
		bits[i] = v.Bit(uint32(i))
	}
	return b.ConstBits(bits)
}

// wordOps are the binary operators from two words to a word.
var wordOps = map[term.Op]func(*sat.Blaster, sat.Word, sat.Word) sat.Word{
	term.OpConcat: (*sat.Blaster).Concat,
	term.OpBVAnd:  (*sat.Blaster).And, term.OpBVOr: (*sat.Blaster).Or, term.OpBVXor: (*sat.Blaster).Xor,
	term.OpBVNand: (*sat.Blaster).Nand, term.OpBVNor: (*sat.Blaster).Nor, term.OpBVXnor: (*sat.Blaster).Xnor,
	term.OpBVAdd: (*sat.Blaster).Add, term.OpBVSub: (*sat.Blaster).Sub, term.OpBVMul: (*sat.Blaster).Mul,
	term.OpBVUdiv: (*sat.Blaster).Udiv, term.OpBVUrem: (*sat.Blaster).Urem,
	term.OpBVSdiv: (*sat.Blaster).Sdiv, term.OpBVSrem: (*sat.Blaster).Srem, term.OpBVSmod: (*sat.Blaster).Smod,
	term.OpBVShl: (*sat.Blaster).Shl, term.OpBVLshr: (*sat.Blaster).Lshr, term.OpBVAshr: (*sat.Blaster).Ashr,
	term.OpBVComp: (*sat.Blaster).Comp,
}

// predOps are the binary predicates over two words. The builder turns
// bvugt/bvuge/bvsgt/bvsge around, but a store built otherwise may hold them.
var predOps = map[term.Op]func(*sat.Blaster, sat.Word, sat.Word) sat.Edge{
	term.OpBVUlt: (*sat.Blaster).Ult, term.OpBVUle: (*sat.Blaster).Ule,
	term.OpBVSlt: (*sat.Blaster).Slt, term.OpBVSle: (*sat.Blaster).Sle,
	term.OpBVUgt:   func(b *sat.Blaster, x, y sat.Word) sat.Edge { return b.Ult(y, x) },
	term.OpBVUge:   func(b *sat.Blaster, x, y sat.Word) sat.Edge { return b.Ule(y, x) },
	term.OpBVSgt:   func(b *sat.Blaster, x, y sat.Word) sat.Edge { return b.Slt(y, x) },
	term.OpBVSge:   func(b *sat.Blaster, x, y sat.Word) sat.Edge { return b.Sle(y, x) },
	term.OpBVUaddo: (*sat.Blaster).Uaddo, term.OpBVSaddo: (*sat.Blaster).Saddo,
	term.OpBVUsubo: (*sat.Blaster).Usubo, term.OpBVSsubo: (*sat.Blaster).Ssubo,
	term.OpBVUmulo: (*sat.Blaster).Umulo, term.OpBVSmulo: (*sat.Blaster).Smulo,
	term.OpBVSdivo: (*sat.Blaster).Sdivo,
}

// modelValue reads the value of blasted term x from the solver's current
// model.
func (tb *termBlaster) modelValue(cnf *sat.CNF, x term.Term) term.Value {
	enc := tb.enc[x]
	s := tb.st.SortOf(x)
	switch tb.st.Kind(s) {
	case term.KindBitVec:
		return tb.st.BVValue(bitsValue(wordValues(cnf, enc.word)))
	case term.KindUninterpreted:
		var n int
		for i, on := range wordValues(cnf, enc.word) {
			if on {
				n |= 1 << i
			}
		}
		return term.Value{Kind: term.ValUninterpreted, Sort: s, Elem: n}
	}
	return term.BoolValue(cnf.Value(enc.edge))
}

// bitsValue builds the bit-vector whose bits are bits (least significant
// first).
func bitsValue(bits []bool) bv.Value {
	w := uint32(len(bits))
	if w <= 64 {
		var x uint64
		for i, on := range bits {
			if on {
				x |= 1 << uint(i)
			}
		}
		return bv.New(w, x)
	}
	v := bv.Zero(w).Big()
	for i, on := range bits {
		if on {
			v.SetBit(v, i, 1)
		}
	}
	return bv.FromBig(w, v)
}

// wordValues reads a word's bits; words of encoded inputs (every abstracted
// read) are read bit by bit without the shared-evaluation memo.
func wordValues(cnf *sat.CNF, w sat.Word) []bool {
	for _, e := range w {
		if !e.IsConst() && !cnf.Encoded(e) {
			return cnf.Values(w)
		}
	}
	out := make([]bool, len(w))
	for i, e := range w {
		out[i] = cnf.Value(e)
	}
	return out
}
