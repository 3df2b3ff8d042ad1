package svi

// The decision stage (digest §2.9, §5) is the domain used as a solver pass:
//
//	stage.go            Decide, Decision, Stage (counters, LastLayer)
//	decide_fragment.go  which assertions are handled: literals and nodes
//	decide_resize.go    extract, concat and extensions as nodes
//	decide_select.go    array reads as atoms, and the arrays of a model
//	decide_domains.go   per-variable sets, forward evaluation, backward push
//	decide_pvi.go       the exact layer, iterated to a fixpoint
//	decide_box.go       the ubox layer (SAT only)
//
// Invariants: a variable's domain only shrinks and never loses a value that
// some solution gives it; a literal is dropped only when every point of the
// current domains satisfies it; Unsat comes only from the exact layer;
// every Sat answer names a model of all assertions (the engine validates it
// again). Anything else is Unknown.

import (
	"context"

	"github.com/sift-solver/sift/term"
)

// Status is the answer of the decision procedure.
type Status = term.Status

const (
	Unsat   = term.Unsat
	Unknown = term.Unknown
	Sat     = term.Sat
)

// Decision is what Decide concluded about a conjunction of assertions.
type Decision struct {
	Status Status
	// Layer is the layer that decided: PVI (exact, Sat or Unsat) or UBox
	// (the box, Sat only); BVT when the answer is Unknown.
	Layer Level
	// Model gives every bit-vector variable of the assertions a value (Sat
	// only).
	Model map[term.Term]uint64
	// Arrays gives the array variables the assertions read (Sat only): index
	// value -> element value, every other element 0 (decide_select.go).
	Arrays map[term.Term]map[uint64]uint64
	// Sets holds, for Sat and Unknown answers in the fragment, each
	// variable's (and each array read's) domain after the exact layer: every solution gives the
	// variable a value in its set, so the sets are sound facts for later
	// stages (array pre-check, bit-blasting). After a PVI Sat, moreover, every
	// point of their product is a solution. Nil when the problem is out of
	// the fragment or Unsat.
	Sets map[term.Term]Set
	// Core lists indices into the assertions given to Decide that are
	// unsatisfiable on their own (Unsat only).
	Core []int
	// Reason says why the answer is Unknown.
	Reason string
	// OutOfFragment is set when the assertions use something the stage
	// does not handle; the layers never ran.
	OutOfFragment bool
}

// Decide decides the conjunction of the Boolean terms assertions with the
// SVI layers of seed 004: exact value sets first (pvi), then an
// under-approximating box that can only show SAT (ubox). It answers Unknown
// (the paper's bvt: hand over to bit-vector reasoning) when the assertions
// are outside the fragment (decide_fragment.go) or both layers give up.
func Decide(ctx context.Context, st *term.Store, assertions []term.Term) Decision {
	c := newCompiler(st)
	for i, a := range assertions {
		if ctx.Err() != nil {
			return Decision{Status: Unknown, Layer: BVT, Reason: "canceled"}
		}
		c.origin = i
		if err := c.conjunct(a, false); err != nil {
			return Decision{Status: Unknown, Layer: BVT, Reason: err.Error(), OutOfFragment: true}
		}
	}
	if c.contradiction {
		return Decision{Status: Unsat, Layer: PVI, Core: []int{c.falseAt}}
	}
	d := newDomains(c)
	out, pending, core := decidePVI(ctx, d, c.lits)
	if out == pviUnsat {
		return Decision{Status: Unsat, Layer: PVI, Core: core}
	}
	sets := make(map[term.Term]Set, len(d.dom))
	for v, s := range d.dom {
		sets[v] = s
	}
	if out == pviSat {
		if dec, ok := d.satDecision(PVI, sets); ok {
			return dec
		}
	}
	if ctx.Err() != nil {
		return Decision{Status: Unknown, Layer: BVT, Sets: sets, Reason: "canceled"}
	}
	if len(pending) == 0 {
		// Every literal holds on the domains, but the witnesses read two
		// array elements at one index with different values.
		return Decision{Status: Unknown, Layer: BVT, Sets: sets, Reason: "svi gave up: array reads disagree at the witness"}
	}
	if b, ok := decideBox(d, pending); ok {
		if dec, ok := b.satDecision(UBox, sets); ok {
			return dec
		}
	}
	return Decision{Status: Unknown, Layer: BVT, Sets: sets,
		Reason: "svi gave up: " + pending[0].pred.String() + " literal neither exact nor boxed"}
}

// satDecision is the Sat answer of layer with the model at the witnesses of
// d's domains, the atoms' values turned into array contents.
func (d *domains) satDecision(layer Level, sets map[term.Term]Set) (Decision, bool) {
	m, ok := d.witnesses()
	if !ok {
		return Decision{}, false
	}
	arrays, ok := d.arrayModel(m)
	if !ok {
		return Decision{}, false
	}
	for _, a := range d.c.atoms {
		delete(m, a)
	}
	return Decision{Status: Sat, Layer: layer, Model: m, Arrays: arrays, Sets: sets}, true
}

// Stats counts the Decide calls of a Stage by the layer that answered.
type Stats struct {
	Calls int
	// PVI counts exact answers, UBox answers shown by a box, BVT the
	// Unknown answers (OutOfFragment of them never entered the layers).
	PVI, UBox, BVT, OutOfFragment int
}

// Stage is Decide with statistics, for a solver pipeline: one Stage per
// session. It is not safe for concurrent use.
type Stage struct {
	stats Stats
	last  Decision
	ran   bool
}

// Decide runs Decide and records which layer answered.
func (s *Stage) Decide(ctx context.Context, st *term.Store, assertions []term.Term) Decision {
	d := Decide(ctx, st, assertions)
	s.stats.Calls++
	switch {
	case d.OutOfFragment:
		s.stats.BVT++
		s.stats.OutOfFragment++
	case d.Status == Unknown:
		s.stats.BVT++
	case d.Layer == UBox:
		s.stats.UBox++
	default:
		s.stats.PVI++
	}
	s.last, s.ran = d, true
	return d
}

// Stats returns the counters so far.
func (s *Stage) Stats() Stats { return s.stats }

// LastLayer is the layer of the last call: PVI or UBox when it decided, BVT
// when it gave up (or before any call).
func (s *Stage) LastLayer() Level {
	if !s.ran {
		return BVT
	}
	return s.last.Layer
}

// Last returns the last Decision, e.g. for its Sets.
func (s *Stage) Last() Decision { return s.last }
