// Command symexcorpus runs `sift symex` over the corpus manifest
// (symex/testdata/realcode/corpus.tsv) and writes the table of paths,
// unsupported paths, queries, queries per second, solver and executor time
// and coverage (package symex/corpus holds the manifest, the runner and the
// table; main.go only its flags). `make symex-corpus` runs it into
// out/symex-corpus; with --from-json it writes the table of saved rows
// without running anything:
//
//	symexcorpus --bin bin/sift --args0 symex --out out/symex-corpus/table.md \
//	    --config off='--solver-chain= --no-value-sets' --config on= [-- flags for every run]
package main
