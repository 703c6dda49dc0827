"""A Pact Broker stand-in on the loopback, for the real `pact broker` CLI (pact-python-cli) to talk
to where no broker can run (the broker needs a newer Ruby than Debian's, and no container registry
is reachable). It answers the requests of `publish`, `record-release` and `record-support-ended`
with the broker's documented HAL resources (the index, `pb:publish-contracts`, a pacticipant
version and its `pb:record-release` links, environments, released versions), holds each request it
answered, and refuses every other one (404 for an unknown resource, 405 for an unknown method).

Usage: broker-stand-in.py LOG  (prints the port it listens on, then serves until killed)

LOG gets one JSON line per request, as it came: {"method", "path", "body", "answered": true|false};
a published pact's content is decoded from its Base64, so a script can compare it with the file.
The broker knows one environment, `production`; versions exist once published.
"""
import base64
import http.server
import json
import sys
import urllib.parse

PRODUCTION = "4b7e0d2c-7a51-4c5e-9f0e-2d1c8a6b3e90"


class Broker:
    def __init__(self):
        self.versions = {}  # (pacticipant, number) -> {"branch": ..., "contracts": [...]}
        self.released = {}  # (pacticipant, number) -> whether currently supported


BROKER = Broker()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def base(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def link(self, path, **extra):
        return dict({"href": self.base() + path}, **extra)

    def answer(self, status, document, held):
        data = json.dumps(document).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/hal+json;charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        self.hold(held)

    def hold(self, answered):
        entry = {"method": self.command, "path": self.path, "body": self.body, "answered": answered}
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry, sort_keys=True) + "\n")

    def refuse(self, status, why):
        self.answer(status, {"error": why}, False)

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        text = self.rfile.read(length).decode("utf-8") if length else ""
        if not text:
            return None
        body = json.loads(text)
        for contract in body.get("contracts", []) if isinstance(body, dict) else []:
            if "content" in contract:
                contract["content"] = json.loads(base64.b64decode(contract["content"]))
        return body

    def route(self):
        self.body = None
        try:
            self.body = self.read_body()
        except ValueError:
            return self.refuse(400, "the body is not JSON")
        url = urllib.parse.urlsplit(self.path)
        parts = [urllib.parse.unquote(part) for part in url.path.strip("/").split("/")] if url.path != "/" else []
        query = urllib.parse.parse_qs(url.query)
        method = self.command
        if parts == [] and method == "GET":
            return self.answer(200, self.index(), True)
        if parts == ["contracts", "publish"] and method == "POST":
            return self.publish()
        if parts == ["environments"] and method == "GET":
            return self.answer(200, self.environments(query.get("name", [None])[0]), True)
        if parts == ["environments", PRODUCTION] and method == "GET":
            return self.answer(200, self.environment(), True)
        if len(parts) == 4 and parts[0] == "pacticipants" and parts[2] == "versions" and method == "GET":
            return self.version(parts[1], parts[3])
        if (len(parts) == 7 and parts[0] == "pacticipants" and parts[2] == "versions"
                and parts[4:6] == ["released-versions", "environment"] and parts[6] == PRODUCTION and method == "POST"):
            return self.record_release(parts[1], parts[3])
        if parts == ["environments", PRODUCTION, "released-versions", "currently-supported"] and method == "GET":
            return self.currently_supported(query.get("pacticipant", [None])[0], query.get("version", [None])[0])
        if len(parts) == 4 and parts[:2] == ["released-versions", PRODUCTION] and method == "PATCH":
            return self.support_ended(parts[2], parts[3])
        known = parts == [] or parts[:1] in (["contracts"], ["environments"], ["pacticipants"], ["released-versions"])
        return self.refuse(405 if known else 404, f"the stand-in holds no {method} {url.path}")

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = route

    def index(self):
        return {"_links": {
            "self": self.link("/"),
            "pb:publish-contracts": self.link("/contracts/publish", title="Publish contracts"),
            "pb:pacticipant-version": self.link("/pacticipants/{pacticipant}/versions/{version}", templated=True),
            "pb:environments": self.link("/environments", title="Environments"),
            "pb:environment": self.link("/environments/{uuid}", templated=True),
        }}

    def publish(self):
        body = self.body if isinstance(self.body, dict) else {}
        name, number = body.get("pacticipantName"), body.get("pacticipantVersionNumber")
        contracts = body.get("contracts") or []
        if not name or not number or not contracts:
            return self.refuse(400, "pacticipantName, pacticipantVersionNumber and contracts are required")
        version = BROKER.versions.setdefault((name, number), {"branch": body.get("branch"), "contracts": []})
        version["contracts"] += [c.get("providerName") for c in contracts]
        path = f"/pacticipants/{urllib.parse.quote(name)}/versions/{urllib.parse.quote(number)}"
        links = {
            "pb:pacticipant": self.link(f"/pacticipants/{urllib.parse.quote(name)}", title="Pacticipant", name=name),
            "pb:pacticipant-version": self.link(path, title="Pacticipant version", name=number),
            "pb:contracts": [self.link(f"/pacts/provider/{urllib.parse.quote(c.get('providerName', ''))}"
                                       f"/consumer/{urllib.parse.quote(name)}/version/{urllib.parse.quote(number)}",
                                       title="Pact", name=f"Pact between {name} and {c.get('providerName')}")
                             for c in contracts],
        }
        notices = [{"type": "success", "text": f"Created {name} version {number} with branch {body.get('branch')}"}]
        return self.answer(200, {"notices": notices, "_links": links}, True)

    def production(self):
        return {"uuid": PRODUCTION, "name": "production", "displayName": "Production", "production": True,
                "_links": {"self": self.link(f"/environments/{PRODUCTION}"),
                           "pb:currently-supported-released-versions": self.link(
                               f"/environments/{PRODUCTION}/released-versions/currently-supported")}}

    def environments(self, name):
        found = [self.production()] if name in (None, "production") else []
        return {"_embedded": {"environments": found}, "_links": {"self": self.link("/environments")}}

    def environment(self):
        return self.production()

    def version(self, name, number):
        if (name, number) not in BROKER.versions:
            return self.refuse(404, f"no version {number} of {name}")
        base = f"/pacticipants/{urllib.parse.quote(name)}/versions/{urllib.parse.quote(number)}"
        return self.answer(200, {
            "number": number,
            "_embedded": {"branchVersions": [{"name": BROKER.versions[(name, number)]["branch"]}]},
            "_links": {
                "self": self.link(base),
                "pb:record-release": [self.link(f"{base}/released-versions/environment/{PRODUCTION}",
                                                name="production", title="Record release to Production")],
            }}, True)

    def released_version(self, name, number):
        return {"currentlySupported": BROKER.released[(name, number)],
                "_embedded": {"version": {"number": number}, "environment": self.production(),
                              "pacticipant": {"name": name}},
                "_links": {"self": self.link(f"/released-versions/{PRODUCTION}/{urllib.parse.quote(name)}"
                                             f"/{urllib.parse.quote(number)}")}}

    def record_release(self, name, number):
        if (name, number) not in BROKER.versions:
            return self.refuse(404, f"no version {number} of {name}")
        BROKER.released[(name, number)] = True
        return self.answer(201, self.released_version(name, number), True)

    def currently_supported(self, name, number):
        found = [self.released_version(n, v) for (n, v), supported in sorted(BROKER.released.items())
                 if supported and (name is None or n == name) and (number is None or v == number)]
        return self.answer(200, {"_embedded": {"releasedVersions": found}}, True)

    def support_ended(self, name, number):
        if (name, number) not in BROKER.released or not isinstance(self.body, dict) or \
                self.body.get("currentlySupported") is not False:
            return self.refuse(400, "only {\"currentlySupported\": false} of a released version")
        BROKER.released[(name, number)] = False
        return self.answer(200, self.released_version(name, number), True)

    def log_message(self, *_):
        pass


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: broker-stand-in.py LOG")
    LOG = sys.argv[1]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
