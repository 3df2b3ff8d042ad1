#!/bin/sh
# Concolic-mode figures for docs/bench/concolic (issue 16): seed 001's
# diamonds and T5 with and without DAG merging, and the connection state
# machine against the forking executor. Each row runs both configurations
# one after the other in this script, so ratios compare runs under the same
# load. Usage: scripts/concolic-bench.sh [SIFT] [OUT.md]   (from the
# repository root; make concolic-bench writes out/concolic/table.md)
SIFT=${1:-bin/sift}
OUT=${2:-/dev/stdout}
DIR=./symex/testdata/concolic
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
field() { python3 -c "import json,sys; d=json.load(open('$1')); print(d.get('$2',''))"; }
run() { # name args... -> writes $TMP/name.json
	name=$1; shift
	nice -n 10 "$SIFT" symex "$@" --json "$TMP/$name.json" >/dev/null 2>&1 || echo "{}" > "$TMP/$name.json"
}
row() { # label a b
	a=$TMP/$2.json; b=$TMP/$3.json
	ca=$(field $a cpu_s); cb=$(field $b cpu_s)
	ratio=$(python3 -c "print('%.1f' % ($ca/$cb) if $cb > 0 else '-')")
	echo "| $1 | $(field $a runs) | $(field $a exhausted) | $ca | $(field $a max_ite_depth) | $(field $b runs) | $(field $b exhausted) | $cb | $(field $b max_ite_depth) | $(field $b merges) | $ratio |"
}
{
echo "load before: $(uptime)"
echo
echo "| program | none: runs | exhausted | cpu s | max ite | dag: runs | exhausted | cpu s | max ite | merges | cpu none/dag |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for n in 10 12 14 16 18 20; do
	run none --concolic --merge=none --search=bfs --max-runs 20000 --timeout 60s $DIR D$n
	run dag --concolic --merge=dag --search=bfs --max-runs 20000 --timeout 60s $DIR D$n
	row "diamonds n=$n" none dag
done
for k in 1 2 3 4 5 6; do
	run none --concolic --merge=none --search=bfs --max-events $k --max-runs 20000 --timeout 60s $DIR T5
	run dag --concolic --merge=dag --search=bfs --max-events $k --max-runs 20000 --timeout 60s $DIR T5
	row "T5 K=$k" none dag
done
run none --concolic --merge=none --max-events 4 --timeout 120s $DIR Conn
run dag --concolic --merge=dag --max-events 4 --timeout 120s $DIR Conn
row "Conn K=4 (covfirst)" none dag
run fork $DIR ConnFork
echo
echo "forking mode on ConnFork (the same machine, 4 events as parameters): paths $(field $TMP/fork.json paths), exhausted $(field $TMP/fork.json exhausted), cpu $(field $TMP/fork.json cpu_s) s, queries $(field $TMP/fork.json queries); concolic dag on Conn: runs $(field $TMP/dag.json runs), cpu $(field $TMP/dag.json cpu_s) s, queries $(field $TMP/dag.json queries); ratio cpu dag/fork $(python3 -c "print('%.1f' % ($(field $TMP/dag.json cpu_s)/$(field $TMP/fork.json cpu_s)))")"
echo
echo "load after: $(uptime)"
} > "$OUT"
