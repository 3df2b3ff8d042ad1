# symex-merge-pivot.awk: runs.tsv → one row per function and bound, each configuration's
# CPU seconds ("lim" when a limit stopped it: CPU or memory; the run's
# .json says which) and its ratio to none where both exhausted the space
# and none took 0.05 s or more. Usage: awk -f scripts/symex-merge-pivot.awk runs.tsv
BEGIN { FS = "\t" }
NR == 1 || $2 ~ /^>/ { next }
{
	key = $1 " | " $2
	if (!(key in seen)) { seen[key] = 1; order[++n] = key }
	if (!($3 in cseen)) { cseen[$3] = 1; configs[++nc] = $3 }
	cpu[key, $3] = $7; ex[key, $3] = $9
}
END {
	printf "| function | len |"; for (c = 1; c <= nc; c++) printf " %s |", configs[c]; print ""
	printf "|---|---|"; for (c = 1; c <= nc; c++) printf "---|"; print ""
	for (i = 1; i <= n; i++) {
		k = order[i]; printf "| %s |", k
		for (c = 1; c <= nc; c++) {
			x = configs[c]
			if (!((k, x) in cpu)) { printf " – |"; continue }
			s = sprintf("%.2f%s", cpu[k, x], ex[k, x] == "true" ? "" : " lim")
			if (x != "none" && ex[k, "none"] == "true" && ex[k, x] == "true" && cpu[k, "none"] >= 0.05)
				s = s sprintf(" (%.2f×)", cpu[k, x] / cpu[k, "none"])
			printf " %s |", s
		}
		print ""
	}
}
