#!/bin/sh
# Measures how close to its time limit sift answers unknown on queries it
# cannot decide in time, next to z3 with the same per-query limit.
# Usage: scripts/timeout-precision.sh LIMIT_S FILE...
# Prints: solver, file, limit, wall seconds, first answer line.
set -eu
limit=$1; shift
for f in "$@"; do
	for solver in sift z3; do
		case $solver in
		sift) cmd="bin/sift -t $limit $f" ;;
		z3) cmd="z3 -t:$((limit * 1000)) $f" ;;
		esac
		start=$(date +%s.%N)
		ans=$(timeout $((limit * 3)) $cmd 2>&1 | head -n 1 || true)
		end=$(date +%s.%N)
		printf '%s\t%s\t%s\t%.3f\t%s\n' "$solver" "$(basename "$f")" "$limit" "$(echo "$end - $start" | bc)" "${ans:-killed}"
	done
done
