#!/bin/bash
# A sift bench campaign over ssh hosts with GNU parallel: one shard per job, results copied back.
#
#   scripts/bench/parallel-ssh.sh HOSTFILE N SUITE OUTROOT [sift bench run flags…]
#
# HOSTFILE is GNU parallel's --sshloginfile (lines like "2/user@host": 2 jobs on that host). Every host needs
# sift, the peer solvers and the suite at the same paths as here. Each shard runs in
# OUTROOT/shard-I-of-N on its host and is copied back with --return; then the shards are merged here.
set -euo pipefail
hosts=$1 n=$2 suite=$3 outroot=$4
shift 4
mkdir -p "$outroot"
cd "$outroot"
seq 1 "$n" | parallel --sshloginfile "$hosts" --return "shard-{}-of-$n" --cleanup \
  --halt never "sift bench run '$suite' --shard {}/$n -j 1 -o shard-{}-of-$n --quiet $*"
sift bench merge shard-*-of-"$n" -o merged
