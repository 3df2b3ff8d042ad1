#!/bin/sh
# Issue 31's executor-speed figures (docs/bench/symex-speed/README.md).
#
#   scripts/symex-speed.sh exhaust OUT LIMIT < rows
#       CPU seconds (user+sys, /usr/bin/time) to exhaust each row at 4, 8
#       and 16 bytes under --merge=none and the default (pat), a larger
#       bound skipped once a smaller one hit LIMIT (--cpu-limit).
#   scripts/symex-speed.sh queries OUT LIMIT < rows
#       per-query solver CPU time (the solver line's query-median-ms and
#       query-p90-ms) under --merge=none with the engine and with
#       --solver 'z3 -in'.
#
# A row is: package function [flags...]; for queries, package function
# max-len [flags...]. One line per run goes to OUT/exhaust.tsv or
# OUT/queries.tsv, each run's report to OUT/runs/. SIFT names the binary
# (default bin/sift).
set -eu
mode=$1 out=$2 limit=$3
sift=${SIFT:-bin/sift}
dir=symex/testdata/realcode
mkdir -p "$out/runs"
case $mode in
exhaust)
	while read -r pkg fn extra; do
		for m in none pat; do
			for n in 4 8 16; do
				f="$out/runs/$(echo "$pkg.$fn" | tr / _).$n.$m"
				# shellcheck disable=SC2086
				/usr/bin/time -f "%U %S" -o "$f.time" "$sift" symex "$pkg" "$fn" --dir "$dir" --max-len "$n" \
					--merge="$m" --cpu-limit "$limit" --max-memory 3000 $extra >"$f.txt" 2>&1 || true
				cpu=$(awk '{printf "%.2f", $1+$2}' "$f.time")
				stop=$(sed -n 's/^stopped: //p' "$f.txt")
				paths=$(sed -n 's/^paths \([0-9]*\).*/\1/p' "$f.txt")
				printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg.$fn" "$m" "$n" "$cpu" "$paths" "$stop" >>"$out/exhaust.tsv"
				[ -n "$stop" ] && break
			done
		done
	done
	;;
queries)
	while read -r pkg fn n extra; do
		for s in engine "z3 -in"; do
			f="$out/runs/$(echo "$pkg.$fn" | tr / _).$n.$(echo "$s" | tr -d ' ')"
			# shellcheck disable=SC2086
			"$sift" symex "$pkg" "$fn" --dir "$dir" --max-len "$n" --merge=none --cpu-limit "$limit" \
				--max-memory 3000 --solver "$s" $extra >"$f.txt" 2>&1 || true
			q=$(sed -n 's/^queries \([0-9]*\).*/\1/p' "$f.txt")
			be=$(grep -o 'backend=[0-9]*' "$f.txt" | cut -d= -f2)
			med=$(grep -o 'query-median-ms=[0-9.]*' "$f.txt" | cut -d= -f2)
			p90=$(grep -o 'query-p90-ms=[0-9.]*' "$f.txt" | cut -d= -f2)
			stop=$(sed -n 's/^stopped: //p' "$f.txt")
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg.$fn" "$n" "$s" "$q" "$be" "$med" "$p90" "$stop" >>"$out/queries.tsv"
		done
	done
	;;
*)
	echo "usage: $0 exhaust|queries OUT LIMIT < rows" >&2
	exit 2
	;;
esac
