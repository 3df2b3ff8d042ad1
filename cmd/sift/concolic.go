package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/sift-solver/sift/symex"
	"github.com/sift-solver/sift/symex/concolic"
	"github.com/sift-solver/sift/term"
)

// runConcolic is `sift symex --concolic`: the flags it reads become a
// concolic.Config.
func (c *SymexCmd) runConcolic(s *streams) error {
	cfg := concolic.Config{Search: c.Search, MaxRuns: c.MaxRuns, MaxEvents: c.MaxEvents, Timeout: c.Timeout}
	if cfg.Search == "" {
		cfg.Search = "covfirst"
	}
	switch c.Merge {
	case "none", "":
	case "dag":
		cfg.Merge = true
	default:
		return fmt.Errorf("--concolic merges with --merge=dag (or none), not %q", c.Merge)
	}
	if c.Solver != "" && c.Solver != "engine" {
		return fmt.Errorf("--concolic solves with the in-process engine only")
	}
	prog, err := symex.Load(c.Dir, c.Package, c.Func)
	if err != nil {
		return err
	}
	st := term.NewStore()
	res, err := concolic.Explore(st, prog, symex.NewEngineSolver(st), cfg)
	if err != nil {
		return err
	}
	res.Report(s.out, c.Coverage)
	if c.JSON != "" {
		b, err := json.MarshalIndent(res.Summary(), "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(c.JSON, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	if c.Tests != "" {
		return symex.WriteTestFile(c.Tests, res.TestFile(c.AllPaths))
	}
	return nil
}
