#!/usr/bin/env bash
# Compares the output of two builds of dogpatch-contracts, byte for byte: a refactor must leave
# every command's text, JSON, JUnit and GitHub output, every help and every file a command writes
# as they were (issue 31).
#
#   scripts/compare-output.sh BASE_REV [HEAD_REV]
#
# Builds the tool (debug: `swift build --product dogpatch-contracts`) at BASE_REV in a temporary
# git worktree with its own .build, and at HEAD_REV the same way, or, without HEAD_REV, in this
# working tree (uncommitted changes included, in its own .build). Then runs a fixed list of
# scenarios with each binary: every help and --version; verify in every format and with its
# options, list, explain, add, record and verify --live (against a closed loopback port), mutate
# (and mutate --update narrowed by --filter, a path or --max), coverage, export, serve's refusals
# and the error cases, on a copy of the repository's suite (its contracts/, Fixtures/ and
# profiles/); verify, list, export, add --har and mutate on the benchmark's corpora, written once
# by HEAD's `dogpatch-bench corpus` and given to both binaries; and the live paths against a
# running `serve` (below). Suite, corpora, HAR archives and server are HEAD's, so both binaries
# read the same inputs.
#
# For each scenario it compares standard output, standard error, the exit status of each run, the
# list of files in the suite folder afterwards and the bytes of every file the scenario wrote
# (reports, exports, profiles, mutants, the contracts and fixtures add and mutate --update write).
# Both binaries run in the same folder, recreated from the same copy for each run, with the same
# environment (env -i: PATH, HOME and TMPDIR inside the temporary folder, LANG=C.UTF-8), so
# absolute paths in the output agree and need no rewriting.
#
# The live paths: the HEAD binary's `serve` is started once, on a free loopback port (--port 0; the
# base URLs are read from the first lines it prints), on a drifted copy of the suite: France's
# capital changed (its recorded case breaks), the United States' fixture without "area" and with
# "fifa" (its recorded case changes but passes), a peru contract whose case sends extra headers, and
# a slowland contract whose case waits 10 s (delayMs). Both binaries then run verify --live (every
# format and option, a 1 s --timeout against slowland), record (a case that changes, one that
# breaks), record --force, and add --live (a new contract, existing ones, a 404, the error cases)
# against it, every request sent to that port by --base-url for both APIs, with http_proxy and
# https_proxy set to a closed loopback port (no_proxy=127.0.0.1) so that a request meant for
# anywhere else fails instead of leaving the machine. Both binaries see the same port within a run,
# so the URLs need no rewriting. serve is stopped on exit (trap); its log is logs/serve.err (kept
# with COMPARE_OUTPUT_KEEP=1).
#
# Its normalisations, and only these:
#   - JUnit's time="SECONDS" attributes (how long a case took) become time="(time)";
#   - the duration that ends the text summary line of verify and mutate, " in 1.2 s", becomes
#     " in (time)";
#   - in the live scenarios only, the time of the recording stamp add --live and record write,
#     "recorded": { "url": "...", "at": "RFC 3339 TIME" }, becomes "at": "(time)" (in the files
#     and in anything printed).
# Nothing else is rewritten: a difference anywhere else is reported. (The live outputs print no
# durations besides these: the timeout they report is the --timeout given.)
#
# Prints a line a scenario, `same`, or `DIFFERENT` with where each differing file first differs and
# the head of the diff; then a summary. Exits 0 when every scenario is the same, 1 when one
# differs, 2 when a build, the corpus or serve fails. Needs no network (the package has no
# dependencies; nothing reaches past 127.0.0.1). Writes only in its temporary folder (removed on exit;
# COMPARE_OUTPUT_KEEP=1 keeps the outputs there), in git's list of worktrees while the temporary
# ones exist (they are removed on exit) and, without HEAD_REV, in this working tree's .build.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
    echo "usage: scripts/compare-output.sh BASE_REV [HEAD_REV]   (HEAD_REV: default the working tree)" >&2
    exit 2
fi
base_rev="$1"
head_rev="${2:-}"
for rev in "$base_rev" ${head_rev:+"$head_rev"}; do
    git rev-parse --verify --quiet "$rev^{commit}" > /dev/null || {
        echo "compare-output: '$rev' is not a commit of this repository" >&2
        exit 2
    }
done

now() { date +%s%N; }
seconds_since() { awk -v n=$(($(now) - $1)) 'BEGIN { printf "%.1f", n / 1e9 }'; }
started=$(now)

work="$(mktemp -d "${TMPDIR:-/tmp}/compare-output.XXXXXX")"
worktrees=()
serve_pid=
cleanup() {
    # The live section's server: SIGTERM (it closes its connections and exits 0), SIGKILL after 10 s.
    if [ -n "$serve_pid" ] && kill -0 "$serve_pid" 2> /dev/null; then
        kill -TERM "$serve_pid" 2> /dev/null || true
        for _ in $(seq 100); do
            kill -0 "$serve_pid" 2> /dev/null || break
            sleep 0.1
        done
        kill -KILL "$serve_pid" 2> /dev/null || true
        wait "$serve_pid" 2> /dev/null || true
    fi
    for tree in ${worktrees[@]+"${worktrees[@]}"}; do
        git -C "$repo" worktree remove --force "$tree" 2> /dev/null || true
    done
    [ ${#worktrees[@]} -eq 0 ] || git -C "$repo" worktree prune 2> /dev/null || true
    if [ "${COMPARE_OUTPUT_KEEP:-}" = 1 ]; then
        rm -rf "$work/src" "$work/run" "$work/suites"
        echo "compare-output: outputs kept in $work/out" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
mkdir -p "$work/src" "$work/logs" "$work/out" "$work/suites" "$work/bin" "$work/home" "$work/tmp"

# build SIDE REV PRODUCT...: builds the products at REV in a temporary worktree (REV empty: in this
# working tree); sets source to the tree and bin to the folder of its binaries.
build() {
    local side=$1 rev=$2 product
    shift 2
    if [ -n "$rev" ]; then
        source="$work/src/$side"
        worktrees+=("$source")
        git -C "$repo" worktree add --quiet --detach "$source" "$rev" > "$work/logs/$side-worktree.log" 2>&1 || {
            cat "$work/logs/$side-worktree.log" >&2
            return 1
        }
    else
        source="$repo"
    fi
    for product in "$@"; do
        if ! (cd "$source" && swift build --product "$product") > "$work/logs/$side-$product.log" 2>&1; then
            echo "compare-output: the build of $product at ${rev:-the working tree} failed:" >&2
            grep -E "error:" "$work/logs/$side-$product.log" | sort -u | head -20 >&2
            return 1
        fi
    done
    bin="$(cd "$source" && swift build --show-bin-path)"
}

echo "compare-output: debug build of dogpatch-contracts at $base_rev ($(git rev-parse --short "$base_rev")) ..."
step=$(now)
build base "$base_rev" dogpatch-contracts || exit 2
base_bin="$bin"
echo "compare-output: done in $(seconds_since "$step") s"
echo "compare-output: debug build of dogpatch-contracts and dogpatch-bench at ${head_rev:-the working tree} ..."
step=$(now)
build head "$head_rev" dogpatch-contracts dogpatch-bench || exit 2
head_bin="$bin"
head_source="$source"
echo "compare-output: done in $(seconds_since "$step") s"

# The inputs, HEAD's, made once. Every file's time is set to 2000-01-01 so that afterwards a file a
# scenario wrote is one newer than that (cp -p keeps the times in each run's copy).
suites="$work/suites"
mkdir -p "$suites/repo" "$suites/empty" "$suites/extras"
for folder in contracts Fixtures profiles; do
    cp -R "$head_source/$folder" "$suites/repo/"
done
cp -R "$head_source/schema/examples" "$suites/extras/schema-examples"
# The real browser and proxy exports add --har's tests read (wherever the test layout keeps them).
find "$head_source/Tests" -path '*/Archives/*.har' -exec cp {} "$suites/extras/" \;
if ! ls "$suites/extras/"*.har > /dev/null 2>&1; then
    echo "compare-output: no HAR archives found under $head_source/Tests" >&2
    exit 2
fi
cp "$head_source/Fixtures/countries/name-france.json" "$suites/extras/body-france.json"
echo "compare-output: writing the bench corpora (dogpatch-bench corpus, 3 dog pages) ..."
if ! (cd "$head_source" && "$head_bin/dogpatch-bench" corpus "$suites/bench") > "$work/logs/corpus.log" 2>&1; then
    echo "compare-output: dogpatch-bench corpus failed:" >&2
    cat "$work/logs/corpus.log" >&2
    exit 2
fi
for corpus in corpus export capture replay mutate-dogs; do mv "$suites/bench/$corpus" "$suites/$corpus"; done
rmdir "$suites/bench"
# The live section's inputs: the server's suite (HEAD's, with the drift written in) and the contract
# the runs add for the slow route.
cp -R "$suites/repo" "$suites/served"
python3 - "$suites/served" "$suites/extras" <<'EOF'
import pathlib, sys
served, extras = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])

def edit(path, old, new):
    file = served / path
    text = file.read_text()
    assert old in text, f"compare-output: {old!r} is not in {path}"
    file.write_text(text.replace(old, new, 1))

# France's capital changed: its recorded case no longer satisfies its expect (record: FAILED).
edit("Fixtures/countries/name-france.json", '"capital": ["Paris"]', '"capital": ["Lyon"]')
# The United States lose "area" and gain "fifa": drift, but the case still passes (record: RECORDED).
edit("Fixtures/countries/united-states.json", '    "area": 9372610,\n', "")
edit("Fixtures/countries/united-states.json", '"cca2": "US",', '"cca2": "US",\n    "fifa": "USA",')
# Peru, only on the server, with headers add --live --keep-header may keep (Set-Cookie: never).
(served / "Fixtures/countries/peru.json").write_text(
    '[{"name":{"common":"Peru","official":"Republic of Peru"},"cca2":"PE","capital":["Lima"],"population":34000000}]\n')
(served / "contracts/countries/peru.json").write_text(
    '{ "endpoint": "countries.byName", "arguments": { "name": "peru" },\n'
    '  "cases": [ { "name": "peru",\n'
    '    "response": { "headers": { "Content-Type": "application/json; charset=utf-8", "X-Request-Id": "7f3a",\n'
    '                               "Set-Cookie": "session=secret" }, "fixture": "countries/peru.json" },\n'
    '    "expect": { "decodes": true, "count": 1 } } ] }\n')
# Slowland: answered after 10 s, longer than the runs' --timeout 1.
slow = ('{ "endpoint": "countries.byName", "arguments": { "name": "slowland" },\n'
        '  "cases": [ { "name": "slow",\n'
        '    "response": { "fixture": "countries/united-states.json"%s },%s\n'
        '    "expect": { "decodes": true } } ] }\n')
(served / "contracts/countries/slowland.json").write_text(slow % (', "delayMs": 10000', ""))
# The same contract as the runs hold it (copied in by the scenarios that use it): recorded, so
# verify --live and record ask for it.
(extras / "slowland.json").write_text(
    slow % ("", '\n    "recorded": { "url": "https://restcountries.com/v3.1/name/slowland", "at": "2026-11-23T00:00:00Z" },'))
EOF
find "$suites" -exec touch -h -d 2000-01-01T00:00:00 {} +
extras="$suites/extras"

# Each run: the same folder, the same tool path (a link switched between the two binaries), the
# same environment.
run="$work/run"
tool="$work/bin/dogpatch-contracts"
status_file=/dev/null

# dpc ARGS...: runs the tool; its exit status goes to the scenario's status file. A scenario sets
# dpc_env=(NAME=VALUE ...) for variables of its own; the live section sets live_env for all of its.
live_env=()
dpc() {
    local status=0
    env -i PATH="$PATH" HOME="$work/home" TMPDIR="$work/tmp" LANG=C.UTF-8 ${live_env[@]+"${live_env[@]}"} \
        ${dpc_env[@]+"${dpc_env[@]}"} \
        timeout 120 "$tool" "$@" < /dev/null || status=$?
    echo "dogpatch-contracts $*: exit $status" >> "$status_file"
}

live_stamps=0
normalise() {
    # JUnit's time="SECONDS" attributes, in the output and in report files.
    find "$1" -type f -exec sed -i -E 's/ time="[0-9]+(\.[0-9]+)?"/ time="(time)"/g' {} +
    # The run's duration at the end of a text summary line (verify, mutate).
    find "$1" -type f -exec sed -i -E 's/^([0-9]+ passed, .* skipped.*) in [0-9]+\.[0-9] s$/\1 in (time)/' {} +
    # In the live scenarios, the time of the recording stamp (an RFC 3339 time after the "url").
    if [ "$live_stamps" = 1 ]; then
        find "$1" -type f -exec sed -i -E \
            's/("url": ?"[^"]*", ?"at": ?)"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})"/\1"(time)"/g' {} +
    fi
}

# show_difference NAME: the head of what differs: for each of the first differing files (stdout,
# stderr, status, tree or a written file under files/) where the first difference is, with 60
# bytes around it on each side (a report or an export is often one long line), then the head of the
# unified diff, its lines cut at 160 characters.
show_difference() {
    local name=$1 file offset at
    (cd "$work/out" && diff -rq "base/$name" "head/$name" 2>&1 || true) | head -n 5 | while IFS= read -r line; do
        if [[ "$line" =~ ^Files\ base/[^/]+/(.*)\ and\ head/ ]]; then
            file="${BASH_REMATCH[1]}"
            # "differ: byte N, line L", or "EOF on FILE after byte N" when one is the start of the other.
            at="$(cmp "$work/out/base/$name/$file" "$work/out/head/$name/$file" 2>&1 | sed -e 's/.*differ: //' -e 's/^cmp: //' -e "s|$work/out/||" || true)"
            offset="$(grep -oE '(byte|char) [0-9]+' <<< "$at" | head -n 1 | grep -oE '[0-9]+' || true)"
            offset="${offset:-1}"
            echo "$file: first difference at $at"
            for side in base head; do
                printf '  %s: ...%s...\n' "$side" "$(tail -c +$((offset > 30 ? offset - 30 : 1)) "$work/out/$side/$name/$file" |
                    head -c 60 | tr '\n' '~')"
            done
        else
            echo "$line"
        fi
    done
    diff -ru "$work/out/base/$name" "$work/out/head/$name" 2>&1 | grep -v -e '^diff -ru ' -e '^Only in ' |
        sed -E -e "s|$work/out/||" -e 's/^((---|\+\+\+) [^\t]*)\t.*/\1/' | head -n 10 | cut -c 1-160 || true
}

scenarios=0
different=()

# scenario NAME SUITE SNIPPET: runs SNIPPET (bash, calling dpc) in a fresh copy of SUITE with each
# binary, and compares what it printed, its exit statuses and the files it wrote.
scenario() {
    local name=$1 suite=$2 snippet=$3 side out
    scenarios=$((scenarios + 1))
    for side in base head; do
        out="$work/out/$side/$name"
        mkdir -p "$out/files"
        rm -rf "$run"
        cp -Rp "$suites/$suite" "$run"
        ln -sfn "$(if [ $side = base ]; then echo "$base_bin"; else echo "$head_bin"; fi)/dogpatch-contracts" "$tool"
        status_file="$out/status"
        : > "$status_file"
        (
            cd "$run"
            set +e
            dpc_env=()
            eval "$snippet"
        ) > "$out/stdout" 2> "$out/stderr" < /dev/null || true
        (cd "$run" && find . -mindepth 1 -printf '%y %p\n' | LC_ALL=C sort) > "$out/tree"
        (cd "$run" && find . -type f -newermt 2000-01-02 -print0 | xargs -0 -r cp --parents -p -t "$out/files")
        normalise "$out"
    done
    status_file=/dev/null
    if diff -r "$work/out/base/$name" "$work/out/head/$name" > "$work/out/$name.diff" 2>&1; then
        printf '  same       %s\n' "$name"
        [ "${COMPARE_OUTPUT_KEEP:-}" = 1 ] || rm -rf "$work/out/base/$name" "$work/out/head/$name" "$work/out/$name.diff"
    else
        printf '  DIFFERENT  %s\n' "$name"
        show_difference "$name" | sed 's/^/             | /' || true
        different+=("$name")
    fi
}

echo "compare-output: scenarios ($run, base: $base_rev, head: ${head_rev:-the working tree})"

# --- Help and version -----------------------------------------------------------------------------
scenario help repo 'dpc --help; dpc -h; dpc help'
scenario no-arguments repo 'dpc'
scenario version repo 'dpc --version'
for command in verify list explain add record mutate coverage export serve; do
    scenario "help-$command" repo "dpc $command --help; dpc $command -h"
done
scenario help-export-formats repo 'dpc export pact --help; dpc export openapi --help'

# --- verify on the repository's suite -------------------------------------------------------------
scenario verify repo 'dpc verify'
scenario verify-format-json repo 'dpc verify --format json'
scenario verify-format-junit repo 'dpc verify --format junit'
scenario verify-format-github repo 'dpc_env=(GITHUB_STEP_SUMMARY="$PWD/step-summary.md"); dpc verify --format github'
scenario verify-report-files repo 'mkdir build; dpc verify --junit build/junit.xml --json build/report.json'
scenario verify-quiet repo 'dpc verify --quiet'
scenario verify-color repo 'dpc verify --color always; dpc_env=(NO_COLOR=1); dpc verify --color auto'
scenario verify-coverage repo 'dpc verify --coverage; dpc verify --coverage --format json'
scenario verify-strict repo 'dpc verify --strict'
scenario verify-require-coverage repo 'dpc verify --require-coverage; dpc verify --strict --require-coverage'
scenario verify-require-coverage-gap repo 'dpc verify --require-coverage contracts/countries'
scenario verify-filter repo 'dpc verify --filter france --filter OFFLINE; dpc verify --filter nothing-matches-this'
scenario verify-shards repo 'for i in 1 2 3; do dpc verify --shard $i/3; dpc verify --shard $i/3 --format json; done'
scenario verify-no-replay repo 'dpc verify --no-replay'
scenario verify-jobs-1 repo 'dpc verify --jobs 1 --format junit'
scenario verify-paths repo 'dpc verify contracts/countries ./contracts//fixtures/dog-detail.json'
scenario verify-from-subfolder repo 'cd contracts/countries && dpc verify by-name.json && dpc list'
scenario verify-live-closed-port repo 'dpc verify --live --base-url countries=http://127.0.0.1:9; dpc verify --live --base-url http://127.0.0.1:9'
failing='sed -i "s/\"cost\": 980,/\"cost\": \"free\",/" Fixtures/dogs/page.json
sed -i "s/\"name\": \"Comet\"/\"name\": \"Kometa\"/" contracts/fixtures/dog-detail.json
sed -i "s|\"countries/united-states.json\"|\"countries/united-states-2.json\"|" contracts/countries/by-name-full-text.json'
scenario verify-failing-text repo "$failing"'
dpc verify; dpc verify --quiet; dpc verify --strict --coverage'
scenario verify-failing-formats repo "$failing"'
dpc verify --format json; dpc verify --format junit; dpc verify --format github'
scenario verify-failing-report-files repo "$failing"'
dpc verify --junit junit.xml --json report.json --format github'

# --- Invalid suites and wrong arguments -----------------------------------------------------------
broken='printf "{\"endpoint\": \"countries.all\", \"cases\": [\n  {\"name\": \"x\",\n" > contracts/syntax-error.json
printf "{\"endpoint\": \"countries.all\",\n \"colour\": \"blue\",\n \"cases\": []}\n" > contracts/bad-field.json
printf "{\"endpoint\": \"countries.all\",\n \"cases\": [{\"name\": \"y\", \"response\": {\"status\": \"two hundred\"}, \"expect\": {\"decodes\": true}}]}\n" > contracts/bad-value.json'
scenario invalid-contracts repo "$broken"'
dpc verify; dpc verify --format json; dpc verify --format junit; dpc verify --format github'
scenario invalid-contracts-other-commands repo "$broken"'
dpc list; dpc export pact --out pacts; dpc export openapi --out openapi.json; dpc mutate; dpc serve'
scenario invalid-schema-examples repo 'mkdir contracts/examples && cp "$extras"/schema-examples/invalid/*.json "$extras"/schema-examples/loader-only/*.json "$extras"/schema-examples/catalogue/*.json contracts/examples/
dpc verify; dpc verify --format json'
scenario valid-schema-examples repo 'mkdir contracts/examples && cp "$extras"/schema-examples/valid/*.json contracts/examples/
dpc verify contracts/examples; dpc list'
scenario unknown-command repo 'dpc frobnicate; dpc Verify'
scenario unknown-flags repo 'for command in verify list explain add record mutate coverage export serve; do dpc $command --frobnicate; done'
scenario bad-values repo 'dpc verify --shard 3/2; dpc verify --shard x; dpc verify --jobs 0; dpc verify --timeout 0
dpc verify --format xml; dpc verify --color sometimes; dpc verify --filter; dpc mutate --update; dpc mutate --max 0'
scenario missing-folders repo 'dpc verify --contracts no-such-folder; dpc verify no-such.json; dpc verify --fixtures no-such-folder
dpc list --contracts no-such-folder'
scenario no-suite empty 'dpc verify; dpc list; dpc mutate; dpc export pact --out pacts'
scenario reports-refused repo 'dpc verify --json contracts/report.json; dpc verify --junit no-such-folder/junit.xml'

# --- list and explain -----------------------------------------------------------------------------
scenario list repo 'dpc list; dpc list --cases'
scenario explain repo 'dpc explain Fixtures/dogs/page.json --endpoint dogpatch.getDogs
dpc explain Fixtures/countries/name-france.json --model "[Country]"
dpc explain Fixtures/countries/name-france.json --endpoint countries.byName --status 404
dpc explain Fixtures/countries/all-name-capital.json --model Dog
dpc explain Fixtures/countries/small-areas.json --endpoint countries.all'
scenario explain-errors repo 'dpc explain no-such.json --model Dog; dpc explain Fixtures/dogs/page.json
dpc explain Fixtures/dogs/page.json --model Cat; dpc explain contracts --model Dog
printf "not json" > body.txt; dpc explain body.txt --model Dog'

# --- coverage -------------------------------------------------------------------------------------
shards='dpc verify --coverage --shard 1/2 --json s1.json > /dev/null; dpc verify --coverage --shard 2/2 --json s2.json > /dev/null'
scenario coverage repo "$shards"'
dpc coverage s1.json s2.json; dpc coverage s1.json s2.json --require'
scenario coverage-errors repo "$shards"'
dpc coverage s1.json; dpc coverage; dpc coverage no-such.json; printf "{}" > empty.json; dpc coverage empty.json
dpc verify --json whole.json > /dev/null; dpc coverage whole.json'

# --- mutate ---------------------------------------------------------------------------------------
scenario mutate repo 'dpc mutate'
scenario mutate-formats repo 'dpc mutate --format json; dpc mutate --format junit; dpc mutate --format github --quiet'
scenario mutate-report-files repo 'dpc mutate --junit mutate.xml --json mutate.json --quiet'
scenario mutate-profiles repo 'dpc mutate --profiles profiles; dpc mutate --profiles new-profiles'
scenario mutate-profiles-update repo 'sed -i "s/cost\": { \"null\": false/cost\": { \"null\": true/" "profiles/[Dog].json"
dpc mutate --profiles profiles; dpc mutate --profiles profiles --update; dpc mutate --profiles profiles'
scenario mutate-profiles-invalid repo 'printf "{}\n" > "profiles/[Dog].json"; dpc mutate --profiles profiles'
scenario mutate-mutants repo 'dpc mutate --mutants mutants --filter france --quiet'
scenario mutate-seed-max repo 'dpc mutate --seed 7 --max 5; dpc mutate --filter "page of three" --max 3 --quiet'

# --- export ---------------------------------------------------------------------------------------
scenario export-pact repo 'dpc export pact --out pacts; dpc export pact --out pacts --verbose --consumer other-app'
scenario export-openapi repo 'dpc export openapi --out build/openapi.json; dpc export openapi --out o.json contracts/countries'
scenario export-failing repo "$failing"'
dpc export pact --out pacts --verbose; dpc export openapi --out openapi.json'
scenario export-errors repo 'dpc export; dpc export pact; dpc export yaml --out x; dpc export openapi --out o.json --consumer x
dpc export pact --out pacts --filter nothing-matches-this; printf x > file; dpc export pact --out file'

# --- add ------------------------------------------------------------------------------------------
peru='printf "{ \"endpoint\": \"countries.byName\", \"arguments\": { \"name\": \"peru\" },\n  \"cases\": [ { \"name\": \"offline\", \"response\": { \"networkError\": \"timedOut\" }, \"expect\": { \"error\": \"responseUnsuccessful\" } } ] }\n" > contracts/countries/peru.json'
scenario add-fixture repo 'cp "$extras/body-france.json" body.json
dpc add body.json --contract contracts/countries/new.json --name "a new case" --endpoint countries.byName --arguments "{\"name\": \"peru\"}"
dpc add body.json --contract contracts/countries/new.json --name "a new case" --endpoint countries.byName
dpc add body.json --contract contracts/countries/new.json --name "expecting an error" --expect invalidData --as other/'
scenario add-model-and-status repo 'cp "$extras/body-france.json" body.json
dpc add body.json --contract contracts/fixtures/new.json --name "one country" --model Country
dpc add body.json --contract contracts/dogpatch/get-dogs.json --name "not found" --status 404 --as dogs/not-found.json'
scenario add-errors repo 'cp "$extras/body-france.json" body.json
dpc add body.json --contract contracts/countries/new.json --name x --endpoint countries.byName --dry-run
dpc add body.json --contract elsewhere/new.json --name x --endpoint countries.byName
dpc add body.json --contract contracts/dogpatch/get-dogs.json --name "page of three dogs"
dpc add body.json --contract contracts/dogpatch/get-dogs.json --name y --endpoint countries.all
dpc add no-such.json --contract contracts/x.json --name x --model Dog; dpc add body.json --name x --model Dog'
scenario add-har-dry-run repo "$peru"'
dpc add --har "$extras/firefox-153.7.0esr.har" --contract contracts/countries/peru.json --dry-run
dpc add --har "$extras/mitmproxy-11.0.2.har" --contract contracts/countries/peru.json --dry-run'
scenario add-har repo "$peru"'
dpc add --har "$extras/mitmproxy-11.0.2.har" --contract contracts/countries/peru.json
dpc add --har "$extras/firefox-153.7.0esr.har" --contract contracts/countries/peru.json --entry 2 --name "from firefox" --raw'

# --- record and serve: what they do without a server --------------------------------------------
scenario record-closed-port repo 'dpc record --base-url http://127.0.0.1:9; dpc record contracts/dogpatch'
scenario serve-refusals repo 'dpc serve --case "no such case"; dpc serve --port notaport; dpc serve contracts/fixtures'

# --- The bench corpora (dogpatch-bench corpus) ----------------------------------------------------
scenario corpus-verify corpus 'dpc verify; dpc verify --no-replay --quiet'
scenario corpus-verify-json corpus 'dpc verify --format json'
scenario corpus-list corpus 'dpc list; dpc list --cases'
scenario corpus-export corpus 'dpc export pact --out pacts --verbose; dpc export openapi --out openapi.json'
scenario export-suite-verify export 'dpc verify; dpc verify --format json; dpc list'
scenario export-suite-export export 'dpc export pact --out pacts; dpc export openapi --out openapi.json'
scenario capture-add-har capture 'dpc add --har session.har --contract contracts/peru.json --dry-run
dpc add --har session.har --contract contracts/peru.json --entry 3'
scenario replay-verify replay 'dpc verify; dpc verify --format junit; dpc verify --format json'
scenario mutate-dogs mutate-dogs 'dpc mutate; dpc mutate --format json --profiles profiles'

# --- The live paths, against HEAD's serve on a drifted suite --------------------------------------
echo "compare-output: starting HEAD's serve on a drifted copy of the suite ..."
: > "$work/logs/serve.out"
(
    cd "$suites/served"
    exec env -i PATH="$PATH" HOME="$work/home" TMPDIR="$work/tmp" LANG=C.UTF-8 \
        "$head_bin/dogpatch-contracts" serve --port 0
) > "$work/logs/serve.out" 2> "$work/logs/serve.err" < /dev/null &
serve_pid=$!
# Its first lines: "serving URL", then "API BASE-URL" for each API.
for _ in $(seq 300); do
    [ "$(grep -c . "$work/logs/serve.out")" -ge 3 ] && break
    kill -0 "$serve_pid" 2> /dev/null || break
    sleep 0.1
done
countries_url="$(awk '$1 == "countries" { print $2 }' "$work/logs/serve.out")"
dogpatch_url="$(awk '$1 == "dogpatch" { print $2 }' "$work/logs/serve.out")"
if [ -z "$countries_url" ] || [ -z "$dogpatch_url" ]; then
    echo "compare-output: serve did not start:" >&2
    cat "$work/logs/serve.out" "$work/logs/serve.err" >&2
    exit 2
fi
echo "compare-output: serving $(sed -n 's/^serving //p' "$work/logs/serve.out")"
# Every live command is given both base URLs (snippets write $live unquoted: no spaces in them).
live="--base-url countries=$countries_url --base-url dogpatch=$dogpatch_url"
live_env=(http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 no_proxy=127.0.0.1,localhost)
live_stamps=1
slow='cp "$extras/slowland.json" contracts/countries/slowland.json'

scenario live-verify repo 'dpc verify --live $live; dpc verify --live $live --quiet; dpc verify --live $live --strict'
scenario live-verify-formats repo 'dpc verify --live $live --format json; dpc verify --live $live --format junit
dpc_env=(GITHUB_STEP_SUMMARY="$PWD/step-summary.md"); dpc verify --live $live --format github'
scenario live-verify-report-files repo 'dpc verify --live $live --json live.json --junit live.xml --quiet'
scenario live-verify-options repo 'dpc verify --live $live --filter france; dpc verify --live $live --jobs 1 --format junit
dpc verify --live contracts/countries/by-name-full-text.json --base-url $countries_url
dpc verify --live $live contracts/dogpatch; dpc verify --live --base-url $countries_url
dpc verify --live contracts/countries --base-url "countries=${countries_url/http:\/\//http://user:secret@}?api_key=KEY"'
scenario live-verify-timeout repo "$slow"'
dpc verify --live $live --timeout 1 contracts/countries/slowland.json
dpc verify --live $live --timeout 1 --format json contracts/countries/slowland.json contracts/countries/by-name.json'
scenario live-record repo 'dpc record $live; dpc verify --live $live --quiet'
scenario live-record-force repo 'dpc record $live --force; dpc record $live; dpc verify --live $live --quiet'
scenario live-record-options repo 'dpc record $live contracts/countries/by-name-full-text.json --raw
dpc record $live --filter france; dpc record $live contracts/dogpatch; dpc record --base-url $countries_url --filter "exact match"'
scenario live-record-errors repo "$slow"'
dpc record $live --timeout 1 contracts/countries/slowland.json contracts/countries/by-name-full-text.json
dpc record --base-url nosuchapi=$countries_url; dpc record --base-url "not a url"; dpc record $live --timeout 0
dpc record --base-url http://127.0.0.1:9/v3.1/ contracts/countries'
scenario live-add-new repo 'dpc add --live $live --contract contracts/countries/peru.json --name "peru (live)" --endpoint countries.byName --arguments "{\"name\": \"peru\"}"
dpc add --live $live --contract contracts/countries/peru.json --name "peru again" --keep-header X-Request-Id --keep-header Set-Cookie --raw
dpc verify --live $live contracts/countries/peru.json'
scenario live-add-existing repo 'dpc add --live $live --contract contracts/countries/by-name.json --name "france (live)"
dpc add --live $live --contract contracts/dogpatch/get-dogs.json --name "page (live)" --as dogs/live-page.json
dpc add --live --base-url $countries_url --contract contracts/countries/by-name-full-text.json --name "exact match (live)" --expect decodes --given "the United States exist"
dpc verify --live $live --quiet'
scenario live-add-not-found repo 'dpc add --live $live --contract contracts/countries/atlantis.json --name atlantis --endpoint countries.byName --arguments "{\"name\": \"atlantis\"}"
dpc add --live $live --contract contracts/countries/atlantis.json --name "atlantis decodes" --endpoint countries.byName --arguments "{\"name\": \"atlantis\"}" --expect decodes'
scenario live-add-errors repo "$slow"'
dpc add --live --base-url nosuchapi=$countries_url --contract contracts/countries/by-name.json --name x
dpc add --live $live --contract contracts/countries/new.json --name x --endpoint countries.byName --arguments "{not json"
dpc add --live $live --contract contracts/countries/new.json --name x --endpoint countries.byName --arguments "{\"nom\": \"peru\"}"
dpc add --live $live --contract contracts/countries/new.json --name x --endpoint countries.nowhere --arguments "{}"
dpc add --live $live --contract contracts/countries/by-name.json --name france
dpc add --live $live --contract contracts/fixtures/new.json --name x --model Country
cp "$extras/body-france.json" body.json; dpc add body.json --live $live --contract contracts/countries/by-name.json --name x
dpc add --live --base-url "not a url" --contract contracts/countries/by-name.json --name x
dpc add --live --base-url "http://user:secret@127.0.0.1:9/v3.1/?api_key=KEY" --contract contracts/countries/by-name.json --name x
dpc add --live $live --contract contracts/countries/slowland.json --name "slow (live)" --timeout 1
dpc add --live $live --contract contracts/countries/by-name.json --name y --dry-run'
live_stamps=0
live_env=()
if ! kill -0 "$serve_pid" 2> /dev/null; then
    echo "compare-output: serve stopped during the live scenarios:" >&2
    tail -n 20 "$work/logs/serve.err" >&2
    exit 2
fi
echo "compare-output: serve has logged $(grep -c '^GET ' "$work/logs/serve.err" || true) requests"

# --- mutate --update narrowed (by --filter, a path, --max): what it keeps and says ----------------
scenario mutate-update-narrowed repo 'sed -i "s/cost\": { \"null\": false/cost\": { \"null\": true/" "profiles/[Dog].json"
dpc mutate --profiles profiles --update --filter "page of three" --quiet; dpc mutate --profiles profiles --update --filter "two small countries"
dpc mutate --profiles profiles --update contracts/countries/all-fields.json --quiet; dpc mutate --profiles profiles --filter france --quiet
dpc mutate --profiles profiles --update --max 3 --quiet'

# --- Summary --------------------------------------------------------------------------------------
echo
if [ ${#different[@]} -eq 0 ]; then
    echo "compare-output: all $scenarios scenarios the same (base $base_rev, head ${head_rev:-the working tree}), in $(seconds_since "$started") s"
    exit 0
fi
echo "compare-output: ${#different[@]} of $scenarios scenarios DIFFERENT (base $base_rev, head ${head_rev:-the working tree}), in $(seconds_since "$started") s:"
printf '  %s\n' "${different[@]}"
exit 1
