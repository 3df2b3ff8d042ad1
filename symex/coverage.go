package symex

import (
	"fmt"
	"go/token"
	"sort"
	"strconv"
	"time"

	"golang.org/x/tools/go/ssa"
)

// Coverage records the basic blocks and source lines explored paths reached,
// over the functions they entered.
type Coverage struct {
	fset  *token.FileSet
	funcs map[*ssa.Function]bool
	// first holds the covered blocks, each with when it was first reached,
	// on clock (the run's CPU time, the clock of cpu_s and --cpu-limit), for
	// comparing how fast two runs reach the same blocks; clock is nil until
	// the exploration starts.
	first map[*ssa.BasicBlock]time.Duration
	clock func() time.Duration
	// exprPos: the program's expression positions per block (coverprofile.go).
	exprPos map[*ssa.BasicBlock][]token.Pos
}

func newCoverage(fset *token.FileSet) *Coverage {
	return &Coverage{fset: fset, funcs: map[*ssa.Function]bool{}, first: map[*ssa.BasicBlock]time.Duration{}}
}

// covered reports whether a path reached b.
func (c *Coverage) covered(b *ssa.BasicBlock) bool {
	_, ok := c.first[b]
	return ok
}

// count is the number of blocks covered.
func (c *Coverage) count() int { return len(c.first) }

func (c *Coverage) visit(b *ssa.BasicBlock) {
	if c.covered(b) {
		return
	}
	c.funcs[b.Parent()] = true
	var t time.Duration
	if c.clock != nil {
		t = c.clock()
	}
	c.first[b] = t
}

// BlockID names a block the same way in every run of a program: its
// function as go/ssa names it and its index ("path.Clean#12").
func BlockID(b *ssa.BasicBlock) string {
	return b.Parent().String() + "#" + strconv.Itoa(b.Index)
}

// FirstCovered maps every covered block (BlockID) to the seconds of the
// run's CPU clock at which a path first reached it.
func (c *Coverage) FirstCovered() map[string]float64 {
	out := make(map[string]float64, len(c.first))
	for b, t := range c.first {
		out[BlockID(b)] = t.Seconds()
	}
	return out
}

// FuncCoverage is the coverage of one function.
type FuncCoverage struct {
	Name                  string
	Blocks, BlocksCovered int
	Lines, LinesCovered   int
	Uncovered             []int // line numbers with no executed instruction
}

// Funcs reports coverage per entered function, sorted by name.
func (c *Coverage) Funcs() []FuncCoverage {
	var out []FuncCoverage
	for fn := range c.funcs {
		fc := FuncCoverage{Name: fn.String(), Blocks: len(fn.Blocks)}
		lines, hit := map[int]bool{}, map[int]bool{}
		for _, b := range fn.Blocks {
			if c.covered(b) {
				fc.BlocksCovered++
			}
			for _, in := range b.Instrs {
				if !in.Pos().IsValid() {
					continue
				}
				l := c.fset.Position(in.Pos()).Line
				lines[l] = true
				if c.covered(b) {
					hit[l] = true
				}
			}
		}
		fc.Lines, fc.LinesCovered = len(lines), len(hit)
		for l := range lines {
			if !hit[l] {
				fc.Uncovered = append(fc.Uncovered, l)
			}
		}
		sort.Ints(fc.Uncovered)
		out = append(out, fc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Totals sums blocks over the entered functions.
func (c *Coverage) Totals() (covered, total int) {
	for fn := range c.funcs {
		total += len(fn.Blocks)
		for _, b := range fn.Blocks {
			if c.covered(b) {
				covered++
			}
		}
	}
	return covered, total
}

func (fc FuncCoverage) String() string {
	return fmt.Sprintf("%s: blocks %d/%d, lines %d/%d", fc.Name, fc.BlocksCovered, fc.Blocks, fc.LinesCovered, fc.Lines)
}
