package smtlib_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// TestFloatingPointSyntax reads every construct of the FloatingPoint theory
// and prints it back.
func TestFloatingPointSyntax(t *testing.T) {
	st := term.NewStore()
	x := st.Var("x", st.FloatSort(fpFormat(3, 5)))
	y := st.Var("y", st.FloatSort(fpFormat(8, 24)))
	r := st.Var("r", st.RoundingModeSort())
	b := st.Var("b", st.BitVecSort(8))
	scope := smtlib.Scope{Vars: map[string]term.Term{"x": x, "y": y, "r": r, "b": b}}
	cases := []struct{ in, want string }{
		{"(fp #b0 #b011 #b0100)", "(fp #b0 #b011 #b0100)"},
		{"(fp #b1 #x7f #b00000000000000000000000)", "(fp #b1 #b01111111 #b00000000000000000000000)"},
		{"(fp #b1 #b111 #b0110)", "(_ NaN 3 5)"}, // every NaN pattern is the NaN
		{"(_ +zero 3 5)", "(fp #b0 #b000 #b0000)"},
		{"(_ -zero 3 5)", "(fp #b1 #b000 #b0000)"},
		{"(_ +oo 3 5)", "(fp #b0 #b111 #b0000)"},
		{"(_ -oo 3 5)", "(fp #b1 #b111 #b0000)"},
		{"(_ NaN 2 2)", "(_ NaN 2 2)"},
		{"roundNearestTiesToAway", "RNA"},
		{"(fp.add RTZ x x)", "(fp.add RTZ x x)"},
		{"(fp.sub r x (fp.neg x))", "(fp.add r x x)"},
		{"(fp.fma roundTowardPositive x x x)", "(fp.fma RTP x x x)"},
		{"(fp.geq x y)", ""}, // sorts differ
		{"(fp.geq x x (fp.abs x))", "(and (not (fp.isNaN x)) (fp.leq (fp.abs x) x))"},
		{"(fp.gt y (fp.sqrt RNE y))", "(fp.lt (fp.sqrt RNE y) y)"},
		{"(fp.eq (fp.min x x) (fp.max x (fp.rem x x)))", "(fp.eq x (fp.max x (fp.rem x x)))"},
		{"(fp.isSubnormal (fp.roundToIntegral RTN x))", "(fp.isSubnormal (fp.roundToIntegral RTN x))"},
		{"(or (fp.isNormal x) (fp.isZero x) (fp.isInfinite x) (fp.isNegative x) (fp.isPositive y))",
			"(or (fp.isNormal x) (fp.isZero x) (fp.isInfinite x) (fp.isNegative x) (fp.isPositive y))"},
		{"((_ to_fp 3 5) b)", "((_ to_fp 3 5) b)"},
		{"((_ to_fp 3 5) RNE b)", "((_ to_fp 3 5) RNE b)"},
		{"((_ to_fp_unsigned 3 5) RNE b)", "((_ to_fp_unsigned 3 5) RNE b)"},
		{"((_ to_fp 3 5) RNE y)", "((_ to_fp 3 5) RNE y)"},
		{"((_ to_fp 3 5) RNE x)", "x"},
		{"((_ fp.to_ubv 4) RTZ x)", "((_ fp.to_ubv 4) RTZ x)"},
		{"((_ fp.to_sbv 4) RTZ (fp #b0 #b011 #b0100))", "#x1"},
		{"((_ fp.to_ubv 4) RTZ (_ NaN 3 5))", "((_ fp.to_ubv 4) RTZ (_ NaN 3 5))"}, // unspecified: not folded
		{"(fp.div RNE (fp #b0 #b011 #b0000) (fp #b0 #b100 #b1000))", "(fp #b0 #b001 #b0101)"},
		{"(= (_ NaN 3 5) (fp #b0 #b111 #b0001))", "true"},
		// Literal reals are rounded exactly (no real arithmetic), z3's
		// trailing exponent included; a rounding mode that is not a
		// constant selects among the five roundings.
		{"((_ to_fp 3 5) RNE 0.1)", "(fp #b0 #b000 #b0110)"},
		{"((_ to_fp 3 5) RTP (/ 1 10))", "(fp #b0 #b000 #b0111)"},
		{"((_ to_fp 3 5) RNE (- 3))", "(fp #b1 #b100 #b1000)"},
		{"((_ to_fp 3 5) RNE (- 0.75) (- 1))", "(fp #b1 #b001 #b1000)"},
		{"((_ to_fp 3 5) RNE 1000.0)", "(fp #b0 #b111 #b0000)"},
		{"(= x ((_ to_fp 3 5) r 0.1))", "(= x (ite (= r RNE) (fp #b0 #b000 #b0110) (ite (= r RNA) (fp #b0 #b000 #b0110) (ite (= r RTP) (fp #b0 #b000 #b0111) (fp #b0 #b000 #b0110)))))"},
		{"(fp.eq (_ +zero 3 5) (_ -zero 3 5))", "true"},
		{"(= (_ +zero 3 5) (_ -zero 3 5))", "false"},
	}
	p := smtlib.NewPrinter(st)
	for _, c := range cases {
		got, err := smtlib.ParseTerm(st, scope, c.in)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: accepted, want an error", c.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if s := p.TermString(got); s != c.want {
			t.Errorf("%s printed as %s, want %s", c.in, s, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"Float16", "(_ FloatingPoint 5 11)"}, {"Float32", "(_ FloatingPoint 8 24)"},
		{"Float64", "(_ FloatingPoint 11 53)"}, {"Float128", "(_ FloatingPoint 15 113)"},
		{"(_ FloatingPoint 2 2)", "(_ FloatingPoint 2 2)"}, {"RoundingMode", "RoundingMode"},
		{"(Array Float32 RoundingMode)", "(Array (_ FloatingPoint 8 24) RoundingMode)"},
	} {
		s, err := smtlib.ParseSort(st, scope, c.in)
		if err != nil || st.SortString(s) != c.want {
			t.Errorf("sort %s = %s %v, want %s", c.in, st.SortString(s), err, c.want)
		}
	}
}

func TestFloatingPointUnsupportedAndErrors(t *testing.T) {
	st := term.NewStore()
	y := st.Var("y", st.FloatSort(fpFormat(8, 24)))
	scope := smtlib.Scope{Vars: map[string]term.Term{"y": y}}
	for _, c := range []struct {
		in          string
		unsupported bool
		msg         string
	}{
		{"((_ to_fp 8 24) RNE (+ 0.5 0.5))", true, "to_fp of a Real term"},
		{"((_ to_fp 8 24) RNE (/ 1.0 y))", true, "to_fp of a Real term"},
		{"((_ to_fp 8 24) RNE 0.5 x)", true, "literal real"},
		{"(fp.to_real y)", true, "fp.to_real"},
		{"(fp #b0 #b1 #b0)", false, "eb >= 2"},
		{"(_ +zero 1 5)", false, "at least 2"},
		{"(fp.add RNE y)", false, "expects 3 arguments"},
		{"(fp.add y y y)", false, "RoundingMode"},
		{"((_ to_fp 8 24) #x0000)", false, "width 32"},
	} {
		_, err := smtlib.ParseTerm(st, scope, c.in)
		var u *smtlib.Unsupported
		switch {
		case err == nil:
			t.Errorf("%s: accepted", c.in)
		case errors.As(err, &u) != c.unsupported:
			t.Errorf("%s: %v (unsupported %v, want %v)", c.in, err, errors.As(err, &u), c.unsupported)
		case !strings.Contains(err.Error(), c.msg):
			t.Errorf("%s: %v, want a message with %q", c.in, err, c.msg)
		}
	}
	if _, err := smtlib.ParseSort(st, smtlib.Scope{}, "(_ FloatingPoint 61 5)"); err == nil {
		t.Errorf("eb 61 accepted")
	}
}

func fpFormat(eb, sb uint32) fp.Format { return fp.Format{EB: eb, SB: sb} }
