#!/bin/sh
# The quantified queries sift symex --merge pat emits on the merging
# benchmark's functions (scripts/symex-merge-bench.sh's list), for timing the
# quant stage against z3 on them: each function runs once at --max-len LEN
# (8) under a CPU limit (LIMIT, 5s) with --emit-smt2; of its queries with a
# quantifier, PER (10) evenly spaced in file-name order are kept under
# OUT/FUNC/. Then:
#   SIFT_MERGE_DIR=OUT SIFT_MERGE_TSV=OUT/times.tsv \
#     go test ./quant -run '^$' -bench BenchmarkMergeQueries -benchtime 1x -v
# Usage: scripts/symex-merge-emitted.sh OUT
set -eu
out=${1:?usage: symex-merge-emitted.sh OUT}
n=${LEN:-8}
limit=${LIMIT:-5s}
per=${PER:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=$out/sift
(cd "$root" && go build -o "$bin" ./cmd/sift)
funcs=$(sed -n "/^funcs=\${FUNCS:-'/,/'}\$/p" "$root/scripts/symex-merge-bench.sh" | sed "s/^funcs=\${FUNCS:-'//; s/'}\$//")
cd "$root/symex/testdata/realcode"
echo "$funcs" | while read -r pkg fn rest; do
	name=$(echo "$pkg.$fn" | tr '/' '_')
	all=$out/.all/$name
	rm -rf "$all" "$out/$name"
	mkdir -p "$all" "$out/$name"
	# shellcheck disable=SC2086
	nice -n 10 "$bin" symex "$pkg" "$fn" --max-len "$n" --cpu-limit "$limit" --timeout 300s --merge pat $rest \
		--emit-smt2 "$all" >/dev/null 2>&1 || true
	grep -l forall "$all"/*.smt2 2>/dev/null | sort >"$all.list" || true
	total=$(wc -l <"$all.list")
	if [ "$total" -gt 0 ]; then
		awk -v t="$total" -v p="$per" 'BEGIN { for (i = 0; i < p && i < t; i++) want[int(i * t / (p < t ? p : t)) + 1] = 1 } want[NR]' "$all.list" |
			while read -r f; do cp "$f" "$out/$name/"; done
	fi
	echo "$name: $total quantified queries, kept $(ls "$out/$name" | wc -l)" >&2
done
rm -rf "$out/.all"
