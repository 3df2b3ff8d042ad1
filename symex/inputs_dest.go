package symex

import (
	"fmt"
	"go/types"
	"strings"

	"github.com/sift-solver/sift/term"
)

// Destination shapes. A parameter of the empty interface (any,
// interface{}) is a decoder's destination: json.Unmarshal(data, &v),
// toml.Unmarshal, yaml.Unmarshal. What the caller passes decides which of
// the decoder's paths run: into new(any) a decoder stores the generic
// shapes it chooses itself (maps, []any, float64 or int64), into a
// pointer to a struct it matches keys to fields and converts each value
// to the field's kind (an integer into a float field, a string into an
// int one), which is where most of its reflect code and its conversions
// are. So an any parameter ranges over a fixed set of shapes, one
// starting state each (as an interface input's types are, inputs_iface.go):
//
//	0. new(any)
//	1. &struct{ B bool; I int; U uint; F float64; S string }{}: a zero
//	   struct with a field of each basic kind, short names so that short
//	   inputs name them.
//
// The shapes are the same for every function: not taken from the
// program's types, whose named structs a decoder's package declares for
// its own use (dates, errors, options), rarely as destinations. A map
// destination (*map[string]any) is left out: decoders fill new(any) with
// that map already. Only a parameter gets shapes; an any field of an
// input, and a parameter after maxChoices others with cases, is new(any).
// The generated test writes the state's shape; a --fuzz-corpus target
// passes new(any) (its corpus takes the data of every path).

// Shapes of an any destination (Sink.Shape).
const (
	destAny = iota
	destStruct
	destShapes
)

// destFields are the fields of the destStruct shape.
var destFields = []struct {
	name string
	kind types.BasicKind
}{{"B", types.Bool}, {"I", types.Int}, {"U", types.Uint}, {"F", types.Float64}, {"S", types.String}}

// destType is the pointer type of shape k.
func destType(k int) types.Type {
	if k == destStruct {
		fields := make([]*types.Var, len(destFields))
		for i, f := range destFields {
			fields[i] = types.NewField(0, nil, f.name, types.Typ[f.kind], false)
		}
		return types.NewPointer(types.NewStruct(fields, nil))
	}
	return types.NewPointer(types.Universe.Lookup("any").Type())
}

// destInput is an any parameter before a state picks its shape: sel == k
// picks shapes[k] (no variable when there is one).
type destInput struct {
	sel    term.Term
	shapes []sinkInput
}

// destValue is the fixed input of shape k: an interface holding a pointer
// to a new zero value.
func (e *Executor) destValue(k int) (sinkInput, error) {
	t := destType(k)
	var elem Value = IfaceVal{}
	if k != destAny {
		z, err := e.zero(t.(*types.Pointer).Elem())
		if err != nil {
			return sinkInput{}, err
		}
		elem = z
	}
	return sinkInput{v: IfaceVal{T: t, V: ptrInput{elem: elem, isNil: term.NoTerm}}, kind: Sink{Dest: true, Shape: k}}, nil
}

// destParam is the any parameter named name: its shapes, one case each.
func (e *Executor) destParam(name string) (Value, error) {
	n := destShapes
	if len(e.choices) == maxChoices {
		n = 1
	}
	in := destInput{sel: term.NoTerm}
	for k := range n {
		v, err := e.destValue(k)
		if err != nil {
			return nil, err
		}
		in.shapes = append(in.shapes, v)
	}
	if n > 1 {
		in.sel = e.st.Var(name+".shape", e.st.BitVecSort(8))
		e.modelTerms_ = append(e.modelTerms_, in.sel)
		e.choices = append(e.choices, choice{sel: in.sel, n: n})
	}
	return in, nil
}

// bindDest picks the shape of x that nils says.
func (e *Executor) bindDest(s *State, x destInput, nils map[term.Term]bool) Value {
	k := 0
	for i := range x.shapes {
		if x.sel != term.NoTerm && nils[e.selIs(x.sel, i)] {
			k = i
		}
	}
	return e.bindValue(s, x.shapes[k].v, nils)
}

// readDest reads x's shape from m.
func (e *Executor) readDest(x destInput, m *term.Model) (any, error) {
	if x.sel == term.NoTerm {
		return x.shapes[0].kind, nil
	}
	c, err := e.evalUint(x.sel, m)
	if err != nil {
		return nil, err
	}
	if int(c) >= len(x.shapes) {
		return nil, fmt.Errorf("destination shape %d of %d", c, len(x.shapes))
	}
	return x.shapes[c].kind, nil
}

// destLiteral is Go source of shape k's value.
func destLiteral(k int) string {
	if k != destStruct {
		return "new(any)"
	}
	parts := make([]string, len(destFields))
	for i, f := range destFields {
		parts[i] = f.name + " " + types.Typ[f.kind].Name()
	}
	return "&struct{ " + strings.Join(parts, "; ") + " }{}"
}
