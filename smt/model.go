package smt

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/sift-solver/sift/term"
)

// Model is the model of a sat answer: a value for every constant and
// function. Constants it does not mention take their sort's default (false,
// zero, the constant array of the element default), so Eval is total on
// quantifier-free terms. A Model stays usable after later checks; it does
// not change with them.
type Model struct {
	s  *Solver
	m  *term.Model
	ev *term.Evaluator
}

// Model returns the model of the last check, which must have been sat.
func (s *Solver) Model() (*Model, error) {
	if s.closed {
		return nil, ErrClosed
	}
	if s.last.Status != Sat {
		return nil, ErrNoModel
	}
	m, err := s.sess.Model()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoModel, err)
	}
	return &Model{s: s, m: m, ev: term.NewEvaluator(s.st, m)}, nil
}

// Eval returns the value of t under the model, with SMT-LIB's exact
// semantics. It fails on a term with a bound variable outside its binder,
// and on a quantifier whose evaluation would enumerate too many instances.
func (m *Model) Eval(t Term) (Value, error) {
	if err := m.s.checkTerms([]Term{t}); err != nil {
		return Value{}, err
	}
	v, err := m.ev.Eval(t.id)
	if err != nil {
		return Value{}, err
	}
	return Value{s: m.s, v: v}, nil
}

// Bool returns the value of the formula f.
func (m *Model) Bool(f Term) (bool, error) {
	v, err := m.Eval(f)
	if err != nil {
		return false, err
	}
	return v.Bool()
}

// Uint64 returns the value of the bit-vector t, of width at most 64.
func (m *Model) Uint64(t Term) (uint64, error) {
	v, err := m.Eval(t)
	if err != nil {
		return 0, err
	}
	return v.Uint64()
}

// BigInt returns the value of the bit-vector t as an unsigned integer.
func (m *Model) BigInt(t Term) (*big.Int, error) {
	v, err := m.Eval(t)
	if err != nil {
		return nil, err
	}
	return v.BigInt()
}

// String prints the model as SMT-LIB define-funs of the declared constants
// and functions it assigns.
func (m *Model) String() string {
	if m.s.closed {
		return "<" + ErrClosed.Error() + ">"
	}
	var vars []term.Term
	for x := range m.m.Values {
		vars = append(vars, x)
	}
	// Term ids grow with declaration order.
	slices.Sort(vars)
	return m.s.printer.ModelString(m.m, vars)
}

// Value is a concrete value: a Boolean, a bit-vector or an array.
type Value struct {
	s *Solver
	v term.Value
}

// Sort returns the value's sort.
func (v Value) Sort() Sort {
	if v.s == nil {
		return Sort{err: ErrZero}
	}
	return Sort{s: v.s, id: v.v.Sort}
}

// String prints the value as an SMT-LIB literal (#x…, true, or a constant
// array under stores).
func (v Value) String() string {
	if v.s == nil {
		return "<" + ErrZero.Error() + ">"
	}
	return v.s.printer.ValueString(v.v)
}

// Equal reports whether v and u are the same value; arrays compare by their
// contents at every index.
func (v Value) Equal(u Value) bool { return v.v.Equal(u.v) }

var errNotBool = fmt.Errorf("%w: not a Boolean", ErrValue)

// Bool returns a Boolean value.
func (v Value) Bool() (bool, error) {
	if v.v.Kind != term.ValBool {
		return false, errNotBool
	}
	return v.v.Bool, nil
}

// Uint64 returns a bit-vector value of width at most 64.
func (v Value) Uint64() (uint64, error) {
	if v.v.Kind != term.ValBV {
		return 0, fmt.Errorf("%w: not a bit-vector", ErrValue)
	}
	// By width, not by value: whether a call fails must not depend on the
	// model the solver happened to find.
	if w := v.v.BV.Width(); w > 64 {
		return 0, fmt.Errorf("%w: a %d-bit value does not fit a uint64 (use BigInt)", ErrValue, w)
	}
	x, _ := v.v.BV.Uint64()
	return x, nil
}

// BigInt returns a bit-vector value as an unsigned integer.
func (v Value) BigInt() (*big.Int, error) {
	if v.v.Kind != term.ValBV {
		return nil, fmt.Errorf("%w: not a bit-vector", ErrValue)
	}
	return v.v.BV.Big(), nil
}

// SignedBigInt returns a bit-vector value read in two's complement.
func (v Value) SignedBigInt() (*big.Int, error) {
	if v.v.Kind != term.ValBV {
		return nil, fmt.Errorf("%w: not a bit-vector", ErrValue)
	}
	return v.v.BV.Signed(), nil
}

var errNotArray = fmt.Errorf("%w: not an array", ErrValue)

// Entries returns an array value as its default (the value at every index
// not listed) and the indices where it differs, with the values there.
func (v Value) Entries() (def Value, index, elem []Value, err error) {
	if v.v.Kind != term.ValArray {
		return Value{}, nil, nil, errNotArray
	}
	a := v.v.Arr
	index = make([]Value, len(a.Index))
	elem = make([]Value, len(a.Index))
	for i := range a.Index {
		index[i] = Value{s: v.s, v: a.Index[i]}
		elem[i] = Value{s: v.s, v: a.Elem[i]}
	}
	return Value{s: v.s, v: a.Default}, index, elem, nil
}

// Map returns an array value whose indices are bit-vectors of width at most
// 64 as a Go map from index to element for the indices where it differs
// from its default, and that default.
func (v Value) Map() (map[uint64]Value, Value, error) {
	def, index, elem, err := v.Entries()
	if err != nil {
		return nil, Value{}, err
	}
	m := make(map[uint64]Value, len(index))
	for i := range index {
		k, err := index[i].Uint64()
		if err != nil {
			return nil, Value{}, errors.Join(errors.New("smt: Map needs bit-vector indices of at most 64 bits"), err)
		}
		m[k] = elem[i]
	}
	return m, def, nil
}

// Select returns the element of an array value at index i.
func (v Value) Select(i Value) (Value, error) {
	if v.v.Kind != term.ValArray {
		return Value{}, errNotArray
	}
	return Value{s: v.s, v: v.v.Arr.Select(i.v)}, nil
}
