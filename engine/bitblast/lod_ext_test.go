package bitblast

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine/stage"
	"github.com/sift-solver/sift/term"
)

// TestExtensionalityEnumerated decides random equalities between ites of
// arrays (whose conditions hold array equalities), constant arrays and
// store chains over (_ BitVec 1) and (_ BitVec 2) indices — the shape of
// issue 33's diverging script — and checks every answer against brute
// force: each formula's variables are few and narrow enough to try every
// assignment. An unknown answer fails: the CEGAR loop must end with a
// verdict on every such input.
func TestExtensionalityEnumerated(t *testing.T) {
	const perWidth = 300
	counts := map[term.Status]int{}
	nested := 0
	for _, iw := range []uint32{1, 2} {
		rng := rand.New(rand.NewPCG(33, uint64(iw)))
		for n := range perWidth {
			g := newArrayGen(iw, rng)
			f := g.formula()
			want := g.bruteForce(f)
			// Arrays this small are blasted eagerly (small.go); lemmas on
			// demand are what this test is about, and every third formula
			// checks the eager encoding against brute force as well.
			s := New(PruningFull)
			s.lazyOnly = n%3 != 0
			p := &stage.Problem{Store: g.st, Assertions: []term.Term{f}, Labels: []string{""}}
			v, err := s.Decide(context.Background(), p)
			s.Close()
			name := fmt.Sprintf("index width %d, formula %d (lazy %v)", iw, n, s.lazyOnly)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if v.Status != want {
				t.Fatalf("%s: %v (%s), brute force says %v", name, v.Status, v.Reason, want)
			}
			if v.Status == term.Sat {
				if ok, err := term.NewEvaluator(g.st, v.Model).EvalBool(f); err != nil || !ok {
					t.Fatalf("%s: the model does not satisfy the formula (%v)", name, err)
				}
			}
			counts[v.Status]++
			if g.eqInCond {
				nested++
			}
		}
	}
	t.Logf("answers %v; %d with an array equality in an ite condition", counts, nested)
	// The generator must produce both answers and the nested shape, or the
	// test checks less than it claims.
	if counts[term.Sat] < 50 || counts[term.Unsat] < 50 || nested < 50 {
		t.Errorf("answers %v, %d formulas with an array equality in an ite condition: too few of some kind", counts, nested)
	}
}

// arrayGen builds random formulas over arrays (_ BitVec iw) → (_ BitVec 1),
// index variables i, j, an element variable x and a Bool p.
type arrayGen struct {
	st       *term.Store
	rng      *rand.Rand
	iw       uint32
	is, es   term.Sort
	arrs     []term.Term
	idxs     []term.Term
	x, p     term.Term
	eqInCond bool // an ite condition holds an array equality
}

func newArrayGen(iw uint32, rng *rand.Rand) *arrayGen {
	st := term.NewStore()
	g := &arrayGen{st: st, rng: rng, iw: iw, is: st.BitVecSort(iw), es: st.BitVecSort(1)}
	as := st.ArraySort(g.is, g.es)
	g.arrs = []term.Term{st.Var("a", as), st.Var("b", as)}
	g.idxs = []term.Term{st.Var("i", g.is), st.Var("j", g.is)}
	g.x = st.Var("x", g.es)
	g.p = st.Var("p", st.BoolSort())
	return g
}

func (g *arrayGen) index() term.Term {
	if g.rng.IntN(3) == 0 {
		return g.st.ConstUint64(g.iw, g.rng.Uint64N(1<<g.iw))
	}
	return g.idxs[g.rng.IntN(len(g.idxs))]
}

func (g *arrayGen) elem(depth int) term.Term {
	switch g.rng.IntN(3) {
	case 0:
		return g.st.ConstUint64(1, g.rng.Uint64N(2))
	case 1:
		return g.x
	}
	return g.st.MustMake(term.OpSelect, nil, g.array(depth), g.index())
}

func (g *arrayGen) array(depth int) term.Term {
	st := g.st
	k := 0
	if depth > 0 {
		k = g.rng.IntN(5)
	}
	switch k {
	case 1:
		c, err := st.ConstArray(st.ArraySort(g.is, g.es), st.ConstUint64(1, g.rng.Uint64N(2)))
		if err != nil {
			panic(err)
		}
		return c
	case 2, 3:
		a := g.array(depth - 1)
		for range 1 + g.rng.IntN(3) {
			a = st.MustMake(term.OpStore, nil, a, g.index(), g.elem(depth-1))
		}
		return a
	case 4:
		return st.MustMake(term.OpIte, nil, g.cond(depth-1), g.array(depth-1), g.array(depth-1))
	}
	return g.arrs[g.rng.IntN(len(g.arrs))]
}

func (g *arrayGen) cond(depth int) term.Term {
	st := g.st
	switch g.rng.IntN(4) {
	case 0:
		return g.p
	case 1:
		return st.Eq(g.index(), g.index())
	}
	g.eqInCond = true
	e := st.Eq(g.array(depth), g.array(depth))
	if g.rng.IntN(2) == 0 {
		e = st.Not(e)
	}
	return e
}

// formula is a conjunction of one to three atoms, at least one an array
// equality or disequality.
func (g *arrayGen) formula() term.Term {
	st := g.st
	atoms := []term.Term{st.Eq(g.array(3), g.array(3))}
	if g.rng.IntN(2) == 0 {
		atoms[0] = st.Not(atoms[0])
	}
	for range g.rng.IntN(3) {
		switch g.rng.IntN(3) {
		case 0:
			atoms = append(atoms, st.Eq(g.elem(2), g.elem(2)))
		case 1:
			atoms = append(atoms, st.Not(st.Eq(g.array(2), g.array(2))))
		default:
			atoms = append(atoms, g.cond(2))
		}
	}
	return st.And(atoms...)
}

// bruteForce tries every assignment of the variables and reports whether
// one satisfies f.
func (g *arrayGen) bruteForce(f term.Term) term.Status {
	st := g.st
	n := 1 << g.iw // indices; elements are one bit
	var tables []term.Value
	for bits := range 1 << n {
		a := &term.ArrayValue{Default: st.BVValue(bv.New(1, uint64(bits>>(n-1)&1)))}
		for u := range n - 1 {
			a.Index = append(a.Index, st.BVValue(bv.New(g.iw, uint64(u))))
			a.Elem = append(a.Elem, st.BVValue(bv.New(1, uint64(bits>>u&1))))
		}
		tables = append(tables, term.Value{Kind: term.ValArray, Sort: st.SortOf(g.arrs[0]), Arr: a})
	}
	for _, ta := range tables {
		for _, tb := range tables {
			for i := range n {
				for j := range n {
					for x := range 2 {
						for _, p := range []bool{false, true} {
							m := term.NewModel()
							m.Set(g.arrs[0], ta)
							m.Set(g.arrs[1], tb)
							m.Set(g.idxs[0], st.BVValue(bv.New(g.iw, uint64(i))))
							m.Set(g.idxs[1], st.BVValue(bv.New(g.iw, uint64(j))))
							m.Set(g.x, st.BVValue(bv.New(1, uint64(x))))
							m.Set(g.p, term.BoolValue(p))
							ok, err := term.NewEvaluator(st, m).EvalBool(f)
							if err != nil {
								panic(err)
							}
							if ok {
								return term.Sat
							}
						}
					}
				}
			}
		}
	}
	return term.Unsat
}
