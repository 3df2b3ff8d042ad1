package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sift-solver/sift/internal/panicbench"
)

type checkCmd struct {
	common
	Targets string `help:"Directory of the committed fuzz targets (ID/fuzz_test.go)." default:"bench/panics/testdata"`
}

func (c *checkCmd) Run(ctx context.Context) error {
	m, _, err := c.bugs()
	if err != nil {
		return err
	}
	if err := panicbench.CheckTargets(m, c.Targets); err != nil {
		return err
	}
	fmt.Printf("%d bugs: manifest and fuzz targets agree\n", len(m.Bugs))
	return nil
}

type genCmd struct {
	common
	Targets string `help:"Directory of the fuzz targets (ID/fuzz_test.go)." default:"bench/panics/testdata"`
}

func (c *genCmd) Run(ctx context.Context) error {
	m, _, err := c.bugs()
	if err != nil {
		return err
	}
	for _, b := range m.Bugs {
		src, err := panicbench.FuzzTest(b)
		if err != nil {
			return err
		}
		dir := filepath.Join(c.Targets, b.ID)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "fuzz_test.go"), src, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("wrote %d fuzz targets under %s\n", len(m.Bugs), c.Targets)
	return nil
}

type listCmd struct {
	common
}

func (c *listCmd) Run(ctx context.Context) error {
	_, bugs, err := c.bugs()
	if err != nil {
		return err
	}
	panicbench.WriteCorpus(os.Stdout, bugs)
	return nil
}
