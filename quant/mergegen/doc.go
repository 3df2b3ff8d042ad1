// Package mergegen generates SMT-LIB queries shaped like the ones state
// merging with quantifiers produces (seed 000 §3): a symbolic buffer, one
// auxiliary count per merged loop with its range, a bounded ∀ per loop over
// the loop's per-iteration path condition, the exit condition at the count,
// and the branch the program takes next.
//
// The families are the paper's shapes (paper.go: memspn, Example 5, chained
// copies, memset, the reference implementation's 64-bit form), string scans
// (strings.go: strlen then trim, Go's TrimSpace, a tokenizer, IndexByte)
// and number parsers (numbers.go: hex digits, strtol with trailing
// characters). They vary what executors vary: 32- or 64-bit counts and
// index sorts (the index converted by extract or zero_extend), the guard's
// written form, constant count ranges (with holes) or counts bounded only by
// a length or an earlier count, and several loops chained over one buffer.
// Off-by-one traps make a share of them unsat. The expected answer is not
// known to the generator: tests ask a reference solver.
//
// Generation is deterministic for a seed (mergegen.go: Generate, the query
// skeleton and the shared variations). Start reading at Generate;
// cmd/mergegen writes the queries to files.
package mergegen
