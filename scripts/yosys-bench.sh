#!/usr/bin/env bash
# yosys-smtbmc with z3 against yosys-smtbmc with sift (as `z3` on PATH) on
# the designs of testdata/yosys (sift's own and SymbiYosys's, public/), each
# written plain and with -stdt (the state as a datatype): the CPU seconds of
# each run (GNU time, median of RUNS, the solver included) and the step at
# which it passed or failed; then the 400-step BMC conversation, dumped with
# --dump-smt2 and replayed to both as a file (check-sats per CPU second);
# then one `sift symex` run with its engine session against --solver 'z3 -in'.
# Usage: scripts/yosys-bench.sh [SIFT]   (default bin/sift; output in out/yosys)
# RUNS (default 3) sets the runs per command; LIMIT (default 120) the seconds
# one run may take (a run past it counts as a timeout); ONLY, a regular
# expression, keeps the runs whose name matches it (and skips the replay
# and the symex run), for rerunning single cells.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sift=$(realpath "${1:-$root/bin/sift}")
runs=${RUNS:-3} limit=${LIMIT:-120}
out=$root/out/yosys
mkdir -p "$out/sift" "$out/z3"
printf '#!/bin/sh\nexec %s "$@"\n' "$sift" > "$out/sift/z3"
# z3 bounded by the limit too: yosys-smtbmc starts its solver in a process
# group of its own, so a run stopped at the limit would leave z3 running
# (and uncounted) beside the next runs.
printf '#!/bin/sh\nexec timeout %s %s "$@"\n' "$((limit + 1))" "$(command -v z3)" > "$out/z3/z3"
chmod +x "$out/sift/z3" "$out/z3/z3"
# pair N A B: scripts/ab.sh (alternating runs, cpu from getrusage).
pair() { "$root/scripts/ab.sh" "$@"; }
# file under testdata/yosys | top module | name (default: the file's) |
# yosys commands before prep | encodings (default: plain and -stdt; the
# exists-forall puzzles exist only as -stbv and -stdt)
designs=(
  "counter.sv|counter" "overflow.sv|overflow" "memory.sv|memory" "fifo.sv|fifo"
  "public/demo.sv|demo" "public/prove.sv|testbench" "public/cover.sv|top"
  "public/memory.sv|testbench" "public/demo_memory.v|top" "public/fifo.sv|fifo"
  "public/primegen.sv|primegen|pub-primegen||-stbv -stdt" "public/primegen.sv|primes|pub-primes||-stbv -stdt"
  "public/primegen.sv|primes|pub-primes7|chparam -set offset 7 primes;|-stbv -stdt"
)
for d in "${designs[@]}"; do
  IFS='|' read -r file top name pre encs <<< "$d"
  if [[ -z $name ]]; then name=$(basename "${file%.*}"); [[ $file == public/* ]] && name=pub-$name; fi
  for flag in ${encs:-plain -stdt}; do
    [[ $flag == plain ]] && flag=
    yosys -q -p "read_verilog -formal -sv $root/testdata/yosys/$file; $pre prep -top $top; async2sync; dffunmap; write_smt2 -wires $flag $out/$name$flag.smt2"
  done
done
# name | design | smtbmc arguments | encodings (default: plain and -stdt)
table=(
  "bmc-20|counter|-t 20" "induction|counter|-i -t 4" "cover|counter|-c -t 20" "bmc-fail|overflow|-t 15"
  "memory-10|memory|-t 10" "fifo-20|fifo|-t 20"
  "demo-100|pub-demo|-t 100" "demo-400|pub-demo|-t 400" "prove|pub-prove|-i -t 20" "cover-hash|pub-cover|-c -t 20"
  "memory-banks-10|pub-memory|-t 10" "memory-10|pub-demo_memory|-t 10" "memory-40|pub-demo_memory|-t 40"
  "fifo-bmc-20|pub-fifo|-t 20" "fifo-prove|pub-fifo|-i -t 20" "fifo-cover|pub-fifo|-c -t 20"
  "prime|pub-primegen|-c -t 1|-stbv -stdt" "twin-primes|pub-primes|-c -t 1|-stbv -stdt"
  "twin-primes-7|pub-primes7|-c -t 1|-stbv -stdt"
)
# The verdict, and the last step checked (or the step a cover was reached
# in), of each run in a log of RUNS runs (each starts with its "Solver:"
# line): one verdict when they agree, else each with its count.
verdict() {
  awk '/Solver: /{n++} n {print > (FILENAME "." n)}' "$1"
  local f step v all=()
  for f in "$1".[0-9]*; do
    step=$(grep -oE '(in|Checking [a-z ]+ in|Trying induction in) step [0-9]+' "$f" | tail -1 | grep -oE '[0-9]+$' || true)
    v=$(grep -oE 'Status: [A-Z]+' "$f" | tail -1 | sed 's/Status: //' || true)
    all+=("${v:-timeout} at step ${step:-?}")
    rm -f "$f"
  done
  printf '%s\n' "${all[@]}" | sort | uniq -c | awk -v runs="${#all[@]}" '
    { c[NR] = $1; $1 = ""; v[NR] = substr($0, 2) }
    END { if (NR == 1) print v[1]; else for (i = 1; i <= NR; i++) printf "%s%s (%d of %d)", (i > 1 ? "; " : ""), v[i], c[i], runs; print "" }'
}
echo "| run | design | smtbmc arguments | encoding | z3 cpu s | sift cpu s | sift/z3 | z3 verdict | sift verdict |"
echo "|---|---|---|---|---|---|---|---|---|"
for r in "${table[@]}"; do
  IFS='|' read -r name design args encs <<< "$r"
  [[ -n ${ONLY:-} && ! $name =~ $ONLY ]] && continue
  for flag in ${encs:-plain -stdt}; do
    [[ $flag == plain ]] && flag=
    cmd="yosys-smtbmc -s z3 $args $out/$design$flag.smt2"
    log=$out/$name$flag
    rm -f "$log.z3" "$log.sift"
    fb=$(pair "$runs" "PATH=$out/sift:\$PATH exec timeout $limit $cmd >> $log.sift 2>&1" \
      "PATH=$out/z3:\$PATH exec timeout $limit $cmd >> $log.z3 2>&1")
    med() { echo "$fb" | awk -v k="$1" '$0 ~ "^"k {print $(NF-1)}'; }
    echo "| $name | ${design#pub-} | \`$args\` | ${flag:-plain} | $(med 'B cpu s') | $(med 'A cpu s') | $(med 'A/B cpu') | $(verdict "$log.z3") | $(verdict "$log.sift") |"
  done
done
[[ -n ${ONLY:-} ]] && exit 0
# The conversation as testdata/yosys/replay/README.md dumps it (the file
# engine.BenchmarkYosysReplay replays).
replay=$root/testdata/yosys/replay/demo-bmc400.smt2
echo
echo "Replay of the 400-step conversation of demo.sv ($(grep -c '^(check-sat)' "$replay") check-sats):"
pair 9 "$sift $replay" "z3 $replay"
echo
echo "sift symex net/url Parse (realcode, --max-len 4 --merge=none --max-paths 200), engine against --solver 'z3 -in':"
cd "$root"
symex="$sift symex net/url Parse --dir symex/testdata/realcode --max-len 4 --merge=none --max-paths 200"
pair "$runs" "$symex" "$symex --solver 'z3 -in'"
