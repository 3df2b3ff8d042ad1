#!/bin/sh
# none vs std on functions nobody here wrote, each pair run back to back:
# time to exhaust the bounded space (time_s, from --json), paths, queries,
# solver time, coverage and merge counts.
# Usage: go build -o /tmp/siftsymex ./symex/cmd/siftsymex &&
#        sh symex/testdata/merge_figures.sh [max-len ...]
# semver.IsValid needs a module: the script makes one under $SEMVER_DIR
# (default /tmp/semvermod) with golang.org/x/mod pinned at v0.24.0 (network:
# the Go module proxy), unless it exists.
bin=${SIFTSYMEX:-/tmp/siftsymex}
limit=${LIMIT:-300s}
out=${OUT:-/tmp/merge-figures}
sv=${SEMVER_DIR:-/tmp/semvermod}
mkdir -p "$out"
if [ ! -f "$sv/go.mod" ]; then
  mkdir -p "$sv" && (cd "$sv" &&
    printf 'module scratch/semver\n\ngo 1.26\n' >go.mod &&
    printf 'package main\n\nimport "golang.org/x/mod/semver"\n\nfunc main() { println(semver.IsValid("v1.0.0")) }\n' >main.go &&
    GOFLAGS=-mod=mod go get golang.org/x/mod@v0.24.0)
fi
lens=${*:-4 8}
printf '%-24s %4s %5s %9s %8s %8s %9s %6s %9s %7s\n' function len merge time_s paths queries solver_s exh coverage merged
for n in $lens; do
  while read -r dir pkg fn fix; do
    for m in none std; do
      j="$out/$fn-$n-$m.json"
      (cd "$dir" && nice -n 10 "$bin" "$pkg" "$fn" $fix --max-len "$n" --merge "$m" --timeout "$limit" --json "$j" >/dev/null 2>&1)
      python3 - "$j" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
c = s["coverage"]
print("%-24s %4d %5s %9.2f %8d %8d %9.2f %6s %4d/%-4d %7d" % (s["function"].split("/")[-1], s["max_len"], s["merge"],
      s["time_s"], s["paths"], s["queries"], s["solver_time_s"], "yes" if s["exhausted"] else "no",
      c["blocks_covered"], c["blocks_total"], s["states_merged"]))
PY
    done
  done <<LIST
/tmp strings IndexByte
/tmp strings TrimSpace
/tmp unicode/utf8 ValidString
/tmp strconv ParseUint --fix base=10 --fix bitSize=64
/tmp path Clean
/tmp encoding/hex DecodeString
$sv golang.org/x/mod/semver IsValid
LIST
done
