#!/usr/bin/env bash
# Builds in release mode and runs the benchmark from the package root.
# Options pass through: --pages N (dog pages of 100, default 700), --replay-cases N (default 3000),
# --data FILE (default Fixtures/countries/restcountries-v3.1.json), --work DIR (default a temp folder).
# Then bench/serve.sh: serve against pact stub under wrk (skipped, saying how to get wrk, without it).
# --check: exit 1 when a target is MISSED, naming each (targets not measured are named too).
# The figures go to stdout; a line as each step starts and ends goes to stderr (`bench: ...`).
set -euo pipefail
cd "$(dirname "$0")/.."

check=no
options=()
for argument in "$@"; do
    if [ "$argument" = --check ]; then check=yes; else options+=("$argument"); fi
done

now() { date +%s%N; }
seconds_since() { awk -v n=$(( $(now) - $1 )) 'BEGIN { printf "%.1f", n / 1e9 }'; }

figures="$(mktemp)"
build_log="$(mktemp)"
trap 'rm -f "$figures" "$build_log"' EXIT

echo "bench: release build of dogpatch-contracts and dogpatch-bench ..." >&2
start=$(now)
for product in dogpatch-contracts dogpatch-bench; do
    swift build -c release --product "$product" > "$build_log" 2>&1 || { cat "$build_log" >&2; exit 1; }
done
echo "bench: release build of dogpatch-contracts and dogpatch-bench done in $(seconds_since "$start") s" >&2

# The figures still reach stdout as they are printed; a copy is kept for --check.
.build/release/dogpatch-bench ${options[@]+"${options[@]}"} | tee "$figures"
echo
echo "bench: serve against pact stub (bench/serve.sh) ..." >&2
start=$(now)
bash bench/serve.sh | tee -a "$figures"
echo "bench: serve against pact stub (bench/serve.sh) done in $(seconds_since "$start") s" >&2

if [ "$check" = yes ]; then
    missed="$(grep -w MISSED "$figures" || true)"
    unmeasured="$(grep -E '(: skipped|^not measured)' "$figures" || true)"
    met=$(grep -cwE '^met|met$' "$figures" || true)
    if [ -n "$unmeasured" ]; then
        echo "bench: --check: not measured, so not checked:" >&2
        sed 's/^ */  /' <<< "$unmeasured" >&2
    fi
    if [ -n "$missed" ]; then
        echo "bench: --check: $(wc -l <<< "$missed") of $(( met + $(wc -l <<< "$missed") )) targets MISSED:" >&2
        sed 's/^ */  /' <<< "$missed" >&2
        exit 1
    fi
    echo "bench: --check: all $met targets met" >&2
fi
