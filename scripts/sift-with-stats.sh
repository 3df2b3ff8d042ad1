#!/bin/sh
# Runs sift on one file for `sift bench`, keeping its --stats per file, so
# that a bench run also gives lemma counts per configuration.
# Usage: scripts/sift-with-stats.sh SIFT_BIN PRUNING STATS_DIR TIMEOUT FILE
# Stats go to STATS_DIR/<file path with / as __>.stats; sum them with
# scripts/sum-stats.sh STATS_DIR.
set -eu
bin=$1 pruning=$2 dir=$3 timeout=$4 file=$5
mkdir -p "$dir"
name=$(echo "$file" | sed 's|^/*||; s|/|__|g')
exec "$bin" --array-pruning="$pruning" --stats -t "$timeout" "$file" 2>"$dir/$name.stats"
