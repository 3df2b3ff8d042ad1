// Command blowup writes the blow-up scripts of package blowup into a
// directory (scripts/limits.sh runs sift on them).
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
	flag.Parse()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, s := range blowup.Scripts(*small) {
		if err := os.WriteFile(filepath.Join(*out, s.Name+".smt2"), []byte(s.Text), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
