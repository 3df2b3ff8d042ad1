package symex

import "github.com/sift-solver/sift/term"

// A brancher decides which side of a branch a run takes. The modes of the
// interpreter differ in this alone: forking explores both feasible sides
// (Explore, fork.go), replaying runs given concrete inputs (Replay and
// package initializers) and following runs given inputs and records their
// symbolic shadow (Follow, follow.go). Every instruction's semantics is the
// same in all three.
type brancher interface {
	branch(s *State, c term.Term, at site) (bool, error)
}

// site is the kind of branch the interpreter is at.
type site uint8

const (
	siteIf    site = iota // an If instruction
	siteDiv               // an integer division's zero check
	siteShift             // a shift's check of its signed count
	siteCheck             // another run-time check of Go's (bounds, nil, map keys, …)
	siteBound             // a bound of the executor's own, which a concrete run never meets
)

// traced reports whether the decision belongs to the path's trace, which a
// concrete re-run must repeat (trace.go): every branch but the executor's
// own bounds.
func (k site) traced() bool { return k != siteBound }

// branch decides c for s at a run-time check (siteCheck).
func (e *Executor) branch(s *State, c term.Term) (bool, error) {
	return e.br.branch(s, c, siteCheck)
}

// branchAt decides c for s at a branch of kind at.
func (e *Executor) branchAt(s *State, c term.Term, at site) (bool, error) {
	return e.br.branch(s, c, at)
}

// forking reports whether the run explores (Explore's mode): coverage,
// merging and models belong to it alone.
func (e *Executor) forking() bool {
	_, ok := e.br.(forking)
	return ok
}

// replaying is the mode of a concrete run: every condition is a constant.
type replaying struct{ e *Executor }

func (r replaying) branch(s *State, c term.Term, at site) (bool, error) {
	st := r.e.st
	if c != st.True() && c != st.False() {
		return false, &cut{why: "concrete run reached a symbolic condition"}
	}
	d := c == st.True()
	s.decided = append(s.decided, d)
	if at.traced() && !r.e.inIteLoop(s) {
		s.tr.add(d)
	}
	return d, nil
}
