#!/bin/sh
# Time to the same coverage, from the --json summaries of
# scripts/symex-merge-bench.sh (OUT/FUNC.LEN.CONFIG.json, with
# coverage_first_s: per block, the CPU second it was first covered).
# Per function and bound, none's time to its final coverage (the CPU second
# its last new block appeared: T_none) and, per merged configuration, the
# CPU second by which it had covered every block none covered (T_c: the
# largest of its first times over none's covered set; blocks outside that
# set are not progress), and T_c/T_none. Both are times to the same block
# set, none's; where the configuration never covered all of it, the table
# says how many of none's blocks it covered and gives no ratio. Then the
# median and the worst ratio, over the rows where none hit a limit, over
# those where none exhausted the space, and over those where T_none is
# 0.05 s or more (below that, a ratio is noise), with the number of rows
# without a ratio. The exploration order counts as much as merging here:
# a configuration that parks states (every merging one) explores
# breadth-first between merge points, none depth-first; CONFIGS with
# "nonebfs" (none under --search bfs) gives that peer.
# BASE (none) names the configuration whose coverage is the target.
# Usage: scripts/symex-merge-ttc.sh runs.tsv JSON-DIR [CONFIGS]   (rows in
# runs.tsv's order)
set -eu
tsv=${1:?usage: symex-merge-ttc.sh runs.tsv JSON-DIR [CONFIGS]}
dir=${2:?usage: symex-merge-ttc.sh runs.tsv JSON-DIR [CONFIGS]}
configs=${3:-std pat}
base=${BASE:-none}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo "| function | len | $base: T_$base (blocks; run) |$(for c in $configs; do printf ' %s: T (of %s'"'"'s blocks) | %s/%s |' "$c" "$base" "$c" "$base"; done)"
echo "|---|---|---|$(for c in $configs; do printf -- '---|---|'; done)"
awk -F'\t' -v base="$base" 'NR > 1 && $3 == base && $2 !~ /^>/ { print $1 "\t" $2 }' "$tsv" | while IFS="$(printf '\t')" read -r fn n; do
	id=$(echo "$fn" | tr '/' '_')
	none=$dir/$id.$n.$base.json
	[ -s "$none" ] || continue
	jq -e 'has("coverage_first_s")' "$none" >/dev/null || continue
	row=$(jq -r '[(.coverage_first_s | [.[]] | max // 0), (.coverage_first_s | length), (if .exhausted then "all" else "lim" end)] | @tsv' "$none")
	tn=$(echo "$row" | cut -f1) kn=$(echo "$row" | cut -f2) st=$(echo "$row" | cut -f3)
	line=$(printf '| %s | %s | %.3f (%s; %s) |' "$fn" "$n" "$tn" "$kn" "$st")
	for c in $configs; do
		j=$dir/$id.$n.$c.json
		if [ ! -s "$j" ]; then line="$line – | – |"; continue; fi
		r=$(jq -r --slurpfile a "$none" '. as $b | $a[0].coverage_first_s | keys as $ks
			| [$ks[] | $b.coverage_first_s[.] | select(. != null)] as $ts
			| [($ts | length), ($ks | length), ($ts | max // 0)] | @tsv' "$j")
		got=$(echo "$r" | cut -f1) want=$(echo "$r" | cut -f2) tc=$(echo "$r" | cut -f3)
		if [ "$got" -lt "$want" ]; then
			line="$line never ($got of $want) | – |"
			printf '%s\t%s\t%s\tnever\n' "$c" "$st" "$tn" >>"$tmp"
			continue
		fi
		ratio=$(awk -v a="$tc" -v b="$tn" 'BEGIN { printf "%.2f", a / (b > 0.001 ? b : 0.001) }')
		line="$line $(printf '%.3f' "$tc") | $ratio |"
		printf '%s\t%s\t%s\t%s\n' "$c" "$st" "$tn" "$ratio" >>"$tmp"
	done
	echo "$line"
done
echo

for c in $configs; do
	awk -F'\t' -v c="$c" -v base="$base" '
	function stat(k, label,   n, i, j, t, nev) {
		n = nv[k]
		nev = never[k] ? sprintf("; %d row(s) where %s never covered %s'"'"'s blocks", never[k], c, base) : ""
		if (n == 0) { printf "%s/%s, %s: no ratio%s.\n", c, base, label, nev; return }
		for (i = 1; i <= n; i++) s[i] = v[k, i]
		for (i = 2; i <= n; i++) for (j = i; j > 1 && s[j-1] > s[j]; j--) { t = s[j]; s[j] = s[j-1]; s[j-1] = t }
		printf "%s/%s, %s: median %.2f, worst %.2f over %d%s.\n", c, base, label, n % 2 ? s[(n+1)/2] : (s[n/2] + s[n/2+1]) / 2, s[n], n, nev
	}
	$1 == c && $4 == "never" { never[$2]++; if ($3 >= 0.05) never[$2 "@"]++; next }
	$1 == c { k = $2; v[k, ++nv[k]] = $4; if ($3 >= 0.05) v[k "@", ++nv[k "@"]] = $4 }
	END {
		stat("lim", "rows where " base " hit the limit")
		stat("lim@", "rows where " base " hit the limit and T_" base " ≥ 0.05 s")
		stat("all", "rows where " base " exhausted the space")
		stat("all@", "rows where " base " exhausted the space and T_" base " ≥ 0.05 s")
	}' "$tmp"
done
