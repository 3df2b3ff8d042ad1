#!/bin/sh
# Issue 12's merging benchmark: sift symex under --merge none, std and pat
# (CONFIGS adds nonebfs: none under --search bfs, the peer for times to
# coverage, since every merging configuration explores breadth-first
# between merge points; patinc: pat --incremental-merge; patref: pat as the seed's
# reference merges, at loop exits only and without the hot-value veto;
# patnoveto and patexits: without the veto, or at loop exits only;
# patjoins: at joins only, no pattern merges; patwait: --scout-share 0,
# pat's default since scouts went off by default (the same as pat now);
# patscout: pat with coverage scouts as its default was until then,
# --scout-share 0.5; patscout1, patscout25, patscout75: --scout-share 1,
# 0.25, 0.75;
# patout, patloop5, patloop02: --scout-loop-share 0, 0.5, 0.02; patmp1:
# pat without the veto, a region of several pattern groups merged the
# standard way (--max-patterns 1); patsv: the veto on pat's standard
# merges too, --std-veto (pat's default until 9efc362); patcold, stdcold:
# merging from the start, --merge-after 0)
# on
# functions of the standard library and of the pinned modules of
# symex/testdata/realcode, at --max-len
# 8, 16, 32 and 64 (LENS), one process per run under nice -n 10 with a time
# limit on CPU time (--cpu-limit, the solver's worker processes included:
# on a shared machine a wall-clock limit gives a loaded run less work) and
# a wall-clock backstop (WALL, 1800s). The configurations of a function and
# bound run side by side, so the ones compared see the same load; cpu_s
# (process CPU time, the Z3 worker included) is the figure to compare.
# JOBS (1) functions run at a time; MEM (3072) is each run's --max-memory
# in MiB. Once every configuration hit a limit at a bound, the function's
# larger bounds are skipped (they would only hit it again); runs.tsv says so.
# Each run's --json summary goes to OUT/FUNC.LEN.CONFIG.json and one line
# per run to OUT/runs.tsv; OUT/load has uptime before and after.
#
# NONE_LIMIT (default: CPU-LIMIT) is the limit of the none configurations:
# a longer one (5 times CPU-LIMIT) turns "none hit the limit" into a bound
# that shows a 5x speed-up by itself.
#
# Usage: scripts/symex-merge-bench.sh OUT [CPU-LIMIT]   (needs jq; the module
# cache must hold symex/testdata/realcode's modules: make symex-corpus
# fetches them). scripts/symex-merge-table.sh turns runs.tsv into the
# table; scripts/symex-merge-ttc.sh OUT/runs.tsv OUT gives the times to
# none's coverage (from the summaries' coverage_first_s). make
# symex-merge-bench runs it into out/symex-merge/NAME, and make
# symex-merge-tables writes both tables of such a run into docs/.
set -eu
out=${1:?usage: symex-merge-bench.sh OUT [CPU-LIMIT]}
limit=${2:-10s}
none_limit=${NONE_LIMIT:-$limit}
wall=${WALL:-1800s}
jobs=${JOBS:-1}
mem=${MEM:-3072}
lens=${LENS:-8 16 32 64}
configs=${CONFIGS:-none std pat}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=$out/sift
(cd "$root" && go build -o "$bin" ./cmd/sift)
(cd "$root" && git rev-parse HEAD) >"$out/commit" 2>/dev/null || true
funcs=${FUNCS:-'golang.org/x/mod/semver IsValid
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
net/netip ParseAddr'}
flags() {
	case $1 in
	none) echo "--merge none" ;;
	nonebfs) echo "--merge none --search bfs" ;;
	std) echo "--merge std" ;;
	pat) echo "--merge pat" ;;
	patinc) echo "--merge pat --incremental-merge" ;;
	patref) echo "--merge pat --merge-points loop-exits --no-hot-veto" ;;
	patnoveto) echo "--merge pat --no-hot-veto" ;;
	patexits) echo "--merge pat --merge-points loop-exits" ;;
	patjoins) echo "--merge pat --merge-points joins" ;;
	patwait) echo "--merge pat --scout-share 0" ;;
	patscout) echo "--merge pat --scout-share 0.5" ;;
	patscout1) echo "--merge pat --scout-share 1" ;;
	patscout25) echo "--merge pat --scout-share 0.25" ;;
	patscout75) echo "--merge pat --scout-share 0.75" ;;
	patout) echo "--merge pat --scout-loop-share 0" ;;
	patloop5) echo "--merge pat --scout-loop-share 0.5" ;;
	patloop02) echo "--merge pat --scout-loop-share 0.02" ;;
	patmp1) echo "--merge pat --no-hot-veto --max-patterns 1" ;;
	patsv) echo "--merge pat --std-veto" ;;
	patcold) echo "--merge pat --merge-after 0" ;;
	stdcold) echo "--merge std --merge-after 0" ;;
	esac
}
echo "start $(date -u +%FT%TZ) $(uptime)" >"$out/load"
printf 'func\tmax_len\tconfig\tpaths\tqueries\ttime_s\tcpu_s\tsolver_s\texhausted\tstopped\tcovered\ttotal\tstates_merged\tquantified\tquantified_queries\tquant_decided\tz3_decided\tpanics\tload\tby_stage\n' >"$out/runs.tsv"
: >"$out/skip"
cd "$root/symex/testdata/realcode"
# bench PKG FN N REST: the configurations of one function and bound, side by
# side (they see the same load, and cpu_s is per process); its rows go to
# runs.tsv at once, and the function to OUT/skip when all hit a limit.
bench() {
	pkg=$1 fn=$2 n=$3
	shift 3
	id=$(echo "$pkg.$fn" | tr '/' '_')
	for c in $configs; do
		lim=$limit
		case $c in none | nonebfs) lim=$none_limit ;; esac
		# shellcheck disable=SC2046
		nice -n 10 "$bin" symex "$pkg" "$fn" --max-len "$n" --cpu-limit "$lim" --timeout "$wall" --max-memory "$mem" \
			$(flags $c) "$@" --json "$out/$id.$n.$c.json" >"$out/$id.$n.$c.txt" 2>&1 &
	done
	wait
	load=$(cut -d' ' -f1 /proc/loadavg)
	limited=0 ran=0 rows=""
	for c in $configs; do
		j=$out/$id.$n.$c.json
		ran=$((ran + 1))
		if [ -s "$j" ]; then
			rows="$rows$(jq -r --arg c "$c" --arg load "$load" '[.function, .max_len, $c, .paths, .queries, .time_s,
				.cpu_s, .solver_time_s, .exhausted, .stopped, .coverage.blocks_covered, .coverage.blocks_total,
				.states_merged, (.merge_stats.quantified // 0), ((.quantified_by_stage // {}) | add // 0),
				((.quantified_by_stage // {}) | with_entries(select(.key | startswith("quant-"))) | add // 0),
				((.quantified_by_stage // {}).z3 // 0), (.panics | length), $load,
				(.queries_by_stage | tojson)] | @tsv' "$j")
"
			if [ "$(jq -r .stopped "$j")" != "" ]; then limited=$((limited + 1)); fi
		else
			rows="$rows$(printf '%s.%s\t%s\t%s\terror' "$pkg" "$fn" "$n" "$c")
"
			limited=$((limited + 1))
		fi
	done
	if [ "$limited" -eq "$ran" ]; then
		echo "$id" >>"$out/skip"
		rows="$rows$(printf '%s.%s\t>%s\tskipped: every configuration hit a limit (or failed) at --max-len %s' "$pkg" "$fn" "$n" "$n")
"
	fi
	printf '%s' "$rows" >>"$out/runs.tsv"
	printf '%s' "$rows" | cut -f1-13 >&2
}
# Bounds outermost, so that every function gets its small bounds first;
# JOBS functions at a time.
for n in $lens; do
	i=0
	echo "$funcs" | {
		while read -r pkg fn rest; do
			grep -qx "$(echo "$pkg.$fn" | tr '/' '_')" "$out/skip" && continue
			# shellcheck disable=SC2086
			bench "$pkg" "$fn" "$n" $rest &
			i=$((i + 1))
			if [ $((i % jobs)) -eq 0 ]; then wait; fi
		done
		wait
	}
done
echo "end $(date -u +%FT%TZ) $(uptime)" >>"$out/load"
