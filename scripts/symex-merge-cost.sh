#!/bin/sh
# Issue 31's merging-cost figures (docs/bench/symex-merge-cost/README.md):
# CPU seconds (user+sys, /usr/bin/time) of each row under --merge=none,
# std, pat, qhv and the default, REPS runs each (default 3), the
# strategies of one repetition run side by side.
#
#   scripts/symex-merge-cost.sh ROWS OUT LIMIT
#
# A line of ROWS is: dir package function max-len [flags...], dir "." for
# symex/testdata/realcode; "#" starts a comment. Every run goes to
# OUT/runs.tsv (row, merge, rep, cpu_s, paths, panics, stopped), its report
# to OUT/runs/; OUT/median.tsv holds the median CPU per row and merge, the
# last run's paths and panics, and whether every run exhausted ("-" in
# stopped) or what stopped it. SIFT names the binary (default bin/sift).
set -eu
rows=$1 out=$2 limit=$3
sift=${SIFT:-bin/sift}
reps=${REPS:-3}
mkdir -p "$out/runs"
: >"$out/runs.tsv"
grep -v '^#' "$rows" | grep -v '^[[:space:]]*$' | while read -r d pkg fn n extra; do
	[ "$d" = . ] && d=symex/testdata/realcode
	name=$pkg; [ "$pkg" = . ] && name=$(basename "$d")
	row="$name.$fn@$n"
	r=1
	while [ "$r" -le "$reps" ]; do
		for m in none std pat qhv default; do
			flag=--merge=$m
			[ "$m" = default ] && flag=
			f="$out/runs/$(echo "$row" | tr / _).$m.$r"
			# shellcheck disable=SC2086
			/usr/bin/time -f "%U %S" -o "$f.time" "$sift" symex "$pkg" "$fn" --dir "$d" --max-len "$n" $flag \
				--cpu-limit "$limit" --max-memory 3000 $extra </dev/null >"$f.txt" 2>&1 || true
			cpu=$(awk 'END {printf "%.2f", $1+$2}' "$f.time")
			paths=$(sed -n 's/^paths \([0-9]*\) .*/\1/p' "$f.txt")
			panics=$(sed -n 's/^paths .*panicked \([0-9]*\).*/\1/p' "$f.txt")
			stop=$(sed -n 's/^stopped: //p' "$f.txt" | head -1)
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$row" "$m" "$r" "$cpu" "$paths" "$panics" "${stop:--}" >>"$out/runs.tsv"
		done
		r=$((r + 1))
	done
done
# Median CPU per row and merge; stopped is "-" only when every run exhausted.
sort -t "$(printf '\t')" -k1,1 -k2,2 -k4,4n "$out/runs.tsv" | awk -F '\t' -v OFS='\t' '
	function flush() { if (key != "") print row, m, cpu[int((k + 1) / 2)], paths, panics, stop }
	$1 "\t" $2 != key { flush(); key = $1 "\t" $2; row = $1; m = $2; k = 0; stop = "-" }
	{ cpu[++k] = $4; paths = $5; panics = $6; if ($7 != "-") stop = $7 }
	END { flush() }' >"$out/median.tsv"
cat "$out/median.tsv"
