package chain

import (
	"context"
	"fmt"
	"strings"

	"github.com/sift-solver/sift/smtlib"
	"github.com/sift-solver/sift/term"
)

// Solver decides a conjunction of terms; on sat it returns a model that
// fixes at least the values of want (sift's engine returns full models, a
// pipe solver's may be partial). It is the one solver interface of the
// executor (symex.Solver), of this chain (its backend, asked last) and of
// concolic mode.
type Solver interface {
	Check(ctx context.Context, as []term.Term, want []term.Term) (smtlib.Status, *term.Model, error)
}

// Query is one feasibility question: is PC ∧ Cond satisfiable?
type Query struct {
	PC   []term.Term // the path constraint, as conjuncts
	Cond term.Term   // the new conjunct (true to ask about PC alone)
	// Known is a model of PC, when the path has one (nil otherwise). The
	// layers that leave part of PC out rely on it for that part's values.
	Known *term.Model
	Want  []term.Term // the terms a model must fix (passed to the backend)
}

// Layers says which layers are on.
type Layers struct {
	Independence, QueryCache, CexCache bool
}

// LayerNames are the names --solver-chain takes, in chain order.
var LayerNames = []string{"independence", "cache", "cex"}

// DefaultLayers is every layer.
const DefaultLayers = "independence,cache,cex"

// ParseLayers reads a comma-separated list of layer names ("" for none).
func ParseLayers(spec string) (Layers, error) {
	var l Layers
	for _, name := range strings.Split(spec, ",") {
		switch strings.TrimSpace(name) {
		case "":
		case "independence":
			l.Independence = true
		case "cache":
			l.QueryCache = true
		case "cex":
			l.CexCache = true
		default:
			return l, fmt.Errorf("unknown solver-chain layer %q (want a list of %s)", name, strings.Join(LayerNames, ", "))
		}
	}
	return l, nil
}

// Stats counts what the layers did.
type Stats struct {
	Queries int // questions asked
	// Trivial: answered by looking at the condition (constant, or already
	// a conjunct of PC, or its negation is one).
	Trivial int
	// Sliced: questions independence shrank; Dropped: conjuncts it left out.
	Sliced, Dropped int
	// CacheHits: answered by the query cache.
	CacheHits int
	// CexUnsat, CexSuperset, CexModel: answered by the counterexample cache
	// (unsat subset, sat superset, a stored model that satisfies the set).
	CexUnsat, CexSuperset, CexModel int
	// Backend: questions that reached the backend.
	Backend int
	// Rejected: models of a layer that failed validation against the whole
	// question (the question then went to the backend whole).
	Rejected int
}

// Count is one named counter.
type Count struct {
	Name string
	N    int
}

// Counts returns the counters in chain order, for reports.
func (s Stats) Counts() []Count {
	return []Count{{"queries", s.Queries}, {"trivial", s.Trivial}, {"sliced", s.Sliced},
		{"dropped", s.Dropped}, {"cache-hits", s.CacheHits}, {"cex-unsat", s.CexUnsat},
		{"cex-superset", s.CexSuperset}, {"cex-model", s.CexModel}, {"backend", s.Backend},
		{"rejected", s.Rejected}}
}

// Chain answers questions through the layers, then the backend.
type Chain struct {
	st      *term.Store
	backend Solver
	layers  Layers
	syms    *symbols
	qc      *queryCache
	cex     *cexCache
	stats   Stats
}

// New returns a chain over backend with the given layers on.
func New(st *term.Store, backend Solver, layers Layers) *Chain {
	c := &Chain{st: st, backend: backend, layers: layers, syms: newSymbols(st)}
	if layers.QueryCache {
		c.qc = newQueryCache()
	}
	if layers.CexCache {
		c.cex = newCexCache(st)
	}
	return c
}

// Stats returns the counters so far.
func (c *Chain) Stats() Stats { return c.stats }

// Check answers q. A sat answer's model, when there is one, satisfies PC
// and Cond (checked by evaluation); it may be nil when the backend gives
// partial models that do not.
func (c *Chain) Check(ctx context.Context, q Query) (smtlib.Status, *term.Model, error) {
	c.stats.Queries++
	st := c.st
	if q.Cond == term.NoTerm {
		q.Cond = st.True()
	}
	var (
		status smtlib.Status
		m      *term.Model
		layer  string
		err    error
		part   = q.PC
	)
	if ts, tm, ok := c.trivial(q); ok {
		c.stats.Trivial++
		status, m, layer = ts, tm, "trivial"
	} else {
		if c.layers.Independence && q.Known != nil {
			part = c.syms.relevant(q.PC, q.Cond)
			if len(part) < len(q.PC) {
				c.stats.Sliced++
				c.stats.Dropped += len(q.PC) - len(part)
			}
		}
		set := newSet(part, q.Cond)
		status, m, layer, err = c.decide(ctx, set, part, q)
	}
	if err != nil || status != smtlib.Sat {
		return status, nil, err
	}
	full := m
	if len(part) < len(q.PC) {
		full = c.complete(m, q.Known, part, q.Cond)
	}
	if full != nil && holds(st, full, q.PC) && holds(st, full, []term.Term{q.Cond}) {
		return smtlib.Sat, full, nil
	}
	if layer == "backend" && len(part) == len(q.PC) {
		// The backend's own model of the whole question: partial (a pipe
		// solver's get-value), so the executor gets none.
		return smtlib.Sat, nil, nil
	}
	// A cached model, or a part's model that does not combine with Known:
	// ask the backend the whole question.
	c.stats.Rejected++
	c.stats.Backend++
	all := append(append([]term.Term(nil), q.PC...), q.Cond)
	status, m, err = c.backend.Check(ctx, all, q.Want)
	if err != nil || status != smtlib.Sat {
		return status, nil, err
	}
	if !holds(st, m, all) {
		m = nil
	}
	return smtlib.Sat, m, nil
}

// trivial answers questions whose condition settles them at once.
func (c *Chain) trivial(q Query) (smtlib.Status, *term.Model, bool) {
	st := c.st
	switch {
	case q.Cond == st.False():
		return smtlib.Unsat, nil, true
	case q.Known == nil:
		return 0, nil, false
	case q.Cond == st.True():
		return smtlib.Sat, q.Known, true
	}
	neg := st.Not(q.Cond)
	for _, a := range q.PC {
		switch a {
		case q.Cond:
			return smtlib.Sat, q.Known, true
		case neg:
			return smtlib.Unsat, nil, true
		}
	}
	return 0, nil, false
}

// decide answers the constraint set (part plus the condition) from the
// caches or the backend, and records the backend's answers.
func (c *Chain) decide(ctx context.Context, set, part []term.Term, q Query) (smtlib.Status, *term.Model, string, error) {
	if c.qc != nil {
		if e, ok := c.qc.get(set); ok {
			c.stats.CacheHits++
			return e.status, e.model, "cache", nil
		}
	}
	if c.cex != nil {
		switch hit, m := c.cex.lookup(set, q.Cond); hit {
		case cexUnsatSubset:
			c.stats.CexUnsat++
			return smtlib.Unsat, nil, "cex", nil
		case cexSatSuperset:
			c.stats.CexSuperset++
			return smtlib.Sat, m, "cex", nil
		case cexModel:
			c.stats.CexModel++
			return smtlib.Sat, m, "cex", nil
		}
	}
	c.stats.Backend++
	as := append(append(make([]term.Term, 0, len(part)+1), part...), q.Cond)
	status, m, err := c.backend.Check(ctx, as, q.Want)
	if err != nil {
		return status, nil, "backend", err
	}
	if status == smtlib.Sat && m != nil && !holds(c.st, m, as) {
		m = nil // partial: neither cached nor trusted
	}
	if status != smtlib.Unknown && (status == smtlib.Unsat || m != nil) {
		if c.qc != nil {
			c.qc.put(set, status, m)
		}
		if c.cex != nil {
			c.cex.put(set, status, m)
		}
	}
	return status, m, "backend", nil
}

// complete combines the model m of a sliced question's part with the
// path's model: the part's atoms take m's values, every other atom keeps
// Known's (a byte atom is written into Known's array). The conjuncts left
// out share no atom with the part, so the union satisfies both
// (validation checks it anyway).
func (c *Chain) complete(m, known *term.Model, part []term.Term, cond term.Term) *term.Model {
	if m == nil || known == nil {
		return nil
	}
	st := c.st
	out := term.NewModel()
	for k, v := range known.Values {
		out.Set(k, v)
	}
	var bytes []term.Term
	for _, t := range append(part[:len(part):len(part)], cond) {
		for _, x := range c.syms.of(t) {
			if st.Op(x) != term.OpVar {
				bytes = append(bytes, x)
			} else if v, ok := m.Values[x]; ok {
				out.Set(x, v)
			} else {
				delete(out.Values, x) // the part's model leaves x at its default
			}
		}
	}
	if len(bytes) == 0 {
		return out
	}
	ev := term.NewEvaluator(st, m)
	for _, b := range bytes {
		arr, at := st.Args(b)[0], st.Args(b)[1]
		cur, ok := out.Values[arr]
		if !ok || cur.Arr == nil {
			return nil // no array to write the byte into: the backend decides
		}
		v, err := ev.Eval(b)
		if err != nil {
			return nil
		}
		i, err := ev.Eval(at)
		if err != nil {
			return nil
		}
		cur.Arr = cur.Arr.Store(i, v)
		out.Set(arr, cur)
	}
	return out
}
