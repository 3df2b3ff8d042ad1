#!/bin/sh
# Issue 15's heap-merging benchmark: none vs std vs qhv (seed 002) on code
# with pointers, each function's runs back to back: CPU time of the
# exploration (cpu_s from --json, the process's CPU time, robust on a
# shared machine), paths, queries, solver time, merges, refusals by reason,
# coverage; the last column is cpu_s against none's in the same run.
# Run from the repository root:
#   go build -o bin/sift ./cmd/sift &&
#   (cd symex/testdata/realcode && go mod download) &&
#   sh scripts/symex-heap-figures.sh 3 4
# Environment: SIFT (binary, bin/sift), LIMIT (--timeout per run, 120s), MERGES
# ("none std qhv"), OUT (directory of the --json files, out/symex-heap-merge),
# EXTRA (more flags for every run, e.g. --no-value-sets; --qhv-model=paper for
# qhv in the paper's form, sift's being the default).
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$root" && realpath "${SIFT:-bin/sift}")
limit=${LIMIT:-120s}
merges=${MERGES:-none std qhv}
extra=${EXTRA:-}
out=${OUT:-$root/out/symex-heap-merge}
here=$root/symex/testdata
mkdir -p "$out"
out=$(cd "$out" && pwd)
echo "# $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg) limit: $limit flags: $extra"
printf '%-18s %4s %5s %8s %7s %8s %8s %6s %-22s %9s %4s %7s\n' function len merge cpu_s paths queries solver_s merges refused coverage exh vs_none
for n in ${*:-3 4}; do
  while read -r dir pkg fn fix; do
    base=""
    for m in $merges; do
      j="$out/$(echo "$pkg.$fn" | tr / _)-$n-$m$(echo "$extra" | tr -d ' -').json"
      rm -f "$j"
      (cd "$here/$dir" && nice -n 10 "$bin" symex "$pkg" "$fn" $fix --max-len "$n" --merge "$m" --timeout "$limit" $extra --json "$j" >/dev/null 2>&1)
      if [ ! -f "$j" ]; then echo "$pkg.$fn $n $m: no summary"; continue; fi
      t=$(jq .cpu_s "$j")
      [ -z "$base" ] && base=$t
      jq -r --arg base "$base" '
        def r: . * 1000 | round / 1000 | tostring;
        def pad(n): tostring | " " * (n - length) + .;
        def lpad(n): tostring | . + " " * (n - length);
        "\(.function | split("/") | last | .[0:18] | lpad(18)) \(.max_len | pad(4)) \(.merge | pad(5)) \(.cpu_s | r | pad(8)) \(.paths | pad(7)) \(.queries | pad(8)) \(.solver_time_s | r | pad(8)) \((.merge_stats.merges // 0) | pad(6)) \((.merge_stats.refused // {}) | to_entries | map("\(.key | gsub(" "; "-")):\(.value)") | join(",") | if . == "" then "-" else . end | lpad(22)) \("\(.coverage.blocks_covered)/\(.coverage.blocks_total)" | pad(9)) \(if .exhausted then "yes" else "no" end | pad(4)) \(if ($base | tonumber) > 0 then .cpu_s / ($base | tonumber) else 0 end | r | pad(7))"' "$j"
    done
  done <<LIST
heapbench . ListOps
heapbench . ListMove
heapbench . RingWalk
heapbench . BST
heapbench . Tokens
seed002 . Push
realcode github.com/Masterminds/semver/v3 StrictNewVersion
realcode github.com/blang/semver/v4 Parse
realcode net/url Parse
LIST
done
