#!/usr/bin/env bash
# Builds in release mode and runs the benchmark from the package root.
# Options pass through: --pages N (dog pages of 100, default 700), --replay-cases N (default 3000),
# --data FILE (default Fixtures/countries/restcountries-v3.1.json), --work DIR (default a temp folder).
# Then bench/serve.sh: serve against pact stub under wrk (skipped, saying how to get wrk, without it).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product dogpatch-contracts >/dev/null
swift build -c release --product dogpatch-bench >/dev/null
.build/release/dogpatch-bench "$@"
echo
bash bench/serve.sh
