package bitblast

import (
	"context"

	"github.com/sift-solver/sift/sat"
	"github.com/sift-solver/sift/term"
)

// Large constant arrays without one SAT call per element (KLEE #836, #926).
//
// Plain lemmas on demand adds, per round, the one lemma the candidate model
// violates at a read's current index: a read constrained against a
// 4096-byte array initialised by per-byte asserts, or by a 4096-store chain,
// then costs up to 4096 SAT calls. Two eager steps, both sound whatever the
// model because each adds only axiom instances:
//
//   - expansion: the first time a read at a symbolic index conflicts on an
//     array variable, its congruence lemmas with every constant-index read of
//     that variable are added at once, minus those the alias oracle proves
//     can never apply (array-lemmas-pruned);
//   - collapse: the first time a read of a long store chain whose indices are
//     all constants conflicts, the chain is encoded flat: i = k → read = v
//     for each index k not overwritten later, and "i is none of the k" →
//     read = (select base i). Distinct constants make the hits exclusive, so
//     no premise chain is needed.
//
// Reads at two constant indices never get a lemma: the loop keys reads by
// index value and different constants never collide.

// maxExpansion bounds the lemmas one expansion adds, and maxExpansionTotal
// those of a session, so a query with thousands of symbolic reads of one
// huge array stays linear.
const (
	maxExpansion      = 1 << 13
	maxExpansionTotal = 1 << 18
)

// storeChain is a chain of stores at constant indices down to an array
// variable or a constant array.
type storeChain struct {
	base term.Term
	// writes holds the stores whose index no later store overwrites,
	// outermost first.
	writes []term.Term
}

// chainOf returns the collapsible chain of array term a, or nil when a is
// no long chain of constant-index stores over a variable or a constant
// array. Memoised.
func (l *lodState) chainOf(a term.Term) *storeChain {
	if c, ok := l.chains[a]; ok {
		return c
	}
	st := l.st
	c := &storeChain{}
	seen := map[term.Term]bool{}
	n := a
	for st.Op(n) == term.OpStore {
		k := st.Arg(n, 1)
		if !st.IsConst(k) {
			c = nil
			break
		}
		if !seen[k] {
			seen[k] = true
			c.writes = append(c.writes, n)
		}
		n = st.Arg(n, 0)
	}
	if c != nil {
		switch op := st.Op(n); {
		case op != term.OpVar && op != term.OpConstArray, len(c.writes) <= shortPath:
			c = nil
		default:
			c.base = n
		}
	}
	l.chains[a] = c
	return c
}

// settle returns the read a conflict of read rd (at index idx, reaching its
// decision along path; hit when it ended on a store at its index) is to be
// stated about, with the steps left as premises. covered reports that the
// conflict is already excluded by lemmas added now, so no further lemma is
// needed.
func (r *lodRound) settle(ctx context.Context, rd, idx term.Term, path []step, hit bool) (at term.Term, rest []step, covered bool, err error) {
	if c := r.l.chainOf(r.l.st.Arg(rd, 0)); c != nil {
		b, ok := r.l.collapsed[rd]
		fresh := !ok
		if fresh {
			if b, err = r.collapse(ctx, rd, idx, c); err != nil {
				return 0, nil, false, err
			}
		}
		// The flat encoding settles every hit; a read reaching the base is
		// the base's read b.
		if fresh || !hit {
			return b, nil, hit, nil
		}
	}
	at, rest, err = r.descend(ctx, rd, idx, path)
	return at, rest, false, err
}

// collapse adds the flat encoding of read rd of chain c and returns the
// read of c's base at rd's index.
func (r *lodRound) collapse(ctx context.Context, rd, idx term.Term, c *storeChain) (term.Term, error) {
	st, tb := r.l.st, r.l.tb
	b := st.MustMake(term.OpSelect, nil, c.base, idx)
	if err := tb.blast(ctx, b); err != nil {
		return 0, err
	}
	r.l.collapsed[rd] = b
	misses := make([]sat.Edge, 0, len(c.writes))
	for _, w := range c.writes {
		k := st.Arg(w, 1)
		hit := tb.equal(idx, k)
		misses = append(misses, hit.Not())
		if !r.l.oracle.MayBeEqual(st.Arg(rd, 0), idx, k) {
			r.l.stats.pruned++
			continue
		}
		r.lemma(lemmaCollapse, []sat.Edge{hit}, rd, st.Arg(w, 2))
	}
	// The default clause stays whole: it must hold in every later check,
	// whatever the oracle knows about this one.
	r.lemma(lemmaCollapse, misses, rd, b)
	return b, nil
}

// expand adds, for each read at a symbolic index that conflicted directly
// on an array variable (the first time it does), its congruence lemmas with
// every constant-index read of that variable in the cone but the partner of
// the conflict (whose lemma exists). Each element of reads is (read,
// partner).
func (r *lodRound) expand(reads [][2]term.Term) {
	st := r.l.st
	for _, pair := range reads {
		rd, partner := pair[0], pair[1]
		base, idx := st.Arg(rd, 0), st.Arg(rd, 1)
		if !r.cone.expansionPays(st, base) {
			continue
		}
		added := 0
		for _, other := range r.cone.constReads(st)[base] {
			if added >= maxExpansion || r.l.stats.expanded >= maxExpansionTotal {
				break
			}
			oidx := st.Arg(other, 1)
			if other == rd || other == partner || oidx == idx {
				continue
			}
			if !r.l.oracle.MayBeEqual(base, idx, oidx) {
				r.l.stats.pruned++
				continue
			}
			r.lemma(lemmaExpand, []sat.Edge{r.l.tb.equal(idx, oidx)}, rd, other)
			r.l.stats.expanded++
			added++
		}
	}
}

// wantsExpansion reports whether rd, the read a congruence lemma was stated
// about with no premises left, is to be expanded now.
func (r *lodRound) wantsExpansion(rd term.Term, rest []step) bool {
	st := r.l.st
	if len(rest) != 0 || st.Op(st.Arg(rd, 0)) != term.OpVar || st.IsConst(st.Arg(rd, 1)) || r.l.expanded[rd] {
		return false
	}
	r.l.expanded[rd] = true
	return true
}

// constReads maps each array variable to its reads in the cone at constant
// indices (computed once per cone, with symReads).
func (c *lodCone) constReads(st *term.Store) map[term.Term][]term.Term {
	if c.byBase == nil {
		c.byBase = map[term.Term][]term.Term{}
		c.symReads = map[term.Term]int{}
		for _, rd := range c.reads {
			b := st.Arg(rd, 0)
			switch {
			case st.Op(b) != term.OpVar:
			case st.IsConst(st.Arg(rd, 1)):
				c.byBase[b] = append(c.byBase[b], rd)
			default:
				c.symReads[b]++
			}
		}
	}
	return c.byBase
}

// expansionPays reports whether expanding base's symbolic-index reads is
// cheaper than leaving them to plain rounds. Expansion trades the up to one
// round per constant-index read that a lone symbolic read may need for
// lemmas with all of them at once; but plain rounds settle every violated
// read together, so with many symbolic reads of one base (a byte search
// whose result indexes the next search) expanding them all costs their
// product in lemmas and saves no rounds.
func (c *lodCone) expansionPays(st *term.Store, base term.Term) bool {
	consts := len(c.constReads(st)[base])
	return c.symReads[base]*consts <= maxExpansion
}
