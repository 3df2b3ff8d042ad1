#!/bin/sh
# A held-out proxy suite for issue 33: the files of two of the dev suite's
# sources that the dev suite does not hold (semantic-fusion-seeds BV, QF_ABV
# and a fixed sample of 80 QF_BV; Q3B's tests/data), pinned, run with sift,
# sift --no-fallback, z3 and cvc5 side by side and compared file by file with
# the peers of the same run. Needs the network for the two clones, unless
# SFS_GIT and Q3B_GIT name git directories (clones or bare) that hold the commits.
#   usage: scripts/heldout-proxy.sh [OUT] [SIFT]      (OUT=out/heldout, SIFT=bin/sift)
set -eu
out=${1:-out/heldout}
sift=${2:-bin/sift}
manifest=../shared/bench/MANIFEST.tsv
sfs_commit=93029d5e832fbba80dcda7e6032e60fbc861ed39
q3b_commit=717377fd82e40fde4f33b65ac4b1a374bc45bac4
[ -f "$manifest" ] || { echo "heldout-proxy: $manifest is absent (the dev suite's list is needed to leave its files out)" >&2; exit 1; }
mkdir -p "$out/src"
fetch() { # repo dir
	[ -d "$out/src/$2" ] || git clone -q --bare "https://github.com/$1" "$out/src/$2"
	echo "$out/src/$2"
}
sfs_git=${SFS_GIT:-$(fetch testsmt/semantic-fusion-seeds sfs)}
q3b_git=${Q3B_GIT:-$(fetch martinjonas/Q3B q3b)}
cut -f1 "$manifest" > "$out/dev-paths"
suite=$out/suite
rm -rf "$suite"
# pick SRC GIT COMMIT FILTER: the files matching FILTER that the dev suite does not list.
pick() {
	git -C "$2" ls-tree -r --name-only "$3" | grep -E "$4" | grep -vxFf "$out/dev-paths.$1" || true
}
sed -n 's#^semantic-fusion-seeds/##p' "$out/dev-paths" > "$out/dev-paths.sfs"
sed -n 's#^q3b/##p' "$out/dev-paths" > "$out/dev-paths.q3b"
{
	pick sfs "$sfs_git" $sfs_commit '^(BV|QF_ABV)/.*\.smt2$' | sed "s#^#sfs $sfs_git $sfs_commit #"
	# a fixed sample: every 75th QF_BV file in the repository's order
	pick sfs "$sfs_git" $sfs_commit '^QF_BV/.*\.smt2$' | awk 'NR % 75 == 1' | sed "s#^#sfs $sfs_git $sfs_commit #"
	pick q3b "$q3b_git" $q3b_commit '\.smt2$' | sed "s#^#q3b $q3b_git $q3b_commit #"
} > "$out/files"
while read -r src git commit f; do
	mkdir -p "$suite/$src/$(dirname "$f")"
	git -C "$git" show "$commit:$f" > "$suite/$src/$f"
done < "$out/files"
echo "heldout-proxy: $(wc -l < "$out/files") files in $suite" >&2
run=$out/run
"$sift" bench run "$suite" --solver sift="$sift" --solver "nofb=$sift --no-fallback -t {timeout} {file}" \
	--solver z3 --solver cvc5 -t 20s -j 2 -q -o "$run"
"$sift" bench peers "$run" --peer z3 --peer cvc5 --top 20
