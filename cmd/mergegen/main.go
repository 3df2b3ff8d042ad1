package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sift-solver/sift/quant/mergegen"
)

func main() {
	out := flag.String("o", "", "output directory (required)")
	seed := flag.Uint64("seed", 1, "generator seed")
	n := flag.Int("n", 120, "number of queries")
	buffer := flag.Int("buffer", 256, "largest buffer length")
	k := flag.Int("k", 200, "largest constant bound on a count")
	fams := flag.String("families", "", "comma-separated families (all when empty): "+strings.Join(mergegen.Families(), ","))
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "mergegen: -o DIR is required")
		os.Exit(2)
	}
	opts := mergegen.Options{MaxBuffer: *buffer, MaxK: *k}
	if *fams != "" {
		opts.Families = strings.Split(*fams, ",")
	}
	qs := mergegen.Generate(*seed, *n, opts)
	if len(qs) == 0 {
		fmt.Fprintln(os.Stderr, "mergegen: no query (unknown family?)")
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "mergegen:", err)
		os.Exit(1)
	}
	for _, q := range qs {
		if err := os.WriteFile(filepath.Join(*out, q.Name+".smt2"), []byte(q.Script), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "mergegen:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("%d queries in %s\n", len(qs), *out)
}
