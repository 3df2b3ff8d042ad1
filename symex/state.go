package symex

import (
	"maps"

	"golang.org/x/tools/go/ssa"

	"github.com/sift-solver/sift/term"
)

// frame is one activation of a function.
type frame struct {
	fn    *ssa.Function
	block *ssa.BasicBlock
	prev  *ssa.BasicBlock // predecessor, for Phi
	pc    int             // index of the next instruction in block
	env   map[ssa.Value]Value
	call  ssa.Value // the caller's Call instruction awaiting our result, nil for the entry
	// result, when set, receives the frame's result instead of call: the
	// caller is the frame below (a fresh pointer after every fork).
	result func(s *State, caller *frame, v Value) error
}

// State is one path of the exploration: its call stack, path constraint,
// memory and the branch decisions it took.
type State struct {
	frames []*frame
	pc     []term.Term // conjuncts of the path constraint
	mem    map[int]Value
	nextID int
	// traceHash and traceLen identify the sequence of branch decisions (every
	// If and every checked operation), which a concrete re-run must repeat.
	traceHash uint64
	traceLen  int
	forced    []bool // decisions to replay in the current instruction (a fork's clone)
	decided   []bool // decisions taken so far in the current instruction
	model     *term.Model
	forks     int // symbolic branches taken (the depth)
	steps     int
	ret       Value
}

func (s *State) top() *frame { return s.frames[len(s.frames)-1] }

// clone copies the state for a fork. Terms and values are shared; frames
// and the object table are copied.
func (s *State) clone() *State {
	c := *s
	c.frames = make([]*frame, len(s.frames))
	for i, f := range s.frames {
		nf := *f
		nf.env = maps.Clone(f.env)
		c.frames[i] = &nf
	}
	c.pc = append([]term.Term(nil), s.pc...)
	c.mem = maps.Clone(s.mem)
	return &c
}

// alloc makes a new object holding v and returns its id.
func (s *State) alloc(v Value) int {
	s.nextID++
	s.mem[s.nextID] = v
	return s.nextID
}
