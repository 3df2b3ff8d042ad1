package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sift-solver/sift/internal/blowup"
)

func main() {
	out := flag.String("o", "blowup", "output directory")
	small := flag.Bool("small", false, "the smaller sizes of the tests")
	parse := flag.Int("parse", 0, "write the parser stress scripts of this size instead")
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	scripts := blowup.Scripts(*small)
	if *parse > 0 {
		scripts = blowup.ParseScripts(*parse)
	}
	for _, s := range scripts {
		if err := os.WriteFile(filepath.Join(*out, s.Name+".smt2"), []byte(s.Text), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
