// Package merge decides which symbolic states merge and builds the merged
// states, for sift's executor (package symex). It holds one interface,
// Strategy, and one file (or a few) per strategy:
//
//	std          the standard merge of seed 000 Def. 2.1: pc = ⋁ pc_i, every
//	             differing cell becomes an ite chain
//	pat          seed 000's pattern-based merging: regular patterns over the
//	             shape hashes of branch histories, formula patterns with
//	             a·x+b index terms, a quantified pc over a fresh k
//	             (pat.go the strategy, pat_hash.go the symbols, pat_words.go
//	             the partitioning, pat_synth.go anti-unification and a·x+b,
//	             pat_state.go the merged state, pat_cost.go the hot-value
//	             veto reusing qhv's cost model; check.go --check-merges,
//	             proving through a Solver the executor passes)
//	incremental  seed 000 §4: merging new leaves with internal tree nodes
//	             whose live cells are equal (incremental.go the tree,
//	             incremental_live.go SSA liveness; the executor's side is
//	             symex/mergeinc.go)
//	qhv          seed 002: the standard merge (heaps paired by allocation
//	             site, pointers as ite over objects) vetoed by query hot
//	             values (qhv.go the strategy, qhv_cost.go Eq. (7) over SSA)
//	dag          seed 001: the concolic execution DAG's mergeState (its
//	             DAG lives in symex/concolic)
//
// Around them: merge.go holds the interface (Strategy, View, Cell,
// Merged and the optional capabilities), registry.go the strategies by
// name (--merge), points.go where states wait (loop exits, joins), std.go
// the standard merge the others fall back to, join.go and disjunction.go
// the merged path constraint (guards of the arms, and a disjunction with
// its common part factored out), qhv_sift.go qhv's group cost model,
// dag.go the name of concolic mode's strategy, stats.go the counters.
//
// The executor never shows its values to a strategy. It flattens each
// waiting state into a View: a Point (where it waits), its path constraint,
// the branch decisions since the merge region's root, a Layout hash of
// everything that is not a term (frames, blocks, object ids, value shapes)
// and the Cells, one term per scalar leaf. A strategy returns Merged
// records: which views merge, their path constraint and one term per cell.
// The executor rebuilds its state from them. See docs/design/merging.md.
//
// Invariants:
//   - Only views with equal Point and Layout merge.
//   - A merged path constraint is equivalent to the disjunction of its
//     members' (for pat: equisatisfiable under ∃k, seed 000 Theorem 3.7);
//     never the common part alone (seed 002 T7).
//   - A strategy that cannot build its merge leaves the members unmerged or
//     falls back to the standard merge; it never builds something weaker.
//
// This package imports term, smtlib (answers) and go/ssa, never symex or
// the engine: the solver --check-merges proves with is an interface it
// declares (Solver, check.go).
package merge
