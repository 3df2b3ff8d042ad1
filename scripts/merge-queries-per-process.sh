#!/bin/sh
# One process per query: sift and the z3 binary over the same merge queries,
# one after the other, with the CPU time (user + system) of each whole loop.
# This is what a user who runs one solver per file pays, process start
# included; the in-process figures come from BenchmarkMergeQueries.
#
#   scripts/merge-queries-per-process.sh SIFT DIR [LIMIT]
#
# DIR: a directory of .smt2 files (searched recursively), for instance
# testdata/regress/merge-emitted, or one made by cmd/mergegen.
# LIMIT: seconds per query for both solvers (default 20).
set -eu
sift=$1 dir=$2 limit=${3:-20}
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$dir" -name '*.smt2' | sort > "$list"
echo "$(wc -l < "$list") queries under $dir; $(uptime)"
/usr/bin/time -f "sift: %e s wall, %U s user + %S s system" \
	sh -c 'while read f; do "$0" -t "$1s" "$f" >/dev/null; done < "$2"' "$sift" "$limit" "$list"
/usr/bin/time -f "z3:   %e s wall, %U s user + %S s system" \
	sh -c 'while read f; do z3 -T:"$0" "$f" >/dev/null; done < "$1"' "$limit" "$list"
echo "$(uptime)"
