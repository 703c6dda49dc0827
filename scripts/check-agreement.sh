#!/usr/bin/env bash
# Three judges, one verdict (DESIGN 9a): for every 2xx body of the suite, every mutant `mutate`
# writes and each of the 250 real countries, the app's own decoder, the real Pact verifier (against
# a loopback provider serving that body for the case's state) and a real JSON Schema 2020-12
# validator (on the exported OpenAPI schema) must agree, except where Pact cannot say what the app
# needs (a key the model reads as optional). Then the request bodies the suite states (DESIGN 15):
# each, and its mutants, judged by the request model's decoder, the real Pact mock server
# (`pact mock`, loaded with the case's interaction, the body sent as the client sends it) and the
# exported requestBody schema, which must agree but where Pact cannot say what the model takes
# (counted by class). scripts/agreement.py does the work and says why.
#
# Usage: scripts/check-agreement.sh [--countries FILE]
#
# By default it judges this repository's suite with its own dogpatch-contracts (built when absent)
# and serves the real countries of Fixtures/countries/restcountries-v3.1.json; then the to-do app's
# lists (Tests/TodoWireContracts/suite) with todo-wire-contracts. To judge an app's
# suite with the app's own tool, set:
#   TOOL   the command that runs the tool, split on spaces, run from SUITE: a built binary
#          (TOOL=/path/to/app/.build/debug/todo-contracts) or swift run
#          (TOOL="swift run -q --package-path /path/to/app todo-contracts"); absolute paths are safest
#   SUITE  the folder the tool runs in, holding the suite's contracts/ and Fixtures/ (by default
#          this repository); a relative path is read from the current folder
#   --countries FILE  serves each country of FILE (a JSON array) for every case that decodes
#          [Country] or Country; with SUITE set, none are served unless it is given
# e.g. TOOL="swift run -q --package-path ~/todo todo-contracts" SUITE=~/todo bash scripts/check-agreement.sh
# The validators are installed into .build/venv of this repository, as for the default run.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
repository=$PWD
export PACT_DO_NOT_TRACK=true

venv=.build/venv
if [ ! -x "$venv/bin/pact" ] || ! "$venv/bin/python" -c 'import jsonschema' 2> /dev/null; then
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv" || { echo "check-agreement: cannot make a Python virtual environment in $venv" >&2; exit 1; }
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check pact-python-cli jsonschema; then
        echo "check-agreement: cannot install pact-python-cli and jsonschema from the package registry; nothing was checked" >&2
        exit 1
    fi
fi
if [ -n "${SUITE:-}" ]; then
    suite=$(cd "$caller" && cd "$SUITE" && pwd) || { echo "check-agreement: SUITE \"$SUITE\" is not a folder" >&2; exit 1; }
    countries=()
else
    suite=$repository
    countries=(--countries Fixtures/countries/restcountries-v3.1.json)
fi
if [ -n "${TOOL:-}" ]; then
    tool=$TOOL
else
    [ -x .build/debug/dogpatch-contracts ] || swift build --product dogpatch-contracts > /dev/null
    # Quoted, as agreement.py splits the command as a shell does.
    tool=$(printf '%q' "$repository/.build/debug/dogpatch-contracts")
fi
# A --countries FILE of the caller's is read from the folder it was given in.
arguments=()
while [ $# -gt 0 ]; do
    case $1 in
        --countries) [ $# -ge 2 ] || { echo "check-agreement: --countries needs a FILE" >&2; exit 1; }
            countries=(--countries "$(cd "$caller" && realpath "$2")"); shift 2 ;;
        *) arguments+=("$1"); shift ;;
    esac
done
cd "$suite"
"$repository/$venv/bin/python" "$repository/scripts/agreement.py" "$tool" "$repository/$venv/bin/pact" \
    "$repository/$venv/bin/python" "${countries[@]}" "${arguments[@]}"
# By default, the to-do app's lists too (Tests/TodoWireContracts, the tests' TodoApp+Wire): a key
# whose snake-case round trip is not the identity, a formatted date, enums that are not
# CaseIterable, nulls and a model that contains itself, judged by the same three, in the lists
# it answers and in the list lists.update sends.
if [ -z "${TOOL:-}" ] && [ -z "${SUITE:-}" ]; then
    wire="$repository/.build/debug/todo-wire-contracts"
    [ -x "$wire" ] || (cd "$repository" && swift build --product todo-wire-contracts > /dev/null)
    cd "$repository/Tests/TodoWireContracts/suite"
    "$repository/$venv/bin/python" "$repository/scripts/agreement.py" "$(printf '%q' "$wire")" \
        "$repository/$venv/bin/pact" "$repository/$venv/bin/python" "${arguments[@]}"
fi
