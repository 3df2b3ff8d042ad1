package bitblast

import (
	"context"
	"fmt"
	"testing"

	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// memoryChain is an unrolled design of n steps in the shape of
// SymbiYosys's demos/memory: a memory written at addr_j every step, and a
// register holding the last value written at the constant address ta
// (valid once written). Base is the transition; the returned terms are the
// step-n facts a check may add.
type memoryChain struct {
	base                        []term.Term
	hit, valid, differs, notHit term.Term
}

func newMemoryChain(st *term.Store, n int) memoryChain {
	w := st.BitVecSort(8)
	mem := st.Var("mem0", st.ArraySort(w, w))
	data, valid := st.Var("data0", w), st.False()
	ta := st.Var("ta", w)
	var c memoryChain
	addr := func(j int) term.Term { return st.Var(fmt.Sprintf("addr%d", j), w) }
	for j := range n {
		a, wd := addr(j), st.Var(fmt.Sprintf("wdata%d", j), w)
		hit := st.Eq(a, ta)
		nextMem := st.Var(fmt.Sprintf("mem%d", j+1), st.ArraySort(w, w))
		nextData := st.Var(fmt.Sprintf("data%d", j+1), w)
		c.base = append(c.base,
			st.Eq(st.MustMake(term.OpStore, nil, mem, a, wd), nextMem),
			st.Eq(st.Ite(hit, wd, data), nextData))
		mem, data, valid = nextMem, nextData, st.Ite(hit, st.True(), valid)
	}
	an := addr(n)
	c.hit, c.valid, c.notHit = st.Eq(an, ta), valid, st.Not(st.Eq(an, ta))
	c.differs = st.Not(st.Eq(data, st.MustMake(term.OpSelect, nil, mem, an)))
	return c
}

// TestLiftedChains decides checks over the chain in one incremental stage
// whose SAT calls may take few conflicts: the register and the memory read
// choose alike step by step, which the lifted equalities turn into
// propagation, while the satisfiable variants keep their models.
func TestLiftedChains(t *testing.T) {
	const steps = 24
	st := term.NewStore()
	c := newMemoryChain(st, steps)
	tests := []struct {
		name  string
		extra []term.Term
		want  term.Status
	}{
		{"read equals register", []term.Term{c.hit, c.valid, c.differs}, term.Unsat},
		{"never written", []term.Term{c.hit, c.differs}, term.Sat},
		{"another address", []term.Term{c.notHit, c.valid, c.differs}, term.Sat},
		{"read equals register again", []term.Term{c.valid, c.differs, c.hit}, term.Unsat},
	}
	s := NewIncremental(PruningFull, 100)
	defer s.Close()
	for _, tc := range tests {
		as := append(append([]term.Term(nil), c.base...), tc.extra...)
		p := &stage.Problem{Store: st, Assertions: as, Labels: make([]string, len(as)), Base: len(c.base)}
		v, err := s.Decide(context.Background(), p)
		if err != nil || v.Status != tc.want {
			t.Fatalf("%s: %v (%s), %v; want %v", tc.name, v.Status, v.Reason, err, tc.want)
		}
		if v.Status == term.Sat {
			ev := term.NewEvaluator(st, v.Model)
			for k, f := range p.Terms() {
				if ok, err := ev.EvalBool(f); err != nil || !ok {
					t.Errorf("%s: assertion %d is not true under the model (%v)", tc.name, k, err)
				}
			}
		}
	}
}
