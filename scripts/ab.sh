#!/usr/bin/env bash
# ab.sh N A B: runs the shell commands A and B in turn, N times each, and
# prints the min, median and max of each one's wall and cpu seconds (user +
# sys of the whole process tree it waits for, from getrusage) and of the
# pairs' ratios A/B. Alternating keeps a drift of the machine's load from
# favouring either side. Output of A and B is discarded.
#
#   scripts/ab.sh 5 'bin/sift F' 'z3 F'
set -euo pipefail
if [[ $# -ne 3 ]]; then
  echo "usage: $0 N 'COMMAND A' 'COMMAND B'" >&2
  exit 2
fi
exec python3 - "$@" <<'PY'
import resource, statistics, subprocess, sys, time
n, cmds = int(sys.argv[1]), sys.argv[2:4]
wall, cpu = [[], []], [[], []]
for _ in range(n):
    for k, c in enumerate(cmds):
        r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
        subprocess.run(["sh", "-c", c], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        r1, t1 = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic()
        wall[k].append(t1 - t0)
        cpu[k].append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
def line(name, v):
    print(f"{name:9s} {min(v):.3f} {statistics.median(v):.3f} {max(v):.3f}")
for k, side in enumerate("AB"):
    line(side + " cpu s", cpu[k])
    line(side + " wall s", wall[k])
line("A/B cpu", [a / max(b, 1e-3) for a, b in zip(cpu[0], cpu[1])])
line("A/B wall", [a / max(b, 1e-3) for a, b in zip(wall[0], wall[1])])
PY
