"""A small provider on the loopback for the Pact verifier: it serves the suite's recorded responses
by provider state, and, on request, a provider that breaks or keeps the contract in a given way.

Usage: pact-provider.py ROOT API MODE  (prints the port it listens on, then serves until killed)
       pact-provider.py --bodies DIR  (serves the answers DIR/states.json names, by state)

The state of an interaction is the case's "given", else its name, as `export pact` writes it. The
state-change URL is POST /_pact/state ({"state": ..., "action": "setup"}); every other request gets
the response of the state set last, whatever its method, path, headers and body.

Modes: recorded (as the fixtures are), retype (a number the app reads sent as text), drop-required
(a key the app requires left out), bad-uuid (an id that is not a UUID), ok-for-404 (200 where a case
expects 404), null-url and number-url (an image URL sent as null or as a number), shouted-media-type
(Content-Type written Application/JSON; charset=UTF-8), drop-unread (a key the app never reads left
out), add-key (a key added), change-values (other values of the same types), whole-floats and
exponent-numbers (a whole number the app reads as Int sent as 68000000.0 or 6.8e7), fractional-number
(one sent as 68000000.5), maps-reordered (each dictionary's entries reversed, behind a new first
entry of other keys), drop-named-entry (the dictionary entries a case names left out), drop-renamed
(the to-do app's list without `iso_639_1`, a key whose snake-case round trip is not the identity).

With --bodies, the provider serves any answers, one per state: DIR/states.json maps each state to
{"status": N, "headers": {...}, "file": NAME}, and the body is DIR/NAME, byte for byte (the
agreement check, scripts/agreement.py, serves thousands of bodies through one verifier run so).
"""
import http.server
import json
import os
import re
import sys


def responses():
    """The response of every state, named as `export pact` names it: the case's "given", else its
    name (the export refuses two cases it cannot tell apart)."""
    cases = []
    for folder, _, files in sorted(os.walk(os.path.join(ROOT, "contracts"))):
        for name in sorted(files):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                contract = json.load(handle)
            endpoint = contract.get("endpoint", "")
            if endpoint.split(".")[0] != API:
                continue
            for case in contract["cases"]:
                response = case["response"]
                if "networkError" in response:
                    continue
                if "fixture" in response:
                    with open(os.path.join(ROOT, "Fixtures", response["fixture"]), "rb") as handle:
                        body = handle.read()
                else:
                    body = response.get("body", "").encode("utf-8")
                contract_path = os.path.relpath(os.path.join(folder, name), ROOT)
                cases.append((case, contract_path, (response.get("status", 200), response.get("headers", {}), body)))
    table = {}
    for case, contract_path, served in cases:
        table.setdefault(case.get("given") or case["name"], served)
    return table


def exponent_form(digits):
    """JSON's exponent form of a whole number, which Python never writes: 68000000 as 6.8e7."""
    mantissa = digits.rstrip("0") or "0"
    return f"{mantissa[0]}.{mantissa[1:] or 0}e{len(digits) - 1}"


def transform(status, body):
    if MODE == "ok-for-404" and status == 404:
        return 200, b"[]"
    if not 200 <= status <= 299 or MODE in ("recorded", "ok-for-404"):
        return status, body
    try:
        value = json.loads(body)
    except ValueError:
        return status, body
    records = value if isinstance(value, list) else [value]
    for record in records:
        if not isinstance(record, dict):
            continue
        if MODE == "retype":
            for key in ("cost", "breederRating", "population", "area"):
                if isinstance(record.get(key), (int, float)):
                    record[key] = "free"
        elif MODE == "drop-required":
            record.pop("id", None)
        elif MODE == "drop-renamed":
            record.pop("iso_639_1", None)
        elif MODE == "bad-uuid" and "id" in record:
            record["id"] = "not-a-uuid"
        elif MODE == "null-url" and "imageURL" in record:
            record["imageURL"] = None
        elif MODE == "number-url" and "imageURL" in record:
            record["imageURL"] = 42
        elif MODE == "drop-unread":
            for key in ("gender", "fifa", "car"):
                record.pop(key, None)
        elif MODE == "add-key":
            record["color"] = "brown"
        elif MODE == "change-values":
            for key, item in list(record.items()):
                if key in ("name", "about", "breed") and isinstance(item, str):
                    record[key] = item[::-1] or "x"
                elif isinstance(item, bool):
                    record[key] = not item
                elif isinstance(item, (int, float)):
                    record[key] = item + 1
        elif MODE in ("whole-floats", "fractional-number") and isinstance(record.get("population"), int):
            record["population"] += 0.0 if MODE == "whole-floats" else 0.5
        elif MODE == "maps-reordered":
            for key in ("translations", "currencies", "languages"):
                if isinstance(record.get(key), dict):
                    entries = list(record[key].items())[::-1]
                    record[key] = dict([("aaa", {"unheard": 1} if key != "languages" else "Unheard")] + entries)
        elif MODE == "drop-named-entry":
            record.get("translations", {}).pop("deu", None)
            record.get("currencies", {}).pop("EUR", None)
    text = json.dumps(value)
    if MODE == "exponent-numbers":
        text = re.sub(r'"population": (\d+)', lambda match: '"population": ' + exponent_form(match[1]), text)
    return status, text.encode("utf-8")


def served_bodies(folder):
    """The answer of every state DIR/states.json names, as responses() gives it."""
    with open(os.path.join(folder, "states.json"), encoding="utf-8") as handle:
        states = json.load(handle)
    table = {}
    for state, answer in states.items():
        with open(os.path.join(folder, answer["file"]), "rb") as handle:
            table[state] = (answer["status"], answer["headers"], handle.read())
    return table


if sys.argv[1] == "--bodies":
    MODE = "recorded"  # each body as it is
    TABLE = served_bodies(sys.argv[2])
else:
    ROOT, API, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
    TABLE = responses()
CURRENT = {"state": None}


class Provider(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        sent = self.rfile.read(length)
        if self.path.startswith("/_pact/state"):
            CURRENT["state"] = json.loads(sent or b"{}").get("state")
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            # An interaction's request may be a POST with a body: answered by state, as a GET is.
            self.do_GET()

    def do_GET(self):
        status, headers, body = TABLE.get(CURRENT["state"], (404, {}, b""))
        status, body = transform(status, body)
        self.send_response(status)
        for name, value in headers.items():
            if MODE == "shouted-media-type" and name.lower() == "content-type":
                value = "Application/JSON; charset=UTF-8"
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_PUT(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.do_GET()

    do_PATCH = do_DELETE = do_PUT

    def do_HEAD(self):
        status, headers, _ = TABLE.get(CURRENT["state"], (404, {}, b""))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()

    def log_message(self, *arguments):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Provider)
print(server.server_address[1], flush=True)
server.serve_forever()
