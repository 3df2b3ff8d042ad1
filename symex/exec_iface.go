package symex

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Interfaces: an IfaceVal holds its dynamic type, which is always known
// (values get it from MakeInterface), so method calls dispatch on it
// directly (resolve), type switches and assertions compare it with the
// asserted type, and == compares dynamic types, then values (equal).

// typeAssert is x.(T) and x.(T) with comma-ok; the single-result form
// panics when the dynamic type does not match.
func (e *Executor) typeAssert(s *State, in *ssa.TypeAssert) (Value, error) {
	xv, err := e.value(s, in.X)
	if err != nil {
		return nil, err
	}
	iv, ok := xv.(IfaceVal)
	if !ok {
		return nil, e.unsup(in, "type assertion on %T", xv)
	}
	var match bool
	var out Value = iv.V
	if it, isIface := in.AssertedType.Underlying().(*types.Interface); isIface {
		match = iv.T != nil && types.Implements(iv.T, it)
		out = iv
	} else {
		match = iv.T != nil && types.Identical(iv.T, in.AssertedType)
	}
	if in.CommaOk {
		if !match {
			z, err := e.zero(in.AssertedType)
			if err != nil {
				return nil, err
			}
			out = z
		}
		return Struct{out, e.st.Bool(match)}, nil
	}
	if !match {
		have := "nil"
		if iv.T != nil {
			have = iv.T.String()
		}
		return nil, &panicked{instr: in, msg: "interface conversion: " + in.X.Type().String() + " is " + have + ", not " + in.AssertedType.String()}
	}
	return out, nil
}
