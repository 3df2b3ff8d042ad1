package merge

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Kind is a set of kinds of merge points.
type Kind uint8

const (
	// KindJoin marks blocks with more than one predecessor (CFG merging,
	// seed 002's type-1 points).
	KindJoin Kind = 1 << iota
	// KindLoopExit marks the exits of loops whose trip count depends on
	// data that is not constant (seed 000, after KLEE's merging at the
	// exits of loops over symbolic-size objects).
	KindLoopExit
)

// ParseKinds reads a comma-separated list of "joins" and "loop-exits"
// ("all" for both, "" for none).
func ParseKinds(s string) (Kind, error) {
	var k Kind
	for _, f := range strings.Split(s, ",") {
		switch strings.TrimSpace(f) {
		case "":
		case "joins":
			k |= KindJoin
		case "loop-exits":
			k |= KindLoopExit
		case "all":
			k |= KindJoin | KindLoopExit
		default:
			return 0, fmt.Errorf("merge: unknown kind of merge point %q (joins, loop-exits, all)", f)
		}
	}
	return k, nil
}

// Loop is a natural loop: the blocks that reach one of the header's back
// edges without passing the header.
type Loop struct {
	Header *ssa.BasicBlock
	In     []bool            // by block index: the block belongs to the loop
	Exits  []*ssa.BasicBlock // blocks outside the loop with a predecessor inside
	// Symbolic says some branch leaving the loop tests a value that is not
	// computed from constants alone: its trip count depends on the inputs
	// (or on memory, or on a call's result).
	Symbolic bool
}

// Contains reports whether b belongs to the loop.
func (l *Loop) Contains(b *ssa.BasicBlock) bool {
	return b.Parent() == l.Header.Parent() && l.In[b.Index]
}

// Points is the merge-point analysis of one function.
type Points struct {
	Fn    *ssa.Function
	Kinds []Kind // by block index
	Loops []*Loop
}

// Analyze finds fn's join blocks, its natural loops and the exits of those
// whose trip count is not constant.
func Analyze(fn *ssa.Function) *Points {
	p := &Points{Fn: fn, Kinds: make([]Kind, len(fn.Blocks))}
	for _, b := range fn.Blocks {
		if len(b.Preds) > 1 {
			p.Kinds[b.Index] |= KindJoin
		}
	}
	constant := constantValues(fn)
	for _, h := range fn.Blocks {
		var latches []*ssa.BasicBlock
		for _, pred := range h.Preds {
			if h.Dominates(pred) {
				latches = append(latches, pred)
			}
		}
		if len(latches) == 0 {
			continue
		}
		l := &Loop{Header: h, In: make([]bool, len(fn.Blocks))}
		l.In[h.Index] = true
		work := latches
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if l.In[b.Index] {
				continue
			}
			l.In[b.Index] = true
			work = append(work, b.Preds...)
		}
		seen := map[*ssa.BasicBlock]bool{}
		for _, b := range fn.Blocks {
			if !l.In[b.Index] {
				continue
			}
			leaves := false
			for _, s := range b.Succs {
				if !l.In[s.Index] {
					leaves = true
					if !seen[s] {
						seen[s] = true
						l.Exits = append(l.Exits, s)
					}
				}
			}
			if leaves {
				if c, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && !constant[c.Cond] {
					l.Symbolic = true
				}
			}
		}
		if l.Symbolic {
			for _, x := range l.Exits {
				p.Kinds[x.Index] |= KindLoopExit
			}
		}
		p.Loops = append(p.Loops, l)
	}
	return p
}

// At reports whether block b is a merge point of a kind in want.
func (p *Points) At(b *ssa.BasicBlock, want Kind) bool { return p.Kinds[b.Index]&want != 0 }

// constantValues finds the values computed from constants alone, through
// arithmetic, conversions and phis (an optimistic fixpoint, so a loop
// counter that starts at a constant and steps by one stays constant).
// Parameters, free variables, loads, calls and everything else are not.
func constantValues(fn *ssa.Function) map[ssa.Value]bool {
	c := map[ssa.Value]bool{}
	var cands []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			v, ok := in.(ssa.Value)
			if !ok {
				continue
			}
			switch x := in.(type) {
			case *ssa.UnOp:
				if x.Op == token.MUL || x.Op == token.ARROW { // loads and receives
					continue
				}
			case *ssa.BinOp, *ssa.Phi, *ssa.Convert, *ssa.ChangeType:
			default:
				continue
			}
			c[v] = true
			cands = append(cands, in)
		}
	}
	isConst := func(v ssa.Value) bool {
		if _, ok := v.(*ssa.Const); ok {
			return true
		}
		return c[v]
	}
	for changed := true; changed; {
		changed = false
		for _, in := range cands {
			v := in.(ssa.Value)
			if !c[v] {
				continue
			}
			for _, op := range in.Operands(nil) {
				if *op != nil && !isConst(*op) {
					c[v] = false
					changed = true
					break
				}
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			for _, op := range in.Operands(nil) {
				if k, ok := (*op).(*ssa.Const); ok {
					c[k] = true
				}
			}
		}
	}
	return c
}
