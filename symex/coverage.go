package symex

import (
	"fmt"
	"go/token"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Coverage records the basic blocks and source lines explored paths reached,
// over the functions they entered.
type Coverage struct {
	fset    *token.FileSet
	visited map[*ssa.BasicBlock]bool
	funcs   map[*ssa.Function]bool
}

func newCoverage(fset *token.FileSet) *Coverage {
	return &Coverage{fset: fset, visited: map[*ssa.BasicBlock]bool{}, funcs: map[*ssa.Function]bool{}}
}

func (c *Coverage) visit(b *ssa.BasicBlock) {
	c.visited[b] = true
	c.funcs[b.Parent()] = true
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
			if c.visited[b] {
				fc.BlocksCovered++
			}
			for _, in := range b.Instrs {
				if !in.Pos().IsValid() {
					continue
				}
				l := c.fset.Position(in.Pos()).Line
				lines[l] = true
				if c.visited[b] {
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
			if c.visited[b] {
				covered++
			}
		}
	}
	return covered, total
}

func (fc FuncCoverage) String() string {
	return fmt.Sprintf("%s: blocks %d/%d, lines %d/%d", fc.Name, fc.BlocksCovered, fc.Blocks, fc.LinesCovered, fc.Lines)
}
