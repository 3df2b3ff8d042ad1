// Command panicbench runs the corpus of historical panics
// (bench/panics/manifest.json, package internal/panicbench):
//
//	panicbench check                  # the manifest's format and the generated fuzz targets (offline)
//	panicbench gen                    # rewrite the committed fuzz targets from the manifest
//	panicbench confirm [--only ID]    # each reproducer panics at its vulnerable version, not at its fixed one (network)
//	panicbench run --fuzz --symex bin/sift --split dev --out out/panics/RUN
//
// main.go holds the command tree, check.go check, gen and list, confirm.go
// confirm, run.go run. See docs/bench/panics/README.md.
package main
