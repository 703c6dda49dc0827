#!/usr/bin/env bash
# The Pact Broker loop with the real `pact broker` CLI (pact-python-cli, in the virtual environment
# under .build/), against scripts/broker-stand-in.py on the loopback: no broker can run here (it
# needs a newer Ruby than Debian's, and no container registry is reachable), so the stand-in holds
# each request to the broker's documented HAL API and refuses any other. `export pact
# --consumer-version --branch` writes the pacts; `publish` must send both, with the version and
# the branch, each pact's content the file's (its metadata carrying the version; the CLI spells
# out Pact's default "combine": "AND");
# `record-release --environment production` and `record-support-ended` must reach the released
# version of that pacticipant version; and no request may be one the stand-in refused.
set -euo pipefail
cd "$(dirname "$0")/.."
export PACT_DO_NOT_TRACK=true

source scripts/pact-venv.sh check-broker "nothing was published"
tool=.build/debug/dogpatch-contracts
[ -x "$tool" ] || swift build --product dogpatch-contracts > /dev/null
work="$(mktemp -d)"
broker=""
cleanup() { [ -n "$broker" ] && kill "$broker" 2> /dev/null; rm -rf "$work"; }
trap cleanup EXIT

"$tool" export pact --out "$work/pacts" --consumer-version 1.4.0 --branch main 2> /dev/null > "$work/export.out"
grep -qx "consumer version: dogpatch-app 1.4.0, branch main" "$work/export.out" || {
    echo "check-broker: export pact did not name the version and branch:" >&2; cat "$work/export.out" >&2; exit 1; }

python3 scripts/broker-stand-in.py "$work/requests.jsonl" > "$work/port" &
broker=$!
while [ ! -s "$work/port" ]; do
    kill -0 "$broker" 2> /dev/null || { echo "check-broker: the stand-in did not start" >&2; exit 1; }
    read -r -t 0.2 < /dev/zero || true
done
url="http://127.0.0.1:$(head -n 1 "$work/port")"
run() {
    if ! "$venv/bin/pact" broker "$@" --broker-base-url "$url" > "$work/cli.log" 2>&1; then
        echo "check-broker: pact broker $1 failed:" >&2
        cat "$work/cli.log" >&2
        exit 1
    fi
    echo "check-broker: pact broker $1: $(grep -m 1 -E '✅|Recorded|published' "$work/cli.log" | tr -d '\n')"
}
run publish "$work/pacts" --consumer-app-version 1.4.0 --branch main
run record-release --pacticipant dogpatch-app --version 1.4.0 --environment production
run record-support-ended --pacticipant dogpatch-app --version 1.4.0 --environment production

python3 - "$work/requests.jsonl" "$work/pacts" << 'PY'
import json, os, sys
requests = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]


def plain(value):
    """The pact as written: the CLI re-serialises it with Pact's default `"combine": "AND"` spelt out."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()
                if not (k == "combine" and v == "AND" and "matchers" in value)}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


failed = []
refused = [f"{r['method']} {r['path']}" for r in requests if not r["answered"]]
if refused:
    failed.append(f"the stand-in refused {refused}")
publishes = [r["body"] for r in requests if r["method"] == "POST" and r["path"] == "/contracts/publish"]
sent = {}
for body in publishes:
    if body.get("pacticipantName") != "dogpatch-app" or body.get("pacticipantVersionNumber") != "1.4.0" \
            or body.get("branch") != "main":
        failed.append(f"a publish without the version and branch: {json.dumps(body)[:200]}")
    for contract in body.get("contracts", []):
        sent[contract["providerName"]] = contract
for name in sorted(os.listdir(sys.argv[2])):
    provider = name[len("dogpatch-app-"):-len(".json")]
    with open(os.path.join(sys.argv[2], name), encoding="utf-8") as handle:
        written = json.load(handle)
    contract = sent.get(provider)
    if contract is None:
        failed.append(f"{name} was not published")
        continue
    content = contract["content"]
    if plain(content.get("interactions")) != written["interactions"]:
        failed.append(f"{name}: the published interactions are not the file's")
    if content.get("metadata", {}).get("consumerVersion") != {"branch": "main", "version": "1.4.0"}:
        failed.append(f"{name}: the published metadata lost the consumer version: {content.get('metadata')}")
    if contract.get("specification") != "pact" or contract.get("consumerName") != "dogpatch-app":
        failed.append(f"{name}: published as {contract.get('specification')} of {contract.get('consumerName')}")
paths = [(r["method"], r["path"].split("?")[0]) for r in requests]
released = [p for m, p in paths if m == "POST" and "/released-versions/environment/" in p]
if released != [p for p in released if p.startswith("/pacticipants/dogpatch-app/versions/1.4.0/")] or not released:
    failed.append(f"record-release did not post the release of dogpatch-app 1.4.0: {paths}")
if not [p for m, p in paths if m == "PATCH" and p.endswith("/dogpatch-app/1.4.0")]:
    failed.append(f"record-support-ended did not end the support of dogpatch-app 1.4.0: {paths}")
for line in failed:
    print(f"check-broker: {line}", file=sys.stderr)
print(f"check-broker: {len(requests)} requests held, {len(publishes)} publishes of {len(sent)} pacts, "
      f"{len(refused)} refused")
sys.exit(1 if failed else 0)
PY
