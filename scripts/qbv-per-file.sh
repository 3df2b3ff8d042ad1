#!/usr/bin/env bash
# Per-file CPU seconds of two runs of the quantified dev files (each with the
# solvers sift and nofb, see docs/bench/qbv/issue33-w4.md) beside the best
# peer of PEERS.tsv, as a markdown table. Listed: the files that are slow in
# either run (above 2× the best peer + 0.1 s, or unsolved where a peer
# solved), as `sift bench peers` counts them.
#
#   scripts/qbv-per-file.sh BEFORE_RUN AFTER_RUN ../shared/bench/PEERS.tsv
set -euo pipefail
before=$1 after=$2 peers=$3

rows() { # run label -> label, file, solver, answer, CPU seconds
	jq -r --arg l "$2" '[$l, .file, .solver, .result, (.user_s + .sys_s)] | @tsv' "$1/results.jsonl"
}

{ rows "$before" before; rows "$after" after; } | awk -F'\t' -v peers="$peers" '
BEGIN {
	while ((getline line < peers) > 0) {
		split(line, f, "\t")
		if (f[1] == "path") continue
		best[f[1]] = f[13]; bestcpu[f[1]] = f[14]
	}
}
{
	key = $1 "/" $3
	ans[$2, key] = $4; cpu[$2, key] = $5; files[$2] = 1
}
function cell(file, key,   a) {
	a = ans[file, key]
	if (a == "") return "–"
	if (a != "sat" && a != "unsat") return a
	return sprintf("%s %.2f", a, cpu[file, key])
}
function slow(file, key,   a, b) {
	a = ans[file, key]
	if (!(file in best) || best[file] == "-" || best[file] == "") return 0
	if (a != "sat" && a != "unsat") return 1
	b = bestcpu[file]
	return cpu[file, key] > 2 * b + 0.1
}
END {
	for (file in files) {
		if (!(slow(file, "before/sift") || slow(file, "before/nofb") || slow(file, "after/sift") || slow(file, "after/nofb")))
			continue
		peer = (file in best) ? sprintf("%s %.3f", best[file], bestcpu[file]) : "–"
		printf "| %s | %s | %s | %s | %s | %s |\n", file, cell(file, "before/sift"), cell(file, "before/nofb"),
			cell(file, "after/sift"), cell(file, "after/nofb"), peer
	}
}' | sort | { echo "| file | before: sift | before: nofb | after: sift | after: nofb | best peer |"; echo "|---|---|---|---|---|---|"; cat; }
