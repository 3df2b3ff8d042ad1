#!/bin/sh
# Runs sift on the blow-up scripts of internal/blowup (wide mul/div chains,
# deep store chains, huge ite trees, wide shifters) under a per-check limit,
# with and without the Z3 fallback, next to z3 with the same limit, and
# prints each process's wall time, its ratio to the limit, its CPU time (user
# + system, children included: z3's worker), the time sift's check took
# from check-sat to the answer (from --trace; "-" for z3), the answer and the
# exit status, with the load before and after. Fails if
# a sift run outlives BOUND seconds (default: twice the limit; a generous
# bound: the figures are the point), answers against a known status, or
# crashes (no answer, or killed by a signal, as an OOM kill is).
# With AS set (bytes), every solver runs under that address-space cap
# (prlimit --as), as issue 17 asks with a 4 GB cap:
#   AS=4294967296 scripts/limits.sh 20 22
# Usage: scripts/limits.sh [LIMIT_S [BOUND_S]]   (from the repository root,
# after make build)
set -eu
limit=${1:-2}
bound=${2:-$((limit * 2))}
cap=""
if [ -n "${AS:-}" ]; then
	cap="prlimit --as=$AS"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go run ./cmd/blowup -o "$dir"
fail=0
echo "# $(uptime)"
printf 'solver\tfile\tlimit_s\twall_s\twall/limit\tcpu_s\tcheck_s\tanswer\texit\n'
for f in "$dir"/*.smt2; do
	status=$(sed -n 's/.*:status \([a-z]*\).*/\1/p' "$f")
	for solver in sift sift-nofallback z3; do
		case $solver in
		sift) set -- bin/sift --trace -t "$limit" "$f" ;;
		sift-nofallback) set -- bin/sift --trace --no-fallback -t "$limit" "$f" ;;
		z3) set -- z3 -T:"$limit" "$f" ;;
		esac
		start=$(date +%s.%N)
		code=0
		/usr/bin/time -f '%U %S' -o "$dir/cpu" timeout $((bound * 3)) $cap "$@" >"$dir/out" 2>"$dir/err" || code=$?
		end=$(date +%s.%N)
		ans=$(head -n 1 "$dir/out")
		wall=$(echo "$end - $start" | bc)
		cpu=$(tail -n 1 "$dir/cpu" | awk '{print $1 + $2}')
		check=$(sed -n 's/^; check-sat: .* in \(.*\)$/\1/p' "$dir/err" | head -n 1)
		printf '%s\t%s\t%s\t%.2f\t%.3f\t%s\t%s\t%s\t%s\n' "$solver" "$(basename "$f" .smt2)" "$limit" "$wall" \
			"$(echo "$wall / $limit" | bc -l)" "$cpu" "${check:--}" "${ans:-none}" "$code"
		case $solver in z3) continue ;; esac
		if [ "$(echo "$wall > $bound" | bc)" = 1 ]; then
			echo "FAIL: $solver on $(basename "$f") took ${wall}s (bound ${bound}s)" >&2
			fail=1
		fi
		if [ "$code" -ne 0 ] || [ -z "$ans" ]; then
			echo "FAIL: $solver on $(basename "$f") exited $code: $(tail -n 3 "$dir/out" "$dir/err")" >&2
			fail=1
		fi
		if [ -n "$status" ] && [ "$ans" != "$status" ] && [ "$ans" != unknown ]; then
			echo "FAIL: $solver on $(basename "$f") answered $ans, status $status" >&2
			fail=1
		fi
	done
done
echo "# $(uptime)"
exit $fail
