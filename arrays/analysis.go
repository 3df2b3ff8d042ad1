package arrays

import (
	"context"
	"math/big"

	"github.com/sift-solver/sift/term"
)

// Status is the pre-check's answer, term's answer type: Unsat or Unknown,
// never Sat.
type Status = term.Status

const (
	Unsat   = term.Unsat   // the linear system is infeasible: the problem is unsatisfiable
	Unknown = term.Unknown // not decided (the problem may be sat or unsat)
)

// Interval is an unsigned range Lo <= x <= Hi that holds in every model of
// the analysed assertions. Terms wider than 64 bits always get the whole
// uint64 range, which callers must read as "unknown".
type Interval struct{ Lo, Hi uint64 }

// Analysis is what the array analysis learned about a problem's reads.
type Analysis struct {
	Status Status
	// Intervals holds the interval of each index term of a select and of
	// each select (read value), of width <= 64. A term missing from the map
	// is unconstrained: use IntervalOf, which answers the whole range.
	Intervals map[term.Term]Interval
	// AccessSize maps each base array term to a power of two M such that
	// every select on it has an index whose value modulo M is known from the
	// formula (a constant, or the position inside a concat access whose base
	// is proven M-aligned); 1 when nothing is proven.
	AccessSize map[term.Term]uint32
	Stats      Stats

	st   *term.Store
	cong *congruences
}

// Stats says what the pre-check did.
type Stats struct {
	Terms, Reads              int // DAG nodes reached, select terms
	Kept, Dropped, Abstracted int // atoms linearised / dropped; terms over-approximated
	Vars, Rows                int // size of the linear system
	PropagationVisits         int
	ReadRounds                int // rounds of read-value tightening from array contents
	LPCalls, Pivots, ILPNodes int
	Outcome                   string
}

// Limits that keep Analyze linear and cheap on large KLEE files.
const (
	maxTerms        = 60000 // DAG nodes; beyond, no pre-check (whole ranges)
	maxReadRounds   = 4
	maxEnumerate    = 1024 // candidate indices when reading array contents
	ilpMaxNodes     = 64
	propagateFactor = 40 // row visits per row
)

// Analyze runs the ILP pre-check (seed 003 Alg. 3) on the conjunction of
// assertions: it builds the linear system of the digest §3.3 over unsigned
// values with wrap-around modelled, tightens read values from known array
// contents, and decides infeasibility by bound propagation and an exact
// rational LP with branch and bound. Pass the assumptions of a check-sat
// among the assertions. Unsupported input (quantifiers, huge DAGs) gives
// Unknown with whole-range intervals. It never fails on well-sorted input;
// the error is the context's.
func Analyze(ctx context.Context, st *term.Store, assertions []term.Term) (*Analysis, error) {
	a := &Analysis{Intervals: map[term.Term]Interval{}, AccessSize: map[term.Term]uint32{}, st: st, cong: newCongruences(st)}
	reach, reads, ok := collect(st, assertions)
	a.Stats.Terms, a.Stats.Reads = len(reach), len(reads)
	a.collectDefinitions(assertions)
	if !ok {
		a.Stats.Outcome = "skipped: quantifiers or too large"
		a.wholeRanges(reads)
		a.AccessSize = accessSizes(st, reach, a.cong)
		return a, ctx.Err()
	}
	l := newLinearizer(st)
	for _, f := range assertions {
		l.atom(f, true)
	}
	for _, r := range reads {
		l.term(st.Arg(r, 1))
		l.term(r)
	}
	s := l.sys
	a.Stats.Kept, a.Stats.Dropped, a.Stats.Abstracted = l.kept, l.dropped, l.abstracted
	a.Stats.Vars, a.Stats.Rows = len(s.lo), len(s.rows)
	budget := propagateFactor*len(s.rows) + 1000
	feasible, visits := s.propagate(budget)
	a.Stats.PropagationVisits += visits
	for round := 0; feasible && round < maxReadRounds; round++ {
		if err := ctx.Err(); err != nil {
			return a, err
		}
		a.Stats.ReadRounds++
		if !tightenReads(l, a.cong, reads) {
			break
		}
		feasible, visits = s.propagate(budget)
		a.Stats.PropagationVisits += visits
	}
	if !feasible {
		a.Status, a.Stats.Outcome = Unsat, "unsat by propagation"
		return a, nil
	}
	if err := ctx.Err(); err != nil {
		return a, err
	}
	b := &ilpBudget{maxNodes: ilpMaxNodes, propVisits: budget}
	res := integerFeasible(s.clone(), b)
	a.Stats.LPCalls, a.Stats.Pivots, a.Stats.ILPNodes = b.lpCalls, b.pivots, b.nodes
	switch res {
	case ilpInfeasible:
		a.Status, a.Stats.Outcome = Unsat, "unsat by ilp"
		return a, nil
	case ilpFeasible:
		a.Stats.Outcome = "unknown: linear relaxation feasible"
	default:
		a.Stats.Outcome = "unknown: ilp undecided"
	}
	// Facts proven by propagation sharpen the congruences.
	a.cong.fixed = func(t term.Term) (uint64, bool) {
		if v, ok := l.varOf[t]; ok {
			if x, ok := s.fixed(v); ok && x.IsUint64() {
				return x.Uint64(), true
			}
		}
		return 0, false
	}
	for _, r := range reads {
		for _, t := range []term.Term{st.Arg(r, 1), r} {
			if st.Width(st.SortOf(t)) > 64 {
				continue
			}
			v := l.varOf[t]
			a.Intervals[t] = Interval{s.lo[v].Uint64(), s.hi[v].Uint64()}
		}
	}
	a.AccessSize = accessSizes(st, reach, a.cong)
	return a, nil
}

// wholeRanges gives every index and read term its full range.
func (a *Analysis) wholeRanges(reads []term.Term) {
	st := a.st
	for _, r := range reads {
		for _, t := range []term.Term{st.Arg(r, 1), r} {
			if w := st.Width(st.SortOf(t)); w <= 64 {
				a.Intervals[t] = Interval{0, maxOf(w).Uint64()}
			}
		}
	}
}

// IntervalOf returns t's interval and true, or the whole range and false
// when nothing is known about t.
func (a *Analysis) IntervalOf(t term.Term) (Interval, bool) {
	if iv, ok := a.Intervals[t]; ok {
		return iv, true
	}
	w := a.st.Width(a.st.SortOf(t))
	if w > 64 {
		return Interval{0, ^uint64(0)}, false
	}
	if a.st.Op(t) == term.OpBVConst {
		x, _ := a.st.Value(t).Uint64()
		return Interval{x, x}, true
	}
	return Interval{0, maxOf(w).Uint64()}, false
}

// collectDefinitions records top-level "v = t" for the congruence analysis.
func (a *Analysis) collectDefinitions(assertions []term.Term) {
	st := a.st
	var walk func(f term.Term)
	walk = func(f term.Term) {
		switch st.Op(f) {
		case term.OpAnd:
			for _, c := range st.Args(f) {
				walk(c)
			}
		case term.OpEq:
			x, y := st.Arg(f, 0), st.Arg(f, 1)
			if !st.IsBitVec(st.SortOf(x)) {
				return
			}
			if st.Op(x) != term.OpVar {
				x, y = y, x
			}
			if st.Op(x) == term.OpVar {
				if _, dup := a.cong.defs[x]; !dup {
					a.cong.defs[x] = y
				}
			}
		}
	}
	for _, f := range assertions {
		walk(f)
	}
}

// collect walks the DAG below the assertions. It returns the terms reached,
// the bit-vector selects with bit-vector indices, and false when the input
// is unsupported (quantifiers) or larger than maxTerms.
func collect(st *term.Store, roots []term.Term) (reach, reads []term.Term, ok bool) {
	ok = true
	st.Walk(roots, func(t term.Term) bool {
		reach = append(reach, t)
		if len(reach) > maxTerms {
			ok = false
		}
		switch st.Op(t) {
		case term.OpForall, term.OpExists, term.OpBound:
			ok = false
		case term.OpSelect:
			if st.IsBitVec(st.SortOf(t)) && st.IsBitVec(st.SortOf(st.Arg(t, 1))) {
				reads = append(reads, t)
			}
		}
		return false
	})
	return reach, reads, ok
}

// tightenReads bounds each symbolic read by the array contents the system
// has fixed: (select B t) with every candidate value k of t (interval and
// residue) read by a fixed (select B k) lies between their extremes. It
// reports whether some bound moved.
func tightenReads(l *linearizer, cong *congruences, reads []term.Term) bool {
	st, s := l.st, l.sys
	known := map[term.Term]map[uint64]*big.Int{} // base -> index -> fixed value
	for _, r := range reads {
		idx := st.Arg(r, 1)
		if st.Op(idx) != term.OpBVConst || st.Width(st.SortOf(idx)) > 64 {
			continue
		}
		if v, ok := s.fixed(l.varOf[r]); ok {
			b := st.Arg(r, 0)
			if known[b] == nil {
				known[b] = map[uint64]*big.Int{}
			}
			k, _ := st.Value(idx).Uint64()
			known[b][k] = v
		}
	}
	moved := false
	for _, r := range reads {
		idx := st.Arg(r, 1)
		contents := known[st.Arg(r, 0)]
		if contents == nil || st.Op(idx) == term.OpBVConst || st.Width(st.SortOf(idx)) > 64 {
			continue
		}
		vi := l.varOf[idx]
		lo, hi := s.lo[vi], s.hi[vi]
		if new(big.Int).Sub(hi, lo).Cmp(big.NewInt(maxEnumerate*64)) > 0 {
			continue
		}
		res := cong.of(idx)
		step := uint64(1) << min(res.m, 16)
		k := lo.Uint64()
		// First k >= lo with k = r mod step.
		k += (res.r - k) & (step - 1)
		var vmin, vmax *big.Int
		count := 0
		complete := true
		for ; k <= hi.Uint64(); k += step {
			if count++; count > maxEnumerate {
				complete = false
				break
			}
			v, ok := contents[k]
			if !ok {
				complete = false
				break
			}
			if vmin == nil || v.Cmp(vmin) < 0 {
				vmin = v
			}
			if vmax == nil || v.Cmp(vmax) > 0 {
				vmax = v
			}
			if k+step < k {
				break
			}
		}
		if !complete || vmin == nil {
			continue
		}
		vr := l.varOf[r]
		if vmin.Cmp(s.lo[vr]) > 0 {
			s.lo[vr] = new(big.Int).Set(vmin)
			moved = true
		}
		if vmax.Cmp(s.hi[vr]) < 0 {
			s.hi[vr] = new(big.Int).Set(vmax)
			moved = true
		}
	}
	return moved
}
