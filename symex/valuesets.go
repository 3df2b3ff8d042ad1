package symex

import (
	"slices"

	"github.com/sift-solver/sift/bv"
	"github.com/sift-solver/sift/svi"
	"github.com/sift-solver/sift/symex/chain"
	"github.com/sift-solver/sift/term"
)

// Value sets in the executor (seed 004, the executor's half; digest §5):
// every state keeps the svi value sets of its symbolic variables, narrowed
// by each literal its path constraint gains (State.sets). At a branch the
// sets may settle the condition: when every point of them satisfies it
// (or none does), the other side is infeasible and no solver is asked.
// When the condition is undecided and the path has a model, the sets
// narrowed by the other side's literal show how to move the model there;
// the moved model, once it satisfies the other side's literal and every
// conjunct of the path constraint that reads a moved value by evaluation
// (the others keep the values the path's model, which satisfies them,
// gives them), shows that side feasible without a query either. A moved
// array changes at one index only: a conjunct that reads the array only at
// other constant indices keeps its value.
//
// Soundness: the sets only over-approximate the values the path
// constraint allows (a literal outside the fragment narrows nothing), so
// "no point satisfies" proves infeasibility; a side is taken feasible only
// with a model checked against the whole constraint.

// ValueSetStats counts what the value sets did.
type ValueSetStats struct {
	// Decided: branches whose condition the sets settled (one side
	// infeasible); Avoided: the solver checks that saved (settled branches
	// and witnesses).
	Decided int `json:"decided"`
	Avoided int `json:"avoided"`
	// Witnesses: other sides shown feasible by a model the sets moved;
	// WitnessFailed: moved models that failed the check (the solver was
	// asked).
	Witnesses     int `json:"witnesses"`
	WitnessFailed int `json:"witness_failed"`
	// Disagreed: settled conditions the path's model contradicts (each one
	// is a bug in the sets; the solver is asked instead).
	Disagreed int `json:"disagreed"`
	// Enumerated: conditions decided by substituting each value of a
	// small domain (domainsettle.go); those settled count in Decided too.
	Enumerated int `json:"enumerated"`
}

// valueSets is the executor's tracker; nil when value sets are off.
type valueSets struct {
	st   *term.Store
	tr   *svi.Tracker
	uses map[term.Term][]use // how each conjunct checked reads its variables
	ev   *term.Evaluator     // reused for every moved model (Reset)
	old  *term.Evaluator     // reused for every path's model in witness (Reset)
	// aux: the fresh variables of merges (pat's counts k) and the values
	// their members gave them, tried when a moved model fails the merged
	// path constraint (witness).
	aux     map[term.Term][]term.Term
	domains *domainSettler // byDomain's memos (domainsettle.go)
	stats   ValueSetStats
}

func newValueSets(st *term.Store) *valueSets {
	return &valueSets{st: st, tr: svi.NewTracker(st), uses: map[term.Term][]use{}, ev: term.NewEvaluator(st, nil),
		old: term.NewEvaluator(st, nil)}
}

// assume narrows s's sets by a literal added to its path constraint.
func (v *valueSets) assume(s *State, lit term.Term) {
	if v == nil {
		return
	}
	s.sets = v.tr.Assume(s.sets, lit)
	if len(s.parts) > 0 {
		parts := make([]*svi.Sets, 0, len(s.parts)) // a fork's clone shares the old slice
		for _, p := range s.parts {
			if p = v.tr.Assume(p, lit); !p.Empty() { // an empty part: that member's paths end here
				parts = append(parts, p)
			}
		}
		s.parts = parts
	}
}

// maxParts bounds the members' sets a merged state keeps (State.parts):
// a branch costs a decision per part.
const maxParts = 16

// merged gives the merged state s of members its sets: the join of the
// members' (the merged path constraint implies one member's, so every
// solution lies in that member's sets), narrowed by the merged
// conjuncts. Sets rebuilt from the merged constraint alone would lose
// what the members knew: a disjunction or a quantifier narrows nothing.
func (v *valueSets) merged(s *State, members []*State) {
	if v == nil {
		return
	}
	ss := make([]*svi.Sets, len(members))
	for i, m := range members {
		ss[i] = m.sets
	}
	s.sets = v.tr.Join(ss)
	for _, c := range s.pc {
		s.sets = v.tr.Assume(s.sets, c)
	}
	s.parts = nil
	for _, m := range members {
		ps := m.parts
		if len(ps) == 0 {
			ps = []*svi.Sets{m.sets}
		}
		s.parts = append(s.parts, ps...)
	}
	if len(s.parts) > maxParts {
		s.parts = nil
	}
}

// decide is what s's sets know about c: the joined sets' verdict, or, when
// they settle nothing, the verdict every part of a merged state agrees on.
// Each solution of the merged constraint is a solution of some member's,
// which lies in that member's part, so a verdict all parts share holds for
// every solution.
func (v *valueSets) decide(s *State, c term.Term) svi.Verdict {
	out := v.tr.Decide(s.sets, c)
	if out == svi.Always || out == svi.Never || len(s.parts) == 0 {
		return out
	}
	agreed := svi.CannotHandle
	for i, p := range s.parts {
		d := v.tr.Decide(p, c)
		if d != svi.Always && d != svi.Never || i > 0 && d != agreed {
			return out
		}
		agreed = d
	}
	return agreed
}

// settle decides the branch on c from s's sets when they show one side
// infeasible. haveModel and d are what the path's model says about c;
// depthCut is set when the other side would not be checked. It returns the
// side and true, or false when the sets do not settle c.
func (v *valueSets) settle(s *State, c term.Term, haveModel, d, depthCut bool) (bool, bool) {
	if v == nil {
		return false, false
	}
	var side bool
	switch v.decide(s, c) {
	case svi.Always:
		side = true
	case svi.Never:
		side = false
	default:
		var ok bool
		if side, ok = v.byDomain(s, c); !ok {
			return false, false
		}
	}
	if haveModel && side != d {
		v.stats.Disagreed++
		return false, false
	}
	v.stats.Decided++
	// The checks forking.branch would have made: the first one without a model,
	// and the other side's when the first side is feasible.
	if !haveModel {
		v.stats.Avoided++
	}
	if (haveModel || side) && !depthCut {
		v.stats.Avoided++
	}
	return side, true
}

// witness tries to show the literal l feasible on s without the solver: it
// moves the path's model into the sets that l narrows s's sets to, and
// returns the moved model if it satisfies the path constraint and l.
func (v *valueSets) witness(s *State, l term.Term) *term.Model {
	if v == nil || s.model == nil {
		return nil
	}
	narrowed, ok := v.tr.Narrowed(s.sets, l)
	if !ok || len(narrowed) == 0 {
		return nil
	}
	old := v.old
	old.Reset(s.model)
	m := term.NewModel()
	for k, x := range s.model.Values {
		m.Set(k, x)
	}
	moved := map[term.Term]*change{} // the variables (arrays for reads) given new values
	for x, set := range narrowed {
		cur, err := old.Eval(x)
		if err != nil || cur.Kind != term.ValBV {
			return nil
		}
		n, _ := cur.BV.Uint64()
		if set.Contains(n) {
			continue
		}
		to, ok := nearest(set, n)
		if !ok {
			return nil
		}
		changed, at := v.assign(m, old, x, bv.New(cur.BV.Width(), to))
		if changed == term.NoTerm {
			return nil
		}
		ch := moved[changed]
		if ch == nil {
			ch = &change{}
			moved[changed] = ch
		}
		if at == nil {
			ch.whole = true
		} else {
			ch.at = append(ch.at, *at)
		}
	}
	if len(moved) == 0 {
		return nil
	}
	if v.holds(m, s.pc, l, moved) || v.recount(m, s.pc, l, moved) {
		v.stats.Witnesses++
		v.stats.Avoided++
		return m
	}
	v.stats.WitnessFailed++
	return nil
}

// holds reports whether m satisfies l and the conjuncts of pc that
// mention a moved variable (a quantified one is evaluated by enumerating
// its bounded range).
func (v *valueSets) holds(m *term.Model, pc []term.Term, l term.Term, moved map[term.Term]*change) bool {
	v.ev.Reset(m)
	return chain.AllHold(v.ev, []term.Term{l}) && chain.AllHold(v.ev, v.touching(pc, moved))
}

// maxRecounts bounds the assignments of merge counts recount tries.
const maxRecounts = 64

// recount retries a moved model that fails a merged path constraint with
// other values of the merges' counts: moving an input can move it to
// another member of a pat merge, whose count differs (the bytes of a loop
// that now stops earlier). The counts the failing conjuncts mention take
// every combination of their members' values, up to maxRecounts; m keeps
// the first that satisfies l and every conjunct over a moved variable or
// a count. It reports whether one did.
func (v *valueSets) recount(m *term.Model, pc []term.Term, l term.Term, moved map[term.Term]*change) bool {
	if len(v.aux) == 0 {
		return false
	}
	var ks []term.Term
	seen := map[term.Term]bool{}
	for _, c := range append(v.touching(pc, moved), l) {
		for _, u := range v.usesOf(c) {
			if _, isAux := v.aux[u.x]; isAux && !seen[u.x] {
				seen[u.x] = true
				ks = append(ks, u.x)
			}
		}
	}
	if len(ks) == 0 {
		return false
	}
	combos := 1
	for _, k := range ks {
		combos *= len(v.aux[k])
		if combos > maxRecounts {
			return false
		}
		moved[k] = &change{whole: true}
	}
	for c := range combos {
		for _, k := range ks {
			vals := v.aux[k]
			m.Set(k, v.st.BVValue(v.st.Value(vals[c%len(vals)])))
			c /= len(vals)
		}
		if v.holds(m, pc, l, moved) {
			return true
		}
	}
	return false
}

// merge records the fresh variables of a merge and their members' values.
func (v *valueSets) merge(aux []term.Term, values [][]term.Term) {
	if v == nil || len(aux) == 0 {
		return
	}
	if v.aux == nil {
		v.aux = map[term.Term][]term.Term{}
	}
	for a, x := range aux {
		for _, mv := range values {
			if a < len(mv) && !slices.Contains(v.aux[x], mv[a]) {
				v.aux[x] = append(v.aux[x], mv[a])
			}
		}
	}
}

// nearest is the element of set closest to x (the smallest above it or the
// largest below it).
func nearest(set svi.Set, x uint64) (uint64, bool) {
	hi, okHi := set.Glb(x)
	lo, okLo := set.Lub(x)
	switch {
	case okHi && okLo:
		if hi-x <= x-lo {
			return hi, true
		}
		return lo, true
	case okHi:
		return hi, true
	case okLo:
		return lo, true
	}
	return set.Witness()
}

// assign gives the variable or array read x the value val in m and returns
// the variable whose value changed (the array, for a read) with the index
// it changed at (nil: a variable, changed whole), or NoTerm when it cannot.
// The index of a read is evaluated under the path's model (old).
func (v *valueSets) assign(m *term.Model, old *term.Evaluator, x term.Term, val bv.Value) (term.Term, *bv.Value) {
	st := v.st
	switch st.Op(x) {
	case term.OpVar:
		m.Set(x, st.BVValue(val))
		return x, nil
	case term.OpSelect:
		arr := st.Arg(x, 0)
		if st.Op(arr) != term.OpVar {
			return term.NoTerm, nil
		}
		idx, err := old.Eval(st.Arg(x, 1))
		if err != nil || idx.Kind != term.ValBV {
			return term.NoTerm, nil
		}
		a, ok := m.Values[arr]
		if !ok {
			a = st.DefaultValue(st.SortOf(arr))
		}
		if a.Kind != term.ValArray {
			return term.NoTerm, nil
		}
		m.Set(arr, term.Value{Kind: term.ValArray, Sort: a.Sort, Arr: a.Arr.Store(idx, st.BVValue(val))})
		return arr, &idx.BV
	}
	return term.NoTerm, nil
}

// change is how witness moved a variable: wholly, or (an array) at the
// indices at.
type change struct {
	whole bool
	at    []bv.Value
}

// use is how a conjunct reads the variable x: wholly, or (an array) only
// through reads at the constant indices at.
type use struct {
	x     term.Term
	whole bool
	at    []bv.Value
}

// usesOf lists how c reads each of its variables (cached).
func (v *valueSets) usesOf(c term.Term) []use {
	if us, ok := v.uses[c]; ok {
		return us
	}
	us := v.walkUses(c)
	v.uses[c] = us
	return us
}

// walkUses walks c for usesOf.
func (v *valueSets) walkUses(c term.Term) []use {
	st := v.st
	var out []use
	pos := map[term.Term]int{}
	add := func(x term.Term, at *bv.Value) {
		i, ok := pos[x]
		if !ok {
			i = len(out)
			pos[x] = i
			out = append(out, use{x: x})
		}
		if at == nil {
			out[i].whole = true
		} else {
			out[i].at = append(out[i].at, *at)
		}
	}
	seen := map[term.Term]bool{}
	var walk func(t term.Term)
	walk = func(t term.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch st.Op(t) {
		case term.OpVar:
			add(t, nil)
			return
		case term.OpSelect:
			if a, i := st.Arg(t, 0), st.Arg(t, 1); st.Op(a) == term.OpVar && st.Op(i) == term.OpBVConst {
				at := st.Value(i)
				add(a, &at)
				return
			}
		}
		for i := 0; i < st.NumArgs(t); i++ {
			walk(st.Arg(t, i))
		}
	}
	walk(c)
	return out
}

// touching returns the conjuncts of pc that may read a value moved
// changed: they mention a variable moved wholly, or an array moved at an
// index they do not only read at other constant indices. The others keep
// their value under the moved model: it agrees with the path's model,
// which satisfies pc (the executor's invariant), on everything they read.
func (v *valueSets) touching(pc []term.Term, moved map[term.Term]*change) []term.Term {
	var out []term.Term
	for _, c := range pc {
		for _, u := range v.usesOf(c) {
			if ch := moved[u.x]; ch != nil && reads(u, ch) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// reads reports whether a conjunct that reads a variable as u may read
// what ch changed.
func reads(u use, ch *change) bool {
	if u.whole || ch.whole {
		return true
	}
	for _, a := range u.at {
		for _, b := range ch.at {
			if a.Equal(b) {
				return true
			}
		}
	}
	return false
}
