// Package panicbench is the benchmark of historical panics in public Go
// parsers and decoders: a corpus of bugs that go-fuzz, OSS-Fuzz or the Go
// vulnerability database recorded, each pinned at a version that panics and
// one that does not, and a runner that measures `go test -fuzz` and
// `sift symex` on them, one core and the same budget each (issues 30 and 31).
//
// The corpus is data: bench/panics/manifest.json (one row per bug: module,
// versions, package, entry function with its real signature, the fuzz
// harness a Go developer writes for it, the reproducer, the panic's kind and
// site, sources) and the fuzz targets generated from it under
// bench/panics/testdata/ID/. cmd/panicbench drives it; docs/bench/panics
// keeps the tables and the commands.
//
// Files:
//   - manifest.go: the manifest's types, reading and format checks, Select.
//   - harness.go: the generated files: the fuzz target (FuzzTest) and the
//     program that calls the entry once on the reproducer (MainProgram).
//   - targets.go: CheckTargets, the committed fuzz targets against the manifest.
//   - workmod.go: the work module of a bug at one version (go.mod pinned
//     through the module proxy; the code stays in the module cache).
//   - traceback.go: Go's panic output parsed into a message and frames;
//     sites relative to their module.
//   - confirm.go: Replay and Confirm: the reproducer panics at the vulnerable
//     version with the recorded kind and site, and not at the fixed one.
//   - fuzz.go: RunFuzz, one `go test -fuzz` run from the zero seed or a seed
//     corpus, with a wall-clock -fuzztime or a CPU budget, its output parsed
//     (found, time to find, CPU, crashing input, site).
//   - proctree.go: the CPU time of a process group from /proc, and the
//     fuzzing coordinator in it (for the CPU budget of RunFuzz).
//   - symex.go: RunSymex, one `sift symex --stop-at-panic --budget` run and
//     its --json summary (first_panic_s, panics, site).
//   - run.go: Run, the driver: every bug, the tools in order; Reread, a
//     run's fuzz results read again from its logs.
//   - report.go: the run's markdown table and totals; the corpus table.
//
// Only Confirm, NewWorkModule and the runs use the network (the module
// proxy, through the go command); the tests of this package do not.
package panicbench
