// Command siftbench is `sift bench` on its own, for running the benchmark runner without cmd/sift.
package main

import (
	"os"

	"github.com/sift-solver/sift/bench"
)

func main() { os.Exit(bench.Main(os.Args[1:], os.Stdout, os.Stderr)) }
