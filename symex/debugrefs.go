package symex

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// takeDebugRefs removes the debug references that debug mode put into pkg's
// functions and returns their positions per block. The executor then runs
// the same instructions as without debug mode (steps and traces unchanged),
// while coverage keeps a position for every expression a block evaluates,
// also for statements that compile to no instruction of their own (x = 2
// into a register).
func takeDebugRefs(pkg *ssa.Package) map[*ssa.BasicBlock][]token.Pos {
	pos := map[*ssa.BasicBlock][]token.Pos{}
	for fn := range ssautil.AllFunctions(pkg.Prog) {
		if fn.Pkg != pkg && (fn.Origin() == nil || fn.Origin().Pkg != pkg) {
			continue
		}
		for _, b := range fn.Blocks {
			b.Instrs = slices.DeleteFunc(b.Instrs, func(in ssa.Instruction) bool {
				ref, ok := in.(*ssa.DebugRef)
				if !ok {
					return false
				}
				if p := ref.Pos(); p.IsValid() {
					pos[b] = append(pos[b], p)
				}
				dropReferrer(ref.X, ref)
				return true
			})
		}
	}
	return pos
}

// dropReferrer removes in from v's referrers.
func dropReferrer(v ssa.Value, in ssa.Instruction) {
	if refs := v.Referrers(); refs != nil {
		*refs = slices.DeleteFunc(*refs, func(r ssa.Instruction) bool { return r == in })
	}
}
