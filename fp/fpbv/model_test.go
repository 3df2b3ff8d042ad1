package fpbv

import (
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// TestModelReadsWordsBack: values of the twins become floats and rounding
// modes (NaN patterns and junk mode words read as NaN and RNE), array
// entries at junk indices are dropped, the unspecified results become
// Choices, and the twins stay out of the model.
func TestModelReadsWordsBack(t *testing.T) {
	st := term.NewStore()
	f := fp.Format{EB: 3, SB: 3}
	fs := st.FloatSort(f)
	x, r := st.Var("x", fs), st.Var("r", st.RoundingModeSort())
	a := st.Var("a", st.ArraySort(st.RoundingModeSort(), fs))
	toU := st.MustMake(term.OpFPToUBV, []uint32{4}, r, x)
	mn := st.MustMake(term.OpFPMin, nil, x, st.MustMake(term.OpSelect, nil, a, r))
	l := New(st)
	for _, tm := range []term.Term{toU, mn} {
		if _, err := l.Lower(tm); err != nil {
			t.Fatal(err)
		}
	}
	m := term.NewModel()
	nanPattern := bv.New(6, 0b011101) // exponent all ones, another significand
	m.Set(l.Symbol(x), st.BVValue(nanPattern))
	m.Set(l.Symbol(r), st.BVValue(bv.New(3, 6))) // no rounding mode
	arr := term.NewArrayValue(l.Sort(st.SortOf(a)), st.BVValue(bv.New(6, 1)))
	arr.Arr = arr.Arr.Store(st.BVValue(bv.New(3, 2)), st.BVValue(bv.New(6, 3)))
	arr.Arr = arr.Arr.Store(st.BVValue(bv.New(3, 7)), st.BVValue(bv.New(6, 5))) // junk index
	m.Set(l.Symbol(a), arr)
	fn := l.choiceFun(st.ChoiceKeyOf(toU))
	m.Set(fn, term.Value{Kind: term.ValFun, Sort: st.SortOf(fn), Fun: &term.FunValue{Default: st.BVValue(bv.New(4, 9))}})
	out, err := l.Model(m)
	if err != nil {
		t.Fatal(err)
	}
	if v := st.ValueOf(out, x); !v.Equal(st.FloatValue(fp.NaN(f))) {
		t.Errorf("x = %s, want NaN", v.Key())
	}
	if v := st.ValueOf(out, r); v.RoundingMode() != fp.RNE {
		t.Errorf("r = %v, want RNE", v.RoundingMode())
	}
	if v := st.ValueOf(out, a); len(v.Arr.Index) != 1 {
		t.Errorf("a keeps %d entries, want the one at RTP", len(v.Arr.Index))
	}
	for y := range out.Values {
		if y == l.Symbol(x) || y == fn {
			t.Errorf("the model keeps the internal symbol %s", st.Name(y))
		}
	}
	if got, err := st.Eval(toU, out); err != nil || got.BV.String() != "#x9" {
		t.Errorf("fp.to_ubv of NaN = %s %v, want the choice #x9", got.Key(), err)
	}
}
