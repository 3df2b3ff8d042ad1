#!/usr/bin/env bash
# Installs the Debian packages sift needs, only those that are missing, so it is
# safe to run any number of times.
#   libcadical-dev  the SAT backend (static libcadical.a, ccadical.h)
#   libz3-dev       the Z3 fallback stage (cgo)
#   z3 cvc5 boolector  peer solvers for differential tests and `sift bench`
#   chromium chromium-driver  headless browser for the test of `sift bench`'s index.html
#   yosys           yosys-smtbmc, the pipe client of cmd/sift's TestYosysSMTBMC
set -euo pipefail
want=(libcadical-dev libz3-dev z3 cvc5 boolector chromium chromium-driver yosys)
missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
