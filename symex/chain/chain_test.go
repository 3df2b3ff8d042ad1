package chain

import (
	"context"
	"slices"
	"testing"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/engine"
	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// engineBackend is sift's engine with a call counter.
type engineBackend struct {
	sess  *engine.Session
	calls int
	asked [][]term.Term
}

func (b *engineBackend) Check(ctx context.Context, as, _ []term.Term) (smtlib.Status, *term.Model, error) {
	b.calls++
	b.asked = append(b.asked, append([]term.Term(nil), as...))
	b.sess.Push()
	defer b.sess.Pop()
	for _, a := range as {
		b.sess.Assert(a, "")
	}
	r := b.sess.CheckSat(ctx, nil)
	if r.Status != smtlib.Sat {
		return r.Status, nil, nil
	}
	m, err := b.sess.Model()
	return smtlib.Sat, m, err
}

// fixture is a store with 8-bit variables x, y, z and helpers.
type fixture struct {
	st      *term.Store
	x, y, z term.Term
}

func newFixture() *fixture {
	st := term.NewStore()
	b8 := st.BitVecSort(8)
	return &fixture{st: st, x: st.Var("x", b8), y: st.Var("y", b8), z: st.Var("z", b8)}
}

func (f *fixture) k(v uint64) term.Term { return f.st.ConstUint64(8, v) }
func (f *fixture) ult(a, b term.Term) term.Term {
	return f.st.MustMake(term.OpBVUlt, nil, a, b)
}
func (f *fixture) model(vals map[term.Term]uint64) *term.Model {
	m := term.NewModel()
	for x, v := range vals {
		m.Set(x, f.st.BVValue(bv.New(8, v)))
	}
	return m
}

func TestRelevantIsTransitive(t *testing.T) {
	f := newFixture()
	st := f.st
	w := st.Var("w", st.BitVecSort(8))
	xy := f.ult(f.x, f.y) // links x and y
	yLow := f.ult(f.y, f.k(9))
	zLow := f.ult(f.z, f.k(3)) // z alone
	wz := st.Eq(w, f.z)        // links w and z
	pc := []term.Term{xy, zLow, yLow, wz, st.True()}
	s := newSymbols(st)
	if got, want := s.relevant(pc, st.Eq(f.x, f.k(1))), []term.Term{xy, yLow}; !slices.Equal(got, want) {
		t.Errorf("relevant to x: %v, want %v", got, want)
	}
	if got, want := s.relevant(pc, f.ult(w, f.k(2))), []term.Term{zLow, wz}; !slices.Equal(got, want) {
		t.Errorf("relevant to w: %v, want %v", got, want)
	}
	if got := s.relevant(pc, st.True()); got != nil {
		t.Errorf("relevant to a constant: %v", got)
	}
}

// TestIndependenceSlicesAndCompletes: the backend sees only the conjuncts
// that share variables with the condition, and the model returned combines
// the slice's model with the path's.
func TestIndependenceSlicesAndCompletes(t *testing.T) {
	f := newFixture()
	b := &engineBackend{sess: engine.NewSession(f.st, engine.Options{})}
	c := New(f.st, b, Layers{Independence: true})
	pc := []term.Term{f.ult(f.x, f.k(10)), f.ult(f.k(200), f.z)}
	known := f.model(map[term.Term]uint64{f.x: 3, f.z: 250})
	cond := f.st.Eq(f.x, f.k(7))
	st, m, err := c.Check(context.Background(), Query{PC: pc, Cond: cond, Known: known})
	if err != nil || st != smtlib.Sat || m == nil {
		t.Fatalf("got %v %v %v", st, m, err)
	}
	if len(b.asked) != 1 || !slices.Equal(b.asked[0], []term.Term{pc[0], cond}) {
		t.Errorf("backend asked %v, want the slice over x", b.asked)
	}
	if !Holds(f.st, m, append(pc, cond)...) {
		t.Error("the model does not satisfy the whole question")
	}
	if v, _ := m.Values[f.z].BV.Uint64(); v != 250 {
		t.Errorf("z = %d, want the path's 250", v)
	}
	// Without a model of the path nothing is left out.
	if _, _, err := c.Check(context.Background(), Query{PC: pc, Cond: cond}); err != nil {
		t.Fatal(err)
	}
	if got := b.asked[len(b.asked)-1]; len(got) != 3 {
		t.Errorf("without Known the backend got %v", got)
	}
	if s := c.Stats(); s.Sliced != 1 || s.Dropped != 1 || s.Backend != 2 {
		t.Errorf("stats %+v", s)
	}
}

// TestQueryCache: the same question twice reaches the backend once, for
// sat and for unsat answers.
func TestQueryCache(t *testing.T) {
	f := newFixture()
	b := &engineBackend{sess: engine.NewSession(f.st, engine.Options{})}
	c := New(f.st, b, Layers{QueryCache: true})
	pc := []term.Term{f.ult(f.x, f.k(10))}
	for _, cond := range []term.Term{f.st.Eq(f.x, f.k(4)), f.st.Eq(f.x, f.k(40))} {
		want := smtlib.Sat
		if cond == f.st.Eq(f.x, f.k(40)) {
			want = smtlib.Unsat
		}
		for i := 0; i < 2; i++ {
			st, _, err := c.Check(context.Background(), Query{PC: pc, Cond: cond})
			if err != nil || st != want {
				t.Fatalf("%v: got %v %v, want %v", cond, st, err, want)
			}
		}
	}
	if s := c.Stats(); b.calls != 2 || s.CacheHits != 2 {
		t.Errorf("backend calls %d, cache hits %d; want 2, 2", b.calls, s.CacheHits)
	}
}

// TestCexCache covers the three ways the counterexample cache answers.
func TestCexCache(t *testing.T) {
	f := newFixture()
	st := f.st
	ctx := context.Background()
	b := &engineBackend{sess: engine.NewSession(st, engine.Options{})}
	c := New(st, b, Layers{CexCache: true})
	xLow, yLow := f.ult(f.x, f.k(10)), f.ult(f.y, f.k(10))
	xBig := f.ult(f.k(20), f.x)
	// {x<10, 20<x} is unsat; a superset with y<10 is unsat without a call.
	if s, _, _ := c.Check(ctx, Query{PC: []term.Term{xLow}, Cond: xBig}); s != smtlib.Unsat {
		t.Fatalf("got %v", s)
	}
	if s, _, _ := c.Check(ctx, Query{PC: []term.Term{yLow, xLow}, Cond: xBig}); s != smtlib.Unsat {
		t.Fatalf("superset of an unsat set: %v", s)
	}
	// {x<10, y<10, x=y} is sat; its subset {x<10, x=y} is answered by it.
	eq := st.Eq(f.x, f.y)
	if s, _, _ := c.Check(ctx, Query{PC: []term.Term{xLow, yLow}, Cond: eq}); s != smtlib.Sat {
		t.Fatalf("got %v", s)
	}
	s, m, _ := c.Check(ctx, Query{PC: []term.Term{xLow}, Cond: eq})
	if s != smtlib.Sat || !Holds(st, m, xLow, eq) {
		t.Fatalf("subset of a sat set: %v %v", s, m)
	}
	// A new condition that the stored model happens to satisfy.
	s, m, _ = c.Check(ctx, Query{PC: []term.Term{xLow, yLow}, Cond: f.ult(f.x, f.k(200))})
	if s != smtlib.Sat || m == nil {
		t.Fatalf("model reuse: %v", s)
	}
	cs := c.Stats()
	if b.calls != 2 || cs.CexUnsat != 1 || cs.CexSuperset != 1 || cs.CexModel != 1 {
		t.Errorf("backend calls %d, stats %+v", b.calls, cs)
	}
}

// liar answers sat with a model that satisfies nothing.
type liar struct{ st *term.Store }

func (l liar) Check(context.Context, []term.Term, []term.Term) (smtlib.Status, *term.Model, error) {
	return smtlib.Sat, term.NewModel(), nil
}

// TestModelsAreValidated: a model that does not satisfy the question is
// never returned, from the backend or from a cache.
func TestModelsAreValidated(t *testing.T) {
	f := newFixture()
	for _, layers := range []Layers{{}, {Independence: true, QueryCache: true, CexCache: true}} {
		c := New(f.st, liar{f.st}, layers)
		pc := []term.Term{f.ult(f.k(5), f.x)}
		known := f.model(map[term.Term]uint64{f.x: 6})
		s, m, err := c.Check(context.Background(), Query{PC: pc, Cond: f.ult(f.k(7), f.x), Known: known})
		if err != nil || s != smtlib.Sat || m != nil {
			t.Errorf("%+v: got %v %v %v, want sat without a model", layers, s, m, err)
		}
	}
}

func TestTrivial(t *testing.T) {
	f := newFixture()
	b := &engineBackend{sess: engine.NewSession(f.st, engine.Options{})}
	c := New(f.st, b, Layers{})
	lit := f.ult(f.x, f.k(10))
	known := f.model(map[term.Term]uint64{f.x: 2})
	for _, tc := range []struct {
		cond term.Term
		want smtlib.Status
	}{{lit, smtlib.Sat}, {f.st.Not(lit), smtlib.Unsat}, {f.st.False(), smtlib.Unsat}, {f.st.True(), smtlib.Sat}} {
		s, _, _ := c.Check(context.Background(), Query{PC: []term.Term{lit}, Cond: tc.cond, Known: known})
		if s != tc.want {
			t.Errorf("%v: %v, want %v", tc.cond, s, tc.want)
		}
	}
	if b.calls != 0 {
		t.Errorf("%d backend calls", b.calls)
	}
}

func TestParseLayers(t *testing.T) {
	l, err := ParseLayers(DefaultLayers)
	if err != nil || l != (Layers{Independence: true, QueryCache: true, CexCache: true}) {
		t.Errorf("%v %v", l, err)
	}
	if l, err := ParseLayers(""); err != nil || l != (Layers{}) {
		t.Errorf("empty: %v %v", l, err)
	}
	if _, err := ParseLayers("independence,magic"); err == nil {
		t.Error("unknown layer accepted")
	}
}
