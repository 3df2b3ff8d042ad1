#!/bin/sh
# Issue 31's executor-speed figures (docs/bench/symex-speed/README.md).
#
#   scripts/symex-speed.sh exhaust OUT LIMIT < rows
#       CPU seconds (user+sys, /usr/bin/time) to exhaust each row at 4, 8
#       and 16 bytes under --merge=none and the default (pat), a larger
#       bound skipped once a smaller one hit LIMIT (--cpu-limit).
#   scripts/symex-speed.sh queries OUT LIMIT < rows
#       per-query solver CPU time (the solver line's query-median-ms and
#       query-p90-ms) under --merge=none with the engine and with
#       --solver 'z3 -in'.
#   scripts/symex-speed.sh same OUT LIMIT < rows
#       the queries figures on the same question sequence: each row runs
#       under --merge=none (MERGE) with the engine and with --solver 'z3 -in',
#       both bounded by MAXPATHS paths (default 200) and LIMIT, each
#       writing its questions out (--emit-smt2); the line says whether the
#       two runs asked the same questions (same: yes, or how many of the
#       engine's and z3's questions both asked) and their path counts.
#
# A row is: package function [flags...]; for queries, package function
# max-len [flags...]; for same, dir package function max-len [flags...],
# dir "." for symex/testdata/realcode (a panic corpus work module, say
# out/panics/qs/work/ID/vulnerable, for the others). One line per run goes to OUT/exhaust.tsv or
# OUT/queries.tsv, each run's report to OUT/runs/. SIFT names the binary
# (default bin/sift).
set -eu
mode=$1 out=$2 limit=$3
sift=${SIFT:-bin/sift}
dir=symex/testdata/realcode
mkdir -p "$out/runs"
case $mode in
exhaust)
	while read -r pkg fn extra; do
		for m in none pat; do
			for n in 4 8 16; do
				f="$out/runs/$(echo "$pkg.$fn" | tr / _).$n.$m"
				# shellcheck disable=SC2086
				/usr/bin/time -f "%U %S" -o "$f.time" "$sift" symex "$pkg" "$fn" --dir "$dir" --max-len "$n" \
					--merge="$m" --cpu-limit "$limit" --max-memory 3000 $extra >"$f.txt" 2>&1 || true
				cpu=$(awk '{printf "%.2f", $1+$2}' "$f.time")
				stop=$(sed -n 's/^stopped: //p' "$f.txt")
				paths=$(sed -n 's/^paths \([0-9]*\).*/\1/p' "$f.txt")
				printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg.$fn" "$m" "$n" "$cpu" "$paths" "$stop" >>"$out/exhaust.tsv"
				[ -n "$stop" ] && break
			done
		done
	done
	;;
queries)
	while read -r pkg fn n extra; do
		for s in engine "z3 -in"; do
			f="$out/runs/$(echo "$pkg.$fn" | tr / _).$n.$(echo "$s" | tr -d ' ')"
			# shellcheck disable=SC2086
			"$sift" symex "$pkg" "$fn" --dir "$dir" --max-len "$n" --merge=none --cpu-limit "$limit" \
				--max-memory 3000 --solver "$s" $extra >"$f.txt" 2>&1 || true
			q=$(sed -n 's/^queries \([0-9]*\).*/\1/p' "$f.txt")
			be=$(grep -o 'backend=[0-9]*' "$f.txt" | cut -d= -f2)
			med=$(grep -o 'query-median-ms=[0-9.]*' "$f.txt" | cut -d= -f2)
			p90=$(grep -o 'query-p90-ms=[0-9.]*' "$f.txt" | cut -d= -f2)
			stop=$(sed -n 's/^stopped: //p' "$f.txt")
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg.$fn" "$n" "$s" "$q" "$be" "$med" "$p90" "$stop" >>"$out/queries.tsv"
		done
	done
	;;
same)
	sift=$(realpath "$sift")
	while read -r d pkg fn n extra; do
		[ "$d" = . ] && d=$dir
		base="$out/runs/$(echo "$pkg.$fn" | tr / _).$n"
		for s in engine "z3 -in"; do
			f="$base.$(echo "$s" | tr -d ' ')"
			rm -rf "$f.emit"
			# shellcheck disable=SC2086
			/usr/bin/time -f "%U %S" -o "$f.time" "$sift" symex "$pkg" "$fn" --dir "$d" --max-len "$n" --merge="${MERGE:-none}" \
				--cpu-limit "$limit" --max-paths "${MAXPATHS:-200}" --max-memory 3000 --solver "$s" \
				--emit-smt2 "$f.emit" $extra >"$f.txt" 2>&1 || true
		done
		e="$base.engine" z="$base.z3-in"
		# The questions both runs asked, as a multiset of their texts.
		for f in "$e" "$z"; do
			(cd "$f.emit" 2>/dev/null && for q in *; do md5sum <"$q"; done) | sort >"$f.sums"
		done
		ne=$(wc -l <"$e.sums") nz=$(wc -l <"$z.sums")
		common=$(comm -12 "$e.sums" "$z.sums" | wc -l)
		same="$common of $ne/$nz"
		[ "$common" = "$ne" ] && [ "$ne" = "$nz" ] && same=yes
		for f in "$e" "$z"; do
			set -- "$(sed -n 's/^paths \([0-9]*\).*/\1/p' "$f.txt")" \
				"$(grep -o 'backend=[0-9]*' "$f.txt" | cut -d= -f2)" \
				"$(grep -o 'query-median-ms=[0-9.]*' "$f.txt" | cut -d= -f2)" \
				"$(grep -o 'query-p90-ms=[0-9.]*' "$f.txt" | cut -d= -f2)" \
				"$(awk '{printf "%.2f", $1+$2}' "$f.time")" "$(sed -n 's/^stopped: //p' "$f.txt")"
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg.$fn" "$n" "${f##*.}" "$1" "$2" "$3" "$4" "$5" \
				"$same" "$6" >>"$out/same.tsv"
		done
		rm -rf "$e.emit" "$z.emit"
	done
	;;
*)
	echo "usage: $0 exhaust|queries|same OUT LIMIT < rows" >&2
	exit 2
	;;
esac
