// Package bench is `sift bench`: SMT-COMP-style benchmarking of sift and peer solvers (z3, cvc5, boolector, or
// any command line), all run as separate processes. It never imports the solver engine.
//
// It owns:
//   - suites: a directory of .smt2 files or a manifest TSV (suite.go);
//   - solver specs and the command line of each solver kind (solver.go);
//   - running one process under a wall limit with a kill margin (the whole process group is killed) and an
//     address-space cap set with prlimit(1), measuring wall time, rusage CPU time and peak RSS, and reading
//     sizes such as 8G (process.go); through the measuring shim, a small process that starts the job and
//     reports its times and peak RSS, so that the runner's own memory is not counted in the job's (measure.go);
//   - reading an answer out of stdout, (error …) responses included (answer.go);
//   - the parallel run with progress bar, resume and Ctrl-C handling (runner.go) and its JSON-lines records
//     (record.go);
//   - SMT-COMP single-query scoring, PAR-2, virtual best, pairwise (score.go), reports (report.go), cactus and
//     scatter plots (plot.go), before/after comparison (compare.go);
//   - the per-file comparison of a run with a table of peers' answers and CPU times measured elsewhere: CPU
//     PAR-2 against the peers' virtual best, the files above 2× + 0.1 s the best peer, the geometric mean of
//     the ratios (peers.go); or with peers that ran beside it in the same run, on a suite no table covers
//     (peers_run.go);
//   - the results page index.html, one self-contained file: summary tables, the plots as inline SVG, and
//     every file's outcomes as JSON for the page's script, which sorts, filters and draws only the rows in
//     view (html.go; the template, style and script are in page/);
//   - campaigns over many machines: a deterministic slice of a suite per shard (shard.go), the identity of
//     each solver build and host in run.json (identity.go), and the merge of the shards' results into one run
//     that scores exactly as a single run would (merge.go).
//
// Invariants:
//   - A wrong answer (sat or unsat contradicting the expected status) is never counted as solved, never
//     averaged away by repeats, and is always listed by file in reports and on stderr during the run.
//   - An answer after the wall limit is a timeout, whatever it says.
//   - A solver that crashes, hangs or prints garbage is a result (error or timeout), never a runner failure.
//   - results.jsonl is append-only with one complete record per line, so an interrupted run resumes by
//     skipping the (solver, file, repeat) keys already on record.
//   - Times and memory are of the child process only: wall time around its lifetime, CPU time and peak RSS
//     from its rusage (through the shim: not the runner's resident set, which Linux counts in a child that Go
//     starts with vfork).
//
// The command line, sift bench, is cmd/sift's (bench.go): it turns flags into a RunConfig and drives Run,
// ScoreRecords and the reports. Start reading at Run in runner.go, then ScoreRecords in score.go.
package bench
