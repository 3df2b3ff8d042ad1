#!/usr/bin/env bash
# yosys-smtbmc with z3 against yosys-smtbmc with sift (as `z3` on PATH) on
# the designs of testdata/yosys: the time of each run (farm-bench, median
# wall and cpu of 3 runs) and the step at which it passed or failed; then
# the 400-step BMC conversation, captured from z3, replayed to both.
# Usage: scripts/yosys-bench.sh [SIFT]   (default bin/sift; output in out/yosys)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sift=$(realpath "${1:-$root/bin/sift}")
out=$root/out/yosys
mkdir -p "$out/sift" "$out/cap"
printf '#!/bin/sh\nexec %s "$@"\n' "$sift" > "$out/sift/z3"
printf '#!/bin/bash\nexec %s "$@" < <(tee -a "$CAPTURE")\n' "$(command -v z3)" > "$out/cap/z3"
chmod +x "$out/sift/z3" "$out/cap/z3"
for d in counter overflow memory fifo; do
  yosys -q -p "read_verilog -formal $root/testdata/yosys/$d.sv; prep -top $d; async2sync; dffunmap; write_smt2 -wires $out/$d.smt2"
done
# name | design | smtbmc arguments
runs=(
  "bmc-20|counter|-t 20"
  "bmc-400|counter|-t 400"
  "induction|counter|-i -t 4"
  "cover|counter|-c -t 20"
  "bmc-fail|overflow|-t 15"
  "memory-10|memory|-t 10"
  "fifo-20|fifo|-t 20"
)
echo "| run | command | z3 wall s | sift wall s | z3 cpu s | sift cpu s | z3 verdict | sift verdict |"
echo "|---|---|---|---|---|---|---|---|"
for r in "${runs[@]}"; do
  IFS='|' read -r name design args <<< "$r"
  cmd="yosys-smtbmc -s z3 $args $out/$design.smt2"
  # The verdict, and the last step checked (or the step a cover was reached in).
  verdict() {
    local o; o=$(PATH=$1:$PATH $cmd 2>/dev/null || true)
    local step; step=$(echo "$o" | grep -oE '(in|Checking [a-z ]+ in) step [0-9]+' | tail -1 | grep -oE '[0-9]+$')
    echo "$(echo "$o" | grep -oE 'Status: [A-Z]+' | sed 's/Status: //') at step $step"
  }
  vz=$(verdict /usr/bin); vs=$(verdict "$out/sift")
  fb=$(farm-bench -n 3 --vs "env PATH=/usr/bin:$PATH $cmd" -- env PATH="$out/sift:$PATH" $cmd 2>&1)
  med() { echo "$fb" | awk -v k="$1" '$0 ~ "^"k {print $(NF-1)}'; }
  echo "| $name | \`yosys-smtbmc -s z3 $args $design.smt2\` | $(med 'B wall s') | $(med 'A wall s') | $(med 'B cpu s') | $(med 'A cpu s') | $vz | $vs |"
done
rm -f "$out/bmc400.smt2"
CAPTURE=$out/bmc400.smt2 PATH=$out/cap:$PATH yosys-smtbmc -s z3 -t 400 "$out/counter.smt2" > /dev/null
echo
echo "Replay of the 400-step conversation ($(grep -c check-sat "$out/bmc400.smt2") check-sats):"
farm-bench -n 5 --vs "z3 $out/bmc400.smt2" -- "$sift" "$out/bmc400.smt2" 2>&1 | grep -E '^(A|B) (cpu|wall)|^A/B'
