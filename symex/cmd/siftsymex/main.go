// Command siftsymex runs `sift symex` on its own, for development.
package main

import (
	"os"

	"github.com/sift-solver/sift/symex"
)

func main() { os.Exit(symex.Main(os.Args[1:], os.Stdout, os.Stderr)) }
