#!/bin/sh
# Turns scripts/symex-merge-bench.sh's runs.tsv into the markdown table of
# docs/bench/symex-merge/ (make symex-merge-tables): per function and bound, each
# configuration's CPU seconds and coverage (blocks covered/total; "all" when
# the bounded space was exhausted, "lim" when a limit stopped the run),
# paths, merged states, pat's quantified queries by decider, and the CPU
# ratios std/none and pat/none. A ratio is exact when both runs exhausted
# the space (same space, same coverage); "≤r" when the configuration
# exhausted it and none hit its CPU limit (none would need more than the
# CPU time it had), "≥r" when none exhausted it and the configuration hit
# the limit;
# "cov a|b" when both hit it (coverage of the configuration | none's).
# Then the median and the worst (largest) exact ratios, over all rows and
# over the rows where none took 0.05 s or more (sub-millisecond runs give
# ratios that are noise), and where a configuration is at least 5× faster
# than none.
# Usage: scripts/symex-merge-table.sh runs.tsv LIMIT_SECONDS
set -eu
tsv=${1:?usage: symex-merge-table.sh runs.tsv LIMIT_SECONDS}
limit=${2:?usage: symex-merge-table.sh runs.tsv LIMIT_SECONDS}
awk -F'\t' -v limit="$limit" '
function ratio(c,   a, b) {
	a = ex[key, c]; b = ex[key, "none"]
	if (!(key SUBSEP c in cpu) || !(key SUBSEP "none" in cpu)) return "–"
	if (a == "true" && b == "true") {
		r = cpu[key, c] / (cpu[key, "none"] > 0.001 ? cpu[key, "none"] : 0.001)
		vals[c, ++nv[c]] = r
		if (cpu[key, "none"] >= 0.05) vals[c "@", ++nv[c "@"]] = r
		if (r <= 0.2 && cpu[key, "none"] >= 0.05) fast[c] = fast[c] sprintf("%s %s (%.2f); ", f[1], f[2], r)
		return sprintf("%.2f", r)
	}
	if (a == "true") {
		# none stopped at its limit, its CPU time (NONE_LIMIT may exceed
		# the others): it would have needed more.
		r = cpu[key, c] / cpu[key, "none"]
		if (r <= 0.2) fast[c] = fast[c] sprintf("%s %s (≤%.2f, a bound: none hit the limit); ", f[1], f[2], r)
		return sprintf("≤%.2f", r)
	}
	if (b == "true") return sprintf("≥%.2f", cpu[key, c] / (cpu[key, "none"] > 0.001 ? cpu[key, "none"] : 0.001))
	return sprintf("cov %d\\|%d", cov[key, c], cov[key, "none"])
}
function cell(c) {
	if (!(key SUBSEP c in cpu)) return "–"
	return sprintf("%.2f (%s %d/%d)", cpu[key, c], ex[key, c] == "true" ? "all" : "lim", cov[key, c], tot[key, c])
}
function sort(c, n,   i, j, t) {
	for (i = 1; i <= n; i++) s[i] = vals[c, i]
	for (i = 2; i <= n; i++) for (j = i; j > 1 && s[j-1] > s[j]; j--) { t = s[j]; s[j] = s[j-1]; s[j-1] = t }
}
function median(c,   n) {
	n = nv[c]; if (n == 0) return "–"
	sort(c, n)
	return sprintf("%.2f", n % 2 ? s[(n+1)/2] : (s[n/2] + s[n/2+1]) / 2)
}
function worst(c,   n) { n = nv[c]; if (n == 0) return "–"; sort(c, n); return sprintf("%.2f", s[n]) }
NR == 1 { next }
$4 == "error" { key = $1 SUBSEP $2; if (!(key in seen)) { seen[key] = 1; order[++nk] = key }; err[key] = err[key] " " $3 " failed"; next }
$2 ~ /^>/ { skipped[$1] = $2; next }
{
	key = $1 SUBSEP $2
	if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
	cpu[key, $3] = $7; ex[key, $3] = $9; cov[key, $3] = $11; tot[key, $3] = $12
	paths[key, $3] = $4; merged[key, $3] = $13; queries[key, $3] = $5
	if ($3 == "pat") { qq[key] = $15; qd[key] = $16; qz[key] = $17 }
}
END {
	print "| function | len | none cpu_s (cov) | std cpu_s (cov) | pat cpu_s (cov) | std/none | pat/none | paths none/std/pat | queries none/std/pat | merged std/pat | pat ∀-queries (quant/z3) |"
	print "|---|---|---|---|---|---|---|---|---|---|---|"
	for (i = 1; i <= nk; i++) {
		key = order[i]; split(key, f, SUBSEP)
		printf "| %s | %s | %s | %s | %s | %s | %s | %s/%s/%s | %s/%s/%s | %s/%s | %s (%s/%s) |%s\n", f[1], f[2],
			cell("none"), cell("std"), cell("pat"), ratio("std"), ratio("pat"),
			paths[key, "none"], paths[key, "std"], paths[key, "pat"],
			queries[key, "none"], queries[key, "std"], queries[key, "pat"], merged[key, "std"], merged[key, "pat"],
			qq[key], qd[key], qz[key], err[key]
	}
	print ""
	for (fn in skipped) printf "- %s: bounds above %s not run (every configuration hit a limit at %s)\n", fn, substr(skipped[fn], 2), substr(skipped[fn], 2)
	print ""
	printf "Exact ratios (both runs exhausted the bounded space): std/none median %s, worst %s over %d; pat/none median %s, worst %s over %d.\n",
		median("std"), worst("std"), nv["std"], median("pat"), worst("pat"), nv["pat"]
	printf "Of those, where none took 0.05 s or more (below that, a ratio is noise): std/none median %s, worst %s over %d; pat/none median %s, worst %s over %d.\n",
		median("std@"), worst("std@"), nv["std@"], median("pat@"), worst("pat@"), nv["pat@"]
	sub(/; $/, "", fast["std"]); sub(/; $/, "", fast["pat"])
	printf "\nAt least 5× faster than none (ratio ≤ 0.20; exact ratios only where none took 0.05 s or more): std: %s; pat: %s.\n", fast["std"] == "" ? "nowhere" : fast["std"],
		fast["pat"] == "" ? "nowhere" : fast["pat"]
}' "$tsv"
