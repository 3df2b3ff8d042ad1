#!/bin/sh
# none vs std (and any other --merge given in MERGES) on functions nobody
# here wrote, each function's runs back to back: time to exhaust the bounded
# space (time_s from --json, loading excluded, and cpu_s, the process's CPU
# time over the same span), paths, queries, solver time, coverage and merged
# states; the last column is cpu_s against none's (CPU time, since the wall
# time of a run moves with the load of a shared machine).
# Run from the repository root:
#   go build -o /tmp/siftsymex ./symex/cmd/siftsymex &&
#   (cd symex/testdata/realcode && go mod download) &&
#   sh symex/testdata/merge_figures.sh 4 8 12
# Environment: SIFTSYMEX (binary), LIMIT (--timeout per run, 300s), MERGES
# ("none std"), OUT (directory of the --json files, /tmp/merge-figures).
bin=${SIFTSYMEX:-/tmp/siftsymex}
limit=${LIMIT:-300s}
merges=${MERGES:-none std}
out=${OUT:-/tmp/merge-figures}
dir=$(cd "$(dirname "$0")/realcode" && pwd)
mkdir -p "$out"
echo "# $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg) limit: $limit"
printf '%-26s %4s %5s %9s %9s %7s %8s %9s %4s %9s %7s %7s\n' function len merge time_s cpu_s paths queries solver_s exh coverage merged vs_none
for n in ${*:-4 8}; do
  while read -r pkg fn fix; do
    base=""
    for m in $merges; do
      j="$out/$(echo "$pkg.$fn" | tr / _)-$n-$m.json"
      rm -f "$j"
      (cd "$dir" && nice -n 10 "$bin" "$pkg" "$fn" $fix --max-len "$n" --merge "$m" --timeout "$limit" --json "$j" >/dev/null 2>&1)
      if [ ! -f "$j" ]; then echo "$pkg.$fn $n $m: no summary"; continue; fi
      t=$(jq .cpu_s "$j")
      [ -z "$base" ] && base=$t
      jq -r --arg base "$base" '
        def r: . * 100 | round / 100 | tostring;
        def pad(n): tostring | " " * (n - length) + .;
        "\(.function | split("/") | last | .[0:26] | . + " " * (26 - length)) \(.max_len | pad(4)) \(.merge | pad(5)) \(.time_s | r | pad(9)) \(.cpu_s | r | pad(9)) \(.paths | pad(7)) \(.queries | pad(8)) \(.solver_time_s | r | pad(9)) \(if .exhausted then "yes" else "no" end | pad(4)) \("\(.coverage.blocks_covered)/\(.coverage.blocks_total)" | pad(9)) \(.states_merged | pad(7)) \(if ($base | tonumber) > 0 then .cpu_s / ($base | tonumber) else 0 end | r | pad(7))"' "$j"
    done
  done <<LIST
strings IndexByte
strings TrimSpace
unicode/utf8 ValidString
strconv ParseUint --fix base=10 --fix bitSize=64
path Clean
encoding/hex DecodeString
golang.org/x/mod/semver IsValid
LIST
done
