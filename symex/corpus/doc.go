// Package corpus runs `sift symex` over a manifest of functions that no one
// in this project wrote (standard library and pinned public modules,
// symex/testdata/realcode/corpus.tsv) with fixed bounds, and tabulates what
// each run did: paths, unsupported paths, queries, queries per second,
// solver and executor time, coverage.
//
// Every function runs in its own process (a crash or a hang costs one row,
// not the table), under one or more named configurations of extra flags,
// interleaved function by function so that configurations compared in one
// table ran under the same machine load. The rows are written as a markdown
// table for docs/ and as JSON for other tools.
//
// manifest.go reads the manifest; run.go runs one row and parses the
// command's summary; table.go writes the markdown and JSON. Its command
// line is cmd/symexcorpus.
package corpus
