#!/usr/bin/env bash
# Runs the fuzz test longer: scripts/fuzz.sh [MUTANTS] [SEED]
# Every mutant is a mutated contract or fixture; the tool must exit 0, 1 or 2 and explain each failure.
set -euo pipefail
cd "$(dirname "$0")/.."
mutants="${1:-2000}"
seed="${2:-$(date +%s)}"
echo "fuzzing ${mutants} mutants with seed ${seed}"
DOGPATCH_FUZZ_MUTANTS="$mutants" DOGPATCH_FUZZ_SEED="$seed" swift test --filter FuzzTests
