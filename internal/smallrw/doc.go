// Package smallrw writes new instances of the bv-term-small-rw family
// (Noetzli et al., "Syntax-Guided Rewrite Rule Enumeration for SMT Solvers",
// SAT 2019) the way that family was made: enumerate small bit-vector terms
// over two variables s and t, group them by their values on every
// assignment at a small width, and pose (not (= a b)) at 32 bits for two
// terms of one group. A pair that also agrees at the wider check widths is
// a conjectured identity (status unsat, confirmed by a solver); a pair that
// disagrees there is a sat instance.
//
// The instances test whether sift's rewriting generalises beyond the
// files of the family it has seen: they are written by this generator, not
// taken from the family. cmd/smallrw writes them to files; gen.go holds
// the enumeration and the grouping.
package smallrw
