#!/bin/sh
# Times parsing alone: sift and z3 on the parser's stress scripts of
# internal/blowup (definition chains, deep and wide terms) with their
# check-sat removed, so that each process only reads the script. Prints the
# wall and CPU time (user + system) of each process and the CPU throughput.
# With BEFORE set to another sift binary, that one runs too (a before/after
# comparison in the same run).
# Usage: scripts/parse-compare.sh [N [LIMIT_S]]   (from the repository root,
# after make build; N is the scripts' size, LIMIT_S bounds each process)
set -eu
n=${1:-20000}
limit=${2:-60}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go run ./cmd/blowup -parse "$n" -o "$dir/gen"
echo "# $(uptime)"
printf 'file\tMB\tsolver\twall_s\tcpu_s\tcpu_MB/s\texit\n'
for g in "$dir"/gen/*.smt2; do
	f="$dir/$(basename "$g")"
	grep -v '^(check-sat)$' "$g" >"$f"
	mb=$(echo "scale=3; $(stat -c %s "$f") / 1000000" | bc)
	for solver in ${BEFORE:+before} sift z3; do
		case $solver in
		before) set -- "$BEFORE" "$f" ;;
		sift) set -- bin/sift "$f" ;;
		z3) set -- z3 "$f" ;;
		esac
		code=0
		/usr/bin/time -f '%e %U %S' -o "$dir/time" timeout "$limit" "$@" >"$dir/out" 2>&1 || code=$?
		tail -n 1 "$dir/time" | {
			read -r wall user sys
			cpu=$(echo "$user + $sys" | bc)
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(basename "$f" .smt2)" "$mb" "$solver" "$wall" "$cpu" \
				"$(echo "scale=2; $mb / ($cpu + 0.001)" | bc)" "$code"
		}
		if [ -s "$dir/out" ]; then
			echo "  output: $(head -c 200 "$dir/out")"
		fi
	done
done
echo "# $(uptime)"
