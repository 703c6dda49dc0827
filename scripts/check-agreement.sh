#!/usr/bin/env bash
# Three judges, one verdict (DESIGN 9a): for every 2xx body of the suite, every mutant `mutate`
# writes and each of the 250 real countries, the app's own decoder, the real Pact verifier (against
# a loopback provider serving that body for the case's state) and a real JSON Schema 2020-12
# validator (on the exported OpenAPI schema) must agree, except where Pact cannot say what the app
# needs (a key the model reads as optional). scripts/agreement.py does the work and says why.
# Usage: scripts/check-agreement.sh [--countries FILE]  (a JSON array of countries to serve)
set -euo pipefail
cd "$(dirname "$0")/.."
export PACT_DO_NOT_TRACK=true

venv=.build/venv
if [ ! -x "$venv/bin/pact" ] || ! "$venv/bin/python" -c 'import jsonschema' 2> /dev/null; then
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv" || { echo "check-agreement: cannot make a Python virtual environment in $venv" >&2; exit 1; }
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check pact-python-cli jsonschema; then
        echo "check-agreement: cannot install pact-python-cli and jsonschema from the package registry; nothing was checked" >&2
        exit 1
    fi
fi
tool=.build/debug/dogpatch-contracts
[ -x "$tool" ] || swift build --product dogpatch-contracts > /dev/null
"$venv/bin/python" scripts/agreement.py "$tool" "$venv/bin/pact" "$venv/bin/python" "$@"
