package bitblast

import (
	"slices"

	"github.com/sift-solver/sift/term"
)

// baseCone is the cone (lodCone) of the assertions the stage holds for good
// (Stage.perm), kept from check to check: a check walks only what it adds to
// them, where walking every root again made a long unrolling quadratic.
type baseCone struct {
	n    int // how many of the permanent assertions it covers
	cone lodCone
	seen map[term.Term]bool
}

// checkCone returns the cone of roots, whose first base terms are the
// permanent assertions.
func (s *Stage) checkCone(roots []term.Term, base int) *lodCone {
	l := s.tb.lod
	if base == 0 {
		return l.cone(roots)
	}
	if s.base == nil || s.base.n > base {
		s.base = &baseCone{seen: map[term.Term]bool{}}
	}
	b := s.base
	l.walkCone(&b.cone, nil, b.seen, roots[b.n:base])
	b.n = base
	// The check's cone shares the base's lists, clipped: the check's own
	// terms are appended to copies, and a check that adds none (a
	// client's property over the unrolled states) copies nothing.
	c := &lodCone{
		reads:  slices.Clip(b.cone.reads),
		apps:   slices.Clip(b.cone.apps),
		eqs:    slices.Clip(b.cone.eqs),
		vars:   slices.Clip(b.cone.vars),
		stores: slices.Clip(b.cone.stores),
	}
	l.walkCone(c, b.seen, map[term.Term]bool{}, roots[base:])
	return c
}
