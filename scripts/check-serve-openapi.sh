#!/usr/bin/env bash
# serve keeps the document `export openapi` writes: schemathesis (from the package registry, in a
# virtual environment under .build/) sends each operation generated requests against `serve` on
# the repository's suite, each API under its own base path, and checks every answer's
# Content-Type and body against the document (content_type_conformance,
# response_schema_conformance). A request no contract matches is serve's 404, which the document
# cannot list, so status codes are not checked. Exits 1 when a check fails, and when schemathesis
# cannot be installed (it never skips in silence).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/venv-schemathesis
if [ ! -x "$venv/bin/schemathesis" ]; then
    [ -x "$venv/bin/pip" ] || python3 -m venv "$venv" || {
        echo "check-serve-openapi: cannot make a Python virtual environment in $venv" >&2
        exit 1
    }
    if ! "$venv/bin/pip" install --quiet --disable-pip-version-check schemathesis; then
        echo "check-serve-openapi: cannot install schemathesis from the package registry; nothing was checked" >&2
        exit 1
    fi
fi
tool=.build/debug/dogpatch-contracts
[ -x "$tool" ] || swift build --product dogpatch-contracts > /dev/null
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2> /dev/null; rm -rf "$work"; }
trap cleanup EXIT
"$tool" export openapi --out "$work/openapi.json" > /dev/null
"$tool" serve > "$work/serve.out" 2> "$work/serve.err" &
server=$!
while ! grep -q '^serving ' "$work/serve.out" 2> /dev/null; do
    kill -0 "$server" 2> /dev/null || { echo "check-serve-openapi: serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
    read -r -t 0.2 < /dev/zero || true
done
url="$(head -n 1 "$work/serve.out" | sed 's#^serving ##')"
failed=0
# base path, then the document's operations under it.
for pair in "api/v1 ^/dogs" "v3.1 ^/all" "v3.1 ^/name/"; do
    read -r base paths <<< "$pair"
    if "$venv/bin/schemathesis" run "$work/openapi.json" --url "$url/$base" --include-path-regex "$paths" \
        --checks content_type_conformance,response_schema_conformance --max-examples 20 --seed 1 \
        > "$work/schemathesis.log" 2>&1; then
        echo "check-serve-openapi: $base $paths: $(grep -Eo '[0-9]+ generated, [0-9]+ passed' "$work/schemathesis.log" | head -1)"
    else
        echo "check-serve-openapi: serve broke its own document on $base $paths:" >&2
        sed -n '/FAILURES/,/SUMMARY/p' "$work/schemathesis.log" | head -40 >&2
        failed=1
    fi
done
exit "$failed"
