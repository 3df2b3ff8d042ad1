package main

import (
	"fmt"

	"github.com/sift-solver/sift/symex"
)

// writeFuzz writes --fuzz-corpus's targets and seeds for results.
func (c *SymexCmd) writeFuzz(s *streams, results []*symex.Result) error {
	if !c.FuzzCorp {
		return nil
	}
	if c.Tests == "" {
		return fmt.Errorf("--fuzz-corpus: give the test file with --tests; the targets and testdata/fuzz go next to it")
	}
	path, n, err := symex.WriteFuzz(c.Tests, results, symex.FuzzSeeds{Max: c.CorpusMax, AllPaths: c.CorpusAll})
	if err != nil {
		return err
	}
	if path == "" {
		fmt.Fprintln(s.out, "fuzz corpus: no function whose inputs Go's fuzzer can give")
		return nil
	}
	fmt.Fprintf(s.out, "fuzz corpus: %s, %d seed files\n", path, n)
	return nil
}
