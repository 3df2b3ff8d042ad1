package main

import (
	"context"
	"fmt"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/term"
)

// runPackage is package mode, `sift symex PKG` with no function: every
// exported function and method of the package, each with --budget of CPU
// time, then one table (and --json's package summary).
func (c *SymexCmd) runPackage(s *streams) error {
	for _, f := range []struct {
		set  bool
		flag string
	}{{c.Replay, "--replay"}, {c.EmitSMT2 != "", "--emit-smt2"}, {c.Coverage, "--coverage"}, {c.CPUProfile != "", "--cpu-profile"}} {
		if f.set {
			return fmt.Errorf("%s: one function at a time (give FUNC)", f.flag)
		}
	}
	prog, err := symex.LoadPackage(c.Dir, c.Package)
	if err != nil {
		return err
	}
	cfg := symex.PackageConfig{Budget: c.Budget, DeepenMax: c.deepenMax(), Options: func() symex.Options {
		opts, _ := c.options() // checked by Run
		return opts
	}}
	if c.Solver != "" && c.Solver != "engine" {
		cfg.Solver = func(st *term.Store) (symex.Solver, error) { return symex.NewPipeSolver(st, c.Solver) }
	}
	if c.Progress {
		cfg.Done = func(f *symex.PackageFunc, i, n int) {
			fmt.Fprintf(s.err, "[%d/%d] %s\n", i+1, n, f.Fn)
			if f.Stack != "" {
				fmt.Fprintf(s.err, "%s\n%s", f.Err, f.Stack)
			}
		}
	}
	res := symex.ExplorePackage(context.Background(), prog, cfg)
	if err := res.Summary().WriteTable(s.out); err != nil {
		return err
	}
	if c.JSON != "" {
		if err := res.WriteJSONFile(c.JSON); err != nil {
			return err
		}
	}
	var results []*symex.Result
	for _, f := range res.Funcs {
		if f.Result != nil {
			results = append(results, f.Result)
		}
	}
	return c.writeOutputs(s, results)
}
