#!/bin/sh
# Issue 12's merging benchmark: sift symex under --merge none, std, pat and
# pat --incremental-merge on functions of the standard library and of the
# pinned modules of symex/testdata/realcode, at --max-len 8, 16, 32 and 64,
# one process per run with a time limit. The four configurations run one
# after the other for each function and bound, so the ones compared see the
# same load. Each run's --json summary goes to OUT/FUNC.LEN.CONFIG.json and
# one line per run to OUT/runs.tsv.
#
# Usage: scripts/symex-merge-bench.sh OUT [TIMEOUT]   (needs jq; the module
# cache must hold symex/testdata/realcode's modules: make symex-corpus
# fetches them)
set -eu
out=${1:?usage: symex-merge-bench.sh OUT [TIMEOUT]}
timeout=${2:-30s}
lens=${LENS:-8 16 32 64}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=$out/siftsymex
(cd "$root" && go build -o "$bin" ./symex/cmd/siftsymex)
funcs='golang.org/x/mod/semver IsValid
github.com/google/uuid Parse
strconv ParseUint --fix base=10 --fix bitSize=64
strconv ParseInt --fix base=10 --fix bitSize=64
strconv Atoi
strings IndexByte
strings IndexAny
strings TrimSpace
unicode/utf8 ValidString
unicode/utf8 RuneCountInString
path Clean
encoding/hex DecodeString
net/netip ParseAddr'
configs='none std pat patinc'
flags() {
	case $1 in
	none) echo "--merge none" ;;
	std) echo "--merge std" ;;
	pat) echo "--merge pat" ;;
	patinc) echo "--merge pat --incremental-merge" ;;
	esac
}
printf 'func\tmax_len\tconfig\tpaths\tqueries\ttime_s\tsolver_s\texhausted\tstopped\tcovered\ttotal\tstates_merged\tquantified\tquantified_queries\tquant_decided\tz3_decided\tload\n' >"$out/runs.tsv"
cd "$root/symex/testdata/realcode"
echo "$funcs" | while read -r pkg fn rest; do
	for n in $lens; do
		for c in $configs; do
			name=$(echo "$pkg.$fn" | tr '/' '_').$n.$c
			# shellcheck disable=SC2046,SC2086
			nice -n 10 "$bin" "$pkg" "$fn" --max-len "$n" --timeout "$timeout" --max-memory 3072 \
				$(flags $c) $rest --json "$out/$name.json" >"$out/$name.txt" 2>&1 || true
			load=$(cut -d' ' -f1 /proc/loadavg)
			if [ -s "$out/$name.json" ]; then
				jq -r --arg c "$c" --arg load "$load" '[.function, .max_len, $c, .paths, .queries, .time_s, .solver_time_s,
					.exhausted, .stopped, .coverage.blocks_covered, .coverage.blocks_total, .states_merged,
					(.merge_stats.quantified // 0), ((.quantified_by_stage // {}) | add // 0),
					((.quantified_by_stage // {}) | with_entries(select(.key | startswith("quant-"))) | add // 0),
					((.quantified_by_stage // {}).z3 // 0), $load] | @tsv' "$out/$name.json" >>"$out/runs.tsv"
			else
				printf '%s.%s\t%s\t%s\terror\n' "$pkg" "$fn" "$n" "$c" >>"$out/runs.tsv"
			fi
			tail -n 1 "$out/runs.tsv" >&2
		done
	done
done
