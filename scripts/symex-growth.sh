#!/bin/sh
# Issue 31's growth figures (docs/bench/symex-growth/README.md): CPU
# seconds (--json cpu_s) to exhaust each row at 4, 8, 16 and 32 bytes
# under --merge=none and the default strategy, a larger bound skipped once
# a smaller one stopped short (CPU limit, memory limit, ...).
#
#   scripts/symex-growth.sh OUT LIMIT < rows
#
# A row is: package function [flags...]. One line per run goes to
# OUT/growth.tsv (function, merge, max-len, cpu_s, paths, queries,
# exhausted, stopped), each run's report and --json to OUT/runs/. SIFT
# names the binary (default bin/sift).
set -eu
out=$1 limit=$2
sift=${SIFT:-bin/sift}
dir=symex/testdata/realcode
mkdir -p "$out/runs"
while read -r pkg fn extra; do
	for m in none default; do
		flag=--merge=none
		[ "$m" = default ] && flag=
		for n in 4 8 16 32; do
			f="$out/runs/$(echo "$pkg.$fn" | tr / _).$n.$m"
			# shellcheck disable=SC2086
			"$sift" symex "$pkg" "$fn" --dir "$dir" --max-len "$n" $flag --cpu-limit "$limit" \
				--max-memory 3000 --json "$f.json" $extra >"$f.txt" 2>&1 || true
			row=$(python3 -c 'import json,sys
d=json.load(open(sys.argv[1]))
print("%.2f\t%d\t%d\t%s\t%s" % (d["cpu_s"], d["paths"], d["queries"], d["exhausted"], d["stopped"] or "-"))' "$f.json" 2>/dev/null ||
				printf 'error\t\t\t\t%s' "$(tail -1 "$f.txt")")
			printf '%s\t%s\t%s\t%s\n' "$pkg.$fn" "$m" "$n" "$row" >>"$out/growth.tsv"
			case $row in *True*) ;; *) break ;; esac
		done
	done
done
