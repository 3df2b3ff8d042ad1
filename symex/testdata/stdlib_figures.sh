#!/bin/sh
# Paths, queries and solver time per stage for the stdlib functions of the
# symex tests at --max-len 4, 8 and 16 (each run limited to 60 s).
# Usage: go build -o /tmp/siftsymex ./symex/cmd/siftsymex && sh symex/testdata/stdlib_figures.sh
bin=${SIFTSYMEX:-/tmp/siftsymex}
for n in 4 8 16; do
  for f in "unicode/utf8 ValidString" "strings IndexByte" "strconv ParseUint --fix base=10 --fix bitSize=64" "path Clean"; do
    echo "== $f --max-len $n"
    $bin $f --max-len $n --timeout 60s | grep -E '^(paths|queries|stopped|solver)'
  done
done
