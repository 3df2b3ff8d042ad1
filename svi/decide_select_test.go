package svi

import (
	"context"
	"testing"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// memFixture is a store with byte memories mem and tab (32-bit addresses,
// as KLEE writes them) and a 32-bit index i.
func memFixture() (*term.Store, smtlib.Scope) {
	st := term.NewStore()
	mem := st.ArraySort(st.BitVecSort(32), st.BitVecSort(8))
	sc := smtlib.Scope{Vars: map[string]term.Term{
		"mem": st.Var("mem", mem),
		"tab": st.Var("tab", mem),
		"i":   st.Var("i", st.BitVecSort(32)),
	}}
	return st, sc
}

// TestDecideMemoryReads: reads of a byte array are variables of their own
// (atoms). Sat answers come with arrays that are checked by evaluating the
// assertions; Unsat answers hold for the relaxation, hence for the problem.
func TestDecideMemoryReads(t *testing.T) {
	const (
		m0 = "(select mem #x00000000)"
		m1 = "(select mem #x00000001)"
		m2 = "(select mem #x00000002)"
	)
	sext := func(b string) string { return "((_ sign_extend 24) " + b + ")" }
	tests := []struct {
		name    string
		asserts []string
		want    Status
		layer   Level
		elems   map[uint64]uint64 // expected contents of mem, when given
	}{
		{"a read is any byte", []string{"(= " + m0 + " #x41)"}, Sat, PVI, map[uint64]uint64{0: 0x41}},
		{"word of adjacent reads", []string{"(= (concat " + m1 + " " + m0 + ") #x1234)"}, Sat, PVI,
			map[uint64]uint64{0: 0x34, 1: 0x12}},
		{"zero-extended byte", []string{"(distinct (concat #x000000 " + m0 + ") #x00000000)"}, Sat, PVI,
			map[uint64]uint64{0: 1}},
		{"signed byte below zero", []string{"(bvslt " + sext(m0) + " #x00000000)"}, Sat, PVI,
			map[uint64]uint64{0: 0x80}},
		{"extracted bits", []string{"(= ((_ extract 2 1) " + m0 + ") #b10)"}, Sat, PVI, map[uint64]uint64{0: 4}},
		{"one read twice, contradictory", []string{"(bvult " + m0 + " #x05)", "(bvugt " + m0 + " #x09)"}, Unsat, PVI, nil},
		{"read over a constant store", []string{"(= (select (store mem #x00000002 #x07) #x00000002) #x08)"}, Unsat, PVI, nil},
		{"sorted bytes (signed)", []string{"(bvsle " + sext(m1) + " " + sext(m0) + ")", "(bvslt " + sext(m2) + " " + sext(m1) + ")",
			"(bvslt " + sext(m2) + " " + sext(m0) + ")"}, Sat, UBox, nil},
		{"symbolic index", []string{"(bvule i #x00000003)", "(distinct (select mem i) #x00)"}, Sat, PVI, nil},
		// The smallest witness reads tab[0] twice with different values;
		// moving mem[0] to 1 separates the reads.
		{"table lookup repaired", []string{"(= (select tab #x00000000) #x00)",
			"(distinct (select tab (concat #x000000 " + m0 + ")) #x00)"}, Sat, PVI, map[uint64]uint64{0: 1}},
		// i = 0 makes both reads one element: the relaxation cannot see it,
		// and the witness arrays disagree, so the stage gives up.
		{"reads that meet at one index", []string{"(bvule i #x00000000)", "(= (select mem i) #x05)", "(= " + m0 + " #x07)"},
			Unknown, BVT, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, sc := memFixture()
			as := make([]term.Term, len(tc.asserts))
			for k, s := range tc.asserts {
				a, err := smtlib.ParseTerm(st, sc, s)
				if err != nil {
					t.Fatalf("parse %q: %v", s, err)
				}
				as[k] = a
			}
			d := Decide(context.Background(), st, as)
			if d.Status != tc.want || d.Layer != tc.layer {
				t.Fatalf("got %v at %v (%s), want %v at %v", d.Status, d.Layer, d.Reason, tc.want, tc.layer)
			}
			if d.Status != Sat {
				return
			}
			mem := sc.Vars["mem"]
			if tc.elems != nil {
				got := d.Arrays[mem]
				if len(got) != len(tc.elems) {
					t.Errorf("mem holds %v, want %v", got, tc.elems)
				}
				for k, v := range tc.elems {
					if got[k] != v {
						t.Errorf("mem[%d] = %#x, want %#x", k, got[k], v)
					}
				}
			}
			for v := range d.Model {
				if st.Op(v) != term.OpVar {
					t.Errorf("model names %v, which is not a variable", v)
				}
			}
			m := d.TermModel(st)
			for k, a := range as {
				v, err := st.Eval(a, m)
				if err != nil || !v.Bool {
					t.Errorf("assertion %d (%s) does not hold under the model (%v)", k, tc.asserts[k], err)
				}
			}
		})
	}
}
