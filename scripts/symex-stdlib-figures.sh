#!/bin/sh
# Paths, queries and solver time per stage for the stdlib functions of the
# symex tests at --max-len 4, 8 and 16 (each run limited to 60 s).
# Usage: go build -o bin/sift ./cmd/sift && sh scripts/symex-stdlib-figures.sh
# (from the repository root; SIFT names another binary).
bin=${SIFT:-bin/sift}
for n in 4 8 16; do
  for f in "unicode/utf8 ValidString" "strings IndexByte" "strconv ParseUint --fix base=10 --fix bitSize=64" "path Clean"; do
    echo "== $f --max-len $n"
    $bin symex $f --max-len $n --timeout 60s | grep -E '^(paths|queries|stopped|solver)'
  done
done
