#!/bin/sh
# Sums the numeric sift --stats lines of every file in a directory (written by
# scripts/sift-with-stats.sh). An optional second argument keeps only stats
# files whose name contains one of the patterns listed in it, one per line.
# Usage: scripts/sum-stats.sh STATS_DIR [PATTERN_FILE]
set -eu
dir=$1
if [ $# -ge 2 ]; then
	files=$(ls "$dir" | grep -F -f "$2" | sed "s|^|$dir/|")
else
	files=$(ls "$dir"/*.stats)
fi
# shellcheck disable=SC2086
cat $files | awk 'NF == 2 && $2 ~ /^[0-9.]+$/ { s[$1] += $2 } END { for (k in s) print k, s[k] }' | sort
