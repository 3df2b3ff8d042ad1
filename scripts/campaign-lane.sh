#!/bin/bash
# One lane of the issue-17 differential campaign (docs/bench/campaign): runs
# shards of N formulas of one generator, with seeds FIRST, FIRST+STEP, …, one
# after another, until UNTIL (seconds since the epoch) or until $OUT/STOP
# exists. Each shard logs to $OUT/GEN-SEED.log: its progress every 1,000
# formulas (so a shard cut short still counts), its report, and its wall and
# CPU time (children included). Several lanes share a machine.
#   go test -c -o difftest.test ./internal/difftest
#   go test -c -o quant.test ./quant
#   scripts/campaign-lane.sh ./difftest.test QFBV 1001 3 20000 $(date -d '+1 hour' +%s) &
# GEN is QFBV, Arrays or Quant (TestDifferentialGEN of internal/difftest) or
# Merge (TestMergeCampaign of quant, with the quant test binary).
set -u
bin=$1 gen=$2 seed=$3 step=$4 n=$5 until=$6
out=${OUT:-/tmp/campaign/out}
mkdir -p "$out"
while [ "$(date +%s)" -lt "$until" ] && [ ! -e "$out/STOP" ]; do
	log=$out/$gen-$seed.log
	echo "start $(date -u +%FT%TZ) $(uptime)" >"$log"
	if [ "$gen" = Merge ]; then
		SIFT_MERGE_CAMPAIGN_N=$n SIFT_MERGE_CAMPAIGN_SEED=$seed /usr/bin/time -f "time wall %e user %U sys %S" \
			nice -n 10 "$bin" -test.run 'TestMergeCampaign$' -test.v -test.count=1 -test.timeout 0 >>"$log" 2>&1
	else
		SIFT_DIFF_N=$n SIFT_DIFF_SEED=$seed SIFT_DIFF_PROGRESS=1000 /usr/bin/time -f "time wall %e user %U sys %S" \
			nice -n 10 "$bin" -test.run "TestDifferential$gen\$" -test.v -test.count=1 -test.timeout 0 >>"$log" 2>&1
	fi
	echo "end $(date -u +%FT%TZ) rc=$? $(uptime)" >>"$log"
	seed=$((seed + step))
done
