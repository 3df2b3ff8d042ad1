#!/bin/sh
# Runs sift symex's package mode on the package of each bug of the panic
# corpus (docs/symex/reach.md), one --json summary per package.
# The work modules come from `go run ./cmd/panicbench run` (under OUT/work);
# every run uses the bug's vulnerable version.
# Usage: scripts/symex-reach.sh SIFT WORK OUT [ID...]
#   SIFT  the sift binary; WORK  panicbench's work directory (e.g.
#   out/panics/setup/work); OUT  where ID.json and ID.log go; IDs: the bugs
#   (default: the dev split). SYMEX_FLAGS adds flags (default
#   "--stop-at-panic --budget 5s").
set -eu
sift=$1 work=$2 out=$3
shift 3
manifest=${MANIFEST:-bench/panics/manifest.json}
flags=${SYMEX_FLAGS:---stop-at-panic --budget 5s}
if [ $# -eq 0 ]; then
	set -- $(jq -r '.bugs[] | select(.split == "dev") | .id' "$manifest")
fi
mkdir -p "$out"
for id in "$@"; do
	pkg=$(jq -r --arg id "$id" '.bugs[] | select(.id == $id) | .package' "$manifest")
	dir=$work/$id/vulnerable
	echo "$(date -u +%H:%M:%S) $id $pkg" >&2
	# shellcheck disable=SC2086
	/usr/bin/time -f '%U user %S sys %M KiB' "$sift" symex --dir "$dir" "$pkg" $flags \
		--json "$out/$id.json" >"$out/$id.log" 2>&1 || echo "$id: exit $?" >&2
done
