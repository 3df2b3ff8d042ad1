package smtlib_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// fuzzSeeds are scripts that reach every part of the grammar.
var fuzzSeeds = []string{
	"(set-logic QF_BV)(declare-fun x () (_ BitVec 8))(assert (bvult x #x10))(check-sat)(get-model)",
	"(declare-const a (Array (_ BitVec 4) (_ BitVec 8)))(assert (= (select (store a #x1 #xff) #x1) ((_ extract 7 0) #x00ff)))",
	"(define-fun f ((y (_ BitVec 4))) Bool (bvsle y #b0111))(assert (! (f #x3) :named n))(check-sat-assuming (n))",
	"(assert (forall ((i (_ BitVec 32))) (=> (bvule #x00000001 i) (let ((j (bvadd i i))) (= j j)))))",
	"(push 2)(pop 1)(define-sort S () Bool)(declare-const |q r| S)(echo \"x\"\"y\")(get-info :name)",
	"(assert ((_ zero_extend 4) ((_ rotate_left 2) #b1011)))(assert (= ((as const (Array Bool Bool)) true) ((as const (Array Bool Bool)) false)))",
	"; comment\n(set-option :print-success true)(assert (bvnego #x80))(reset)(exit)",
	"(set-logic QF_FP)(declare-fun x () (_ FloatingPoint 3 5))(declare-const r RoundingMode)(assert (fp.leq (fp.add r x (fp #b0 #b011 #b0000)) (_ +oo 3 5) (fp.sqrt RNE x)))(check-sat)(get-model)(get-value (x r (_ NaN 3 5)))",
	"(declare-const y Float32)(declare-const b (_ BitVec 32))(assert (= ((_ to_fp 8 24) b) (fp.fma roundTowardZero y y ((_ to_fp 8 24) RTP (_ bv3 8)))))(assert (= ((_ fp.to_sbv 8) RNA y) ((_ fp.to_ubv 8) RTN (fp.roundToIntegral RNE (fp.rem y (_ -zero 8 24))))))",
	"(declare-const h Float16)(declare-const d Float64)(declare-const q Float128)(assert (and (fp.isNaN (fp.min h (_ NaN 5 11))) (fp.isSubnormal ((_ to_fp_unsigned 5 11) RNE #x7f)) (fp.gt (fp.abs h) (fp.neg ((_ to_fp 5 11) RNA (fp.div RTZ (fp.mul RNE d d) (fp.sub RNE d d)))))))(assert (fp.eq (fp.max q q) ((_ to_fp 15 113) RTN h) (_ -zero 15 113)))(assert (or (fp.isZero h) (fp.isInfinite d) (fp.isNormal q) (fp.isNegative h) (fp.isPositive d) (fp.geq h h) (fp.lt d d)))",
	"(declare-datatypes ((E 0) (R 0)) (((e0) (e1) (e2)) ((mk (f E) (g (_ BitVec 3)) (h Bool)))))(declare-const r R)(assert ((_ is e1) (f r)))(assert (= (match r (((mk x y z) y))) (match (f r) ((e0 #b001) (o #b010)))))(check-sat)(get-model)(get-value (r))",
	"(declare-datatype L ((nil) (cons (hd (_ BitVec 8)) (tl L))))(declare-datatype P (par (T) ((p (v T)))))",
	"(declare-fun a () (Array Float32 RoundingMode))(assert (= (select a (_ +zero 8 24)) roundTowardNegative))(assert (= ((_ to_fp 8 24) RNE 0.5) (fp.to_real (_ -oo 8 24))))",
}

func addSeeds(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	for _, name := range []string{"../testdata/seeds/003/t01_paper_unsat.smt2", "../testdata/seeds/000/t12_two_foralls_unsat.smt2"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
}

// FuzzLexer checks that the lexer terminates on any input, with tokens that
// tile the input in order.
func FuzzLexer(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		lx := smtlib.NewLexer(src, smtlib.Pos{Line: 1, Col: 1})
		last := -1
		for i := 0; ; i++ {
			tok := lx.Next()
			if tok.Kind == smtlib.TokEOF {
				break
			}
			if tok.Offset <= last || tok.Offset >= len(src) {
				t.Fatalf("token %d at offset %d after %d (input %d bytes)", i, tok.Offset, last, len(src))
			}
			last = tok.Offset
		}
	})
}

// FuzzInterpreter runs arbitrary scripts: nothing may panic, hang or reach the
// interpreter's last-resort recover (an "internal error" response).
func FuzzInterpreter(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		var out bytes.Buffer
		in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(*term.Store) smtlib.Solver { return &recorder{} }}, &out)
		if err := in.Run(context.Background(), bytes.NewReader(src)); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), "internal error") {
			t.Fatalf("internal error on %q:\n%s", src, out.String())
		}
	})
}

// FuzzRoundTrip checks print∘parse idempotence on every script the
// front-end accepts.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		var rec *recorder
		var out bytes.Buffer
		in := smtlib.NewInterpreter(smtlib.Config{NewSolver: func(*term.Store) smtlib.Solver {
			rec = &recorder{}
			return rec
		}}, &out)
		in.Run(context.Background(), bytes.NewReader(src))
		once := smtlib.NewPrinter(in.Store()).ScriptString("", rec.asserted)
		a := parseAndPrint(t, "printed", []byte(once))
		b := parseAndPrint(t, "reprinted", []byte(a))
		if a != b {
			t.Fatalf("not idempotent on %q:\n%s\n---\n%s", src, a, b)
		}
	})
}
