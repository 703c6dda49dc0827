#!/usr/bin/env bash
# The Pact verifier is the judge of the pacts `export pact` writes: the real verifier (pact-python-cli
# from the package registry, in the virtual environment under .build/) runs each against a small
# provider on the loopback (scripts/pact-provider.py) that serves the suite's responses by provider
# state. The provider as recorded passes; one that changes the type of a key the app reads, leaves
# out a key it requires, sends an id that is not a UUID or answers 200 where a case expects 404
# fails; one that leaves out or adds a key the app never reads, or changes values, passes. Whole
# numbers pass in every form Int decodes (68000000.0, 6.8e7) and fail with a fraction; a dictionary's
# named entry is required wherever it sits, and its other entries are free.
set -euo pipefail
cd "$(dirname "$0")/.."
export PACT_DO_NOT_TRACK=true

source scripts/pact-venv.sh check-pact "the pacts were not verified"
tool=.build/debug/dogpatch-contracts
[ -x "$tool" ] || swift build --product dogpatch-contracts > /dev/null
work="$(mktemp -d)"
provider=""
cleanup() { [ -n "$provider" ] && kill "$provider" 2> /dev/null; rm -rf "$work"; }
trap cleanup EXIT
"$tool" export pact --out "$work/pacts" 2> /dev/null

# verify PACT-FILE API MODE SUITE: the verifier's exit status against the provider of the suite
# in that folder, in that mode.
verify() {
    "$venv/bin/python" scripts/pact-provider.py "$4" "$2" "$3" > "$work/port" &
    provider=$!
    while [ ! -s "$work/port" ]; do
        kill -0 "$provider" 2> /dev/null || { echo "check-pact: the provider did not start" >&2; exit 1; }
        read -r -t 0.2 < /dev/zero || true
    done
    port="$(head -n 1 "$work/port")"
    status=0
    "$venv/bin/pact" verifier --file "$1" --hostname 127.0.0.1 --port "$port" \
        --state-change-url "http://127.0.0.1:$port/_pact/state" > "$work/verifier.log" 2>&1 || status=$?
    kill "$provider" 2> /dev/null
    wait "$provider" 2> /dev/null || true
    provider=""
    rm -f "$work/port"
    echo "$status"
}

failed=0
expect() {
    local pact=$1 api=$2 mode=$3 wanted=$4 status
    status="$(verify "$work/pacts/$pact" "$api" "$mode" .)"
    if { [ "$wanted" = pass ] && [ "$status" != 0 ]; } || { [ "$wanted" = fail ] && [ "$status" = 0 ]; }; then
        echo "check-pact: $pact against a provider '$mode' should $wanted, and the verifier exited $status:" >&2
        tail -20 "$work/verifier.log" >&2
        failed=1
    else
        if [ "$wanted" = pass ]; then verdict=passes; else verdict=fails; fi
        echo "check-pact: $pact, provider '$mode': $verdict as it should"
    fi
}

expect dogpatch-app-countries.json countries recorded pass
expect dogpatch-app-countries.json countries change-values pass
expect dogpatch-app-dogpatch.json dogpatch recorded pass
expect dogpatch-app-dogpatch.json dogpatch retype fail
expect dogpatch-app-dogpatch.json dogpatch drop-required fail
expect dogpatch-app-dogpatch.json dogpatch bad-uuid fail
expect dogpatch-app-dogpatch.json dogpatch ok-for-404 fail
expect dogpatch-app-dogpatch.json dogpatch null-url fail
expect dogpatch-app-dogpatch.json dogpatch number-url fail
expect dogpatch-app-dogpatch.json dogpatch shouted-media-type pass
expect dogpatch-app-countries.json countries shouted-media-type pass
expect dogpatch-app-countries.json countries whole-floats pass
expect dogpatch-app-countries.json countries exponent-numbers pass
expect dogpatch-app-countries.json countries fractional-number fail
expect dogpatch-app-countries.json countries maps-reordered pass
expect dogpatch-app-countries.json countries drop-named-entry fail
expect dogpatch-app-dogpatch.json dogpatch drop-unread pass
expect dogpatch-app-dogpatch.json dogpatch add-key pass
expect dogpatch-app-dogpatch.json dogpatch change-values pass

# The to-do app's lists (Tests/TodoWireContracts): the pact names the key the decoder reads
# (`iso_639_1`, which a re-encoding writes `iso6391`), so a provider that drops it fails.
wire=.build/debug/todo-wire-contracts
[ -x "$wire" ] || swift build --product todo-wire-contracts > /dev/null
(cd Tests/TodoWireContracts/suite && "$OLDPWD/$wire" export pact --consumer todo-app --out "$work/wire" > /dev/null 2>&1)
for mode in recorded drop-renamed; do
    status="$(verify "$work/wire/todo-app-lists.json" lists "$mode" Tests/TodoWireContracts/suite)"
    if { [ "$mode" = recorded ] && [ "$status" = 0 ]; } || { [ "$mode" = drop-renamed ] && [ "$status" != 0 ]; }; then
        echo "check-pact: the to-do app's lists, provider '$mode': $([ "$status" = 0 ] && echo passes || echo fails) as it should"
    else
        echo "check-pact: the to-do app's lists against a provider '$mode': the verifier exited $status:" >&2
        tail -20 "$work/verifier.log" >&2
        failed=1
    fi
done

# The exported pacts against `serve` itself, the provider states set through its control path
# (POST /_contracts/state, the verifier's --state-change-url): every interaction passes, so the
# mock an app's UI tests use answers as the pact the server team verifies says.
"$tool" serve > "$work/serve.out" 2> "$work/serve.err" &
provider=$!
while ! grep -q '^serving ' "$work/serve.out" 2> /dev/null; do
    kill -0 "$provider" 2> /dev/null || { echo "check-pact: serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
    read -r -t 0.2 < /dev/zero || true
done
port="$(head -n 1 "$work/serve.out" | sed 's#.*:##')"
for pact in dogpatch-app-countries.json dogpatch-app-dogpatch.json; do
    if "$venv/bin/pact" verifier --file "$work/pacts/$pact" --hostname 127.0.0.1 --port "$port" \
        --state-change-url "http://127.0.0.1:$port/_contracts/state" > "$work/verifier.log" 2>&1; then
        echo "check-pact: $pact against serve, states set by /_contracts/state: passes as it should"
    else
        echo "check-pact: $pact against serve should pass, and the verifier failed:" >&2
        tail -20 "$work/verifier.log" >&2
        failed=1
    fi
done
kill "$provider" 2> /dev/null
wait "$provider" 2> /dev/null || true
provider=""

# A flow's pact against `serve`: an interaction per exchange, each in the provider state naming the
# flow and the step (`retried after 503, exchange 2 of 2`), which serve's /_contracts/state sets up,
# so the same request is answered 503 in one state and 200 in the next.
flows="$work/flows"
mkdir -p "$flows/contracts" "$flows/Fixtures"
cat > "$flows/contracts/flows.json" <<'JSON'
{"endpoint": "countries.all", "arguments": {"fields": ["name"]}, "cases": [
  {"name": "retried after 503", "exchanges": [
    {"request": {"method": "GET", "path": "/v3.1/all", "query": {"fields": "name"}},
     "response": {"status": 503, "headers": {"Retry-After": "0"}}},
    {"request": {"method": "GET", "path": "/v3.1/all", "query": {"fields": "name"}},
     "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": "[{\"name\": {\"common\": \"Peru\"}}]"}}],
   "expect": {"decodes": true, "count": 1}},
  {"name": "token refreshed", "exchanges": [
    {"request": {"method": "GET", "path": "/v3.1/all", "query": {"fields": "name"}, "headers": {"Authorization": true}},
     "response": {"status": 401}},
    {"request": {"method": "POST", "path": "/v3.1/token", "body": {"grant_type": "refresh_token"}},
     "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": "{\"access_token\": \"t\"}"}},
    {"request": {"method": "GET", "path": "/v3.1/all", "query": {"fields": "name"},
                 "headers": {"Authorization": {"fromExchange": 2, "path": "access_token"}}},
     "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": "[]"}}],
   "expect": {"decodes": true, "count": 0}}]}
JSON
(cd "$flows" && "$OLDPWD/$tool" export pact --out pacts > /dev/null 2>&1)
(cd "$flows" && "$OLDPWD/$tool" serve > "$work/flows.out" 2> "$work/flows.err") &
provider=$!
while ! grep -q '^serving ' "$work/flows.out" 2> /dev/null; do
    kill -0 "$provider" 2> /dev/null || { echo "check-pact: serve did not start on the flows:" >&2; cat "$work/flows.err" >&2; exit 1; }
    read -r -t 0.2 < /dev/zero || true
done
port="$(head -n 1 "$work/flows.out" | sed 's#.*:##')"
interactions="$(grep -o '"description"' "$flows/pacts/dogpatch-app-countries.json" | wc -l | tr -d ' ')"
# Both flows are in the pact, the refresh whole: a flow left out (a warning of export) would let the
# verifier pass on what is left.
for state in "retried after 503, exchange 2 of 2" "token refreshed, exchange 1 of 3" \
    "token refreshed, exchange 2 of 3" "token refreshed, exchange 3 of 3"; do
    if ! grep -q "\"$state\"" "$flows/pacts/dogpatch-app-countries.json"; then
        echo "check-pact: the flows' pact has no interaction in the state \"$state\"" >&2
        failed=1
    fi
done
if "$venv/bin/pact" verifier --file "$flows/pacts/dogpatch-app-countries.json" --hostname 127.0.0.1 --port "$port" \
    --state-change-url "http://127.0.0.1:$port/_contracts/state" > "$work/verifier.log" 2>&1; then
    echo "check-pact: a flow's pact ($interactions interactions, one per exchange) against serve, each step's state set by /_contracts/state: passes as it should"
else
    echo "check-pact: a flow's pact against serve should pass, and the verifier failed:" >&2
    tail -30 "$work/verifier.log" >&2
    failed=1
fi
kill "$provider" 2> /dev/null
wait "$provider" 2> /dev/null || true
provider=""
exit "$failed"
