package merge

import (
	"fmt"
	"strings"

	"github.com/sift-solver/sift/term"
)

// Pat is seed 000's pattern-based merging (--merge=pat, §3): the leaves of
// a merge region waiting at one point are partitioned by the regular
// patterns of their path words, and each group of MinStates or more whose
// path constraints match a formula pattern (φ1, φ2(x), φ3(x)) becomes one
// state with the quantified path constraint
//
//	r.pc ∧ range(k) ∧ φ1 ∧ ∀i. 1≤i≤k → φ2[i/x] ∧ φ3[k/x]
//
// over a fresh 64-bit k, and cells t(k) where a·x+b patterns exist and ite
// chains elsewhere. Whatever it cannot build that way it hands to the
// standard merge (Std): an invalid hash, too many groups, tails that differ
// in more than one constant. It never builds a state that is not equivalent
// to the standard merge of its members (Theorem 3.7); Check proves that.
type Pat struct {
	// MaxPatterns is the most groups the leaves at one point may form
	// (the reference implementation's -max-patterns, counted there over
	// all exits of a loop; here over the point Merge is called for).
	MaxPatterns int
	// MinStates is the smallest group merged with a formula pattern.
	MinStates int
	// Extract chooses how words are read into patterns: ExtractBackward
	// (the reference implementation's default), ExtractForward, or
	// ExtractBoth (the default here): backwards, and forwards instead when
	// that gives fewer groups. Reading backwards finds the repetition
	// nearest the end of a word; when the exit of a loop repeats a shape
	// (¬'a' then ¬'b', one symbol twice, in strspn "ab" once incremental
	// merging has joined each position's matches), that repetition
	// swallows the loop's and every leaf gets its own pattern, while
	// reading forwards finds the loop first.
	Extract Extraction
	// Hash maps a branch decision to a word symbol (nil: ShapeHash).
	Hash HashFunc
	// KeepUnparametric merges with patterns even when no cell's merged
	// value uses k. By default such a point is merged the standard way (the
	// reference implementation's "pattern-based merging might be
	// inefficient"): a quantified pc then buys nothing over a disjunction
	// with no ite in the cells, and costs a quantified query per check.
	KeepUnparametric bool
	// KeepPCOnlyJoins merges at a join that is no loop exit even states
	// whose cells are all equal; without it such a group stays unmerged
	// (refusal "no cell differs", pat_cost.go). The command line sets it:
	// the refusal was chosen for spaces the merge warm-up now explores
	// without merging, and once merge views hold live values only, more
	// joins look like this (semver.IsValid 16: 6.0 s to exhaust with it,
	// 9.3 s without).
	KeepPCOnlyJoins bool
	// Incremental turns on incremental state merging (seed 000 §4) in the
	// executor: new leaves merge with internal nodes of the loop's tree.
	Incremental bool
	// Check, when set (--check-merges), proves every PAT merge equivalent
	// to the standard merge of its group and fails the run when a proof
	// fails.
	Check *Checker
	// Veto, when set, keeps states unmerged where a merged value would be
	// query-hot (pat_cost.go); nil merges wherever a pattern exists.
	Veto *QHV
	// NoStdVeto leaves the standard merges pat makes (at joins, and its
	// fallbacks) to Std when Veto is set: the veto then keeps only
	// pattern groups with a hot variable apart. It is the command line's
	// default (--std-veto vetoes both): with the merge warm-up taking the
	// spaces none exhausts cheaply, semver.IsValid 16 exhausts in 7.8 s
	// with the standard merges unvetoed, and not in 10 s with them vetoed
	// (docs/bench/symex-merge/README.md).
	NoStdVeto bool
	// MergeRest merges the leaves of a region that no formula pattern
	// takes (those alone in their pattern group, and the groups handed to
	// the standard merge) in one standard merge, as Std would, instead of
	// leaving the singletons forking and each group its own state. The
	// command line's default; the reference implementation (NewPat, the
	// E-tests) leaves them apart.
	MergeRest bool

	pending *pendingRest // during Merge, with MergeRest

	kinds  Kind
	stats  Stats
	shapes shapeMemo
}

// Defaults of the reference implementation.
const (
	DefaultMaxPatterns = 10
	DefaultMinStates   = 2
)

func init() {
	// --merge=pat: NewPat's reference settings, but merging at joins too
	// (the standard way, inside loop bodies, which pat's loop exits alone
	// leave forking on every iteration) unless --merge-points says
	// otherwise, with the hot-value veto unless --no-hot-veto, and
	// merging what no pattern takes the standard way (MergeRest,
	// KeepPCOnlyJoins): the configuration docs/bench/symex-merge measured
	// best.
	Register("pat", func(o Options) (Strategy, error) {
		p := NewPat()
		p.kinds = KindJoin | KindLoopExit
		if o.Kinds != 0 {
			p.kinds = o.Kinds
		}
		if o.MaxPatterns > 0 {
			p.MaxPatterns = o.MaxPatterns
		}
		p.Incremental = o.Incremental
		p.MergeRest = true
		p.KeepPCOnlyJoins = true
		if o.HotVeto {
			p.Veto = NewPatVeto(o.QHV)
			p.NoStdVeto = o.NoStdVeto
		}
		if o.CheckMerges {
			p.Check = NewChecker()
		}
		return p, nil
	})
}

// NewPat returns PAT with the reference defaults, merging at loop exits,
// without the veto (the E-tests' setting; --merge=pat adds joins and the
// veto).
func NewPat() *Pat {
	return &Pat{MaxPatterns: DefaultMaxPatterns, MinStates: DefaultMinStates, kinds: KindLoopExit}
}

func (p *Pat) Name() string { return "pat" }

func (p *Pat) Kinds() Kind { return p.kinds }

func (p *Pat) Stats() *Stats { return &p.stats }

// Checker is --check-merges's prover, nil when merges are not proved.
func (p *Pat) Checker() *Checker { return p.Check }

// IncrementalMerging tells the executor to keep the trees of §4.
func (p *Pat) IncrementalMerging() bool { return p.Incremental }

// ImpliedSteps: path words need the branches the solver decided without a
// fork (seed 000's tree has those nodes too).
func (p *Pat) ImpliedSteps() bool { return true }

// Reasons PAT hands views to the standard merge (Stats.Fallback).
const (
	FallbackTrail        = "trail differs from pc"
	FallbackInvalidHash  = "invalid hash"
	FallbackTooMany      = "too many patterns"
	FallbackNoPattern    = "no formula pattern"
	FallbackLayout       = "layouts differ"
	FallbackUnparametric = "no cell uses k"
	FallbackQuantified   = "quantified pc"
	RefusedSingle        = "alone in its pattern group"
	RefusedAloneInRegion = "alone in its region"
	RefusedHot           = "hot variable"
	RefusedIdle          = "no query ahead"
	RefusedPCOnly        = "no cell differs"
)

// Merge partitions the views by merge region (the same root pc), then
// merges each region's leaves. At a join that is no loop exit (with
// --merge-points joins or all) it is the standard merge: patterns are
// about loops.
func (p *Pat) Merge(st *term.Store, views []*View) ([]Merged, error) {
	if len(views) > 0 && p.idle(views[0]) {
		p.stats.Refuse(RefusedIdle, len(views))
		return nil, nil
	}
	if len(views) > 0 && views[0].Kind != 0 && views[0].Kind&KindLoopExit == 0 {
		ms, err := p.standard(st, views)
		if err != nil || p.KeepPCOnlyJoins {
			return ms, err
		}
		return p.refusePCOnly(views, ms), nil
	}
	var order []string
	regions := map[string][]int{}
	for i, v := range views {
		key := regionKey(v)
		if _, ok := regions[key]; !ok {
			order = append(order, key)
		}
		regions[key] = append(regions[key], i)
	}
	if p.MergeRest {
		p.pending = &pendingRest{why: map[string]int{}}
		defer func() { p.pending = nil }()
	}
	var out []Merged
	for _, key := range order {
		idx := regions[key]
		if len(idx) < 2 && p.pending != nil {
			p.pending.add(idx, RefusedAloneInRegion)
			continue
		}
		if len(idx) < 2 {
			p.stats.Refuse(RefusedAloneInRegion, len(idx))
			continue
		}
		p.stats.Attempts++
		ms, err := p.mergeRegion(st, views, idx)
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	if p.pending != nil {
		ms, err := p.mergePending(st, views)
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	return out, nil
}

// pendingRest collects, with MergeRest, the views of one Merge call that no
// formula pattern takes, and why, for one standard merge at the end.
type pendingRest struct {
	idx []int
	why map[string]int
}

func (r *pendingRest) add(idx []int, why string) {
	r.idx = append(r.idx, idx...)
	r.why[why] += len(idx)
}

// mergePending merges the pending views the standard way (one state per
// layout, as Std), counting them as fallbacks; a lone one stays unmerged.
func (p *Pat) mergePending(st *term.Store, views []*View) ([]Merged, error) {
	r := p.pending
	if len(r.idx) < 2 {
		for why, n := range r.why {
			p.stats.Refuse(why, n)
		}
		return nil, nil
	}
	for why, n := range r.why {
		p.countFallback(why, n)
	}
	return p.merged(st, views, r.idx)
}

// regionKey identifies a merge region by its root's path constraint.
func regionKey(v *View) string {
	var b strings.Builder
	root := min(max(v.Root, 0), len(v.PC))
	fmt.Fprint(&b, root, v.PC[:root])
	return b.String()
}

// tails returns each view's literals since the region root, or false when
// a view's trail is not exactly the tail of its path constraint.
func tails(views []*View, idx []int) ([][]term.Term, bool) {
	out := make([][]term.Term, len(idx))
	for j, i := range idx {
		v := views[i]
		lits := v.PC[min(max(v.Root, 0), len(v.PC)):]
		if len(lits) != len(v.Trail) {
			return nil, false
		}
		for t, s := range v.Trail {
			if s.Lit != lits[t] {
				return nil, false
			}
		}
		out[j] = lits
	}
	return out, true
}

func (p *Pat) hash() HashFunc {
	if p.Hash != nil {
		return p.Hash
	}
	return p.shapes.hash
}

// mergeRegion merges the leaves idx of one region (seed 000 §3.1–3.3).
func (p *Pat) mergeRegion(st *term.Store, views []*View, idx []int) ([]Merged, error) {
	lits, ok := tails(views, idx)
	if !ok {
		return p.fallback(st, views, idx, FallbackTrail)
	}
	// At most one pattern merge per path: a state whose path constraint
	// holds a ∀ already is merged the standard way. A ∀ in a tail (a
	// pattern merge inside this region) would end up inside the new
	// pattern's ψ, a nested quantifier outside the quant stage's fragment,
	// so every later query of the merged state went to the generic
	// quantified stages (netip.ParseAddr 8: 42 of 791 queries to qbv, not
	// exhausted in 10 s; refusing those, 4.0 s). A ∀ before the region (an
	// earlier loop) nests nothing, but every further ∀ grows the
	// quantified part of each later query: refusing those too, 2.5 s.
	for _, i := range idx {
		if st.FeaturesOf(views[i].PC).Has(term.FeatQuantifier) {
			return p.fallback(st, views, idx, FallbackQuantified)
		}
	}
	h := p.hash()
	words := make([]Word, len(idx))
	for j, i := range idx {
		for _, s := range views[i].Trail {
			words[j] = append(words[j], h(st, s))
		}
	}
	if !validHash(lits, words) {
		return p.fallback(st, views, idx, FallbackInvalidHash)
	}
	groups, ok := p.partition(words)
	maxPatterns := p.MaxPatterns
	if maxPatterns <= 0 {
		maxPatterns = DefaultMaxPatterns
	}
	if !ok || len(groups) > maxPatterns {
		return p.fallback(st, views, idx, FallbackTooMany)
	}
	minStates := max(p.MinStates, 2)
	var built []*patMerge
	var out []Merged
	// With MergeRest: the leaves no pattern takes, and why (added to
	// p.pending unless the whole region falls back).
	rest := pendingRest{why: map[string]int{}}
	for _, g := range groups {
		members := make([]int, len(g.Leaves))
		for m, l := range g.Leaves {
			members[m] = idx[l]
		}
		if len(members) < minStates {
			if p.pending != nil {
				rest.add(members, RefusedSingle)
				continue
			}
			p.stats.Refuse(RefusedSingle, len(members))
			continue
		}
		if p.hotGroup(views, members) {
			p.stats.Refuse(RefusedHot, len(members))
			continue
		}
		pm, why := p.build(st, views, g, members, lits)
		if pm == nil {
			if p.pending != nil {
				rest.add(members, why)
				continue
			}
			ms, err := p.fallback(st, views, members, why)
			if err != nil {
				return nil, err
			}
			out = append(out, ms...)
			continue
		}
		built = append(built, pm)
	}
	if len(built) > 0 && !p.KeepUnparametric {
		usesK := false
		for _, pm := range built {
			usesK = usesK || pm.usesK
		}
		if !usesK {
			return p.fallback(st, views, idx, FallbackUnparametric)
		}
	}
	if p.pending != nil {
		for why, n := range rest.why {
			p.pending.why[why] += n
		}
		p.pending.idx = append(p.pending.idx, rest.idx...)
	}
	for _, pm := range built {
		if p.Check != nil {
			if err := p.Check.Prove(st, views, pm.merged, pm.k); err != nil {
				return nil, err
			}
		}
		p.stats.Merges++
		p.stats.Quantified++
		p.stats.StatesMerged += len(pm.merged.Members)
		out = append(out, pm.merged)
	}
	return out, nil
}

// Extraction is how Partition reads words (Pat.Extract).
type Extraction int

const (
	ExtractBoth Extraction = iota
	ExtractBackward
	ExtractForward
)

// partition runs the extraction variants p.Extract asks for and keeps the
// partition with the fewest groups (backwards on a tie).
func (p *Pat) partition(words []Word) ([]*PatternGroup, bool) {
	if p.Extract == ExtractForward {
		return Partition(words, true)
	}
	groups, ok := Partition(words, false)
	if p.Extract == ExtractBoth && (!ok || len(groups) > 1) {
		if fw, fok := Partition(words, true); fok && (!ok || len(fw) < len(groups)) {
			return fw, true
		}
	}
	return groups, ok
}

// validHash checks Def. 3.1 on the tree the tails form: two different
// literals below the same node must not get the same symbol.
func validHash(lits [][]term.Term, words []Word) bool {
	type edge struct {
		node int
		lit  term.Term
	}
	child := map[edge]int{}
	symbols := map[int]map[uint64]term.Term{}
	next := 1 // node 0 is the root
	for j, ls := range lits {
		node := 0
		for t, lit := range ls {
			e := edge{node, lit}
			c, ok := child[e]
			if !ok {
				syms := symbols[node]
				if syms == nil {
					syms = map[uint64]term.Term{}
					symbols[node] = syms
				}
				if other, dup := syms[words[j][t]]; dup && other != lit {
					return false
				}
				syms[words[j][t]] = lit
				c = next
				next++
				child[e] = c
			}
			node = c
		}
	}
	return true
}

// fallback merges views idx the standard way (Std: Def. 2.1, one state
// per layout) and counts why.
func (p *Pat) fallback(st *term.Store, views []*View, idx []int, why string) ([]Merged, error) {
	if p.pending != nil {
		p.pending.add(idx, why)
		return nil, nil
	}
	p.countFallback(why, len(idx))
	return p.merged(st, views, idx)
}

// countFallback counts n states handed to the standard merge for why.
func (p *Pat) countFallback(why string, n int) {
	if p.stats.Fallback == nil {
		p.stats.Fallback = map[string]int{}
	}
	p.stats.Fallback[why] += n
}

// merged merges views idx the standard way, members numbered as in views.
func (p *Pat) merged(st *term.Store, views []*View, idx []int) ([]Merged, error) {
	sub := make([]*View, len(idx))
	for j, i := range idx {
		sub[j] = views[i]
	}
	ms, err := p.standard(st, sub)
	if err != nil {
		return nil, err
	}
	for m := range ms {
		for n, j := range ms[m].Members {
			ms[m].Members[n] = idx[j]
		}
	}
	return ms, nil
}

// absorb adds the standard merge's counts to pat's.
func (p *Pat) absorb(s *Stats) {
	p.stats.Merges += s.Merges
	p.stats.StatesMerged += s.StatesMerged
	for why, n := range s.Refused {
		p.stats.Refuse(why, n)
	}
}
