package fpbv

import (
	"fmt"

	"github.com/sift-solver/sift/fp"
	"github.com/sift-solver/sift/term"
)

// Model returns the model of the original terms that m, a model of their
// lowerings, describes: each symbol with a floating-point part takes its
// twin's value read back, and the choice functions of the unspecified
// results become m's Choices. Values of other symbols are kept; the twins
// and choice symbols themselves are left out.
func (l *Lowering) Model(m *term.Model) (*term.Model, error) {
	st := l.st
	internal := map[T]bool{}
	for _, twin := range l.syms {
		internal[twin] = true
	}
	for _, f := range l.choiceFuns {
		internal[f] = true
	}
	for _, c := range l.minMax {
		internal[c[0]], internal[c[1]] = true, true
	}
	out := term.NewModel()
	for x, v := range m.Values {
		if !internal[x] {
			out.Set(x, v)
		}
	}
	for x, twin := range l.syms {
		if st.Op(x) != term.OpVar {
			continue
		}
		v, ok := m.Values[twin]
		if !ok {
			continue // the twin's default reads as x's default
		}
		r, err := l.lift(st.SortOf(x), v)
		if err != nil {
			return nil, fmt.Errorf("value of %s: %w", st.Name(x), err)
		}
		out.Set(x, r)
	}
	for k, f := range l.choiceFuns {
		v, ok := m.Values[f]
		if !ok {
			continue
		}
		r, err := l.lift(st.FunSort([]term.Sort{st.RoundingModeSort(), k.Arg}, st.BitVecSort(k.Index)), v)
		if err != nil {
			return nil, fmt.Errorf("choice of %s: %w", k.Op, err)
		}
		out.SetChoice(k, r.Fun)
	}
	for k, c := range l.minMax {
		f := st.FloatFormat(k.Arg)
		pz, nz := st.FloatValue(fp.Zero(f, false)), st.FloatValue(fp.Zero(f, true))
		pick := func(b term.Term, first, second term.Value) term.Value {
			if v, ok := m.Values[b]; ok && v.Bool {
				return first
			}
			return second
		}
		out.SetChoice(k, &term.FunValue{
			Args:    [][]term.Value{{pz, nz}, {nz, pz}},
			Results: []term.Value{pick(c[0], pz, nz), pick(c[1], nz, pz)},
			Default: st.DefaultValue(k.Arg),
		})
	}
	return out, nil
}

// lift reads a value of the lowered sort of s as a value of s. Entries of
// arrays and functions at patterns no lowered term produces (NaN encodings
// other than the canonical one, rounding-mode words above 4) are dropped:
// the lowered terms never read them.
func (l *Lowering) lift(s term.Sort, v term.Value) (term.Value, error) {
	st := l.st
	switch st.Kind(s) {
	case term.KindFloatingPoint:
		if v.Kind != term.ValBV {
			return term.Value{}, fmt.Errorf("not a bit-vector value")
		}
		return st.FloatValue(fp.FromBits(st.FloatFormat(s), v.BV)), nil
	case term.KindRoundingMode:
		if v.Kind != term.ValBV {
			return term.Value{}, fmt.Errorf("not a bit-vector value")
		}
		x, _ := v.BV.Uint64()
		if x >= uint64(fp.NumRoundingModes) {
			x = 0
		}
		return st.RoundingModeValue(fp.RoundingMode(x)), nil
	case term.KindArray:
		if v.Kind != term.ValArray {
			return term.Value{}, fmt.Errorf("not an array value")
		}
		def, err := l.lift(st.ElemSort(s), v.Arr.Default)
		if err != nil {
			return term.Value{}, err
		}
		r := term.NewArrayValue(s, def)
		for i := range v.Arr.Index {
			if !l.canonical(st.IndexSort(s), v.Arr.Index[i]) {
				continue
			}
			idx, err := l.lift(st.IndexSort(s), v.Arr.Index[i])
			if err != nil {
				return term.Value{}, err
			}
			e, err := l.lift(st.ElemSort(s), v.Arr.Elem[i])
			if err != nil {
				return term.Value{}, err
			}
			r.Arr = r.Arr.Store(idx, e)
		}
		return r, nil
	case term.KindFun:
		if v.Kind != term.ValFun {
			return term.Value{}, fmt.Errorf("not a function value")
		}
		if v.Fun.IsLambda() {
			return term.Value{}, fmt.Errorf("a function given by a body cannot be read back")
		}
		dom, rng := st.Domain(s), st.Range(s)
		def, err := l.lift(rng, v.Fun.Default)
		if err != nil {
			return term.Value{}, err
		}
		f := &term.FunValue{Default: def}
	rows:
		for r, row := range v.Fun.Args {
			lifted := make([]term.Value, len(row))
			for i, a := range row {
				if !l.canonical(dom[i], a) {
					continue rows
				}
				if lifted[i], err = l.lift(dom[i], a); err != nil {
					return term.Value{}, err
				}
			}
			res, err := l.lift(rng, v.Fun.Results[r])
			if err != nil {
				return term.Value{}, err
			}
			f.Args = append(f.Args, lifted)
			f.Results = append(f.Results, res)
		}
		return term.Value{Kind: term.ValFun, Sort: s, Fun: f}, nil
	}
	return v, nil
}

// canonical reports whether v, a value of s's lowered sort, is a word some
// lowered term of sort s can take. Arrays and functions over floats are
// compared by their entries only, so they count as canonical.
func (l *Lowering) canonical(s term.Sort, v term.Value) bool {
	st := l.st
	switch st.Kind(s) {
	case term.KindFloatingPoint:
		return v.Kind == term.ValBV && fp.FromBits(st.FloatFormat(s), v.BV).Bits().Equal(v.BV)
	case term.KindRoundingMode:
		x, ok := v.BV.Uint64()
		return v.Kind == term.ValBV && ok && x < uint64(fp.NumRoundingModes)
	}
	return true
}
